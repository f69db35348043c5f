package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"chickenfoot/referee"
)

// A Round is one round of a game night and every player's entry.
type Round struct {
	ID       int64
	Number   int // 1-based
	Planned  int // the double the ladder called for
	Opened   int // the double it really opened on, or -1 before anyone said
	Setter   int // the seat that set it, or -1
	ClosedAt time.Time
	Entries  []*Entry // by seat; nil where the player has no entry yet
}

// Closed reports whether the round's scores are final (they may still be
// corrected).
func (r Round) Closed() bool { return !r.ClosedAt.IsZero() }

// Double is the double the round opens on: as recorded, else as planned.
func (r Round) Double() int {
	if r.Opened >= 0 {
		return r.Opened
	}
	return r.Planned
}

// An Entry is one player's score for one round: a typed pip total with
// the 0-0 flag, or the tiles tapped, which the total is taken from.
type Entry struct {
	Seat        int            `json:"-"`
	Pips        int            `json:"pips"`
	DoubleBlank bool           `json:"double_blank,omitempty"`
	WentOut     bool           `json:"went_out,omitempty"`
	OutOnDouble bool           `json:"out_on_double,omitempty"` // went out by laying a double
	Tiles       []referee.Tile `json:"tiles,omitempty"`         // nil when typed
	Score       int            `json:"score"`
	UpdatedAt   time.Time      `json:"-"`
}

// Tapped reports whether the entry was made by tapping tiles.
func (e Entry) Tapped() bool { return e.Tiles != nil }

// A Change is one line of a round's history of entries.
type Change struct {
	ID     int64
	Round  int // round number
	Seat   int
	Kind   string // entry, edit, correction or undo
	Old    *Entry // nil when there was none
	New    *Entry // nil when the entry was removed
	By     string
	At     time.Time
	Undoes int64 // for an undo, the change it reverted
}

// A Sheet is a whole game night as the score sheet shows it.
type Sheet struct {
	Game    Game
	Rounds  []Round // in order
	History []Change
}

// Current is the round being played, or nil when the game is over.
func (sh Sheet) Current() *Round {
	if n := len(sh.Rounds); n > 0 && !sh.Rounds[n-1].Closed() {
		return &sh.Rounds[n-1]
	}
	return nil
}

// Round returns round number n, or nil.
func (sh Sheet) Round(n int) *Round {
	if n < 1 || n > len(sh.Rounds) {
		return nil
	}
	return &sh.Rounds[n-1]
}

// Result is the round's scores under the game's rules: each hand's score
// with the round-level house rules (blocked round, going out on a double)
// applied. Players with no entry score 0.
func (sh Sheet) Result(r Round) referee.Result {
	hands := make([]int, len(sh.Game.Players))
	res := referee.Result{WentOut: -1}
	outOnDouble := false
	for seat, e := range r.Entries {
		if e != nil {
			hands[seat] = e.Score
			if e.WentOut {
				res.WentOut, outOnDouble = seat, e.OutOnDouble
			}
		}
	}
	res.Scores = sh.Game.Rules.Adjust(hands, res.WentOut, outOnDouble)
	return res
}

// Results lists the closed rounds' results for referee.Rules.Standings.
func (sh Sheet) Results() []referee.Result {
	var out []referee.Result
	for _, r := range sh.Rounds {
		if r.Closed() {
			out = append(out, sh.Result(r))
		}
	}
	return out
}

// Opened lists the doubles the closed rounds opened on, for the ladder.
func (sh Sheet) Opened() []int {
	var out []int
	for _, r := range sh.Rounds {
		if r.Closed() {
			out = append(out, r.Double())
		}
	}
	return out
}

// Sheet loads a game night with all its rounds and entries. History is
// left empty: only SheetWithHistory reads it.
func (s *Store) Sheet(ctx context.Context, slug string) (Sheet, error) {
	return s.loadSheet(ctx, s.reader(), slug, false)
}

// SheetWithHistory is Sheet with every change to the entries.
func (s *Store) SheetWithHistory(ctx context.Context, slug string) (Sheet, error) {
	return s.loadSheet(ctx, s.reader(), slug, true)
}

func (s *Store) loadSheet(ctx context.Context, q conn, slug string, history bool) (Sheet, error) {
	g, err := s.loadGame(ctx, q, slug)
	if err != nil {
		return Sheet{}, err
	}
	sh := Sheet{Game: g}
	if sh.Rounds, err = loadRounds(ctx, q, g); err != nil {
		return sh, err
	}
	if err := loadEntries(ctx, q, &sh); err != nil {
		return sh, err
	}
	if history {
		sh.History, err = loadHistory(ctx, q, g.ID)
	}
	return sh, err
}

func loadRounds(ctx context.Context, q conn, g Game) ([]Round, error) {
	rows, err := q.QueryContext(ctx, qRounds, g.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Round
	for rows.Next() {
		var r Round
		var closed string
		if err := rows.Scan(&r.ID, &r.Number, &r.Planned, &r.Opened, &r.Setter, &closed); err != nil {
			return nil, err
		}
		if closed != "" {
			r.ClosedAt = parseStamp(closed)
		}
		r.Entries = make([]*Entry, len(g.Players))
		out = append(out, r)
	}
	return out, rows.Err()
}

func loadEntries(ctx context.Context, q conn, sh *Sheet) error {
	rows, err := q.QueryContext(ctx, qEntries, sh.Game.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var number int
		var e Entry
		var tiles, updated string
		var tapped bool
		if err := rows.Scan(&number, &e.Seat, &e.Pips, &e.DoubleBlank, &e.WentOut, &e.OutOnDouble, &tiles, &tapped, &e.Score, &updated); err != nil {
			return err
		}
		if tapped {
			e.Tiles = parseTiles(tiles)
		}
		e.UpdatedAt = parseStamp(updated)
		if r := sh.Round(number); r != nil && e.Seat >= 0 && e.Seat < len(r.Entries) {
			r.Entries[e.Seat] = &e
		}
	}
	return rows.Err()
}

func loadHistory(ctx context.Context, q conn, gameID int64) ([]Change, error) {
	rows, err := q.QueryContext(ctx, qHistory, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Change
	for rows.Next() {
		var c Change
		var old, new, at string
		if err := rows.Scan(&c.ID, &c.Round, &c.Seat, &c.Kind, &old, &new, &c.By, &at, &c.Undoes); err != nil {
			return nil, err
		}
		c.Old, c.New, c.At = decodeEntry(old, c.Seat), decodeEntry(new, c.Seat), parseStamp(at)
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

func parseTiles(s string) []referee.Tile {
	out := []referee.Tile{}
	for _, f := range strings.Fields(s) {
		if t, err := referee.ParseTile(f); err == nil {
			out = append(out, t)
		}
	}
	return out
}

func encodeEntry(e *Entry) sql.NullString {
	if e == nil {
		return sql.NullString{}
	}
	b, _ := json.Marshal(e)
	return sql.NullString{String: string(b), Valid: true}
}

func decodeEntry(s string, seat int) *Entry {
	if s == "" {
		return nil
	}
	var e Entry
	if json.Unmarshal([]byte(s), &e) != nil {
		return nil
	}
	e.Seat = seat
	return &e
}
