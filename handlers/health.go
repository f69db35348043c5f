package handlers

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"chickenfoot/referee"

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
// plain sentence; what failed goes to the log. With a replica it also
// says how far behind the replica is.
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
	if a.replication == nil {
		return c.String(http.StatusOK, "ok\n")
	}
	// With a replica, a second line and two headers say how far behind it
	// is; a replica behind still leaves the app able to serve, so it is
	// still 200.
	since, pending, synced := a.replication()
	h := c.Response().Header()
	h.Set("X-Replica-Pending", strconv.FormatUint(pending, 10))
	if !synced {
		h.Set("X-Replica-Behind-Seconds", "never")
		return c.String(http.StatusOK, "ok\n"+text(ctx, "health-replica-never", referee.Params{"Pending": pending})+"\n")
	}
	secs := strconv.FormatFloat(since.Seconds(), 'f', 1, 64)
	h.Set("X-Replica-Behind-Seconds", secs)
	return c.String(http.StatusOK, "ok\n"+text(ctx, "health-replica", referee.Params{"Seconds": secs, "Pending": pending})+"\n")
}
