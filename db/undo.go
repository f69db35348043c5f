package db

import (
	"context"
	"fmt"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// UndoLast takes back the latest entry or edit of the open round n that
// has not been undone yet, restoring what the player had before it.
// basedOn.Version is the round's version the page showed (see
// app.Sheet.RoundVersion), and basedOn.Change the change it
// offered to undo, or 0. It returns the change it reverted and the sheet
// as written, with its history; the same form sent again undoes nothing
// more and returns the change the first one reverted.
func (s *Store) UndoLast(ctx context.Context, slug string, n int, basedOn app.Basis) (app.Change, app.Sheet, error) {
	undone, sh, _, err := s.UndoLastFrom(ctx, "", slug, n, basedOn)
	return undone, sh, err
}

// UndoLastFrom is UndoLast sent by the phone device, with what the store
// knows of that phone at the night (see visiting).
func (s *Store) UndoLastFrom(ctx context.Context, device, slug string, n int, basedOn app.Basis) (app.Change, app.Sheet, app.Visit, error) {
	v := app.Visit{Seat: -1}
	var undone app.Change
	var out app.Sheet
	key := formOf(basedOn.Form, fmt.Sprintf("undo %s %d", slug, n), basedOn.Version, basedOn.Change)
	err := s.writeSheet(ctx, slug, n, s.visiting(ctx, device, slug, &v, func(tx conn, sh *app.Sheet) error {
		made, sent, err := sentBefore(ctx, tx, key)
		if err != nil || sent {
			undone, out = reverted(sh.History, made), *sh
			return err
		}
		c, err := undoable(sh, n, basedOn)
		if err != nil {
			return err
		}
		undone = c
		ch := referee.EntryChange{Seat: c.Seat, Old: sh.Round(n).Entries[c.Seat], New: c.Old, Kind: referee.KindUndo}
		id, err := s.putChange(ctx, tx, sh, n, ch, "", c.ID)
		if err != nil {
			return err
		}
		sh.History = append(sh.History, app.Change{ID: id, Round: n, Seat: c.Seat, Kind: referee.KindUndo, Old: ch.Old, New: ch.New,
			At: s.Now().UTC(), Undoes: c.ID})
		out = *sh
		return s.keepForm(ctx, tx, key, strconv.FormatInt(c.ID, 10))
	}))
	if err == nil && undone.ID != 0 {
		s.publish(entryNews(out, n, undone.Seat))
	}
	return undone, out, v, err
}

// undoable is the change an undo based on basedOn takes back, or why
// there is none.
func undoable(sh *app.Sheet, n int, basedOn app.Basis) (app.Change, error) {
	r := sh.Round(n)
	switch {
	case r == nil:
		return app.Change{}, app.NotFound("round")
	case r.Closed:
		return app.Change{}, app.Conflict("round-closed", referee.Params{"N": n})
	case basedOn.Version != sh.RoundVersion(n):
		return app.Change{}, app.Conflict("round-changed", nil)
	}
	c, ok := sh.Undoable(n)
	switch {
	case !ok:
		return c, app.Conflict("nothing-to-undo", nil)
	case basedOn.Change != 0 && basedOn.Change != c.ID:
		return c, app.Conflict("round-changed", nil)
	}
	return c, nil
}

// reverted is the change of history whose id is made, the one an undo
// sent before took back.
func reverted(history []app.Change, made string) app.Change {
	id, _ := strconv.ParseInt(made, 10, 64)
	for _, c := range history {
		if c.ID == id {
			return c
		}
	}
	return app.Change{}
}
