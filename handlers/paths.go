package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// roundReader reads a round with as much of its history as a page
// shows (sheetRound), and a game's settings to refuse a form that can't
// be read (refuseBadForm).
type roundReader interface {
	Settings(ctx context.Context, slug string) (app.Game, error)
	Sheet(ctx context.Context, slug string) (app.Sheet, error)
	SheetWithRoundHistory(ctx context.Context, slug string, n int) (app.Sheet, error)
	SheetWithUndoable(ctx context.Context, slug string, n int) (app.Sheet, error)
}

// roundPath reads the game and the round number from the path.
func roundPath(c echo.Context) (string, int, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return "", 0, app.NotFound("round")
	}
	return c.Param("slug"), n, nil
}

// playerPath reads the game, the round number and the player's id (see
// app.Game.IDs) from the path.
func playerPath(c echo.Context) (string, int, int, error) {
	slug, n, err := roundPath(c)
	if err != nil {
		return "", 0, 0, err
	}
	id, err := strconv.Atoi(c.Param("player"))
	if err != nil || id < 0 {
		return "", 0, 0, app.NotFound("player")
	}
	return slug, n, id, nil
}

// seatOf is the seat of the player whose id is id in the sheet: not
// found when they are no longer at the table.
func seatOf(sh app.Sheet, id int) (int, error) {
	seat := sh.Game.SeatOf(id)
	if seat < 0 {
		return -1, app.NotFound("player")
	}
	return seat, nil
}

// formVersion reads a version a form must carry: a whole number from 0.
// A form without one, from a script, is refused: a change is always
// checked against what the page showed.
func formVersion(c echo.Context, name string) (int64, error) {
	v := strings.TrimSpace(c.FormValue(name))
	if v == "" {
		return 0, invalid(name, "version-missing", nil)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0, invalid(name, "version", nil)
	}
	return n, nil
}

// changes is how much of a round's history a page reads: none, the one
// change its Undo would take back (the round's card), or all of it (the
// round's own page and its history).
type changes int

const (
	noChanges changes = iota
	undoChange
	allChanges
)

// sheetRound loads the sheet with as much of round n's history as want
// says and finds round n in it.
func (a *App) sheetRound(ctx context.Context, slug string, n int, want changes) (app.Sheet, *referee.SheetRound, error) {
	var sh app.Sheet
	var err error
	switch want {
	case noChanges:
		sh, err = a.rounds.Sheet(ctx, slug)
	case undoChange:
		sh, err = a.rounds.SheetWithUndoable(ctx, slug, n)
	default:
		sh, err = a.rounds.SheetWithRoundHistory(ctx, slug, n)
	}
	if err != nil {
		return sh, nil, err
	}
	r := sh.Round(n)
	if r == nil {
		return sh, nil, app.NotFound("round")
	}
	return sh, r, nil
}

// refuseBadForm refuses a form that can't be read; on a view-only link,
// as the view-only link, whatever the form says.
func (a *App) refuseBadForm(ctx context.Context, slug string, err error) error {
	if g, gerr := a.rounds.Settings(ctx, slug); gerr != nil {
		return gerr
	} else if g.ViewOnly {
		return app.ViewOnly()
	}
	return err
}
