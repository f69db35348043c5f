package db

import (
	"context"

	"chickenfoot/db/app"
)

// CheckLeave reads the night link opens to ask whether the player whose
// id is player (see Game.IDs) leaves it, and refuses as Leave would,
// writing nothing: a view-only link, a player who gave up their seat
// since (a conflict naming them) or was never seated, a leave the
// referee refuses. It returns the sheet to ask on.
func (s *Store) CheckLeave(ctx context.Context, link string, player int) (app.Sheet, error) {
	sh, err := s.Sheet(ctx, link)
	if err != nil {
		return sh, err
	}
	if sh.Game.ViewOnly {
		return sh, app.ViewOnly()
	}
	seat, err := playerSeat(ctx, s.reader(), sh.Game, player)
	if err != nil {
		return sh, err
	}
	_, err = sh.CheckLeave(seat)
	return sh, err
}
