package handlers

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// codeStatus is the one table from an error's code to its HTTP status.
// Every code not listed is a rule of the game refusing the request: 422.
var codeStatus = map[app.Code]int{
	app.CodeInvalid:  http.StatusBadRequest,
	app.CodeNotFound: http.StatusNotFound,
	app.CodeConflict: http.StatusConflict,
	app.CodeViewOnly: http.StatusForbidden,
	// The store's own faults that a player can be told of: its file gone
	// (it takes no writes until started again), or the disk full.
	app.CodeUnavailable: http.StatusServiceUnavailable,
	app.CodeFull:        http.StatusInsufficientStorage,
}

// pageWide reports whether a refusal is about the whole request (nothing
// here, or a link that may not change anything), shown as a page or a
// message of its own rather than next to what was sent.
func pageWide(code app.Code) bool {
	return code == app.CodeNotFound || code == app.CodeViewOnly || code == app.CodeUnavailable || code == app.CodeFull
}

// An answer is a page or a fragment ready to send, with its status: what
// a helper that reads the store gives back to its handler to send.
type answer struct {
	status int
	view   templ.Component
	// main says htmx puts it in place of the page's whole main part
	// rather than the form's target.
	main bool
}

// send sends the answer.
func (r answer) send(c echo.Context) error {
	if r.main && isHTMX(c) {
		h := c.Response().Header()
		h.Set("HX-Retarget", "#main")
		h.Set("HX-Reselect", "#main")
		h.Set("HX-Reswap", "outerHTML")
	}
	return render(c, r.status, r.view)
}

// A problem is an error as a player sees it: its status, its code (empty
// for a fault of ours) and the message saying what to fix.
type problem struct {
	status int
	code   app.Code
	msg    string
	field  string
}

// problemOf maps any error to what a player is shown. Only the app's coded
// errors and echo's own HTTP errors say anything specific; anything else is
// a fault of ours and says only that nothing was saved.
func problemOf(ctx context.Context, err error) problem {
	var he *echo.HTTPError
	if e := app.From(err); e != nil {
		status, ok := codeStatus[e.Code]
		if !ok {
			status = http.StatusUnprocessableEntity
		}
		return problem{status: status, code: e.Code, msg: refusal(ctx, e), field: e.Field}
	}
	switch {
	case errors.As(err, &he):
		if msg, ok := he.Message.(said); ok {
			return problem{status: he.Code, msg: string(msg)}
		}
		return problem{status: he.Code, msg: httpMessage(ctx, he.Code)}
	}
	return problem{status: http.StatusInternalServerError, msg: text(ctx, "server-error", nil)}
}

// httpMessage words echo's own refusals (no route, a cross-origin post, a
// body too large, a body that stopped arriving) for a player.
func httpMessage(ctx context.Context, status int) string {
	switch status {
	case http.StatusForbidden:
		return text(ctx, "cross-origin", nil)
	case http.StatusNotFound:
		return text(ctx, "not-found", nil)
	case http.StatusMethodNotAllowed:
		return text(ctx, "method", nil)
	case http.StatusRequestEntityTooLarge:
		return text(ctx, "too-large", nil)
	case http.StatusBadRequest:
		return text(ctx, "unreadable", nil)
	case http.StatusRequestTimeout:
		return text(ctx, "stalled", nil)
	case http.StatusTooManyRequests:
		return text(ctx, "too-many", nil)
	}
	return text(ctx, "status.other", referee.Params{"Status": status})
}

// handleError is the one place errors become responses: a fragment for
// htmx, a page otherwise. Server faults are logged, never shown.
func (a *App) handleError(err error, c echo.Context) {
	ctx := c.Request().Context()
	if c.Response().Committed {
		return
	}
	p := problemOf(ctx, err)
	if p.status >= 500 {
		a.log.Error("request failed", "method", c.Request().Method, "path", redactPath(c.Request().URL.Path), "err", redactErr(c, err))
	}
	var rerr error
	switch {
	case c.Request().Method == http.MethodHead:
		rerr = c.NoContent(p.status)
	case isHTMX(c):
		// Swapping the message in would replace the form's whole target:
		// keep the page as it is and let the script show the message.
		c.Response().Header().Set("HX-Reswap", "none")
		rerr = render(c, p.status, views.Problem(p.msg))
	default:
		rerr = render(c, p.status, views.Error(views.ErrorPage{
			Meta:    views.Meta{Title: statusTitle(ctx, p.status)},
			Status:  p.status,
			Message: p.msg,
			Back:    "/",
		}))
	}
	if rerr != nil {
		a.log.Error("writing an error response", "err", rerr)
	}
}

// titledStatuses are the statuses an error page is titled with in the
// request's language by name; any other by its number.
var titledStatuses = []int{http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusMethodNotAllowed,
	http.StatusRequestTimeout, http.StatusConflict, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity,
	http.StatusMisdirectedRequest, http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusServiceUnavailable,
	http.StatusInsufficientStorage}

// statusTitle names an error page's status, as its title.
func statusTitle(ctx context.Context, status int) string {
	if slices.Contains(titledStatuses, status) {
		return text(ctx, "status."+strconv.Itoa(status), nil)
	}
	return text(ctx, "status.other", referee.Params{"Status": status})
}
