package db

import (
	"context"
	"fmt"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// A Straight night's live table: the moves of each hand as they are made,
// stored in straight_moves and replayed through the referee with the
// hands unknown (real tiles on a real table: the app sees only what is
// laid, drawn and passed). The table plays the sheet's current hand. A
// lay that scores writes the sheet's play line for its side in the same
// transaction, and taking it back takes the line back; the end of the
// hand is entered on the sheet, which alone learns the spots left.

// tableRules are the rules the live table replays a hand under: the
// night's, except that reaching the target is the sheet's to say (it
// also counts the lines tapped on its keypad), and that the table calls
// every score itself, so no score is left for muggins.
func tableRules(r referee.Rules) referee.Rules {
	r.Straight.Reached = referee.ReachedHandEnd
	r.Straight.Muggins = referee.Off
	return r
}

// StraightTable loads the live table of a Straight night by one of its
// links.
func (s *Store) StraightTable(ctx context.Context, link string) (t app.StraightTable, err error) {
	err = s.readTx(ctx, func(q conn) error {
		sh, err := s.loadStraight(ctx, q, link)
		if err != nil {
			return err
		}
		t, err = tableOfSheet(ctx, q, sh)
		return err
	})
	return t, err
}

// tableOfSheet reads the moves of sh's hand on the table and replays them.
func tableOfSheet(ctx context.Context, q conn, sh app.StraightSheet) (app.StraightTable, error) {
	t := app.StraightTable{Sheet: sh, Hand: 1, Leader: -1}
	if h := sh.Current(); h != nil {
		t.Hand = h.Number
	} else if len(sh.Hands) > 0 {
		t.Hand = sh.Hands[len(sh.Hands)-1].Number
	}
	var err error
	if t.Log, err = loadStraightMoves(ctx, q, sh.Game.ID, t.Hand); err != nil {
		return t, err
	}
	t.Version = len(t.Log)
	if t.Leader, err = handLeader(ctx, q, sh, t.Hand, t.Log); err != nil || t.Leader < 0 {
		return t, err
	}
	deal := referee.StraightDeal{Players: len(sh.Game.Players), HandSize: sh.Game.HandSize, Names: sh.Game.Players, Leader: t.Leader}
	var log []referee.StraightAction
	for _, r := range t.Log {
		if !r.Leader {
			log = append(log, r.Action)
		}
	}
	if t.Live, err = referee.ReplayStraight(tableRules(sh.Game.Rules), deal, log); err != nil {
		return t, fmt.Errorf("game %s, hand %d: %w", sh.Game.Slug, t.Hand, err)
	}
	return t, nil
}

func loadStraightMoves(ctx context.Context, q conn, game int64, hand int) ([]app.StraightMoveRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, seat, kind, tile, on_tile, at_end, mark, created_at FROM straight_moves WHERE game_id = ? AND hand = ? ORDER BY seq`, game, hand)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []app.StraightMoveRow
	for rows.Next() {
		var r app.StraightMoveRow
		var kind, tile, on, at string
		if err := rows.Scan(&r.Seq, &r.Action.Seat, &kind, &tile, &on, &r.Action.Move.At, &r.Mark, &at); err != nil {
			return nil, err
		}
		if err := decodeStraightMove(&r, kind, tile, on, at); err != nil {
			return nil, fmt.Errorf("straight move %d of hand %d: %w", r.Seq, hand, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// decodeStraightMove fills in a stored move's kind, tiles and time.
func decodeStraightMove(r *app.StraightMoveRow, kind, tile, on, at string) error {
	var err error
	if r.At, err = parseStamp(at); err != nil {
		return err
	}
	r.Leader = kind == app.LeaderKind
	r.Action.Kind = referee.ActionKind(kind)
	if r.Action.Kind != referee.ActPlay {
		return nil
	}
	if r.Action.Move.Tile, err = referee.ParseTile(tile); err != nil {
		return err
	}
	if r.Action.Move.Lead = on == ""; !r.Action.Move.Lead {
		r.Action.Move.On, err = referee.ParseTile(on)
	}
	return err
}

// handLeader is the seat that leads hand n of sh: the one who laid its
// lead, else the one the table picked, else the one the hands before say
// (who went out, or won a blocked hand), or -1 when that is not known.
func handLeader(ctx context.Context, q conn, sh app.StraightSheet, n int, log []app.StraightMoveRow) (int, error) {
	if lead := storedLeader(log); lead >= 0 || n == 1 {
		return lead, nil
	}
	// The leaders of the hands before, as their tables stored them.
	rows, err := q.QueryContext(ctx, `SELECT hand, seat, kind FROM straight_moves WHERE game_id = ? AND hand < ? AND kind IN ('leader', 'play') ORDER BY hand, seq`, sh.Game.ID, n)
	if err != nil {
		return -1, err
	}
	defer rows.Close()
	stored := map[int][]app.StraightMoveRow{}
	for rows.Next() {
		var hand int
		var r app.StraightMoveRow
		var kind string
		if err := rows.Scan(&hand, &r.Action.Seat, &kind); err != nil {
			return -1, err
		}
		r.Leader = kind == app.LeaderKind
		stored[hand] = append(stored[hand], r)
	}
	if err := rows.Err(); err != nil {
		return -1, err
	}
	leader, players := -1, len(sh.Game.Players)
	for h := 1; h <= n; h++ {
		if lead := storedLeader(stored[h]); lead >= 0 {
			leader = lead
			continue
		}
		if h == 1 || h-2 >= len(sh.Hands) || sh.Hands[h-2].Award == nil {
			leader = -1
			continue
		}
		prev := sh.Hands[h-2]
		leader = sh.Rules().NextLeader(players, leader, prev.Out, prev.Pips)
	}
	if lead := storedLeader(log); lead >= 0 {
		return lead, nil
	}
	return leader, nil
}

// storedLeader is who the moves of a hand say leads it: the seat of its
// first lay (the lead), else of the last leader picked; -1 for neither.
func storedLeader(log []app.StraightMoveRow) int {
	lead := -1
	for _, r := range log {
		switch {
		case r.Leader:
			lead = r.Action.Seat
		case r.Action.Kind == referee.ActPlay:
			return r.Action.Seat
		}
	}
	return lead
}
