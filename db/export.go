package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"chickenfoot/db/app"
)

// ExportGroup reads every night of the table of friends whose link is
// link, oldest first, in one consistent read. With edits false it leaves
// out the nights' edit links, as the table's link does not give them.
func (s *Store) ExportGroup(ctx context.Context, link string, edits bool) (app.Archive, error) {
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
func (s *Store) Export(ctx context.Context, link string) (app.Archive, error) {
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
func (s *Store) ExportAll(ctx context.Context) (app.Archive, error) {
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
func (s *Store) export(ctx context.Context, pick func(conn) (ids []int64, hide hidden, err error)) (app.Archive, error) {
	a := app.Archive{Format: app.ArchiveFormat, Version: app.ArchiveVersion, Nights: []app.Night{}}
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

func exportNight(ctx context.Context, q conn, id int64) (app.Night, error) {
	n := app.Night{Players: []string{}, Rounds: []app.NightRound{}}
	var rules string
	var group, groupName sql.NullString
	err := q.QueryRowContext(ctx, `SELECT g.slug, g.view_slug, g.name, g.played_on, g.created_at, g.finished_at, g.hand_size, g.rules, t.slug, t.name
		FROM games g LEFT JOIN groups t ON t.id = g.group_id WHERE g.id = ?`, id).
		Scan(&n.Link, &n.ViewLink, &n.Name, &n.PlayedOn, &n.CreatedAt, &n.FinishedAt, &n.HandSize, &rules, &group, &groupName)
	if err != nil {
		return n, err
	}
	if group.Valid {
		n.Group = &app.NightGroup{Link: group.String, Name: groupName.String}
	}
	n.Rules = json.RawMessage(rules)
	everyRound := true
	if err := eachRow(ctx, q, qPlayers, []any{id}, func(r *sql.Rows) error {
		var name string
		var st app.NightStay
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
			nr := app.NightRound{Entries: []app.NightEntry{}, History: []app.NightChange{}, Actions: []app.NightAction{}}
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
			var m app.NightMark
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

func exportRound(ctx context.Context, q conn, rid int64, r *app.NightRound) error {
	err := eachRow(ctx, q, `SELECT seat, pips, double_blank, blank_halves, went_out, out_on_double, tiles, score, updated_at
		FROM entries WHERE round_id = ? ORDER BY seat`, []any{rid}, func(rows *sql.Rows) error {
		var e app.NightEntry
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
		var c app.NightChange
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
			var a app.NightAction
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
