package handlers

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// inputError is input that cannot be read or is out of range: a 400 with
// what to fix.
type inputError struct {
	Field string
	Msg   string
}

func (e *inputError) Error() string { return e.Msg }

func badInput(field, msg string) error { return &inputError{Field: field, Msg: msg} }

// ruleError is well-formed input that the game's rules refuse: a 422.
type ruleError struct{ Msg string }

func (e *ruleError) Error() string { return e.Msg }

func refused(msg string) error { return &ruleError{Msg: msg} }

// status maps an error to its HTTP status and the message a player sees.
func status(err error) (int, string) {
	var in *inputError
	var rule *ruleError
	var re *referee.RuleError
	var he *echo.HTTPError
	switch {
	case errors.As(err, &in):
		return http.StatusBadRequest, in.Msg
	case errors.As(err, &rule):
		return http.StatusUnprocessableEntity, rule.Msg
	case errors.As(err, &re):
		return http.StatusUnprocessableEntity, re.Reason
	case errors.Is(err, db.ErrNotFound), errors.Is(err, errNotFound):
		return http.StatusNotFound, "There is nothing here. Check the link, or start from the home page."
	case errors.Is(err, db.ErrRoundClosed):
		return http.StatusConflict, "That round was closed meanwhile, perhaps on another phone. Reload to see it."
	case errors.Is(err, db.ErrNothingToUndo):
		return http.StatusConflict, "There is no entry left to undo in this round."
	case errors.As(err, &he):
		return he.Code, httpMessage(he)
	}
	return http.StatusInternalServerError, "Something went wrong on our side and nothing was saved. Please try again."
}

func httpMessage(he *echo.HTTPError) string {
	switch he.Code {
	case http.StatusBadRequest, http.StatusForbidden:
		if m, _ := he.Message.(string); strings.Contains(strings.ToLower(m), "csrf") {
			return "This page is out of date, so nothing was saved. Reload it and try again."
		}
		return "That request could not be read. Reload the page and try again."
	case http.StatusNotFound:
		return "There is nothing here. Check the link, or start from the home page."
	case http.StatusMethodNotAllowed:
		return "That address does not take this kind of request."
	case http.StatusRequestEntityTooLarge:
		return "That was far too much to send. Shorten it and try again."
	}
	return http.StatusText(he.Code)
}

// handleError is the one place errors become responses: a fragment for
// htmx, a page otherwise. Server faults are logged, never shown.
func (a *App) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	code, msg := status(err)
	if code >= 500 {
		a.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	var rerr error
	switch {
	case c.Request().Method == http.MethodHead:
		rerr = c.NoContent(code)
	case isHTMX(c):
		// Swapping the message in would replace the form's whole target:
		// keep the page as it is and let the script show the message.
		c.Response().Header().Set("HX-Reswap", "none")
		rerr = render(c, code, views.Problem(msg))
	default:
		rerr = render(c, code, views.Error(views.ErrorPage{
			Meta:    views.Meta{Title: http.StatusText(code), CSRF: token(c)},
			Status:  code,
			Message: msg,
			Back:    "/",
		}))
	}
	if rerr != nil {
		a.log.Error("writing an error response", "err", rerr)
	}
}
