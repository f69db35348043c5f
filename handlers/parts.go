package handlers

import (
	"fmt"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// The parts of a page that follow the stream, each fetched alone when an
// event names it. They answer any GET with the fragment: there is no page
// of them to fall back on.

// entryPart is one player's entry in a round, as its card shows it.
func (a *App) entryPart(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, id, err := playerPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(ctx, slug, n, noChanges)
	if err != nil {
		return err
	}
	seat, err := seatOf(sh, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Entry(entryRow(ctx, sh, r, seat)))
}

// openingPart is who set the round's double down.
func (a *App) openingPart(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(ctx, slug, n, noChanges)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Opening(roundPanel(ctx, sh, r)))
}

// actionsPart is the round's Close and Undo bar; with the history, Undo
// names what it takes back.
func (a *App) actionsPart(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(ctx, slug, n, undoChange)
	if err != nil {
		return err
	}
	p := roundControls(ctx, sh, r)
	return render(c, http.StatusOK, templ.Join(views.RoundActions(p, false), views.Missing(p, true)))
}

// historyPart is the history of a round's entries.
func (a *App) historyPart(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	sh, _, err := a.sheetRound(ctx, slug, n, allChanges)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.History(historyLines(ctx, sh, n), historyLive(slug, n), false))
}

// How each part follows the stream: its fragment, its events, and the
// version of what it shows where one names it.

func entryLive(sh app.Sheet, r *referee.SheetRound, seat int) views.Live {
	version := strconv.FormatInt(sh.Version(r.Number, seat), 10)
	if r.Closed {
		version += "-closed"
	}
	id := sh.Game.IDs[seat]
	return live(entryURL(sh.Game.Slug, r.Number, id), version, entryEvent(r.Number, id))
}

func openingLive(slug string, r *referee.SheetRound) views.Live {
	return live(roundURL(slug, r.Number)+"/opening", strconv.Itoa(r.Setter)+"-"+strconv.Itoa(r.Double()), openingEvent(r.Number))
}

func actionsLive(slug string, p views.RoundPanel) views.Live {
	return live(roundURL(slug, p.Number)+"/actions", p.Version+"-"+p.UndoOf, actionsEvent(p.Number))
}

func historyLive(slug string, n int) views.Live {
	return live(roundURL(slug, n)+"/history", "", historyEvent(n))
}

func sheetLive(sh app.Sheet) views.Live {
	if sh.Finished { // the game page fetches its whole main part then
		return views.Live{}
	}
	return live(gameURL(sh.Game.Slug)+"/sheet", "", eventSheet)
}

// gameLive is the game page's main part: fetched again as a whole when
// the round being played closes (saying who won it), when the game ends or
// comes back, when a player joins or leaves, and after a drop-out the
// stream could not fill in.
func gameLive(sh app.Sheet) views.Live {
	if r := sh.Current(); r != nil {
		return live(gameURL(sh.Game.Slug)+"?closed="+strconv.Itoa(r.Number), mainVersion(sh), closedEvent(r.Number), eventGame)
	}
	return live(gameURL(sh.Game.Slug), mainVersion(sh), eventSheet, eventGame)
}

// mainVersion names what the game page's main part shows that its smaller
// parts don't fetch for themselves: the rounds, whether the game is over,
// the round's double, the players and their stays, the hand size, and the
// newest entry (the sheet and the final standings of a game over). The
// phone whose own answer drew the main part already shows it, so the
// stream's news of that same change is not drawn again.
func mainVersion(sh app.Sheet) string {
	var newest int64
	for _, r := range sh.Rounds {
		newest = max(newest, sh.RoundVersion(r.Number))
	}
	v := fmt.Sprintf("r%d-e%d-p%d-h%d-j%d", len(sh.Rounds), newest, len(sh.Players), sh.HandSize, sh.JoinRound())
	if r := sh.Current(); r != nil {
		v += fmt.Sprintf("-d%d.%d", r.Double(), r.HandSize)
	}
	if sh.Finished {
		v += "-over"
	}
	for _, st := range sh.Seats {
		v += fmt.Sprintf("-s%d.%d.%s", st.From, st.Until, st.Missed)
	}
	return v
}

// tableLive is the table's card, as this phone shows it (the end picked,
// the drawing zoomed or not).
func tableLive(t app.Table, o tableOptions, setter int, closed bool) views.Live {
	version := strconv.Itoa(len(t.Log)) + "-" + strconv.Itoa(setter) + "-" + strconv.FormatBool(closed)
	return live(zoomURL(tableURL(t.Game.Slug, t.Number), o.on, o.zoom), version, tableEvent(t.Number), closedEvent(t.Number))
}
