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
	basedOn, err := undoBasis(c)
	if err != nil {
		return err
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

// undoBasis is what the undo form was based on: the round's version, the
// change it offered to take back, and its one-time id.
func undoBasis(c echo.Context) (db.Basis, error) {
	b := db.Basis{Version: db.Unchecked, Form: formID(c)}
	for name, to := range map[string]*int64{"version": &b.Version, "change": &b.Change} {
		v := c.FormValue(name)
		if v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return b, invalid("version", "version", nil)
		}
		*to = n
	}
	return b, nil
}
