package handlers

import (
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/views"
)

// undo takes back the latest entry of the round being played.
func (a *App) undo(c echo.Context) error {
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	basedOn := int64(db.Unchecked)
	if v := c.FormValue("version"); v != "" {
		if basedOn, err = strconv.ParseInt(v, 10, 64); err != nil || basedOn < 0 {
			return invalid("version", "version", nil)
		}
	}
	_, sh, err := a.store.UndoLast(c.Request().Context(), slug, n, basedOn)
	if err != nil {
		return err
	}
	return roundChanged(c, sh, n, func(p views.RoundPanel) templ.Component {
		p.Notice = text("undone", nil)
		return views.RoundCard(p)
	})
}
