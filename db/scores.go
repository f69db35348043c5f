package db

import (
	"context"
	"database/sql"
	"errors"
)

// ErrRoundClosed is returned when a round that is already closed is closed
// again, or a step that needs the open round is tried on a closed one.
var ErrRoundClosed = errors.New("the round is already closed")

// ErrNothingToUndo is returned by UndoLast when the round has no entry
// left to take back.
var ErrNothingToUndo = errors.New("nothing to undo")

// withRound loads the sheet (with its history if asked) inside a write
// transaction and finds round number n.
func (s *Store) withRound(ctx context.Context, slug string, n int, history bool, fn func(conn, Sheet, *Round) error) error {
	return s.inTx(ctx, func(tx conn) error {
		sh, err := s.loadSheet(ctx, tx, slug, history)
		if err != nil {
			return err
		}
		r := sh.Round(n)
		if r == nil {
			return ErrNotFound
		}
		return fn(tx, sh, r)
	})
}

// SetOpening records the double round n really opened on and the seat that
// set it, after check (run on the current state and the round's moves, in
// the same transaction) accepts it.
func (s *Store) SetOpening(ctx context.Context, slug string, n, opened, setter int, check func(Sheet, *Round, []Action) error) error {
	return s.withRound(ctx, slug, n, false, func(tx conn, sh Sheet, r *Round) error {
		log, err := loadActions(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		if err := check(sh, r, log); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE rounds SET opened_double = ?, setter_seat = ? WHERE id = ?`, opened, setter, r.ID)
		return err
	})
}

// SaveEntry writes a player's entry for round n and records the change in
// the history: an entry, an edit while the round is open, or a correction
// of a closed round. check sees the current state and the new entry, may
// fill it in (its score) and may refuse it; nothing is written then. It
// returns the sheet as written (without history), so the caller need not
// load it again.
func (s *Store) SaveEntry(ctx context.Context, slug string, n int, e Entry, by string, check func(Sheet, *Round, *Entry) error) (Sheet, error) {
	var saved Sheet
	err := s.withRound(ctx, slug, n, false, func(tx conn, sh Sheet, r *Round) error {
		if err := check(sh, r, &e); err != nil {
			return err
		}
		if e.Seat < 0 || e.Seat >= len(r.Entries) {
			return ErrNotFound
		}
		kind := "entry"
		switch {
		case r.Closed():
			kind = "correction"
		case r.Entries[e.Seat] != nil:
			kind = "edit"
		}
		if _, err := s.putEntry(ctx, tx, r, e.Seat, r.Entries[e.Seat], &e, kind, by, 0); err != nil {
			return err
		}
		e.UpdatedAt = s.Now()
		r.Entries[e.Seat] = &e
		saved = sh
		if kind == "correction" && sh.Game.Rules.LossLimit > 0 {
			return s.resettle(ctx, tx, &saved)
		}
		return nil
	})
	return saved, err
}

// resettle decides again, after a correction, whether a game played to a
// losing total is over: a finished game whose totals no longer reach it
// goes on with its next round; a running one whose totals now do ends,
// dropping its next round if nothing was entered in it yet.
func (s *Store) resettle(ctx context.Context, tx conn, sh *Sheet) error {
	rules := sh.Game.Rules
	totals := make([]int, len(sh.Game.Players))
	for _, res := range sh.Results() {
		for seat, v := range res.Scores {
			totals[seat] += v
		}
	}
	opened := sh.Opened()
	over := rules.GameOver(opened, totals)
	cur := sh.Current()
	switch {
	case sh.Game.Finished() && !over:
		next, _ := rules.NextDouble(opened)
		if _, err := tx.ExecContext(ctx, `UPDATE games SET finished_at = NULL WHERE id = ?`, sh.Game.ID); err != nil {
			return err
		}
		return insertRound(ctx, tx, sh.Game.ID, len(sh.Rounds)+1, next)
	case !sh.Game.Finished() && over && cur != nil && untouched(*cur):
		var moves int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM round_actions WHERE round_id = ?`, cur.ID).Scan(&moves); err != nil || moves > 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rounds WHERE id = ?`, cur.ID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET finished_at = ? WHERE id = ?`, stamp(s.Now()), sh.Game.ID)
		return err
	}
	return nil
}

// untouched reports whether nothing was entered in a round.
func untouched(r Round) bool {
	for _, e := range r.Entries {
		if e != nil {
			return false
		}
	}
	return r.Setter < 0
}

// putEntry replaces (or with e nil, removes) one entry and logs the change.
func (s *Store) putEntry(ctx context.Context, tx conn, r *Round, seat int, old, e *Entry, kind, by string, undoes int64) (int64, error) {
	now := stamp(s.Now())
	var err error
	if e == nil {
		_, err = tx.ExecContext(ctx, qDeleteEntry, r.ID, seat)
	} else {
		var tiles sql.NullString
		if e.Tapped() {
			tiles = sql.NullString{String: formatTiles(e.Tiles), Valid: true}
		}
		_, err = tx.ExecContext(ctx, qPutEntry,
			r.ID, seat, e.Pips, e.DoubleBlank, e.WentOut, e.OutOnDouble, tiles, e.Score, now)
	}
	if err != nil {
		return 0, err
	}
	var undo sql.NullInt64
	if undoes > 0 {
		undo = sql.NullInt64{Int64: undoes, Valid: true}
	}
	res, err := tx.ExecContext(ctx, qAddChange,
		r.ID, seat, kind, encodeEntry(old), encodeEntry(e), score(old), score(e), by, now, undo)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

func score(e *Entry) sql.NullInt64 {
	if e == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(e.Score), Valid: true}
}

// UndoLast takes back the latest entry or edit of the open round n that
// has not been undone yet, restoring what the player had before it. It
// returns the change it reverted.
func (s *Store) UndoLast(ctx context.Context, slug string, n int, by string) (Change, error) {
	var undone Change
	err := s.withRound(ctx, slug, n, true, func(tx conn, sh Sheet, r *Round) error {
		if r.Closed() {
			return ErrRoundClosed
		}
		reverted := map[int64]bool{}
		for _, c := range sh.History {
			if c.Kind == "undo" {
				reverted[c.Undoes] = true
			}
		}
		for i := len(sh.History) - 1; i >= 0; i-- {
			c := sh.History[i]
			if c.Round != n || c.Kind == "undo" || reverted[c.ID] {
				continue
			}
			undone = c
			_, err := s.putEntry(ctx, tx, r, c.Seat, r.Entries[c.Seat], c.Old, "undo", by, c.ID)
			return err
		}
		return ErrNothingToUndo
	})
	return undone, err
}

// CloseRound closes round n once decide, run on the current state in the
// same transaction, accepts it. decide says which double the next round
// opens on, or that the game is over.
func (s *Store) CloseRound(ctx context.Context, slug string, n int, decide func(Sheet, *Round) (next int, over bool, err error)) error {
	return s.withRound(ctx, slug, n, false, func(tx conn, sh Sheet, r *Round) error {
		if r.Closed() {
			return ErrRoundClosed
		}
		next, over, err := decide(sh, r)
		if err != nil {
			return err
		}
		now := stamp(s.Now())
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET closed_at = ?, opened_double = coalesce(opened_double, planned_double) WHERE id = ?`, now, r.ID); err != nil {
			return err
		}
		if over {
			_, err = tx.ExecContext(ctx, `UPDATE games SET finished_at = ? WHERE id = ?`, now, sh.Game.ID)
			return err
		}
		return insertRound(ctx, tx, sh.Game.ID, n+1, next)
	})
}
