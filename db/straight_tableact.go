package db

import (
	"context"
	"slices"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// StraightAct makes a move on a Straight night's live table once the
// referee accepts it on the hand as stored, and writes what it changes
// on the sheet in the same transaction: a lay that scores adds the play
// line of its side, and taking it back takes the line back. A page that
// showed another hand or another count of moves is refused as stale.
func (s *Store) StraightAct(ctx context.Context, link string, m app.StraightTableMove) (app.StraightTable, error) {
	var out app.StraightTable
	var sheetChanged bool
	err := s.inTx(ctx, func(tx conn) error {
		var err error
		out, sheetChanged, err = s.straightAct(ctx, tx, link, m)
		return err
	})
	if err != nil {
		return app.StraightTable{}, err
	}
	s.publish(app.News{Kind: app.NewsStraightTable, Game: out.Sheet.Game.ID, Round: out.Hand, Seat: -1, Player: -1, Whole: sheetChanged})
	return out, nil
}

// straightAct is the write of a table move in tx.
func (s *Store) straightAct(ctx context.Context, tx conn, link string, m app.StraightTableMove) (app.StraightTable, bool, error) {
	g, err := s.loadGame(ctx, tx, link)
	switch {
	case err != nil:
		return app.StraightTable{}, false, err
	case g.ViewOnly:
		return app.StraightTable{}, false, app.ViewOnly()
	case m.Seen < 0:
		return app.StraightTable{}, false, app.Invalid("seq", "version-missing", nil)
	}
	sh, err := s.straightOf(ctx, tx, g)
	if err != nil {
		return app.StraightTable{}, false, err
	}
	t, err := tableOfSheet(ctx, tx, sh)
	switch {
	case err != nil:
		return t, false, err
	case sh.Winner >= 0:
		return t, false, app.Conflict("allfives.over", nil)
	case m.Hand != t.Hand:
		return t, false, app.Conflict("straight-table.other-hand", referee.Params{"N": t.Hand})
	}
	if err := referee.CheckSeen(t.Version, m.Seen); err != nil {
		return t, false, err
	}
	seat := slices.Index(g.IDs, m.Player)
	if seat < 0 {
		return t, false, app.NotFound("player")
	}
	if m.Kind == app.LeaderKind {
		return s.pickLeader(ctx, tx, t, seat)
	}
	a, err := straightAction(t, seat, m)
	if err != nil {
		return t, false, err
	}
	if t.Version >= referee.MaxActions && a.Kind != referee.ActTakeBack {
		return t, false, &referee.RuleError{Code: referee.CodeBadAction, Key: "too-many-actions", Params: referee.Params{"N": referee.MaxActions}}
	}
	if err := t.Live.Act(a); err != nil {
		return t, false, err
	}
	row := app.StraightMoveRow{Seq: t.Version + 1, Action: a, At: s.Now()}
	changed, err := s.straightLine(ctx, tx, &t, &row)
	if err != nil {
		return t, false, err
	}
	if err := insertStraightMove(ctx, tx, g.ID, t.Hand, row); err != nil {
		return t, false, err
	}
	t.Log, t.Version = append(t.Log, row), t.Version+1
	return t, changed, nil
}

// pickLeader stores who leads the hand, before anything is laid.
func (s *Store) pickLeader(ctx context.Context, tx conn, t app.StraightTable, seat int) (app.StraightTable, bool, error) {
	if t.Started() {
		return t, false, app.Conflict("straight-table.leader-late", nil)
	}
	row := app.StraightMoveRow{Seq: t.Version + 1, Leader: true, Action: referee.StraightAction{Seat: seat}, At: s.Now()}
	if err := insertStraightMove(ctx, tx, t.Sheet.Game.ID, t.Hand, row); err != nil {
		return t, false, err
	}
	out, err := tableOfSheet(ctx, tx, t.Sheet)
	return out, false, err
}

// straightAction reads m as the referee's action of seat on the table: a tile
// sent without a place goes at the only place it fits, or is refused with
// the rule that keeps it off the table where it fits nowhere.
func straightAction(t app.StraightTable, seat int, m app.StraightTableMove) (referee.StraightAction, error) {
	a := referee.StraightAction{Seat: seat, Kind: referee.ActionKind(m.Kind)}
	switch a.Kind {
	case referee.ActDraw, referee.ActPass, referee.ActTakeBack:
		if t.Live == nil {
			return a, app.Conflict("straight-table.no-leader", nil)
		}
		return a, nil
	case referee.ActPlay:
	default:
		return a, app.Invalid("kind", "kind", nil)
	}
	if t.Live == nil {
		return a, app.Conflict("straight-table.no-leader", nil)
	}
	line := t.Live.Line()
	tile, err := t.Sheet.Game.Rules.Set.Parse(m.Tile)
	if err != nil {
		return a, err
	}
	a.Move = referee.StraightMove{Tile: tile, Lead: line.Len() == 0}
	if a.Move.Lead || line.Placed(tile) {
		return a, nil // the lead; or a tile laid already, which the referee refuses as such
	}
	if m.On != "" {
		a.Move, err = line.Resolve(m.Tile, m.On, m.At)
		if err != nil {
			return a, err
		}
		return a, nil
	}
	places := line.LegalMoves([]referee.Tile{tile})
	switch len(places) {
	case 0:
		return a, unfit(line, tile)
	case 1:
		a.Move = places[0]
		return a, nil
	}
	return a, app.Invalid("place", "straight-table.where-pick", referee.Params{"Tile": tile.String(), "N": len(places)})
}

// unfit is why tile, off the table, can't be laid anywhere on line: at
// an end of the spinner it would fit once both sides are covered, else
// at the first open end, which it does not match.
func unfit(line *referee.StraightLine, tile referee.Tile) error {
	var first error
	for _, p := range line.Places() {
		for _, e := range p.Ends {
			if e.Taken {
				continue
			}
			err := line.Check(referee.StraightMove{Tile: tile, On: p.Tile, At: e.At})
			if re, ok := err.(*referee.RuleError); ok && re.Code == referee.CodeSpinnerSides && tile.Has(e.Pips) {
				return err
			}
			if first == nil && e.Open {
				first = err
			}
		}
	}
	if first == nil {
		first = line.Check(referee.StraightMove{Tile: tile, On: line.Places()[0].Tile})
	}
	return first
}

// straightLine writes what the move in row, accepted on t.Live, changes
// on the sheet: a lay that scored adds its side's play line, a take-back
// takes that line back while it is the sheet's last. It reports whether
// the sheet changed, and keeps t.Sheet as it is after.
func (s *Store) straightLine(ctx context.Context, tx conn, t *app.StraightTable, row *app.StraightMoveRow) (bool, error) {
	sh, h := t.Sheet, t.Live
	switch row.Action.Kind {
	case referee.ActPlay:
		if h.Scored() == 0 {
			return false, nil
		}
		m, err := readLine(sh, app.StraightPlay{Seen: sh.Version, Player: sh.Game.IDs[row.Action.Seat], Points: h.Line().Ends()}, len(sh.Marks)+1, t.Hand)
		if err != nil {
			return false, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO straight_marks (game_id, seq, hand, kind, side, points, pips) VALUES (?, ?, ?, 'play', ?, ?, '')`,
			sh.Game.ID, m.Seq, m.Hand, m.Side, m.Points); err != nil {
			return false, err
		}
		row.Mark = m.Seq
		t.Sheet = app.NewStraightSheet(sh.Game, append(slices.Clip(sh.Marks), m), sh.Version+1)
	case referee.ActTakeBack:
		laid := t.Log[len(t.Log)-1] // the lay taken back: nothing else may come between
		if laid.Mark == 0 || !wroteRow(sh, laid, t.Hand) {
			return false, nil // it scored nothing, or its line was undone on the sheet
		}
		if last := len(sh.Marks); laid.Mark != last {
			return false, app.Conflict("straight-table.line-after", referee.Params{"N": last - laid.Mark})
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM straight_marks WHERE game_id = ? AND seq = ?`, sh.Game.ID, laid.Mark); err != nil {
			return false, err
		}
		t.Sheet = app.NewStraightSheet(sh.Game, sh.Marks[:len(sh.Marks)-1], sh.Version+1)
	default:
		return false, nil
	}
	return true, s.finishStraight(ctx, tx, t.Sheet)
}

// wroteRow reports whether the sheet still holds the play line the lay in
// r wrote on hand n: its line, of its side, in that hand.
func wroteRow(sh app.StraightSheet, r app.StraightMoveRow, n int) bool {
	if r.Mark < 1 || r.Mark > len(sh.Marks) {
		return false
	}
	m := sh.Marks[r.Mark-1]
	players := len(sh.Game.Players)
	return !m.End && m.Hand == n && m.Side == referee.SideOf(r.Action.Seat, players, sh.Rules().Partnered(players))
}

func insertStraightMove(ctx context.Context, tx conn, game int64, hand int, r app.StraightMoveRow) error {
	kind, tile, on := string(r.Action.Kind), "", ""
	if r.Leader {
		kind = app.LeaderKind
	}
	if r.Action.Kind == referee.ActPlay {
		tile = r.Action.Move.Tile.String()
		if !r.Action.Move.Lead {
			on = r.Action.Move.On.String()
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO straight_moves (game_id, hand, seq, seat, kind, tile, on_tile, at_end, mark, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		game, hand, r.Seq, r.Action.Seat, kind, tile, on, r.Action.Move.At, r.Mark, stamp(r.At))
	return err
}
