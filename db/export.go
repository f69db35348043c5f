package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"chickenfoot/referee"
)

// An Archive is game nights taken out of the store, whole: their rules,
// players, rounds, entries, every change to the entries, and every move
// laid on the table. Its JSON is what `chickenfoot export` writes and
// `chickenfoot import` reads back; read and written again it gives the
// same bytes.
type Archive struct {
	Format  string  `json:"format"`  // always ArchiveFormat
	Version int     `json:"version"` // ArchiveVersion when written
	Nights  []Night `json:"nights"`
}

// The archive's format name and the version this code writes and reads.
const (
	ArchiveFormat  = "chickenfoot-archive"
	ArchiveVersion = 1
)

// A Night is one game night in an archive. Times are as stored: UTC,
// RFC 3339 with nanoseconds.
type Night struct {
	// Link is the edit link's unguessable part; an archive taken through
	// the view-only link leaves it out, and an import then makes one.
	Link       string          `json:"link,omitempty"`
	ViewLink   string          `json:"view_link,omitempty"`
	Group      *NightGroup     `json:"group,omitempty"` // the table of friends it was played by
	Name       string          `json:"name"`
	PlayedOn   string          `json:"played_on"`
	CreatedAt  string          `json:"created_at"`
	FinishedAt *string         `json:"finished_at"`
	HandSize   int             `json:"hand_size"`
	Rules      json.RawMessage `json:"rules"` // as the night was set up
	Players    []string        `json:"players"`
	Stays      []NightStay     `json:"stays,omitempty"` // by seat; none when everyone played every round
	Rounds     []NightRound    `json:"rounds"`
	// Straight is a Straight night's sheet kept by hand, line by line.
	Straight []NightMark `json:"straight,omitempty"`
	// StraightMoves are the moves made on its live table, hand by hand.
	StraightMoves []NightMove `json:"straight_moves,omitempty"`
}

// A NightMark is one line of a Straight night's sheet (see StraightMark).
type NightMark struct {
	Hand   int   `json:"hand"`
	End    bool  `json:"end,omitempty"`
	Side   int   `json:"side"`             // play: the side that scored; end: the seat that went out, or -1
	Points int   `json:"points,omitempty"` // play: what the table called
	Pips   []int `json:"pips,omitempty"`   // end: each seat's spots left in hand
}

// A NightStay is the rounds one seat's player played, for a night someone
// joined late or left.
type NightStay struct {
	From   int            `json:"from"`
	Until  int            `json:"until,omitempty"` // 0: to the end
	Missed referee.Missed `json:"missed"`          // how a round missed counts
}

// A NightGroup is the table of friends a night was played by; its
// players are the table's people of those names. An archive from a page
// of the app leaves its link out: an import then makes a new table of
// that name, with a new link.
type NightGroup struct {
	Link string `json:"link,omitempty"`
	Name string `json:"name"`
}

// A NightRound is one round of a night.
type NightRound struct {
	Number        int           `json:"number"`
	PlannedDouble int           `json:"planned_double"`
	OpenedDouble  *int          `json:"opened_double"` // nil until who set it down is known
	Setter        *int          `json:"setter"`
	HandSize      int           `json:"hand_size,omitempty"` // tiles dealt each, where not the night's (someone joined later)
	ClosedAt      *string       `json:"closed_at"`
	Entries       []NightEntry  `json:"entries"`
	History       []NightChange `json:"history"`
	Actions       []NightAction `json:"actions"`
}

// A NightEntry is one player's entry as it stands.
type NightEntry struct {
	Seat        int     `json:"seat"`
	Pips        int     `json:"pips"`
	DoubleBlank bool    `json:"double_blank"`
	BlankHalves int     `json:"blank_halves"`
	WentOut     bool    `json:"went_out"`
	OutOnDouble bool    `json:"out_on_double"`
	Tiles       *string `json:"tiles"` // the tiles tapped, in layout notation; nil when typed
	Score       int     `json:"score"`
	UpdatedAt   string  `json:"updated_at"`
}

// A NightChange is one change to an entry, oldest first within its round.
type NightChange struct {
	Seat   int             `json:"seat"`
	Kind   string          `json:"kind"`
	Old    json.RawMessage `json:"old"` // the entry before, or null
	New    json.RawMessage `json:"new"` // the entry after, or null
	By     string          `json:"by"`
	At     string          `json:"at"`
	Undoes *int            `json:"undoes"` // the change it undoes, by its place in the round's history
}

