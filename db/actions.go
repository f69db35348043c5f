package db

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"chickenfoot/referee"
)

// An Action is one stored entry of a round's action log.
type Action struct {
	Seq    int
	Action referee.Action
	At     time.Time
}

// Actions loads round n's action log, in order.
func (s *Store) Actions(ctx context.Context, slug string, n int) ([]Action, error) {
	var roundID int64
	err := s.reader().QueryRowContext(ctx, qRoundID, slug, n).Scan(&roundID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return loadActions(ctx, s.reader(), roundID)
}

func loadActions(ctx context.Context, q conn, roundID int64) ([]Action, error) {
	rows, err := q.QueryContext(ctx, qActions, roundID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		var kind, tile, on, at string
		var noOn bool
		if err := rows.Scan(&a.Seq, &a.Action.Seat, &kind, &tile, &on, &noOn, &at); err != nil {
			return nil, err
		}
		a.Action.Kind, a.At = referee.ActionKind(kind), parseStamp(at)
		if tile != "" {
			t, err := referee.ParseTile(tile)
			if err != nil {
				return nil, err
			}
			if a.Action.Kind == referee.ActPlay {
				a.Action.Move.Tile = t
			} else {
				a.Action.Drawn = &t
			}
		}
		if a.Action.Kind == referee.ActPlay {
			if noOn {
				a.Action.Move.Start = true
			} else if a.Action.Move.On, err = referee.ParseTile(on); err != nil {
				return nil, err
			}
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AppendAction adds an action to round n's log. decide runs inside the
// write transaction with the round and its log as stored, so two phones
// can't both lay the same tile: it returns the action to append and what
// it changes besides the log (see ActionEffect), or refuses it.
func (s *Store) AppendAction(ctx context.Context, slug string, n int,
	decide func(Sheet, *Round, []Action) (referee.Action, ActionEffect, error)) error {
	return s.withRound(ctx, slug, n, false, func(tx conn, sh Sheet, r *Round) error {
		log, err := loadActions(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		a, eff, err := decide(sh, r, log)
		if err != nil {
			return err
		}
		var tile, on sql.NullString
		switch {
		case a.Kind == referee.ActPlay:
			tile = sql.NullString{String: a.Move.Tile.String(), Valid: true}
			if !a.Move.Start {
				on = sql.NullString{String: a.Move.On.String(), Valid: true}
			}
		case a.Drawn != nil:
			tile = sql.NullString{String: a.Drawn.String(), Valid: true}
		}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO round_actions (round_id, seq, seat, kind, tile, on_tile, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.ID, len(log)+1, a.Seat, string(a.Kind), tile, on, stamp(s.Now())); err != nil {
			return err
		}
		return s.applyEffect(ctx, tx, r, eff)
	})
}

// ActionEffect is what an accepted action changes in the round besides its
// log: who set the starting double, and who went out.
type ActionEffect struct {
	Setter      int  // the seat that set the starting double, or -1 to leave it
	WentOut     int  // the seat that laid its last tile, or -1
	OutOnDouble bool // that last tile was a double
	Reopened    int  // a take-back undid the going out of this seat, or -1
}

func (s *Store) applyEffect(ctx context.Context, tx conn, r *Round, eff ActionEffect) error {
	if eff.Setter >= 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET setter_seat = ?, opened_double = coalesce(opened_double, planned_double) WHERE id = ?`,
			eff.Setter, r.ID); err != nil {
			return err
		}
	}
	if seat := eff.Reopened; seat >= 0 && seat < len(r.Entries) && r.Entries[seat] != nil && r.Entries[seat].WentOut {
		var last int64 // the change that wrote the entry being taken back
		if err := tx.QueryRowContext(ctx, `SELECT max(id) FROM entry_history WHERE round_id = ? AND seat = ?`, r.ID, seat).Scan(&last); err != nil {
			return err
		}
		if _, err := s.putEntry(ctx, tx, r, seat, r.Entries[seat], nil, "undo", "the table", last); err != nil {
			return err
		}
	}
	if eff.WentOut >= 0 && eff.WentOut < len(r.Entries) && r.Entries[eff.WentOut] == nil {
		_, err := s.putEntry(ctx, tx, r, eff.WentOut, nil, &Entry{Seat: eff.WentOut, WentOut: true, OutOnDouble: eff.OutOnDouble}, "entry", "the table", 0)
		return err
	}
	return nil
}
