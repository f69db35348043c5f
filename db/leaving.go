package db

import (
	"context"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// CheckLeave reads the night link opens to ask whether the player whose
// id is player (see app.Game.IDs) leaves it, and refuses as Leave would,
// writing nothing: a view-only link, a player who gave up their seat
// since (a conflict naming them) or was never seated, a leave the
// referee refuses. It returns the sheet to ask on and what the leave
// would do, read with the
// player's seat in one read transaction.
func (s *Store) CheckLeave(ctx context.Context, link string, player int) (sh app.Sheet, l referee.Leaving, err error) {
	err = s.readTx(ctx, func(q conn) error {
		if sh, err = s.loadSheet(ctx, q, link, noHistory); err != nil {
			return err
		}
		if sh.Game.ViewOnly {
			return app.ViewOnly()
		}
		seat, err := playerSeat(ctx, q, sh.Game, player)
		if err != nil {
			return err
		}
		l, err = sh.CheckLeave(seat)
		return err
	})
	return sh, l, err
}
