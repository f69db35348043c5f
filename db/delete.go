package db

import (
	"context"

	"chickenfoot/db/app"
)

// DeleteGame deletes, by its edit link slug, a game night started by
// mistake, with everything of it: its players, rounds, entries and their
// history, its table's moves, and every browser's note of its links, all
// in one transaction. Both its links answer not found from then on. The
// view-only link can't delete it.
//
// form is the confirmation form's one-time id, or "": the same form sent
// again (a double tap) deletes nothing more and answers the name the
// night had, as the first did.
func (s *Store) DeleteGame(ctx context.Context, slug, form string) (name string, err error) {
	key := formOf(form, "delete "+slug)
	var id int64
	err = s.inTx(ctx, func(tx conn) error {
		made, sent, err := sentBefore(ctx, tx, key)
		if err != nil || sent {
			name = made
			return err
		}
		g, err := s.loadGame(ctx, tx, slug)
		if err != nil {
			return err
		}
		if g.ViewOnly {
			return app.ViewOnly()
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM device_games WHERE link IN (?, ?)`, g.Slug, g.ViewSlug); err != nil {
			return err
		}
		// Its group's records no longer count it.
		old, err := nightResults(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		if err := applyResults(ctx, tx, old, nil); err != nil {
			return err
		}
		// The rest follows by ON DELETE CASCADE: players and rounds, and
		// from the rounds their entries, history and actions.
		s.speed.forget(g.ID) // and again once committed: see speed.forget
		if _, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, g.ID); err != nil {
			return err
		}
		id, name = g.ID, g.Name
		return s.keepForm(ctx, tx, key, g.Name)
	})
	if err == nil && id != 0 {
		s.speed.forget(id)
		s.publish(app.News{Kind: app.NewsGone, Game: id, Seat: -1, Player: -1})
	}
	return name, err
}
