package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"chickenfoot/db/app"
)

// pinger is what the health check needs from the store.
type pinger interface {
	Ping(ctx context.Context) error
}

// healthz answers 200 when the database can be read and written (the
// store's Ping checks its file is still the one opened, reads the games
// and, at most once a minute, writes its health row), else 503 with a
// plain sentence; what failed goes to the log.
func (a *App) healthz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := a.health.Ping(ctx); err != nil {
		a.log.Error("health check", "err", err)
		msg := text(ctx, "health-down", nil)
		if e := app.From(err); e != nil {
			msg = refusal(ctx, e)
		}
		return c.String(http.StatusServiceUnavailable, msg+"\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
