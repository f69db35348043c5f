package handlers

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// roundNumber reads the round number from the path.
func roundNumber(c echo.Context) (int, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, errNotFound
	}
	return n, nil
}

// loadRound loads the game and the round named in the path.
func (a *App) loadRound(c echo.Context) (db.Sheet, *db.Round, error) {
	return a.loadRoundWith(c, a.store.Sheet)
}

// loadRoundWith is loadRound with the loader of the sheet given, for the
// pages that show the history.
func (a *App) loadRoundWith(c echo.Context, load func(context.Context, string) (db.Sheet, error)) (db.Sheet, *db.Round, error) {
	n, err := roundNumber(c)
	if err != nil {
		return db.Sheet{}, nil, err
	}
	sh, err := load(c.Request().Context(), c.Param("slug"))
	if err != nil {
		return sh, nil, err
	}
	r := sh.Round(n)
	if r == nil {
		return sh, nil, errNotFound
	}
	return sh, r, nil
}

// round shows a round with its history; a closed round's entries can be
// corrected there.
func (a *App) round(c echo.Context) error {
	sh, r, err := a.loadRoundWith(c, a.store.SheetWithHistory)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Round(roundPage(sh, r, token(c), nil)))
}

// roundPage builds a round's page; a failed correction shows in its row.
func roundPage(sh db.Sheet, r *db.Round, csrf string, fix *rowFix) views.RoundPage {
	g := sh.Game
	p := views.RoundPage{Meta: views.Meta{Title: fmt.Sprintf("Round %d · %s", r.Number, g.Name), CSRF: csrf, Where: g.Name},
		Back: gameURL(g.Slug), ReplayURL: roundURL(g.Slug, r.Number) + "/replay", Number: r.Number, Double: r.Double()}
	if r.Setter >= 0 && r.Setter < len(g.Players) {
		p.Setter = g.Players[r.Setter]
	}
	for seat := range g.Players {
		p.Entries = append(p.Entries, fix.apply(entryRow(sh, r, seat, csrf)))
	}
	for i := len(sh.History) - 1; i >= 0; i-- {
		if ch := sh.History[i]; ch.Round == r.Number {
			p.History = append(p.History, historyLine(g, ch))
		}
	}
	return p
}

func historyLine(g db.Game, ch db.Change) views.HistoryLine {
	name := g.Players[ch.Seat]
	text := func(e *db.Entry) string {
		if e == nil {
			return "no entry"
		}
		return summary(*e)
	}
	what := ""
	switch ch.Kind {
	case "entry":
		what = fmt.Sprintf("%s: %s", name, text(ch.New))
	case "undo":
		what = fmt.Sprintf("%s: undone, %s → %s", name, text(ch.Old), text(ch.New))
	default:
		what = fmt.Sprintf("%s: %s → %s (%s)", name, text(ch.Old), text(ch.New), ch.Kind)
	}
	who := ch.By
	if who == "" {
		who = "at the table"
	}
	return views.HistoryLine{When: ch.At.Local().Format("15:04:05"), Who: who, What: what}
}

// rowFix carries a refused entry back to its row: what was typed and why
// it was refused.
type rowFix struct {
	seat int
	form entryForm
	msg  string
}

func (f *rowFix) apply(row views.EntryRow) views.EntryRow {
	if f == nil || f.seat != row.Seat {
		return row
	}
	row.Error, row.Pips, row.DoubleBlank = f.msg, f.form.pips, f.form.doubleBlank
	return row
}

// opening records who set the round's double down, and under the burn
// rule which lower double the round opened on.
func (a *App) opening(c echo.Context) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	setter, err := strconv.Atoi(c.FormValue("setter"))
	if err != nil || setter < 0 || setter >= len(sh.Game.Players) {
		return badInput("setter", "Tap the name of the player who set the double down.")
	}
	double, err := strconv.Atoi(c.FormValue("double"))
	if err != nil || double < 0 || double > int(sh.Game.Rules.Set) {
		return badInput("double", "Pick the double the round opened on.")
	}
	err = a.store.SetOpening(c.Request().Context(), sh.Game.Slug, r.Number, double, setter, func(sh db.Sheet, r *db.Round, log []db.Action) error {
		if len(log) > 0 && double != r.Double() {
			return refused("Tiles are already on the table for this round; take them back before changing the double it opened on.")
		}
		return checkOpening(sh, r, double)
	})
	if err != nil {
		return err
	}
	return a.roundChanged(c, func(p views.RoundPanel) templ.Component {
		if c.FormValue("burn") != "" {
			return views.RoundCard(p)
		}
		return views.Opening(p)
	})
}

