package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// exportMoves adds the moves of a Straight night's live table to n.
func exportMoves(ctx context.Context, q conn, game int64, n *app.Night) error {
	return eachRow(ctx, q, `SELECT hand, seat, kind, tile, on_tile, at_end, mark, created_at FROM straight_moves WHERE game_id = ? ORDER BY hand, seq`, []any{game},
		func(r *sql.Rows) error {
			var m app.NightMove
			err := r.Scan(&m.Hand, &m.Seat, &m.Kind, &m.Tile, &m.On, &m.At, &m.Mark, &m.Time)
			n.StraightMoves = append(n.StraightMoves, m)
			return err
		})
}

// insertMoves writes the moves of an imported Straight night's live
// table, each hand checked by replaying it as the table would: a move
// the referee refuses, or a score written on a line that is not its
// side's play in that hand, refuses the whole night.
func insertMoves(ctx context.Context, tx conn, game int64, n app.Night) error {
	if len(n.StraightMoves) == 0 {
		return nil
	}
	var rules referee.Rules
	if err := json.Unmarshal(n.Rules, &rules); err != nil || rules.Game != referee.Straight {
		return fmt.Errorf("it has Straight moves but is no Straight night")
	}
	sh := app.NewStraightSheet(app.Game{Players: n.Players, Rules: rules}, marksOf(n), 0)
	hands := map[int][]app.StraightMoveRow{}
	var order []int
	for i, m := range n.StraightMoves {
		r, err := moveRow(m, len(hands[m.Hand])+1, len(n.Players))
		if err == nil && r.Mark > 0 && !wroteRow(sh, r, m.Hand) {
			err = fmt.Errorf("its score is not on line %d", r.Mark)
		}
		if err != nil {
			return fmt.Errorf("its Straight move %d can't be read: %w", i+1, err)
		}
		if len(hands[m.Hand]) == 0 {
			order = append(order, m.Hand)
		}
		hands[m.Hand] = append(hands[m.Hand], r)
	}
	for _, hand := range order {
		if err := replayImported(rules, n, hand, hands[hand]); err != nil {
			return err
		}
		for _, r := range hands[hand] {
			if err := insertStraightMove(ctx, tx, game, hand, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// marksOf reads an archive's Straight lines as the sheet's, checked
// already.
func marksOf(n app.Night) []app.StraightMark {
	out := make([]app.StraightMark, len(n.Straight))
	for i, m := range n.Straight {
		out[i] = app.StraightMark{Seq: i + 1, Hand: m.Hand, End: m.End, Side: m.Side, Pips: m.Pips, Points: m.Points}
	}
	return out
}

// moveRow reads an archive's move as the seq-th stored move of its hand.
func moveRow(m app.NightMove, seq, players int) (app.StraightMoveRow, error) {
	r := app.StraightMoveRow{Seq: seq, Mark: m.Mark, Action: referee.StraightAction{Seat: m.Seat, Move: referee.StraightMove{At: m.At}}}
	switch {
	case m.Hand < 1 || m.Seat < 0 || m.Seat >= players || m.At < 0 || m.At > 4 || m.Mark < 0:
		return r, fmt.Errorf("%+v", m)
	case m.Kind == app.LeaderKind, m.Kind == string(referee.ActDraw), m.Kind == string(referee.ActPass), m.Kind == string(referee.ActTakeBack):
		if m.Tile != "" || m.On != "" || m.At != 0 || m.Mark != 0 {
			return r, fmt.Errorf("a %s lays no tile: %+v", m.Kind, m)
		}
	case m.Kind != string(referee.ActPlay):
		return r, fmt.Errorf("no move is called %q", m.Kind)
	}
	return r, decodeStraightMove(&r, m.Kind, m.Tile, m.On, m.Time)
}

// replayImported checks the moves of one hand of an imported night by
// replaying them from the leader they name.
func replayImported(rules referee.Rules, n app.Night, hand int, rows []app.StraightMoveRow) error {
	var log []referee.StraightAction
	for _, r := range rows {
		if !r.Leader {
			log = append(log, r.Action)
		}
	}
	deal := referee.StraightDeal{Players: len(n.Players), HandSize: n.HandSize, Names: n.Players, Leader: max(storedLeader(rows), 0)}
	if _, err := referee.ReplayStraight(tableRules(rules), deal, log); err != nil {
		return fmt.Errorf("its Straight hand %d can't be replayed: %w", hand, err)
	}
	return nil
}
