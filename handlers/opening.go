package handlers

import (
	"context"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/views"
)

// opener records who set a round's double down.
type opener interface {
	SetOpening(ctx context.Context, slug string, n, double, setter int) (db.Sheet, error)
}

// opening records who set the round's double down, and under the burn
// rule which lower double the round opened on.
func (a *App) opening(c echo.Context) error {
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	// The referee refuses a seat or double out of range, and -1 is both.
	setter, double := formInt(c, "setter"), formInt(c, "double")
	sh, err := a.opener.SetOpening(c.Request().Context(), slug, n, double, setter)
	if err != nil {
		return err
	}
	burned := c.FormValue("burn") != ""
	show := views.Opening
	if burned { // the whole round, and what the page shows for the stream
		show = func(p views.RoundPanel) templ.Component {
			return templ.Join(views.RoundCard(p), views.LiveMain(gameLive(sh), true))
		}
	}
	return a.roundChanged(c, sh, n, show)
}

// roundChanged answers a change to the round being played: a plain form
// goes back to the game; htmx gets the part of the fresh round card that
// show picks.
func (a *App) roundChanged(c echo.Context, sh db.Sheet, n int, show func(views.RoundPanel) templ.Component) error {
	ctx := c.Request().Context()
	if !isHTMX(c) {
		return seeOther(c, gameURL(sh.Game.Slug))
	}
	return render(c, http.StatusOK, show(a.mine(c.Request().Context(), device(c), sh.Game, roundPanel(ctx, sh, sh.Round(n)))))
}

// formInt reads a whole number from the form, or -1.
func formInt(c echo.Context, name string) int {
	n, err := strconv.Atoi(c.FormValue(name))
	if err != nil {
		return -1
	}
	return n
}
