package db

import (
	"context"

	"chickenfoot/db/app"
)

// A change sent from a round's card is answered with the card drawn
// afresh, the entry of the player the phone belongs to first. The
// services SetOpeningFrom, UndoLastFrom and CloseRoundFrom make the change
// and, in its transaction, read where that phone sits (noting the visit
// when it is new or stale, as Visit does), so the answer asks the store
// once. A device "" (a plain form, sent on to a page that reads it) is
// nobody in particular: Visit{Seat: -1}.

// visiting is the change of a sheet followed, in its transaction, by
// reading and noting device's visit to the night link opens into v.
func (s *Store) visiting(ctx context.Context, device, link string, v *app.Visit, change func(conn, *app.Sheet) error) func(conn, *app.Sheet) error {
	return func(tx conn, sh *app.Sheet) error {
		if err := change(tx, sh); err != nil {
			return err
		}
		var err error
		*v, err = s.noteVisit(ctx, tx, device, link)
		return err
	}
}

// noteVisit reads device's visit to the night link opens, in tx, and
// notes it when it is new or stale.
func (s *Store) noteVisit(ctx context.Context, tx conn, device, link string) (app.Visit, error) {
	if device == "" {
		return app.Visit{Seat: -1}, nil
	}
	v, fresh, err := s.visit(ctx, tx, device, link)
	if err != nil || fresh {
		return v, err
	}
	v.Known = true
	return v, remember(ctx, tx, device, link, s.Now())
}

// writableGame loads the game link opens, in tx, for a change to it: a
// view-only link changes nothing.
func (s *Store) writableGame(ctx context.Context, tx conn, link string) (app.Game, error) {
	g, err := s.loadGame(ctx, tx, link)
	if err == nil && g.ViewOnly {
		err = app.ViewOnly()
	}
	return g, err
}
