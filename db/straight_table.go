package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

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

// LeaderKind is the kind of a stored move that says who leads a hand,
// picked on the table before its lead.
const LeaderKind = "leader"

// StraightMoveRow is one stored move of a hand.
type StraightMoveRow struct {
	Seq    int
	Leader bool // a leader picked: Action.Seat leads the hand
	Action referee.StraightAction
	Mark   int // the sheet's line a scoring lay wrote, or 0
	At     time.Time
}

// StraightTable is the live table of a Straight night's hand.
type StraightTable struct {
	Sheet StraightSheet
	// Hand is the hand on the table: the sheet's current hand, or its
	// last once the night is won.
	Hand   int
	Leader int // the seat that leads the hand, or -1 until the table says
	Log    []StraightMoveRow
	// Live is the hand the referee replayed from Log; nil while nobody
	// is known to lead.
	Live *referee.StraightHand
	// Version is how many moves of the hand are stored: what a change
	// must have seen.
	Version int
}

// Playing reports whether the table takes moves: the night not won, the
// leader known and the hand not over.
func (t StraightTable) Playing() bool {
	return t.Sheet.Winner < 0 && t.Live != nil && !t.Live.Over()
}

// Started reports whether a move other than picking the leader has been
// made on the hand.
func (t StraightTable) Started() bool {
	return slices.ContainsFunc(t.Log, func(r StraightMoveRow) bool { return !r.Leader })
}

// TableRules are the rules the live table replays a hand under: the
// night's, except that reaching the target is the sheet's to say (it
// also counts the lines tapped on its keypad), and that the table calls
// every score itself, so no score is left for muggins.
func TableRules(r referee.Rules) referee.Rules {
	r.Straight.Reached = referee.ReachedHandEnd
	r.Straight.Muggins = referee.Off
	return r
}

// StraightTable loads the live table of a Straight night by one of its
// links.
func (s *Store) StraightTable(ctx context.Context, link string) (StraightTable, error) {
	q := s.reader()
	sh, err := s.loadStraight(ctx, q, link)
	if err != nil {
		return StraightTable{}, err
	}
	return tableOfSheet(ctx, q, sh)
}

// tableOfSheet reads the moves of sh's hand on the table and replays them.
func tableOfSheet(ctx context.Context, q conn, sh StraightSheet) (StraightTable, error) {
	t := StraightTable{Sheet: sh, Hand: 1, Leader: -1}
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
	if t.Live, err = referee.ReplayStraight(TableRules(sh.Game.Rules), deal, log); err != nil {
		return t, fmt.Errorf("game %s, hand %d: %w", sh.Game.Slug, t.Hand, err)
	}
	return t, nil
}

