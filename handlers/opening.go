package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"chickenfoot/db/app"
	"chickenfoot/views"
)

// opener records who set a round's double down, and says where the
// phone that sent it sits.
type opener interface {
	SetOpeningFrom(ctx context.Context, device, slug string, n int, to, seen app.Opening) (app.Sheet, app.Visit, error)
}

// opening records who set the round's double down, by their id, and
// under the burn rule which lower double the round opened on. The form
// says what the page showed; another phone's different choice since is
// not overwritten.
func (a *App) opening(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	seen, err := openingSeen(c)
	if err != nil {
		return a.refuseBadForm(ctx, slug, err)
	}
	// The referee refuses a seat or double out of range, and -1 is both.
	to := app.Opening{Double: formInt(c, "double"), Setter: formInt(c, "setter")}
	sh, me, err := a.opener.SetOpeningFrom(ctx, a.answerDevice(c), slug, n, to, seen)
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, gameURL(slug))
	}
	p := mine(sh.Game, me, roundPanel(ctx, sh, sh.Round(n)))
	if c.FormValue("burn") == "" {
		return render(c, http.StatusOK, views.Opening(p))
	}
	// Burned: the whole round, and what the page shows for the stream.
	return render(c, http.StatusOK, templ.Join(views.RoundCard(p), views.LiveMain(gameLive(sh), true)))
}

// openingSeen reads the opening the page showed, as openedVersion wrote
// it.
func openingSeen(c echo.Context) (app.Opening, error) {
	v := strings.TrimSpace(c.FormValue("version"))
	if v == "" {
		return app.Opening{}, invalid("version", "version-missing", nil)
	}
	setter, double, ok := strings.Cut(v, ".")
	s, serr := strconv.Atoi(setter)
	d, derr := strconv.Atoi(double)
	if !ok || serr != nil || derr != nil || s < -1 || d < 0 {
		return app.Opening{}, invalid("version", "version", nil)
	}
	return app.Opening{Double: d, Setter: s}, nil
}

// formInt reads a whole number from the form, or -1.
func formInt(c echo.Context, name string) int {
	n, err := strconv.Atoi(c.FormValue(name))
	if err != nil {
		return -1
	}
	return n
}