// A NightAction is one move on the live table.
type NightAction struct {
	Seq  int     `json:"seq"`
	Seat int     `json:"seat"`
	Kind string  `json:"kind"`
	Tile *string `json:"tile"`
	On   *string `json:"on"`
	At   string  `json:"at"`
}

// ExportGroup reads every night of the table of friends whose link is
// link, oldest first, in one consistent read. With edits false it leaves
// out the nights' edit links, as the table's link does not give them.
func (s *Store) ExportGroup(ctx context.Context, link string, edits bool) (Archive, error) {
	return s.export(ctx, func(q conn) ([]int64, hidden, error) {
		g, err := findGroup(ctx, q, link)
		if err != nil {
			return nil, 0, err
		}
		ids, err := gameIDs(ctx, q, `SELECT id FROM games WHERE group_id = ? ORDER BY created_at, id`, g.ID)
		if edits {
			return ids, 0, err
		}
		return ids, hideEdits, err
	})
}

// Export reads the game night one of whose links is link, in one
// consistent read. Asked by its view-only link, the archive holds neither
// its edit link nor its table's link.
func (s *Store) Export(ctx context.Context, link string) (Archive, error) {
	return s.export(ctx, func(q conn) ([]int64, hidden, error) {
		id, slug, _, _, err := findLink(ctx, q, link)
		if link != slug {
			return []int64{id}, hideGroup, err
		}
		return []int64{id}, 0, err
	})
}

// ExportAll reads every night kept, oldest first, in one consistent read:
// the whole database, for the command line only.
func (s *Store) ExportAll(ctx context.Context) (Archive, error) {
	return s.export(ctx, func(q conn) ([]int64, hidden, error) {
		ids, err := gameIDs(ctx, q, `SELECT id FROM games ORDER BY created_at, id`)
		return ids, 0, err
	})
}

// hidden is what an archive leaves out, for who asked for it.
type hidden int

const (
	hideEdits hidden = 1 + iota // the nights' edit links
	hideGroup                   // those, and the table of friends' link
)

// export reads the nights pick chooses, leaving out their edit links when
// it says they were asked for without them.
func (s *Store) export(ctx context.Context, pick func(conn) (ids []int64, hide hidden, err error)) (Archive, error) {
	a := Archive{Format: ArchiveFormat, Version: ArchiveVersion, Nights: []Night{}}
	err := s.readTx(ctx, func(q conn) error {
		ids, hide, err := pick(q)
		if err != nil {
			return err
		}
		for _, id := range ids {
			n, err := exportNight(ctx, q, id)
			if err != nil {
				return fmt.Errorf("exporting game %d: %w", id, err)
			}
			if hide >= hideEdits {
				n.Link = ""
			}
			if hide >= hideGroup {
				n.Group = nil
			}
			a.Nights = append(a.Nights, n)
		}
		return nil
	})
	return a, err
}