// roundChanged answers a change to the round being played: a plain form
// goes back to the game; htmx gets the part of the fresh round card that
// show picks.
func (a *App) roundChanged(c echo.Context, show func(views.RoundPanel) templ.Component) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, gameURL(sh.Game.Slug))
	}
	return render(c, http.StatusOK, show(roundPanel(sh, r, token(c))))
}

func checkOpening(sh db.Sheet, r *db.Round, double int) error {
	switch {
	case r.Closed():
		return db.ErrRoundClosed
	case double == r.Planned:
		return nil
	case sh.Game.Rules.Unheld != referee.UnheldBurn:
		return refused(fmt.Sprintf("This game's house rule does not skip doubles: the round opens on %s.", tileName(r.Planned)))
	case r.Planned == 0:
		return refused("The 0-0 round is never skipped.")
	case double > r.Planned:
		return refused(fmt.Sprintf("A skipped round opens on a lower double than %s.", tileName(r.Planned)))
	}
	return nil
}

// readEntryForm reads a score entry form.
func readEntryForm(c echo.Context) entryForm {
	form, _ := c.FormParams()
	return entryForm{
		pips:        c.FormValue("pips"),
		doubleBlank: c.FormValue("double_blank") != "",
		wentOut:     c.FormValue("went_out") != "",
		outOnDouble: c.FormValue("went_out") == "double",
		tapped:      c.FormValue("tapped") != "",
		tiles:       form["tile"],
		by:          c.FormValue("by"),
		open:        c.FormValue("open") != "",
	}
}

// saveEntry stores one player's score for a round: typed, went out, or
// tapped tiles. On a closed round it is a correction, which must say who
// makes it. The form is judged inside the transaction that writes it,
// against the round as stored, and the answer is built from that state.
func (a *App) saveEntry(c echo.Context) error {
	n, err := roundNumber(c)
	if err != nil {
		return err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 {
		return errNotFound
	}
	f := readEntryForm(c)
	sh, err := a.store.SaveEntry(c.Request().Context(), c.Param("slug"), n, db.Entry{Seat: seat}, f.by,
		func(sh db.Sheet, r *db.Round, e *db.Entry) error {
			switch {
			case seat >= len(sh.Game.Players):
				return errNotFound
			case r.Closed() && f.open: // typed on a page from before the round closed
				return db.ErrRoundClosed
			}
			read, err := readEntry(f, sh.Game.Rules, sh.Game.Players[seat])
			if err != nil {
				return err
			}
			if r.Closed() && !slices.Contains(sh.Game.Players, f.by) {
				return badInput("by", "Say who is making this correction: it is kept in the round's history.")
			}
			read.Seat = seat
			*e = read
			return checkEntry(sh, r, e)
		})
	if err != nil {
		return a.entryRefused(c, seat, f, err)
	}
	r := sh.Round(n)
	if !isHTMX(c) {
		if r.Closed() {
			return seeOther(c, roundURL(sh.Game.Slug, r.Number))
		}
		return seeOther(c, gameURL(sh.Game.Slug))
	}
	row := entryRow(sh, r, seat, token(c))
	if r.Closed() {
		return render(c, http.StatusOK, views.Entry(row))
	}
	return render(c, http.StatusOK, views.EntrySaved(row, roundPanel(sh, r, token(c)), sheetLine(sh, *r)))
}

// entryRefused shows why an entry was refused, next to what was typed,
// and writes nothing.
func (a *App) entryRefused(c echo.Context, seat int, f entryForm, err error) error {
	code, msg := status(err)
	if code >= 500 || code == http.StatusNotFound {
		return err
	}
	sh, r, lerr := a.loadRoundWith(c, a.store.SheetWithHistory)
	if lerr != nil {
		return lerr
	}
	if seat >= len(sh.Game.Players) {
		return errNotFound
	}
	fix := &rowFix{seat: seat, form: f, msg: msg}
	switch {
	case f.tapped:
		return render(c, code, views.Tiles(tilesPage(sh, r, seat, token(c), f.tiles, msg)))
	case isHTMX(c):
		return render(c, code, views.Entry(fix.apply(entryRow(sh, r, seat, token(c)))))
	case r.Closed():
		return render(c, code, views.Round(roundPage(sh, r, token(c), fix)))
	}
	p := gamePage(sh, token(c))
	if p.Round != nil && p.Round.Number == r.Number {
		p.Round.Entries[seat] = fix.apply(p.Round.Entries[seat])
	}
	return render(c, code, views.Game(p))
}

// tiles shows the grid of tiles for one player's hand.
func (a *App) tiles(c echo.Context) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 0 || seat >= len(sh.Game.Players) {
		return errNotFound
	}
	var mine []string
	if e := r.Entries[seat]; e != nil {
		for _, t := range e.Tiles {
			mine = append(mine, t.String())
		}
	}
	return render(c, http.StatusOK, views.Tiles(tilesPage(sh, r, seat, token(c), mine, "")))
}

