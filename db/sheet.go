package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Which rounds' history a sheet is loaded with: none, all, the last
// round's, or round n's (n > 0).
const (
	noHistory   = 0
	allHistory  = -1
	lastHistory = -2
)

// Sheet loads a game night with all its rounds and entries. History is
// left empty: SheetWithRoundHistory and SheetWithUndoable read it.
func (s *Store) Sheet(ctx context.Context, slug string) (app.Sheet, error) {
	return s.readSheet(ctx, slug, noHistory)
}

// SheetWithRoundHistory is Sheet with the changes to round n's entries
// only (with n 0, the last round's): what a round's card or page shows,
// read without the whole game's history.
func (s *Store) SheetWithRoundHistory(ctx context.Context, slug string, n int) (app.Sheet, error) {
	if n <= 0 {
		n = lastHistory
	}
	return s.readSheet(ctx, slug, n)
}

// SheetWithUndoable is Sheet with, of round n's changes (with n 0, the
// last round's), only the one its Undo would take back, if any: what the
// game page and a round's card show, read with a bounded query however
// long the round's history.
func (s *Store) SheetWithUndoable(ctx context.Context, slug string, n int) (sh app.Sheet, err error) {
	err = s.readTx(ctx, func(q conn) error {
		if sh, err = s.loadSheet(ctx, q, slug, noHistory); err != nil {
			return err
		}
		if n <= 0 {
			n = len(sh.Rounds)
		}
		sh.History, err = loadHistory(ctx, q, qUndoable, sh.Game.ID, n)
		return err
	})
	return sh, err
}

// readSheet is loadSheet in one read transaction.
func (s *Store) readSheet(ctx context.Context, slug string, history int) (sh app.Sheet, err error) {
	err = s.readTx(ctx, func(q conn) error {
		sh, err = s.loadSheet(ctx, q, slug, history)
		return err
	})
	return sh, err
}

func (s *Store) loadSheet(ctx context.Context, q conn, slug string, history int) (app.Sheet, error) {
	g, err := s.loadGame(ctx, q, slug)
	if err != nil {
		return app.Sheet{}, err
	}
	sh := app.Sheet{Game: g, Sheet: referee.Sheet{Rules: g.Rules, Players: g.Players, Seats: g.Seats, HandSize: g.HandSize, Finished: g.Finished()}}
	if err := loadRounds(ctx, q, &sh); err != nil {
		return sh, err
	}
	if err := loadEntries(ctx, q, &sh); err != nil {
		return sh, err
	}
	switch {
	case history == allHistory:
		sh.History, err = loadHistory(ctx, q, qHistory, g.ID)
	case history == lastHistory:
		sh.History, err = loadHistory(ctx, q, qRoundHistory, g.ID, len(sh.Rounds))
	case history > 0:
		sh.History, err = loadHistory(ctx, q, qRoundHistory, g.ID, history)
	}
	return sh, err
}

func loadRounds(ctx context.Context, q conn, sh *app.Sheet) error {
	rows, err := q.QueryContext(ctx, qRounds, sh.Game.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	players := len(sh.Players)
	for rows.Next() {
		var r referee.SheetRound
		var id int64
		if err := rows.Scan(&id, &r.Number, &r.Planned, &r.Opened, &r.Setter, &r.Closed, &r.Actions, &r.HandSize); err != nil {
			return fmt.Errorf("game %s: reading a round: %w", sh.Game.Slug, err)
		}
		if r.Number != len(sh.Rounds)+1 {
			return fmt.Errorf("game %s: round %d is stored where round %d belongs", sh.Game.Slug, r.Number, len(sh.Rounds)+1)
		}
		r.Entries = make([]*referee.Entry, players)
		sh.Rounds = append(sh.Rounds, r)
		sh.RoundIDs = append(sh.RoundIDs, id)
		sh.Versions = append(sh.Versions, make([]int64, players))
	}
	return rows.Err()
}

func loadEntries(ctx context.Context, q conn, sh *app.Sheet) error {
	rows, err := q.QueryContext(ctx, qEntries, sh.Game.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var number, seat int
		var e referee.Entry
		var tiles sql.NullString
		var version int64
		if err := rows.Scan(&number, &seat, &e.Pips, &e.DoubleBlank, &e.WentOut, &e.OutOnDouble, &tiles, &e.Score, &version, &e.BlankHalves); err != nil {
			return fmt.Errorf("game %s: reading an entry: %w", sh.Game.Slug, err)
		}
		r := sh.Round(number)
		if r == nil || seat < 0 || seat >= len(r.Entries) {
			return fmt.Errorf("game %s: an entry for round %d, seat %d, which the game does not have", sh.Game.Slug, number, seat)
		}
		if tiles.Valid {
			if e.Tiles, err = parseTiles(tiles.String); err != nil {
				return fmt.Errorf("game %s: round %d, seat %d: stored tiles: %w", sh.Game.Slug, number, seat, err)
			}
		}
		r.Entries[seat] = &e
		sh.Versions[number-1][seat] = version
	}
	return rows.Err()
}

func loadHistory(ctx context.Context, q conn, query string, args ...any) ([]app.Change, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []app.Change
	for rows.Next() {
		var c app.Change
		var old, new sql.NullString
		var at string
		if err := rows.Scan(&c.ID, &c.Round, &c.Seat, &c.Kind, &old, &new, &c.By, &at, &c.Undoes); err != nil {
			return nil, fmt.Errorf("reading the history: %w", err)
		}
		if c.Old, err = decodeEntry(old); err == nil {
			c.New, err = decodeEntry(new)
		}
		if err == nil {
			c.At, err = parseStamp(at)
		}
		if err != nil {
			return nil, fmt.Errorf("change %d of the history: %w", c.ID, err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Tiles are stored as text in layout notation, "9-3 5-5"; an empty
// string is an empty hand.
func formatTiles(ts []referee.Tile) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, " ")
}

func parseTiles(s string) ([]referee.Tile, error) {
	out := []referee.Tile{}
	for _, f := range strings.Fields(s) {
		t, err := referee.ParseTile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

func encodeEntry(e *referee.Entry) sql.NullString {
	if e == nil {
		return sql.NullString{}
	}
	b, _ := json.Marshal(e) // an Entry always marshals
	return sql.NullString{String: string(b), Valid: true}
}

func decodeEntry(s sql.NullString) (*referee.Entry, error) {
	if !s.Valid || s.String == "" {
		return nil, nil
	}
	var e referee.Entry
	if err := json.Unmarshal([]byte(s.String), &e); err != nil {
		return nil, fmt.Errorf("stored entry %q: %w", s.String, err)
	}
	return &e, nil
}
