package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Table loads round n's table.
func (s *Store) Table(ctx context.Context, slug string, n int) (t app.Table, err error) {
	err = s.readTx(ctx, func(q conn) error {
		t, err = s.loadTable(ctx, q, slug, n)
		return err
	})
	return t, err
}

func (s *Store) loadTable(ctx context.Context, q conn, slug string, n int) (app.Table, error) {
	sh, err := s.loadSheet(ctx, q, slug, noHistory)
	if err != nil {
		return app.Table{}, err
	}
	return s.tableOf(ctx, q, sh, n)
}

func (s *Store) tableOf(ctx context.Context, q conn, sh app.Sheet, n int) (app.Table, error) {
	t := app.Table{Sheet: sh, Number: n}
	if sh.Round(n) == nil {
		return t, app.NotFound("round")
	}
	var err error
	if t.Log, err = loadActions(ctx, q, sh.RoundIDs[n-1]); err != nil {
		return t, fmt.Errorf("game %s, round %d: %w", sh.Game.Slug, n, err)
	}
	t.Live, err = sh.Replay(n, t.Actions())
	var re *referee.RuleError
	if errors.As(err, &re) && t.Live != nil {
		// A log the rules refuse now (kept from before a rule changed) is
		// shown as far as it replays, with why it stops there.
		t.Stopped, err = re, nil
	}
	if rec, ok := sh.RecordedStart(n, t.Live); ok && err == nil && t.Stopped == nil {
		t.Recorded = t.Live.Act(rec) == nil
	}
	return t, err
}