// tilesPage builds the grid: the round's double and tiles tapped for
// other players are greyed out.
func tilesPage(sh db.Sheet, r *db.Round, seat int, csrf string, picked []string, problem string) views.TilesPage {
	g := sh.Game
	back := gameURL(g.Slug)
	if r.Closed() {
		back = roundURL(g.Slug, r.Number)
	}
	p := views.TilesPage{Meta: views.Meta{Title: g.Players[seat] + "'s tiles · Chickenfoot", CSRF: csrf, Where: g.Name},
		Back: back, Action: entryURL(g.Slug, r.Number, seat), Name: g.Players[seat], Round: r.Number,
		Double: tileName(r.Double()), Error: problem, Closed: r.Closed(), Who: g.Players}
	taken := map[referee.Tile]string{referee.NewTile(r.Double(), r.Double()): "on the table"}
	for s, e := range r.Entries {
		if e != nil && s != seat {
			for _, t := range e.Tiles {
				taken[t] = "in " + g.Players[s] + "'s hand"
			}
		}
	}
	for _, t := range g.Rules.Set.Tiles() {
		note, off := taken[t]
		p.Tiles = append(p.Tiles, views.TileBox{Value: t.String(), Hi: t.Hi, Lo: t.Lo, Pips: t.Pips(),
			Checked: slices.Contains(picked, t.String()), Disabled: off, Note: note})
	}
	return p
}

// undo takes back the latest entry of the round being played.
func (a *App) undo(c echo.Context) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	if _, err := a.store.UndoLast(c.Request().Context(), sh.Game.Slug, r.Number, ""); err != nil {
		return err
	}
	return a.roundChanged(c, func(p views.RoundPanel) templ.Component {
		p.Notice = "The last entry was undone."
		return views.RoundCard(p)
	})
}

// closeRound closes the round once every player has an entry, then opens
// the next one or ends the game.
func (a *App) closeRound(c echo.Context) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	err = a.store.CloseRound(c.Request().Context(), sh.Game.Slug, r.Number, decideClose)
	if code, msg := status(err); err != nil && code == http.StatusUnprocessableEntity {
		p := gamePage(sh, token(c))
		if p.Round != nil {
			p.Round.Error = msg
		}
		return render(c, code, views.Game(p))
	}
	if err != nil {
		return err
	}
	url := fmt.Sprintf("%s?closed=%d", gameURL(sh.Game.Slug), r.Number)
	if !isHTMX(c) {
		return seeOther(c, url)
	}
	if sh, err = a.loadSheet(c); err != nil {
		return err
	}
	p := gamePage(sh, token(c))
	p.Flash = closedFlash(sh, r.Number)
	c.Response().Header().Set("HX-Push-Url", gameURL(sh.Game.Slug))
	return render(c, http.StatusOK, views.Game(p))
}
