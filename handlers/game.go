package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// gameReader reads a game night for its page and its score sheet.
type gameReader interface {
	Sheet(ctx context.Context, slug string) (app.Sheet, error)
	SheetWithUndoable(ctx context.Context, slug string, n int) (app.Sheet, error)
}

// game shows a game night: the round being played, the score sheet, the
// final standings once it is over, and the rules in play.
func (a *App) game(c echo.Context) error {
	ctx := c.Request().Context()
	since := a.hub.now() // before the read: a change after it is sent again
	// With the change Undo takes back, the round's card can name it; the
	// rest of the round's history is not read.
	sh, err := a.games.SheetWithUndoable(ctx, c.Param("slug"), 0)
	if err != nil {
		return err
	}
	if sh.Game.Rules.Game == referee.Straight {
		fl, _ := a.flashes.take(c, gameURL(c.Param("slug")))
		p, err := a.straightGame(ctx, a.viewerOf(c), c.Param("slug"), since, c.QueryParam("out"), fl)
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.StraightGame(p))
	}
	p, err := a.gameView(ctx, a.viewerOf(c), sh)
	if err != nil {
		return err
	}
	p.Stream = streamURL(c.Param("slug"), since)
	if !sh.Game.ViewOnly {
		p.DeleteURL = gameURL(sh.Game.Slug) + "/delete"
	}
	if n, err := strconv.Atoi(c.QueryParam("closed")); err == nil {
		p.Flash = closedFlash(ctx, sh, n)
	}
	if f := renewedFlash(ctx, c.QueryParam("renewed")); f != "" {
		p.Flash = f
	}
	if fl, ok := a.flashes.take(c, gameURL(c.Param("slug"))); ok && (fl.Key == "joined" || fl.Key == "left") {
		joined, left := fl.param(0), ""
		if fl.Key == "left" {
			joined, left = "", fl.param(0)
		}
		if f := seatsFlash(ctx, sh, joined, left); f != "" {
			p.Flash = f
		}
	}
	return render(c, http.StatusOK, views.Game(p))
}

// sheet is the score sheet alone, for htmx to refresh it.
func (a *App) sheet(c echo.Context) error {
	ctx := c.Request().Context()
	sh, err := a.games.Sheet(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	if sh.Game.Rules.Game == referee.Straight {
		card, err := a.straightPart(ctx, c.Param("slug"))
		if err != nil {
			return err
		}
		return render(c, http.StatusOK, views.StraightSheet(card))
	}
	return render(c, http.StatusOK, views.Sheet(sheetView(ctx, sh)))
}

// gameView is the game page as this phone sees it, its visit noted: its
// own player's entry first, and the links it may pass on.
func (a *App) gameView(ctx context.Context, v viewer, sh app.Sheet) (views.GamePage, error) {
	return seenGame(ctx, v.origin, sh, a.visit(ctx, v.device, sh.Game))
}

// seenGame is the game page as the phone the store knows as me sees it,
// reached at origin.
func seenGame(ctx context.Context, origin string, sh app.Sheet, me app.Visit) (views.GamePage, error) {
	p := gamePage(ctx, sh)
	if p.Round != nil {
		*p.Round = mine(sh.Game, me, *p.Round)
	}
	var err error
	p.Share, err = shareLinks(ctx, origin, sh.Game)
	return p, err
}

// viewer is who asks for a page, and how: the address the app was
// reached at, the browser's id, and whether htmx asks for a fragment.
type viewer struct {
	origin, device string
	htmx           bool
}

func (a *App) viewerOf(c echo.Context) viewer {
	return viewer{origin: origin(c), device: a.readingDevice(c), htmx: isHTMX(c)}
}

// gamePage builds the whole game page from the stored sheet.
func gamePage(ctx context.Context, sh app.Sheet) views.GamePage {
	g := sh.Game
	p := views.GamePage{
		Meta:    views.Meta{Title: text(ctx, "title.game", referee.Params{"Name": g.Name}), Where: g.Name},
		Name:    g.Name,
		Date:    g.PlayedOn,
		URL:     gameURL(g.Slug),
		Sheet:   sheetView(ctx, sh),
		Rules:   rulesInPlay(ctx, g),
		Players: len(g.Players),
		Live:    gameLive(sh),
		Seats:   seatsCard(ctx, sh),
		Card:    nightCard(ctx, sh),
	}
	if r := sh.Current(); r != nil {
		panel := roundPanel(ctx, sh, r)
		p.Round = &panel
		p.WakeLock = true
	}
	if g.Finished() {
		p.Final = finalStandings(ctx, sh)
	}
	return p
}

// closedFlash says who won the round just closed.
func closedFlash(ctx context.Context, sh app.Sheet, n int) string {
	r := sh.Round(n)
	if r == nil || !r.Closed {
		return ""
	}
	var names []string
	for _, w := range sh.Result(*r).Winners() {
		names = append(names, sh.Players[w])
	}
	p := referee.Params{"N": n, "Names": names}
	if sh.Finished {
		return text(ctx, "round-won-last", p)
	}
	return text(ctx, "round-won", p)
}
