package handlers

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

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

// entry reads the form into an entry scored under rules; name is the
// player's, for the messages.
func (f entryForm) entry(ctx context.Context, rules referee.Rules, name string) (referee.Entry, error) {
	switch {
	case f.tapped:
		tiles := make([]referee.Tile, 0, len(f.tiles))
		for _, text := range f.tiles {
			t, err := rules.Set.Parse(text)
			if err != nil {
				return referee.Entry{}, invalid("tile", "tile-unreadable", referee.Params{"Text": text, "Set": rules.Set})
			}
			tiles = append(tiles, t)
		}
		return rules.TappedEntry(tiles)
	case f.wentOut:
		return rules.OutEntry(f.outOnDouble), nil
	}
	text := strings.TrimSpace(f.pips)
	n, err := strconv.Atoi(text)
	switch {
	case text == "":
		return referee.Entry{}, invalid("pips", "pips-blank", referee.Params{"Name": name})
	case err != nil:
		return referee.Entry{}, invalid("pips", "pips-not-number", referee.Params{"Text": text, "Name": name})
	}
	blanks, err := strconv.Atoi(cmp.Or(f.blankHalves, "0"))
	if err != nil {
		return referee.Entry{}, invalid("blank_halves", "blank-halves-not-number", referee.Params{"Text": f.blankHalves})
	}
	return rules.TypedEntry(n, f.doubleBlank, blanks)
}

// basis is what the change was based on: the version the page showed (a
// form without one, from a script, is not checked) and whether the round
// was open.
func (f entryForm) basis(ctx context.Context) (db.Basis, error) {
	b := db.Basis{Version: db.Unchecked, Open: f.open, Form: f.form}
	if f.version == "" {
		return b, nil
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
	slug, n, seat, err := seatPath(c)
	if err != nil {
		return err
	}
	f := readEntryForm(c)
	sh, err := a.writeEntry(ctx, slug, n, seat, f, knownDevice(c))
	if err != nil {
		return a.entryRefused(c, slug, n, seat, f, err)
	}
	a.entryChanged(sh, n, seat)
	r := sh.Round(n)
	switch {
	case !isHTMX(c) && r.Closed:
		return seeOther(c, fmt.Sprintf("%s?corrected=%d#entry-%[2]d", roundURL(slug, n), seat))
	case !isHTMX(c):
		return seeOther(c, gameURL(slug)+"#entry-"+strconv.Itoa(seat)) // back at the card just saved
	case r.Closed:
		row := entryRow(ctx, sh, r, seat)
		row.Notice = correctedText(ctx, sh, n, seat)
		return render(c, http.StatusOK, views.Corrected(row, historyLines(ctx, sh, n), historyLive(slug, n)))
	}
	return render(c, http.StatusOK, views.EntrySaved(entryRow(ctx, sh, r, seat), roundPanel(ctx, sh, r), sheetLine(ctx, sh, *r)))
}

// writeEntry reads the form under the game's rules and saves it. An entry
// made while the round is played is kept as made by the player whose phone
// device is, where that phone said whose it is.
func (a *App) writeEntry(ctx context.Context, slug string, n, seat int, f entryForm, device string) (db.Sheet, error) {
	g, err := a.store.Settings(ctx, slug)
	if err != nil {
		return db.Sheet{}, err
	}
	if g.ViewOnly { // before the form: whatever it says, nothing changes
		return db.Sheet{}, referee.ViewOnly()
	}
	if f.by == "" && f.open && device != "" {
		if v, err := a.store.Visit(ctx, device, slug); err == nil && v.Seat >= 0 && v.Seat < len(g.Players) {
			f.by = g.Players[v.Seat]
		}
	}
	if seat >= len(g.Players) {
		return db.Sheet{}, referee.NotFound("seat")
	}
	e, err := f.entry(ctx, g.Rules, g.Players[seat])
	if err != nil {
		return db.Sheet{}, err
	}
	basis, err := f.basis(ctx)
	if err != nil {
		return db.Sheet{}, err
	}
	return a.store.SaveEntry(ctx, slug, n, seat, e, f.by, basis)
}

// entryRefused shows why an entry was refused, next to what was typed,
// and writes nothing.
func (a *App) entryRefused(c echo.Context, slug string, n, seat int, f entryForm, err error) error {
	ctx := c.Request().Context()
	p := problemOf(ctx, err)
	if p.code == "" || pageWide(p.code) {
		return err
	}
	sh, r, lerr := a.sheetRound(ctx, slug, n, !isHTMX(c)) // only a full page shows the history
	if lerr != nil {
		return lerr
	}
	fix := &rowFix{seat: seat, form: f, msg: p.msg, field: p.field, stale: errors.Is(err, referee.ErrConflict)}
	switch {
	case f.tapped:
		return render(c, p.status, views.Tiles(tilesPage(ctx, sh, r, seat, f.tiles, p.msg)))
	case isHTMX(c):
		return render(c, p.status, views.Entry(fix.apply(ctx, entryRow(ctx, sh, r, seat))))
	case r.Closed:
		return render(c, p.status, views.Round(roundPage(ctx, sh, r, fix)))
	}
	page, err := a.gameView(c, sh)
	if err != nil {
		return err
	}
	if page.Round != nil && page.Round.Number == r.Number {
		for i, e := range page.Round.Entries {
			if e.Seat == seat {
				page.Round.Entries[i] = fix.apply(ctx, e)
			}
		}
	}
	return render(c, p.status, views.Game(page))
}

// rowFix carries a refused entry back to its row: what was typed and why
// it was refused.
type rowFix struct {
	seat  int
	form  entryForm
	msg   string
	field string
	stale bool // refused as made on a stale page: offer to save it anyway
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
	}
	return row
}
