package db

import (
	"context"

	"chickenfoot/db/app"
)

// A change sent from a round's card is answered with the card drawn
// afresh, the entry of the player the phone belongs to first. These
// services make the change and say where that phone sits, so that the
// answer asks the store once. The change is its own transaction, as the
// service it calls makes it; the phone's place is read after it, as Visit
// reads it (noting the visit when it is new or stale). A place that can't
// be read costs the change nothing: it is Visit{Seat: -1}, as it is for a
// device "" (a plain form, which is sent on to a page that reads it).

// SetOpeningFrom is SetOpening sent by the phone device, with what the
// store knows of that phone at the night.
func (s *Store) SetOpeningFrom(ctx context.Context, device, slug string, n int, to, seen Opening) (Sheet, Visit, error) {
	sh, err := s.SetOpening(ctx, slug, n, to, seen)
	if err != nil {
		return sh, Visit{Seat: -1}, err
	}
	return sh, s.visitAfter(ctx, device, slug), nil
}

// UndoLastFrom is UndoLast sent by the phone device, with what the store
// knows of that phone at the night.
func (s *Store) UndoLastFrom(ctx context.Context, device, slug string, n int, basedOn Basis) (Change, Sheet, Visit, error) {
	undone, sh, err := s.UndoLast(ctx, slug, n, basedOn)
	if err != nil {
		return undone, sh, Visit{Seat: -1}, err
	}
	return undone, sh, s.visitAfter(ctx, device, slug), nil
}

// CloseRoundFrom is CloseRound sent by the phone device, with what the
// store knows of that phone at the night.
func (s *Store) CloseRoundFrom(ctx context.Context, device, slug string, n int, basedOn Basis) (Sheet, Visit, error) {
	sh, err := s.CloseRound(ctx, slug, n, basedOn)
	if err != nil {
		return sh, Visit{Seat: -1}, err
	}
	return sh, s.visitAfter(ctx, device, slug), nil
}

// visitAfter is what the store knows of device at the night link opens,
// read after a change: nobody in particular when it can't be read.
func (s *Store) visitAfter(ctx context.Context, device, link string) Visit {
	v, err := s.Visit(ctx, device, link)
	if err != nil {
		return Visit{Seat: -1}
	}
	return v
}

// writableGame loads the game link opens, in tx, for a change to it: a
// view-only link changes nothing.
func (s *Store) writableGame(ctx context.Context, tx conn, link string) (Game, error) {
	g, err := s.loadGame(ctx, tx, link)
	if err == nil && g.ViewOnly {
		err = app.ViewOnly()
	}
	return g, err
}
