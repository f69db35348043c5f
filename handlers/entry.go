package handlers

import (
	"context"
	"crypto/rand"
	"fmt"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// scorer saves a score entry as a phone sent it.
type scorer interface {
	Enter(ctx context.Context, slug string, n int, f app.ScoreForm) (app.Sheet, error)
}

// entryForm is a score entry as submitted: typed pips with the 0-0 flag,
// an explicit "went out", or the tiles tapped.
type entryForm struct {
	pips        string
	doubleBlank bool
	wentOut     bool
	outOnDouble bool
	tapped      bool
	tiles       []string
	by          string
	blankHalves string // how many blank halves, where the house rule charges for them
	version     string // the entry's version the page showed
	open        bool   // sent from the round while it was being played
	form        string // the form's one-time id
}

func readEntryForm(c echo.Context) entryForm {
	return entryForm{
		pips:        c.FormValue("pips"),
		doubleBlank: c.FormValue("double_blank") != "",
		wentOut:     c.FormValue("went_out") != "",
		outOnDouble: c.FormValue("went_out") == "double",
		tapped:      c.FormValue("tapped") != "",
		tiles:       c.Request().PostForm["tile"], // read whole before any handler runs (readForm)
		by:          c.FormValue("by"),
		blankHalves: strings.TrimSpace(c.FormValue("blank_halves")),
		version:     strings.TrimSpace(c.FormValue("version")),
		open:        c.FormValue("open") != "",
		form:        formID(c),
	}
}

// newFormID is a one-time id for a form a page shows: the store keeps it
// with what the form made, so the form sent twice makes nothing more.
func newFormID() string { return rand.Text() }

// formID is the one-time id a form was sent with; one no page of ours
// could have rendered is dropped, and the form is then not guarded.
func formID(c echo.Context) string {
	id := c.FormValue("form")
	if len(id) > 64 {
		return ""
	}
	return id
}

// score is the form as the store reads it under the game's rules, for
// the player whose id is player; device is the phone that sent it.
func (f entryForm) score(ctx context.Context, player int, device string) (app.ScoreForm, error) {
	basis, err := f.basis(ctx)
	return app.ScoreForm{Player: player, Pips: f.pips, DoubleBlank: f.doubleBlank, BlankHalves: f.blankHalves,
		WentOut: f.wentOut, OutOnDouble: f.outOnDouble, Tapped: f.tapped, Tiles: f.tiles,
		By: f.by, Device: device, Basis: basis}, err
}

// basis is what the change was based on: the version the page showed (a
// form without one, from a script, is refused) and whether the round was
// open.
func (f entryForm) basis(ctx context.Context) (app.Basis, error) {
	b := app.Basis{Open: f.open, Form: f.form}
	if f.version == "" {
		return b, invalid("version", "version-missing", nil)
	}
	v, err := strconv.ParseInt(f.version, 10, 64)
	if err != nil || v < 0 {
		return b, invalid("version", "version", nil)
	}
	b.Version = v
	return b, nil
}

// saveEntry stores one player's score for a round: typed, went out, or
// tapped tiles. On a closed round it is a correction, which says who makes
// it. The store judges it against the round as stored, in the transaction
// that writes it, and the answer is built from the sheet it wrote.
func (a *App) saveEntry(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, id, err := playerPath(c)
	if err != nil {
		return err
	}
	f := readEntryForm(c)
	sh, err := a.writeEntry(ctx, slug, n, id, f, knownDevice(c))
	if err != nil {
		refused, err := a.entryRefused(ctx, a.viewerOf(c), slug, n, id, f, err)
		if err != nil {
			return err
		}
		return refused.send(c)
	}
	seat, err := seatOf(sh, id)
	if err != nil {
		return err
	}
	r := sh.Round(n)
	switch {
	case !isHTMX(c) && r.Closed:
		return seeOther(c, fmt.Sprintf("%s?corrected=%d#entry-%[2]d", roundURL(slug, n), id))
	case !isHTMX(c):
		return seeOther(c, gameURL(slug)+"#entry-"+strconv.Itoa(id)) // back at the card just saved
	case r.Closed:
		row := entryRow(ctx, sh, r, seat)
		row.Notice = correctedText(ctx, sh, n, seat)
		return render(c, http.StatusOK, views.Corrected(row, historyLines(ctx, sh, n), historyLive(slug, n)))
	}
	return render(c, http.StatusOK, views.EntrySaved(entryRow(ctx, sh, r, seat), roundControls(ctx, sh, r), sheetLine(ctx, sh, *r)))
}

// writeEntry has the store read the form under the game's rules and save
// it, in one transaction. A form that can't be read is refused here,
// and entryRefused refuses it by a view-only link as the view-only link.
func (a *App) writeEntry(ctx context.Context, slug string, n, player int, f entryForm, device string) (app.Sheet, error) {
	sf, err := f.score(ctx, player, device)
	if err != nil {
		return app.Sheet{}, err
	}
	return a.scorer.Enter(ctx, slug, n, sf)
}

// entryRefused shows why an entry was refused, next to what was typed;
// nothing was written. An entry for a player who is no longer at the
// table has no row left to show it in: the game is shown again, with why.
func (a *App) entryRefused(ctx context.Context, v viewer, slug string, n, id int, f entryForm, err error) (answer, error) {
	p := problemOf(ctx, err)
	if p.code == "" || pageWide(p.code) {
		return answer{}, err
	}
	// Only a full page shows history: the game page the change Undo takes
	// back, a closed round's page all of it.
	want := noChanges
	if !v.htmx {
		want = undoChange
	}
	sh, r, lerr := a.sheetRound(ctx, slug, n, want)
	if lerr == nil && want == undoChange && r.Closed {
		sh, r, lerr = a.sheetRound(ctx, slug, n, allChanges)
	}
	if sh.Game.ViewOnly { // before the form: whatever it says, nothing changes
		return answer{}, app.ViewOnly()
	}
	if lerr != nil {
		return answer{}, lerr
	}
	seat := sh.Game.SeatOf(id)
	if seat < 0 {
		return a.rosterRefused(ctx, v, sh, p)
	}
	fix := &rowFix{seat: seat, form: f, msg: p.msg, field: p.field, stale: app.CodeOf(err) == app.CodeConflict,
		theirs: gameURL(slug) + "#entry-" + strconv.Itoa(id)}
	switch {
	case f.tapped:
		table, err := a.onTable(ctx, slug, r)
		if err != nil {
			return answer{}, err
		}
		grid := handGrid{picked: f.tiles, out: f.wentOut, problem: p.msg, table: table}
		return answer{status: p.status, view: views.Tiles(tilesPage(ctx, sh, r, seat, grid))}, nil
	case v.htmx:
		return answer{status: p.status, view: views.Entry(fix.apply(ctx, entryRow(ctx, sh, r, seat)))}, nil
	case r.Closed:
		return answer{status: p.status, view: views.Round(roundPage(ctx, sh, r, fix))}, nil
	}
	page, err := a.gameView(ctx, v, sh)
	if err != nil {
		return answer{}, err
	}
	if page.Round != nil && page.Round.Number == r.Number {
		for i, e := range page.Round.Entries {
			if e.Seat == seat {
				page.Round.Entries[i] = fix.apply(ctx, e)
			}
		}
	}
	return answer{status: p.status, view: views.Game(page)}, nil
}

// rowFix carries a refused entry back to its row: what was typed and why
// it was refused.
type rowFix struct {
	seat   int
	form   entryForm
	msg    string
	field  string
	stale  bool   // refused as made on a stale page: offer to save it anyway
	theirs string // where the other phone's score is kept instead: the game page at the row
}

func (f *rowFix) apply(ctx context.Context, row views.EntryRow) views.EntryRow {
	if f == nil || f.seat != row.Seat {
		return row
	}
	row.Error, row.Field = f.msg, f.field
	row.Pips, row.DoubleBlank, row.BlankHalves = f.form.pips, f.form.doubleBlank, f.form.blankHalves
	if f.stale && !row.Closed { // the row now carries the current version: sent again, it overwrites
		switch {
		case f.form.wentOut:
			row.Anyway, row.AnywayOut = text(ctx, "anyway.out", nil), "1"
			if f.form.outOnDouble {
				row.AnywayOut = "double"
			}
		case strings.TrimSpace(f.form.pips) != "":
			row.Anyway = text(ctx, "anyway.typed", referee.Params{"Pips": strings.TrimSpace(f.form.pips)})
		}
		if row.Anyway != "" {
			row.Theirs = f.theirs
		}
	}
	return row
}

// rosterRefused is the game as it is now with why a change was refused,
// in the round's card (or the players' card between rounds): a change
// for a player who left the table, made on a page drawn before. htmx gets
// the whole main part in place of the form's target.
func (a *App) rosterRefused(ctx context.Context, v viewer, sh app.Sheet, p problem) (answer, error) {
	page, err := a.gameView(ctx, v, sh)
	if err != nil {
		return answer{}, err
	}
	switch {
	case page.Round != nil:
		page.Round.Error = p.msg
	case page.Seats != nil:
		page.Seats.Error = p.msg
	default:
		page.Flash = p.msg
	}
	return answer{status: p.status, view: views.Game(page), main: true}, nil
}
