package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"net/url"
	"slices"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// nightDeleter reads a game night to say what deleting it loses, and
// deletes it.
type nightDeleter interface {
	Sheet(ctx context.Context, slug string) (app.Sheet, error)
	DeleteGame(ctx context.Context, slug, form string) (name string, err error)
}

// A game night started by mistake can be deleted from its edit link,
// after a page that says what goes with it and a box to tick. The home
// page then says it was deleted.

// noticeCookie carries the deleted night's name across the redirect home,
// for the notice: in the address it could be forged by anyone who sends a
// link.
const noticeCookie = "chickenfoot_notice"

// deletePage asks to confirm deleting the game night, saying what would
// be lost. A view-only link can't delete, so it isn't offered the page.
func (a *App) deletePage(c echo.Context) error {
	ctx := c.Request().Context()
	sh, err := a.deleter.Sheet(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	if sh.Game.ViewOnly {
		return app.ViewOnly()
	}
	return render(c, http.StatusOK, views.Delete(deletePage(ctx, sh, "")))
}

// deleteGame deletes the game night once the box is ticked, and sends the
// phone home. The same form sent twice deletes once and answers alike.
func (a *App) deleteGame(c echo.Context) error {
	ctx := c.Request().Context()
	if c.FormValue("confirm") != "yes" {
		sh, err := a.deleter.Sheet(ctx, c.Param("slug"))
		if err != nil {
			return err
		}
		if sh.Game.ViewOnly {
			return app.ViewOnly()
		}
		return render(c, http.StatusBadRequest, views.Delete(deletePage(ctx, sh, text(ctx, "delete.confirm", referee.Params{"Name": sh.Game.Name}))))
	}
	// The same form sent again finds the game gone and is answered as the
	// first was.
	name, err := a.deleter.DeleteGame(ctx, c.Param("slug"), formID(c))
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: noticeCookie, Value: url.QueryEscape(name), Path: "/",
		MaxAge: int((10 * time.Minute).Seconds()), HttpOnly: true, Secure: overTLS(c), SameSite: http.SameSiteLaxMode})
	return seeOther(c, "/")
}

// deletePage is the confirmation page, with why the last try was refused.
func deletePage(ctx context.Context, sh app.Sheet, problem string) views.DeletePage {
	g := sh.Game
	return views.DeletePage{
		Meta:    views.Meta{Title: text(ctx, "title.delete", referee.Params{"Name": g.Name}), Where: g.Name},
		Name:    g.Name,
		Date:    g.PlayedOn,
		Players: words(ctx, "list.names", "Names", g.Players),
		Played:  roundsPlayed(ctx, sh),
		URL:     gameURL(g.Slug) + "/delete",
		GameURL: gameURL(g.Slug),
		Form:    newFormID(),
		Problem: problem,
	}
}

// roundsPlayed says how far the night got: the rounds closed, and the
// round under way if anything is recorded in it.
func roundsPlayed(ctx context.Context, sh app.Sheet) string {
	closed := 0
	for _, r := range sh.Rounds {
		if r.Closed {
			closed++
		}
	}
	played := text(ctx, "delete.none", nil)
	if closed > 0 {
		played = text(ctx, "delete.played", referee.Params{"N": closed})
	}
	if r := sh.Current(); r != nil && (r.Tracked() || r.Setter >= 0 || slices.ContainsFunc(r.Entries, func(e *referee.Entry) bool { return e != nil })) {
		return text(ctx, "delete.under-way", referee.Params{"Played": played, "N": r.Number})
	}
	return played
}

// notice is the home page's notice left by a delete, read once.
func notice(c echo.Context) string {
	ctx := c.Request().Context()
	ck, err := c.Cookie(noticeCookie)
	if err != nil {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: noticeCookie, Path: "/", MaxAge: -1, HttpOnly: true, Secure: overTLS(c), SameSite: http.SameSiteLaxMode})
	name, err := url.QueryUnescape(ck.Value)
	if err != nil || name == "" || len(name) > 200 {
		return ""
	}
	return text(ctx, "deleted", referee.Params{"Name": name})
}
