// Package handlers is the web app: routes, forms, and the view models the
// views render. Handlers are thin: bind the form, validate it, call the
// referee and the store, build a view model, render.
package handlers

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// Store is what the handlers need from the database.
type Store interface {
	Ping(ctx context.Context) error
	CreateGame(ctx context.Context, ng db.NewGame) (db.Game, error)
	Games(ctx context.Context, limit int) ([]db.Summary, error)
	Sheet(ctx context.Context, slug string) (db.Sheet, error)
	SheetWithHistory(ctx context.Context, slug string) (db.Sheet, error)
	SetOpening(ctx context.Context, slug string, n, opened, setter int, check func(db.Sheet, *db.Round, []db.Action) error) error
	SaveEntry(ctx context.Context, slug string, n int, e db.Entry, by string, check func(db.Sheet, *db.Round, *db.Entry) error) (db.Sheet, error)
	UndoLast(ctx context.Context, slug string, n int, by string) (db.Change, error)
	CloseRound(ctx context.Context, slug string, n int, decide func(db.Sheet, *db.Round) (int, bool, error)) error
	Actions(ctx context.Context, slug string, n int) ([]db.Action, error)
	AppendAction(ctx context.Context, slug string, n int, decide func(db.Sheet, *db.Round, []db.Action) (referee.Action, db.ActionEffect, error)) error
}

// App holds what the handlers share.
type App struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
}

// contentSecurityPolicy allows nothing inline and nothing from elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// New builds the web app on store. now is the clock (dates default to
// today) and log receives server errors.
func New(store Store, now func() time.Time, log *slog.Logger) *echo.Echo {
	a := &App{store: store, now: now, log: log}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = a.handleError
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("64K"))
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection:         "0",
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		ContentSecurityPolicy: contentSecurityPolicy,
		ReferrerPolicy:        "no-referrer",
	}))
	// Pages are compressed; assets come compressed already (assets.go). The
	// answers to posts (redirects and the small fragments htmx swaps in) and
	// any answer under 4 KB cost more to compress than the bytes it would save.
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{
		MinLength: 4096,
		Skipper: func(c echo.Context) bool {
			return c.Request().Method == http.MethodPost || strings.HasPrefix(c.Request().URL.Path, "/static/")
		},
	}))
	e.Use(middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "header:X-CSRF-Token,form:_csrf",
		CookieName:     "_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteLaxMode,
		Skipper: func(c echo.Context) bool {
			p := c.Request().URL.Path
			return strings.HasPrefix(p, "/static/") || p == "/healthz"
		},
	}))
	a.routes(e)
	return e
}

// render renders a component into a buffer first, so a template error
// still becomes a clean 500 instead of half a page.
func render(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// isHTMX reports whether the request came from htmx and wants a fragment.
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// token is the request's CSRF token, for forms and htmx headers.
func token(c echo.Context) string {
	s, _ := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string)
	return s
}

// seeOther answers a plain form post with a redirect (post/redirect/get);
// htmx requests get it as HX-Redirect.
func seeOther(c echo.Context, url string) error {
	if isHTMX(c) {
		c.Response().Header().Set("HX-Redirect", url)
		return c.NoContent(http.StatusOK)
	}
	return c.Redirect(http.StatusSeeOther, url)
}

// healthz answers 200 when the database answers.
func (a *App) healthz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := a.store.Ping(ctx); err != nil {
		a.log.Error("health check", "err", err)
		return c.String(http.StatusServiceUnavailable, "database unreachable\n")
	}
	return c.String(http.StatusOK, "ok\n")
}

var errNotFound = errors.New("not found")