func loadActions(ctx context.Context, q conn, roundID int64) ([]app.Action, error) {
	rows, err := q.QueryContext(ctx, qActions, roundID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []app.Action
	for rows.Next() {
		var a app.Action
		var kind, at string
		var tile, on sql.NullString
		if err := rows.Scan(&a.Seq, &a.Action.Seat, &kind, &tile, &on, &at); err != nil {
			return nil, err
		}
		if err := decodeAction(&a, kind, tile, on, at); err != nil {
			return nil, fmt.Errorf("stored action %d: %w", a.Seq, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// decodeAction fills in a stored action's kind, tiles and time.
func decodeAction(a *app.Action, kind string, tile, on sql.NullString, at string) error {
	a.Action.Kind = referee.ActionKind(kind)
	var err error
	if a.At, err = parseStamp(at); err != nil {
		return err
	}
	if tile.Valid {
		t, err := referee.ParseTile(tile.String)
		if err != nil {
			return err
		}
		if a.Action.Kind == referee.ActPlay {
			a.Action.Move.Tile = t
		} else {
			a.Action.Drawn = &t
		}
	}
	if a.Action.Kind == referee.ActPlay {
		a.Action.Move.Start = !on.Valid
		if on.Valid {
			a.Action.Move.On, err = referee.ParseTile(on.String)
		}
	}
	return err
}

// moveAction is the referee's action the move names, its tile read in set.
func moveAction(m app.Move, set referee.Set) (referee.Action, error) {
	a := m.Action
	if a.Kind != referee.ActPlay || m.Tile == "" {
		return a, nil
	}
	t, err := set.Parse(m.Tile)
	a.Move.Tile = t
	return a, err
}

// Act appends a move to round n's log once the referee accepts it on the
// table as stored, in the same transaction, so two phones can't both lay
// the same tile. The move's tile is read in the game's own set. What the
// action changes on the score sheet (who set the double, who went out) is
// written with it. It returns the table after.
func (s *Store) Act(ctx context.Context, link string, n int, m app.Move) (app.Table, error) {
	var out app.Table
	err := s.speed.writeKeeping(ctx, func(tx conn) error { // a move changes no game's settings or players
		var err error
		out, err = s.act(ctx, tx, link, n, m)
		return err
	})
	if err == nil {
		s.publish(tableNews(out))
	}
	return out, err
}

// act is the write of a move in tx.
func (s *Store) act(ctx context.Context, tx conn, link string, n int, m app.Move) (app.Table, error) {
	sh, kept, err := s.sheetToWrite(ctx, tx, link)
	if err != nil {
		return app.Table{}, err
	}
	action, err := moveAction(m, sh.Game.Rules.Set)
	if err != nil {
		return app.Table{}, err
	}
	if sh.Round(n) == nil {
		return app.Table{}, app.NotFound("round")
	}
	if m.Player != nil {
		if action.Seat, err = tableSeat(ctx, tx, sh, n, *m.Player); err != nil {
			return app.Table{}, err
		}
	}
	log, after, eff, err := s.tryAction(ctx, tx, sh, kept, n, action, m)
	if err != nil {
		return app.Table{}, err
	}
	if kept != nil {
		// The kept sheet is shared with the answers already given: the
		// move changes a copy of it, of its rounds alone when it changes
		// nothing else (see applyEffect).
		if plainEffect(sh, n, eff) {
			sh = withRounds(sh)
		} else {
			sh = cloneSheet(sh)
		}
	}
	at, err := parseStamp(stamp(s.Now())) // as a read would find it
	if err != nil {
		return app.Table{}, err
	}
	// The action, and before it the start the score sheet recorded when
	// the table had none (see referee.Sheet.RecordedStart).
	added := after.Log()[len(log):]
	for i, a := range added {
		if err := s.appendAction(ctx, tx, sh.RoundIDs[n-1], len(log)+i+1, a, at); err != nil {
			return app.Table{}, err
		}
	}
	plain, err := s.applyEffect(ctx, tx, &sh, n, eff)
	if err != nil {
		return app.Table{}, err
	}
	sh.Round(n).Actions += len(added) - 1
	// Appended in place where there is room: a log is only ever appended
	// to, and only here, on the writer's goroutine, so those already
	// handed out (which end where they ended) never see the new action,
	// and a write that fails forgets the kept tables before another can
	// append to the same log.
	for _, a := range added {
		log = append(log, app.Action{Seq: len(log) + 1, Action: a, At: at})
	}
	if plain && len(added) == 1 {
		s.speed.keepTable(link, n, sh, log, after)
	}
	return app.Table{Sheet: sh, Number: n, Live: after, Log: log}, nil
}

// tryAction checks action against round n's log as the page that sent m
// saw it, and plays it on the round: on a copy of the round
// the last move left kept when there is one, else on a replay of the log.
func (s *Store) tryAction(ctx context.Context, tx conn, sh app.Sheet, kept *keptTable, n int, action referee.Action, m app.Move) ([]app.Action, *referee.Round, referee.TableEffect, error) {
	var log []app.Action
	var err error
	if kept != nil && kept.n == n {
		log = kept.log
	} else if log, err = loadActions(ctx, tx, sh.RoundIDs[n-1]); err != nil {
		return nil, nil, referee.TableEffect{}, err
	}
	if err := checkLog(log, m); err != nil {
		return nil, nil, referee.TableEffect{}, err
	}
	var after *referee.Round
	var eff referee.TableEffect
	if kept != nil && kept.n == n {
		after = kept.live.Clone()
		eff, err = sh.ActOn(n, after, action)
	} else {
		after, eff, err = sh.Act(n, app.ActionsOf(log), action)
	}
	return log, after, eff, err
}

// tableSeat is the seat at round n's table of the player whose id is
// player: the table seats only those who play the round, in seat order.
func tableSeat(ctx context.Context, tx conn, sh app.Sheet, n, player int) (int, error) {
	seat, err := playerSeat(ctx, tx, sh.Game, player)
	if err != nil {
		return -1, err
	}
	at := slices.Index(sh.Seated(n), seat)
	if at < 0 {
		return -1, app.Conflict("player-away", referee.Params{"Name": sh.Players[seat]})
	}
	return at, nil
}

// checkLog refuses an action made on a table that has changed since.
func checkLog(log []app.Action, m app.Move) error {
	return referee.CheckSeen(len(log), m.Seen)
}

func (s *Store) appendAction(ctx context.Context, tx conn, roundID int64, seq int, a referee.Action, at time.Time) error {
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
	_, err := tx.ExecContext(ctx, qInsertAction, roundID, seq, a.Seat, string(a.Kind), tile, on, stamp(at))
	return err
}

// applyEffect writes what a table action changes on the score sheet: who
// set the double, and the went-out entries the referee lists. plain says
// it changed nothing but the round's count of actions.
func (s *Store) applyEffect(ctx context.Context, tx conn, sh *app.Sheet, n int, eff referee.TableEffect) (plain bool, err error) {
	r := sh.Round(n)
	r.Actions++
	if eff.Setter >= 0 {
		// The double set is the one the round opens on: the planned one,
		// the one recorded, or a lower one nobody held a higher one than.
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET setter_seat = ?, opened_double = ? WHERE id = ?`,
			eff.Setter, eff.Double, sh.RoundIDs[n-1]); err != nil {
			return false, err
		}
		r.Setter, r.Opened = eff.Setter, eff.Double
	}
	if eff.Unset {
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET setter_seat = NULL WHERE id = ?`, sh.RoundIDs[n-1]); err != nil {
			return false, err
		}
		r.Setter = -1
	}
	changes := sh.EntryChanges(n, eff)
	for _, ch := range changes {
		undoes := int64(0)
		if ch.Kind == referee.KindUndo {
			undoes = sh.Version(n, ch.Seat) // the change that wrote the entry taken back
		}
		if err := s.putEntry(ctx, tx, sh, n, ch, "the table", undoes); err != nil {
			return false, err
		}
	}
	return eff.Setter < 0 && !eff.Unset && len(changes) == 0, nil
}

// plainEffect reports whether eff changes nothing on the sheet but round
// n's count of actions, as applyEffect will find.
func plainEffect(sh app.Sheet, n int, eff referee.TableEffect) bool {
	return eff.Setter < 0 && !eff.Unset && len(sh.EntryChanges(n, eff)) == 0
}
