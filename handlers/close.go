package handlers

import (
	"context"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/views"
)

// closer closes a round.
type closer interface {
	CloseRound(ctx context.Context, slug string, n int) (db.Sheet, error)
}

// closeRound closes the round once every player has an entry, then opens
// the next one or ends the game.
func (a *App) closeRound(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	sh, err := a.closer.CloseRound(ctx, slug, n)
	if p := problemOf(ctx, err); err != nil && p.code != "" && p.status == http.StatusUnprocessableEntity {
		return a.closeRefused(c, slug, p)
	}
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, fmt.Sprintf("%s?closed=%d", gameURL(slug), n))
	}
	page, err := a.gameView(c.Request().Context(), viewerOf(c), sh)
	if err != nil {
		return err
	}
	page.Flash = closedFlash(ctx, sh, n)
	c.Response().Header().Set("HX-Push-Url", gameURL(slug))
	return render(c, http.StatusOK, views.Game(page))
}

// closeRefused shows the game with why the round can't close yet.
func (a *App) closeRefused(c echo.Context, slug string, p problem) error {
	sh, err := a.sheets.Sheet(c.Request().Context(), slug)
	if err != nil {
		return err
	}
	page, err := a.gameView(c.Request().Context(), viewerOf(c), sh)
	if err != nil {
		return err
	}
	if page.Round != nil {
		page.Round.Error = p.msg
	}
	return render(c, p.status, views.Game(page))
}