func gameIDs(ctx context.Context, q conn, query string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func exportNight(ctx context.Context, q conn, id int64) (Night, error) {
	n := Night{Players: []string{}, Rounds: []NightRound{}}
	var rules string
	var group, groupName sql.NullString
	err := q.QueryRowContext(ctx, `SELECT g.slug, g.view_slug, g.name, g.played_on, g.created_at, g.finished_at, g.hand_size, g.rules, t.slug, t.name
		FROM games g LEFT JOIN groups t ON t.id = g.group_id WHERE g.id = ?`, id).
		Scan(&n.Link, &n.ViewLink, &n.Name, &n.PlayedOn, &n.CreatedAt, &n.FinishedAt, &n.HandSize, &rules, &group, &groupName)
	if err != nil {
		return n, err
	}
	if group.Valid {
		n.Group = &NightGroup{Link: group.String, Name: groupName.String}
	}
	n.Rules = json.RawMessage(rules)
	everyRound := true
	if err := eachRow(ctx, q, qPlayers, []any{id}, func(r *sql.Rows) error {
		var name string
		var st NightStay
		var id int
		err := r.Scan(&name, &st.From, &st.Until, &st.Missed, &id)
		n.Players, n.Stays = append(n.Players, name), append(n.Stays, st)
		everyRound = everyRound && st.From == 1 && st.Until == 0
		return err
	}); err != nil {
		return n, err
	}
	if everyRound {
		n.Stays = nil
	}
	var roundIDs []int64
	err = eachRow(ctx, q, `SELECT id, number, planned_double, opened_double, setter_seat, closed_at, coalesce(hand_size, 0) FROM rounds WHERE game_id = ? ORDER BY number`, []any{id},
		func(r *sql.Rows) error {
			var rid int64
			nr := NightRound{Entries: []NightEntry{}, History: []NightChange{}, Actions: []NightAction{}}
			err := r.Scan(&rid, &nr.Number, &nr.PlannedDouble, &nr.OpenedDouble, &nr.Setter, &nr.ClosedAt, &nr.HandSize)
			roundIDs, n.Rounds = append(roundIDs, rid), append(n.Rounds, nr)
			return err
		})
	if err != nil {
		return n, err
	}
	for i, rid := range roundIDs {
		if err := exportRound(ctx, q, rid, &n.Rounds[i]); err != nil {
			return n, fmt.Errorf("round %d: %w", n.Rounds[i].Number, err)
		}
	}
	err = eachRow(ctx, q, `SELECT hand, kind, side, points, pips FROM straight_marks WHERE game_id = ? ORDER BY seq`, []any{id},
		func(r *sql.Rows) error {
			var m NightMark
			var kind, pips string
			if err := r.Scan(&m.Hand, &kind, &m.Side, &m.Points, &pips); err != nil {
				return err
			}
			if m.End = kind == "end"; m.End {
				if err := json.Unmarshal([]byte(pips), &m.Pips); err != nil {
					return fmt.Errorf("straight line of hand %d: %w", m.Hand, err)
				}
			}
			n.Straight = append(n.Straight, m)
			return nil
		})
	if err != nil {
		return n, err
	}
	return n, exportMoves(ctx, q, id, &n)
}

func exportRound(ctx context.Context, q conn, rid int64, r *NightRound) error {
	err := eachRow(ctx, q, `SELECT seat, pips, double_blank, blank_halves, went_out, out_on_double, tiles, score, updated_at
		FROM entries WHERE round_id = ? ORDER BY seat`, []any{rid}, func(rows *sql.Rows) error {
		var e NightEntry
		err := rows.Scan(&e.Seat, &e.Pips, &e.DoubleBlank, &e.BlankHalves, &e.WentOut, &e.OutOnDouble, &e.Tiles, &e.Score, &e.UpdatedAt)
		r.Entries = append(r.Entries, e)
		return err
	})
	if err != nil {
		return err
	}
	place := map[int64]int{} // a change's id → its place in the round's history
	err = eachRow(ctx, q, `SELECT id, seat, kind, old_value, new_value, changed_by, changed_at, undoes
		FROM entry_history WHERE round_id = ? ORDER BY id`, []any{rid}, func(rows *sql.Rows) error {
		var c NightChange
		var hid int64
		var old, new sql.NullString
		var undoes sql.NullInt64
		if err := rows.Scan(&hid, &c.Seat, &c.Kind, &old, &new, &c.By, &c.At, &undoes); err != nil {
			return err
		}
		c.Old, c.New = rawEntry(old), rawEntry(new)
		if undoes.Valid {
			p, ok := place[undoes.Int64]
			if !ok {
				return fmt.Errorf("change %d undoes %d, which is not an earlier change of its round", hid, undoes.Int64)
			}
			c.Undoes = &p
		}
		place[hid] = len(r.History)
		r.History = append(r.History, c)
		return nil
	})
	if err != nil {
		return err
	}
	return eachRow(ctx, q, `SELECT seq, seat, kind, tile, on_tile, created_at FROM round_actions WHERE round_id = ? ORDER BY seq`, []any{rid},
		func(rows *sql.Rows) error {
			var a NightAction
			err := rows.Scan(&a.Seq, &a.Seat, &a.Kind, &a.Tile, &a.On, &a.At)
			r.Actions = append(r.Actions, a)
			return err
		})
}

// rawEntry is a stored entry's JSON as it is kept, or null.
func rawEntry(s sql.NullString) json.RawMessage {
	if !s.Valid || s.String == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(s.String)
}

// eachRow runs query and calls fn on each row.
func eachRow(ctx context.Context, q conn, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
