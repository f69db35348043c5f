package handlers

import (
	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/views"
)

// undo takes back the latest entry of the round being played.
func (a *App) undo(c echo.Context) error {
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	_, sh, err := a.store.UndoLast(c.Request().Context(), slug, n, "")
	if err != nil {
		return err
	}
	return roundChanged(c, sh, n, func(p views.RoundPanel) templ.Component {
		p.Notice = text("undone", nil)
		return views.RoundCard(p)
	})
}
