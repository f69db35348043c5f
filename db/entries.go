package db

import (
	"context"
	"database/sql"

	"chickenfoot/referee"
)

// A Basis is what a change to an entry was based on, so that a change
// made on a stale page is refused instead of overwriting a newer one.
type Basis struct {
	// Version is the entry's version the page showed (see Sheet.Version),
	// or Unchecked.
	Version int64
	// Open says the page showed the round still open: a round closed
	// since is then a conflict, not a correction.
	Open bool
}

// Unchecked is a Basis.Version that accepts whatever is stored.
const Unchecked = -1

// SaveEntry writes seat's entry for round n and records the change in the
// history: an entry, an edit while the round is open, or a correction of a
// closed round, which names who makes it. The referee checks the entry
// against the round as stored, in the same transaction. It returns the
// sheet as written (without history).
func (s *Store) SaveEntry(ctx context.Context, slug string, n, seat int, e referee.Entry, by string, basedOn Basis) (Sheet, error) {
	var out Sheet
	err := s.writeSheet(ctx, slug, false, func(tx conn, sh *Sheet) error {
		if err := checkBasis(sh, n, seat, basedOn); err != nil {
			return err
		}
		if err := sh.CheckAuthor(n, by); err != nil {
			return err
		}
		if err := sh.CheckEntry(n, seat, e); err != nil {
			return err
		}
		ch := referee.EntryChange{Seat: seat, Old: sh.Round(n).Entries[seat], New: &e, Kind: sh.Kind(n, seat)}
		if err := s.putEntry(ctx, tx, sh, n, ch, by, 0); err != nil {
			return err
		}
		if ch.Kind == referee.KindCorrection {
			if err := s.resettle(ctx, tx, sh); err != nil {
				return err
			}
		}
		out = *sh
		return nil
	})
	return out, err
}

// checkBasis refuses a change based on what is no longer there.
func checkBasis(sh *Sheet, n, seat int, basedOn Basis) error {
	r := sh.Round(n)
	switch {
	case r == nil || seat < 0 || seat >= len(sh.Players):
		return referee.NotFound("entry")
	case basedOn.Open && r.Closed:
		return referee.Conflict("round-closed", referee.Params{"N": n})
	case basedOn.Version == Unchecked || basedOn.Version == sh.Version(n, seat):
		return nil
	}
	return referee.Conflict("entry-changed", referee.Params{"Name": sh.Players[seat], "Now": r.Entries[seat]})
}

// putEntry records a change in the history and writes its new entry (or,
// with none, removes the entry), with the change's id as the entry's
// version. It updates the sheet to match.
func (s *Store) putEntry(ctx context.Context, tx conn, sh *Sheet, n int, ch referee.EntryChange, by string, undoes int64) error {
	now := stamp(s.Now())
	roundID := sh.ids[n-1]
	var undo sql.NullInt64
	if undoes > 0 {
		undo = sql.NullInt64{Int64: undoes, Valid: true}
	}
	res, err := tx.ExecContext(ctx, qAddChange,
		roundID, ch.Seat, string(ch.Kind), encodeEntry(ch.Old), encodeEntry(ch.New), score(ch.Old), score(ch.New), by, now, undo)
	if err != nil {
		return err
	}
	version, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if e := ch.New; e == nil {
		_, err = tx.ExecContext(ctx, qDeleteEntry, roundID, ch.Seat)
		version = 0
	} else {
		var tiles sql.NullString
		if e.Tapped() {
			tiles = sql.NullString{String: formatTiles(e.Tiles), Valid: true}
		}
		_, err = tx.ExecContext(ctx, qPutEntry, roundID, ch.Seat, e.Pips, e.DoubleBlank, e.WentOut, e.OutOnDouble, tiles, e.Score, now, version, e.BlankHalves)
	}
	if err != nil {
		return err
	}
	sh.Round(n).Entries[ch.Seat], sh.version[n-1][ch.Seat] = ch.New, version
	return nil
}

func score(e *referee.Entry) sql.NullInt64 {
	if e == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(e.Score), Valid: true}
}

// UndoLast takes back the latest entry or edit of the open round n that
// has not been undone yet, restoring what the player had before it;
// basedOn is the round's version the page showed (see
// Sheet.RoundVersion), or Unchecked. It returns the change it reverted
// and the sheet as written.
func (s *Store) UndoLast(ctx context.Context, slug string, n int, basedOn int64) (Change, Sheet, error) {
	var undone Change
	var out Sheet
	err := s.writeSheet(ctx, slug, true, func(tx conn, sh *Sheet) error {
		r := sh.Round(n)
		switch {
		case r == nil:
			return referee.NotFound("round")
		case r.Closed:
			return referee.Conflict("round-closed", referee.Params{"N": n})
		case basedOn != Unchecked && basedOn != sh.RoundVersion(n):
			return referee.Conflict("round-changed", nil)
		}
		c, ok := lastUndoable(sh.History, n)
		if !ok {
			return referee.Conflict("nothing-to-undo", nil)
		}
		undone = c
		ch := referee.EntryChange{Seat: c.Seat, Old: r.Entries[c.Seat], New: c.Old, Kind: referee.KindUndo}
		if err := s.putEntry(ctx, tx, sh, n, ch, "", c.ID); err != nil {
			return err
		}
		out = *sh
		return nil
	})
	return undone, out, err
}

// lastUndoable is round n's latest change that is not an undo and has not
// been undone.
func lastUndoable(history []Change, n int) (Change, bool) {
	reverted := map[int64]bool{}
	for _, c := range history {
		if c.Kind == referee.KindUndo {
			reverted[c.Undoes] = true
		}
	}
	for i := len(history) - 1; i >= 0; i-- {
		if c := history[i]; c.Round == n && c.Kind != referee.KindUndo && !reverted[c.ID] {
			return c, true
		}
	}
	return Change{}, false
}
