package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// entryForm is the one-time form of an entry sent for the player whose
// id is player (see app.Game.IDs) in round n, with what it says.
func entryForm(basedOn app.Basis, link string, n, player int, e referee.Entry, by string) form {
	return formOf(basedOn.Form, entryTarget(link, n, player), e, by, basedOn.Version, basedOn.Open)
}

// entryTarget is what an entry form changes: the entry of the player
// whose id is player in round n. It names the player by id, not seat:
// the seats after a player who leaves move up.
func entryTarget(link string, n, player int) string {
	return fmt.Sprintf("entry %s %d %d", link, n, player)
}

// saveEntryIn writes e as seat's entry of round n on the sheet read in
// tx, as Enter does; key is the form's.
func (s *Store) saveEntryIn(ctx context.Context, tx conn, sh *app.Sheet, key form, n, seat int, e referee.Entry, by string, basedOn app.Basis) (app.Sheet, error) {
	// The answer shows the history Undo would take back from an open
	// round: the change this save writes, when it writes one, is that
	// change, so the history is read only when it doesn't.
	open := sh.Round(n) != nil && !sh.Round(n).Closed
	shown := func() (app.Sheet, error) { return *sh, loadSavedHistory(ctx, tx, sh, n) }
	if !open {
		if err := loadSavedHistory(ctx, tx, sh, n); err != nil {
			return app.Sheet{}, err
		}
		shown = func() (app.Sheet, error) { return *sh, nil }
	}
	if _, sent, err := sentBefore(ctx, tx, key); err != nil {
		return app.Sheet{}, err
	} else if sent {
		return shown()
	}
	if err := checkBasis(sh, n, seat, basedOn); err != nil {
		if r := sh.Round(n); app.CodeOf(err) == app.CodeConflict && r != nil && !r.Closed && sameEntry(r.Entries[seat], &e) {
			return shown() // two phones entered the same: nothing is lost, nothing to write
		}
		return app.Sheet{}, whoChanged(ctx, tx, sh.Version(n, seat), err)
	}
	if err := sh.CheckAuthor(n, by); err != nil {
		return app.Sheet{}, err
	}
	if err := sh.CheckEntry(n, seat, e); err != nil {
		return app.Sheet{}, err
	}
	ch := referee.EntryChange{Seat: seat, Old: sh.Round(n).Entries[seat], New: &e, Kind: sh.Kind(n, seat)}
	if sameEntry(ch.Old, ch.New) {
		if _, err := shown(); err != nil {
			return app.Sheet{}, err
		}
		return *sh, s.keepForm(ctx, tx, key, strconv.FormatInt(sh.Version(n, seat), 10))
	}
	id, err := s.putChange(ctx, tx, sh, n, ch, by, 0)
	if err != nil {
		return app.Sheet{}, err
	}
	saved := app.Change{ID: id, Round: n, Seat: seat, Kind: ch.Kind, Old: ch.Old, New: ch.New, By: by, At: s.Now().UTC()}
	if open {
		sh.History = []app.Change{saved}
	} else {
		sh.History = append(sh.History, saved)
	}
	if ch.Kind == referee.KindCorrection {
		if err := s.resettle(ctx, tx, sh); err != nil {
			return app.Sheet{}, err
		}
		if err := keepResults(ctx, tx, sh); err != nil {
			return app.Sheet{}, err
		}
	}
	return *sh, s.keepForm(ctx, tx, key, strconv.FormatInt(sh.Version(n, seat), 10))
}

// loadSavedHistory reads the history a save's answer shows: for an open
// round, the one change its Undo would take back; for a correction, the
// round's whole history.
func loadSavedHistory(ctx context.Context, tx conn, sh *app.Sheet, n int) (err error) {
	query := qUndoable
	if r := sh.Round(n); r != nil && r.Closed {
		query = qRoundHistory
	}
	sh.History, err = loadHistory(ctx, tx, query, sh.Game.ID, n)
	return err
}

// sameEntry reports whether a change from old to new changes nothing, so
// it leaves no line in the history.
func sameEntry(old, new *referee.Entry) bool {
	if old == nil || new == nil {
		return old == new
	}
	a, b := *old, *new
	if a.Tapped() != b.Tapped() || !slices.Equal(sortedTiles(a.Tiles), sortedTiles(b.Tiles)) {
		return false
	}
	return a.Pips == b.Pips && a.DoubleBlank == b.DoubleBlank && a.BlankHalves == b.BlankHalves &&
		a.WentOut == b.WentOut && a.OutOnDouble == b.OutOnDouble && a.Score == b.Score
}

func sortedTiles(ts []referee.Tile) []referee.Tile {
	return slices.SortedFunc(slices.Values(ts), func(x, y referee.Tile) int {
		if x.Hi != y.Hi {
			return x.Hi - y.Hi
		}
		return x.Lo - y.Lo
	})
}

// checkBasis refuses a change based on what is no longer there.
func checkBasis(sh *app.Sheet, n, seat int, basedOn app.Basis) error {
	r := sh.Round(n)
	switch {
	case r == nil || seat < 0 || seat >= len(sh.Players):
		return app.NotFound("entry")
	case basedOn.Open && r.Closed:
		return app.Conflict("round-closed", referee.Params{"N": n})
	case basedOn.Version == sh.Version(n, seat):
		return nil
	}
	return app.Conflict("entry-changed", referee.Params{"Name": sh.Players[seat], "Now": r.Entries[seat]})
}

// whoChanged adds to a refusal of a stale change who made the change
// that wrote version, where the history knows it.
func whoChanged(ctx context.Context, tx conn, version int64, err error) error {
	var e *app.Error
	if !errors.As(err, &e) || e.Key != "entry-changed" || version == 0 {
		return err
	}
	var by string
	if qerr := tx.QueryRowContext(ctx, `SELECT changed_by FROM entry_history WHERE id = ?`, version).Scan(&by); qerr != nil {
		return err
	}
	e.Params["By"] = by
	return e
}

// putEntry records a change in the history and writes its new entry (or,
// with none, removes the entry), with the change's id as the entry's
// version. It updates the sheet to match.
func (s *Store) putEntry(ctx context.Context, tx conn, sh *app.Sheet, n int, ch referee.EntryChange, by string, undoes int64) error {
	_, err := s.putChange(ctx, tx, sh, n, ch, by, undoes)
	return err
}

// putChange is putEntry returning the change's id.
func (s *Store) putChange(ctx context.Context, tx conn, sh *app.Sheet, n int, ch referee.EntryChange, by string, undoes int64) (int64, error) {
	now := stamp(s.Now())
	roundID := sh.RoundIDs[n-1]
	var undo sql.NullInt64
	if undoes > 0 {
		undo = sql.NullInt64{Int64: undoes, Valid: true}
	}
	res, err := tx.ExecContext(ctx, qAddChange,
		roundID, ch.Seat, string(ch.Kind), encodeEntry(ch.Old), encodeEntry(ch.New), score(ch.Old), score(ch.New), by, now, undo)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	version := id
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
		return 0, err
	}
	sh.Round(n).Entries[ch.Seat], sh.Versions[n-1][ch.Seat] = ch.New, version
	return id, nil
}

func score(e *referee.Entry) sql.NullInt64 {
	if e == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(e.Score), Valid: true}
}
