package handlers

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/views"
)

func itoa(n int) string { return strconv.Itoa(n) }

func (a *App) home(c echo.Context) error {
	games, err := a.store.Games(c.Request().Context(), 200)
	if err != nil {
		return err
	}
	p := views.HomePage{Meta: views.Meta{Title: "Chickenfoot", CSRF: token(c)}}
	for _, g := range games {
		line := views.GameLine{URL: gameURL(g.Slug), Name: g.Name, Date: g.PlayedOn, Players: joinAnd(g.Players), Live: !g.Finished}
		line.Status = fmt.Sprintf("round %d", g.Rounds+1)
		if g.Finished {
			line.Status = "finished"
		}
		p.Games = append(p.Games, line)
	}
	return render(c, http.StatusOK, views.Home(p))
}

// loadSheet loads the game named in the path.
func (a *App) loadSheet(c echo.Context) (db.Sheet, error) {
	return a.store.Sheet(c.Request().Context(), c.Param("slug"))
}

func (a *App) game(c echo.Context) error {
	sh, err := a.loadSheet(c)
	if err != nil {
		return err
	}
	p := gamePage(sh, token(c))
	if n, err := strconv.Atoi(c.QueryParam("closed")); err == nil {
		p.Flash = closedFlash(sh, n)
	}
	return render(c, http.StatusOK, views.Game(p))
}

// closedFlash says who won the round just closed.
func closedFlash(sh db.Sheet, n int) string {
	r := sh.Round(n)
	if r == nil || !r.Closed() {
		return ""
	}
	var names []string
	for _, w := range sh.Result(*r).Winners() {
		names = append(names, sh.Game.Players[w])
	}
	msg := fmt.Sprintf("Round %d is in: %s won it.", n, joinAnd(names))
	if sh.Game.Finished() {
		msg += " That was the last round."
	}
	return msg
}

// sheet is the score sheet alone, for htmx to refresh it.
func (a *App) sheet(c echo.Context) error {
	sh, err := a.loadSheet(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Sheet(sheetView(sh)))
}