func loadStraightMoves(ctx context.Context, q conn, game int64, hand int) ([]StraightMoveRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, seat, kind, tile, on_tile, at_end, mark, created_at FROM straight_moves WHERE game_id = ? AND hand = ? ORDER BY seq`, game, hand)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StraightMoveRow
	for rows.Next() {
		var r StraightMoveRow
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
func decodeStraightMove(r *StraightMoveRow, kind, tile, on, at string) error {
	var err error
	if r.At, err = parseStamp(at); err != nil {
		return err
	}
	r.Leader = kind == LeaderKind
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
func handLeader(ctx context.Context, q conn, sh StraightSheet, n int, log []StraightMoveRow) (int, error) {
	if lead := storedLeader(log); lead >= 0 || n == 1 {
		return lead, nil
	}
	// The leaders of the hands before, as their tables stored them.
	rows, err := q.QueryContext(ctx, `SELECT hand, seat, kind FROM straight_moves WHERE game_id = ? AND hand < ? AND kind IN ('leader', 'play') ORDER BY hand, seq`, sh.Game.ID, n)
	if err != nil {
		return -1, err
	}
	defer rows.Close()
	stored := map[int][]StraightMoveRow{}
	for rows.Next() {
		var hand int
		var r StraightMoveRow
		var kind string
		if err := rows.Scan(&hand, &r.Action.Seat, &kind); err != nil {
			return -1, err
		}
		r.Leader = kind == LeaderKind
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
func storedLeader(log []StraightMoveRow) int {
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

// StraightTableMove is a move on the live table as a phone sends it.
type StraightTableMove struct {
	Hand   int    // the hand the page showed
	Seen   int    // how many of its moves the page showed; -1: the form did not say
	Player int    // the id of the player who acts, or who is picked to lead
	Kind   string // LeaderKind, or the referee's play, draw, pass or take-back
	Tile   string // play: the tile as typed
	// On is the tile it is laid on: "" for the lead, or to lay it at the
	// only place it fits; At the end of On (0: the first it fits).
	On string
	At int
}

// StraightAct makes a move on a Straight night's live table once the
// referee accepts it on the hand as stored, and writes what it changes
// on the sheet in the same transaction: a lay that scores adds the play
// line of its side, and taking it back takes the line back. A page that
// showed another hand or another count of moves is refused as stale.
func (s *Store) StraightAct(ctx context.Context, link string, m StraightTableMove) (StraightTable, error) {
	var out StraightTable
	var sheetChanged bool
	err := s.inTx(ctx, func(tx conn) error {
		var err error
		out, sheetChanged, err = s.straightAct(ctx, tx, link, m)
		return err
	})
	if err != nil {
		return StraightTable{}, err
	}
	s.publish(News{Kind: NewsStraightTable, Game: out.Sheet.Game.ID, Round: out.Hand, Seat: -1, Player: -1, Whole: sheetChanged})
	return out, nil
}

// straightAct is the write of a table move in tx.
func (s *Store) straightAct(ctx context.Context, tx conn, link string, m StraightTableMove) (StraightTable, bool, error) {
	g, err := s.loadGame(ctx, tx, link)
	switch {
	case err != nil:
		return StraightTable{}, false, err
	case g.ViewOnly:
		return StraightTable{}, false, app.ViewOnly()
	case m.Seen < 0:
		return StraightTable{}, false, app.Invalid("seq", "version-missing", nil)
	}
	sh, err := s.straightOf(ctx, tx, g)
	if err != nil {
		return StraightTable{}, false, err
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
	if m.Kind == LeaderKind {
		return s.pickLeader(ctx, tx, t, seat)
	}
	a, err := t.action(seat, m)
	if err != nil {
		return t, false, err
	}
	if t.Version >= referee.MaxActions && a.Kind != referee.ActTakeBack {
		return t, false, &referee.RuleError{Code: referee.CodeBadAction, Key: "too-many-actions", Params: referee.Params{"N": referee.MaxActions}}
	}
	if err := t.Live.Act(a); err != nil {
		return t, false, err
	}
	row := StraightMoveRow{Seq: t.Version + 1, Action: a, At: s.Now()}
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
func (s *Store) pickLeader(ctx context.Context, tx conn, t StraightTable, seat int) (StraightTable, bool, error) {
	if t.Started() {
		return t, false, app.Conflict("straight-table.leader-late", nil)
	}
	row := StraightMoveRow{Seq: t.Version + 1, Leader: true, Action: referee.StraightAction{Seat: seat}, At: s.Now()}
	if err := insertStraightMove(ctx, tx, t.Sheet.Game.ID, t.Hand, row); err != nil {
		return t, false, err
	}
	out, err := tableOfSheet(ctx, tx, t.Sheet)
	return out, false, err
}

// action reads m as the referee's action of seat on the table: a tile
// sent without a place goes at the only place it fits, or is refused with
// the rule that keeps it off the table where it fits nowhere.
func (t StraightTable) action(seat int, m StraightTableMove) (referee.StraightAction, error) {
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
func (s *Store) straightLine(ctx context.Context, tx conn, t *StraightTable, row *StraightMoveRow) (bool, error) {
	sh, h := t.Sheet, t.Live
	switch row.Action.Kind {
	case referee.ActPlay:
		if h.Scored() == 0 {
			return false, nil
		}
		m, err := sh.line(StraightPlay{Seen: sh.Version, Player: sh.Game.IDs[row.Action.Seat], Points: h.Line().Ends()})
		if err != nil {
			return false, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO straight_marks (game_id, seq, hand, kind, side, points, pips) VALUES (?, ?, ?, 'play', ?, ?, '')`,
			sh.Game.ID, m.Seq, m.Hand, m.Side, m.Points); err != nil {
			return false, err
		}
		row.Mark = m.Seq
		t.Sheet = newStraightSheet(sh.Game, append(slices.Clip(sh.Marks), m))
	case referee.ActTakeBack:
		laid := t.Log[len(t.Log)-1] // the lay taken back: nothing else may come between
		if laid.Mark == 0 || !sh.wrote(laid, t.Hand) {
			return false, nil // it scored nothing, or its line was undone on the sheet
		}
		if laid.Mark != sh.Version {
			return false, app.Conflict("straight-table.line-after", referee.Params{"N": sh.Version - laid.Mark})
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM straight_marks WHERE game_id = ? AND seq = ?`, sh.Game.ID, laid.Mark); err != nil {
			return false, err
		}
		t.Sheet = newStraightSheet(sh.Game, sh.Marks[:len(sh.Marks)-1])
	default:
		return false, nil
	}
	return true, s.finishStraight(ctx, tx, t.Sheet)
}

// wrote reports whether the sheet still holds the play line the lay in
// r wrote on hand n: its line, of its side, in that hand.
func (sh StraightSheet) wrote(r StraightMoveRow, n int) bool {
	if r.Mark < 1 || r.Mark > len(sh.Marks) {
		return false
	}
	m := sh.Marks[r.Mark-1]
	players := len(sh.Game.Players)
	return !m.End && m.Hand == n && m.Side == referee.SideOf(r.Action.Seat, players, sh.Rules().Partnered(players))
}

func insertStraightMove(ctx context.Context, tx conn, game int64, hand int, r StraightMoveRow) error {
	kind, tile, on := string(r.Action.Kind), "", ""
	if r.Leader {
		kind = LeaderKind
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

// A NightMove is one move on a Straight night's live table, in an
// archive: the hand, the seat, what it did and when, in the order made.
type NightMove struct {
	Hand int    `json:"hand"`
	Seat int    `json:"seat"`
	Kind string `json:"kind"` // "leader", "play", "draw", "pass" or "take-back"
	Tile string `json:"tile,omitempty"`
	On   string `json:"on,omitempty"` // play: the tile it was laid on; none for the lead
	At   int    `json:"at,omitempty"` // play: the end of On
	// Mark is the sheet's line (from 1, in the night's "straight" lines)
	// the lay's score wrote, or 0.
	Mark int    `json:"mark,omitempty"`
	Time string `json:"time"`
}

// exportMoves adds the moves of a Straight night's live table to n.
func exportMoves(ctx context.Context, q conn, game int64, n *Night) error {
	return eachRow(ctx, q, `SELECT hand, seat, kind, tile, on_tile, at_end, mark, created_at FROM straight_moves WHERE game_id = ? ORDER BY hand, seq`, []any{game},
		func(r *sql.Rows) error {
			var m NightMove
			err := r.Scan(&m.Hand, &m.Seat, &m.Kind, &m.Tile, &m.On, &m.At, &m.Mark, &m.Time)
			n.StraightMoves = append(n.StraightMoves, m)
			return err
		})
}

// insertMoves writes the moves of an imported Straight night's live
// table, each hand checked by replaying it as the table would: a move
// the referee refuses, or a score written on a line that is not its
// side's play in that hand, refuses the whole night.
func insertMoves(ctx context.Context, tx conn, game int64, n Night) error {
	if len(n.StraightMoves) == 0 {
		return nil
	}
	var rules referee.Rules
	if err := json.Unmarshal(n.Rules, &rules); err != nil || rules.Game != referee.Straight {
		return fmt.Errorf("it has Straight moves but is no Straight night")
	}
	sh := newStraightSheet(Game{Players: n.Players, Rules: rules}, marksOf(n))
	hands := map[int][]StraightMoveRow{}
	var order []int
	for i, m := range n.StraightMoves {
		r, err := moveRow(m, len(hands[m.Hand])+1, len(n.Players))
		if err == nil && r.Mark > 0 && !sh.wrote(r, m.Hand) {
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
func marksOf(n Night) []StraightMark {
	out := make([]StraightMark, len(n.Straight))
	for i, m := range n.Straight {
		out[i] = StraightMark{Seq: i + 1, Hand: m.Hand, End: m.End, Side: m.Side, Pips: m.Pips, Points: m.Points}
	}
	return out
}

// moveRow reads an archive's move as the seq-th stored move of its hand.
func moveRow(m NightMove, seq, players int) (StraightMoveRow, error) {
	r := StraightMoveRow{Seq: seq, Mark: m.Mark, Action: referee.StraightAction{Seat: m.Seat, Move: referee.StraightMove{At: m.At}}}
	switch {
	case m.Hand < 1 || m.Seat < 0 || m.Seat >= players || m.At < 0 || m.At > 4 || m.Mark < 0:
		return r, fmt.Errorf("%+v", m)
	case m.Kind == LeaderKind, m.Kind == string(referee.ActDraw), m.Kind == string(referee.ActPass), m.Kind == string(referee.ActTakeBack):
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
func replayImported(rules referee.Rules, n Night, hand int, rows []StraightMoveRow) error {
	var log []referee.StraightAction
	for _, r := range rows {
		if !r.Leader {
			log = append(log, r.Action)
		}
	}
	deal := referee.StraightDeal{Players: len(n.Players), HandSize: n.HandSize, Names: n.Players, Leader: max(storedLeader(rows), 0)}
	if _, err := referee.ReplayStraight(TableRules(rules), deal, log); err != nil {
		return fmt.Errorf("its Straight hand %d can't be replayed: %w", hand, err)
	}
	return nil
}
