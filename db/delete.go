package db

import (
	"chickenfoot/db/app"
	"context"
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
		s.forget(g.ID) // and again once committed: see forget
		if _, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, g.ID); err != nil {
			return err
		}
		id, name = g.ID, g.Name
		return s.keepForm(ctx, tx, key, g.Name)
	})
	if err == nil && id != 0 {
		s.forget(id)
		s.publish(News{Kind: NewsGone, Game: id, Seat: -1, Player: -1})
	}
	return name, err
}

// forget drops a deleted game from the cache of frozen games. SQLite may
// give a deleted game's id to the next game made, which must never be
// shown the old one's name and players. A reader that read the game
// before its deletion, and caches it after forget ran, sees the count
// change and drops what it cached (frozenGame). A write that changes a
// game's settings or players, or deletes it, forgets it inside its
// transaction too: a batch in which that happened keeps none of the games
// its writes read (commit), and the rest of the batch reads it afresh.
func (s *Store) forget(id int64) {
	s.forgotten.Add(1)
	s.games.Delete(id)
}
