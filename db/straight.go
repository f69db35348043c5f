package db

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// A Straight night kept on paper's terms: during a hand, the points each
// side makes in play, tapped as the table calls them; at its end, who
// dominoed (or that it was blocked) and the spots left in every hand,
// from which the referee works out the award. Lines are added at the
// end; any line may be corrected or removed. Every change counts up the
// sheet's version: a change based on another version is stale.

// StraightMark is one line of a Straight sheet.
type StraightMark struct {
	Seq  int   // its place, from 1
	Hand int   // the hand it belongs to, from 1: one more than the ends before it
	End  bool  // the end of the hand; else points made in play
	Side int   // play: the side that scored; end: the seat that went out, or -1 when blocked
	Pips []int // end: each seat's spots left in hand
	// Points are what the table called in play, a multiple of five.
	Points int
}

// StraightHand is one hand of the sheet, worked out from its lines.
type StraightHand struct {
	Number int
	Play   []int          // each side's points made in play, in the rules' count
	Award  *referee.Award // the end's award; nil while the hand is on
	Out    int            // the seat that went out, or -1 (blocked, or on)
	Pips   []int          // each seat's spots left in hand, once it ended
}

// StraightSheet is a Straight night's sheet: its lines, its hands and
// each side's total.
type StraightSheet struct {
	Game    Game
	Marks   []StraightMark
	Hands   []StraightHand // the last is the hand being played unless the night is won
	Sides   [][]int        // the seats of each side
	Totals  []int          // each side's total, in the rules' count
	Winner  int            // the side that won, or -1
	Version int            // the number of changes made to it
	// Counted is how many lines count, from the first: lines after the
	// one that won (a correction can bring the win forward) stay on the
	// sheet but count for nothing.
	Counted int
	// Before is the side that had won before the change this sheet
	// answers, or -1; Corrected says that change was a correction.
	Before    int
	Corrected bool
}

// Rules are the night's Straight house rules.
func (s StraightSheet) Rules() referee.StraightRules { return s.Game.Rules.Straight }

// Current is the hand being played, or nil once the night is won.
func (s StraightSheet) Current() *StraightHand {
	if s.Winner >= 0 || len(s.Hands) == 0 {
		return nil
	}
	return &s.Hands[len(s.Hands)-1]
}

// Last is the sheet's last line, the one Undo takes back, or nil.
func (s StraightSheet) Last() *StraightMark {
	if len(s.Marks) == 0 {
		return nil
	}
	return &s.Marks[len(s.Marks)-1]
}

// newStraightSheet works out a sheet at version from its lines under
// g's rules. The first side to win wins: lines after that count for
// nothing.
func newStraightSheet(g Game, marks []StraightMark, version int) StraightSheet {
	r := g.Rules.Straight
	n := len(g.Players)
	sh := StraightSheet{Game: g, Marks: marks, Sides: referee.Sides(n, r.Partnered(n)), Winner: -1, Version: version, Counted: len(marks), Before: -1}
	sh.Totals = make([]int, len(sh.Sides))
	hand := StraightHand{Number: 1, Play: make([]int, len(sh.Sides)), Out: -1}
	for i, m := range marks {
		if sh.Winner >= 0 {
			sh.Counted = i
			break
		}
		if !m.End {
			pts := r.Counted(m.Points)
			hand.Play[m.Side] += pts
			sh.Totals[m.Side] += pts
			if w, won := r.Winner(sh.Totals, false); won {
				sh.Winner = w
			}
			continue
		}
		a := m.Award(r)
		hand.Award, hand.Out, hand.Pips = &a, m.Side, m.Pips
		for i, p := range a.Points {
			sh.Totals[i] += p
		}
		if w, won := r.Winner(sh.Totals, true); won {
			sh.Winner = w
		}
		sh.Hands = append(sh.Hands, hand)
		hand = StraightHand{Number: hand.Number + 1, Play: make([]int, len(sh.Sides)), Out: -1}
	}
	if sh.Winner < 0 {
		sh.Hands = append(sh.Hands, hand)
	} else if hand.Number > len(sh.Hands) && slices.ContainsFunc(hand.Play, func(p int) bool { return p > 0 }) {
		sh.Hands = append(sh.Hands, hand) // won in play, mid-hand
	}
	return sh
}

// Award is the award of an end line under r: dominoed by its seat, or
// blocked.
func (m StraightMark) Award(r referee.StraightRules) referee.Award {
	if m.Side >= 0 {
		return r.WentOut(m.Pips, m.Side)
	}
	return r.Blocked(m.Pips)
}

// StraightSheet loads a Straight night's sheet by one of its links.
func (s *Store) StraightSheet(ctx context.Context, link string) (sh StraightSheet, err error) {
	err = s.readTx(ctx, func(q conn) error {
		sh, err = s.loadStraight(ctx, q, link)
		return err
	})
	return sh, err
}

func (s *Store) loadStraight(ctx context.Context, q conn, link string) (StraightSheet, error) {
	g, err := s.loadGame(ctx, q, link)
	if err != nil {
		return StraightSheet{}, err
	}
	return s.straightOf(ctx, q, g)
}

// straightOf reads the lines of g, a Straight night.
func (s *Store) straightOf(ctx context.Context, q conn, g Game) (StraightSheet, error) {
	if g.Rules.Game != referee.Straight {
		return StraightSheet{}, app.NotFound("straight")
	}
	rows, err := q.QueryContext(ctx, `SELECT seq, hand, kind, side, points, pips FROM straight_marks WHERE game_id = ? ORDER BY seq`, g.ID)
	if err != nil {
		return StraightSheet{}, err
	}
	defer rows.Close()
	var marks []StraightMark
	for rows.Next() {
		var m StraightMark
		var kind, pips string
		if err := rows.Scan(&m.Seq, &m.Hand, &kind, &m.Side, &m.Points, &pips); err != nil {
			return StraightSheet{}, err
		}
		m.End = kind == "end"
		if m.End {
			if err := json.Unmarshal([]byte(pips), &m.Pips); err != nil || len(m.Pips) != len(g.Players) {
				return StraightSheet{}, fmt.Errorf("straight line %d of game %d: pips %q", m.Seq, g.ID, pips)
			}
		}
		marks = append(marks, m)
	}
	if err := rows.Err(); err != nil {
		return StraightSheet{}, err
	}
	var version int
	if err := q.QueryRowContext(ctx, `SELECT straight_version FROM games WHERE id = ?`, g.ID).Scan(&version); err != nil {
		return StraightSheet{}, err
	}
	return newStraightSheet(g, marks, version), nil
}

// StraightPlay is a change to a Straight sheet as a phone sends it: the
// version it showed and the line to add.
type StraightPlay struct {
	Seen   int // the number of lines the page showed; -1: the form did not say
	Player int // the id of the player who scored (play) or went out (end); -1: blocked
	Points int // play: what the table called
	End    bool
	Pips   map[int]int // end: each player's spots left in hand, by id
	// Tiles are the tiles tapped for a hand, by player id, where its spots
	// were tapped tile by tile rather than typed: their pips are its spots.
	Tiles map[int][]referee.Tile
}

// maxPlayPoints is the most the ends of a double-6 line can count: four
// arms ending in 6-6 crosswise.
const maxPlayPoints = 60

// maxHandPips is the most spots one hand of seven double-6 tiles holds.
const maxHandPips = 6*2 + 11*2 + 10*2 + 9*2 + 8*2 + 7*2 + 6*2

// StraightScore adds a line to a Straight sheet: points made in play, or
// the end of the hand. A page that showed another version is refused
// as a conflict; nothing is added once the night is won.
func (s *Store) StraightScore(ctx context.Context, link string, p StraightPlay) (StraightSheet, error) {
	var out StraightSheet
	err := s.inTx(ctx, func(tx conn) error {
		sh, err := s.straightForWrite(ctx, tx, link, p.Seen)
		if err != nil {
			return err
		}
		if sh.Winner >= 0 {
			return app.Conflict("allfives.over", nil)
		}
		m, err := straightLine(sh, p, len(sh.Marks)+1, sh.Current().Number)
		if err != nil {
			return err
		}
		if err := insertMark(ctx, tx, sh.Game.ID, m); err != nil {
			return err
		}
		out = newStraightSheet(sh.Game, append(sh.Marks, m), sh.Version+1)
		return s.finishStraight(ctx, tx, out)
	})
	if err != nil {
		return StraightSheet{}, err
	}
	s.publish(straightNews(out))
	return out, nil
}

// StraightUndo takes back the last line of a Straight sheet, seen
// being the version the page showed (-1: the form did not say).
func (s *Store) StraightUndo(ctx context.Context, link string, seen int) (StraightSheet, error) {
	var out StraightSheet
	err := s.inTx(ctx, func(tx conn) error {
		sh, err := s.straightForWrite(ctx, tx, link, seen)
		if err != nil {
			return err
		}
		if len(sh.Marks) == 0 {
			return app.Conflict("allfives.nothing", nil)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM straight_marks WHERE game_id = ? AND seq = ?`, sh.Game.ID, len(sh.Marks)); err != nil {
			return err
		}
		out = newStraightSheet(sh.Game, sh.Marks[:len(sh.Marks)-1], sh.Version+1)
		return s.finishStraight(ctx, tx, out)
	})
	if err != nil {
		return StraightSheet{}, err
	}
	s.publish(straightNews(out))
	return out, nil
}

// straightForWrite loads the sheet in tx for a change based on version
// seen: a view-only link or another version is refused.
func (s *Store) straightForWrite(ctx context.Context, tx conn, link string, seen int) (StraightSheet, error) {
	g, err := s.loadGame(ctx, tx, link)
	switch {
	case err != nil:
		return StraightSheet{}, err
	case g.ViewOnly:
		return StraightSheet{}, app.ViewOnly()
	case seen < 0:
		return StraightSheet{}, app.Invalid("version", "version-missing", nil)
	}
	sh, err := s.straightOf(ctx, tx, g)
	if err != nil {
		return sh, err
	}
	if seen != sh.Version {
		return sh, app.Conflict("allfives.changed", referee.Params{"N": sh.Version - seen})
	}
	return sh, nil
}

// finishStraight keeps the sheet's version, and marks the night finished
// when a side has won and open again when a change took the win back.
func (s *Store) finishStraight(ctx context.Context, tx conn, sh StraightSheet) error {
	// The night's line in its group's history names the winners.
	winners, best := "", 0
	if sh.Winner >= 0 {
		var names []string
		for _, seat := range sh.Sides[sh.Winner] {
			names = append(names, sh.Game.Players[seat])
		}
		slices.Sort(names)
		winners, best = strings.Join(names, "\x1f"), sh.Totals[sh.Winner]
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET line_winners = ?, line_best = ?, straight_version = ? WHERE id = ?`, winners, best, sh.Version, sh.Game.ID); err != nil {
		return err
	}
	var err error
	switch {
	case sh.Winner >= 0 && !sh.Game.Finished():
		_, err = tx.ExecContext(ctx, `UPDATE games SET finished_at = ? WHERE id = ?`, stamp(s.Now()), sh.Game.ID)
	case sh.Winner < 0 && sh.Game.Finished():
		_, err = tx.ExecContext(ctx, `UPDATE games SET finished_at = NULL WHERE id = ?`, sh.Game.ID)
	}
	return err
}

// straightLine reads p as the sheet's line at place seq in the given hand, or
// refuses it.
func straightLine(sh StraightSheet, p StraightPlay, seq, hand int) (StraightMark, error) {
	m := StraightMark{Seq: seq, Hand: hand, End: p.End, Side: -1}
	if p.End && p.Player < -1 {
		return m, app.Invalid("player", "allfives.end.who", nil)
	}
	seat := -1
	if p.Player >= 0 || !p.End {
		if seat = slices.Index(sh.Game.IDs, p.Player); seat < 0 {
			return m, app.NotFound("player")
		}
	}
	if !p.End {
		if p.Points < 5 || p.Points > maxPlayPoints || p.Points%5 != 0 {
			return m, app.Invalid("points", "allfives.points", referee.Params{"Max": maxPlayPoints})
		}
		m.Side, m.Points = referee.SideOf(seat, len(sh.Game.Players), sh.Rules().Partnered(len(sh.Game.Players))), p.Points
		return m, nil
	}
	m.Side = seat
	m.Pips = make([]int, len(sh.Game.Players))
	tapped := map[referee.Tile]bool{}
	for i, id := range sh.Game.IDs {
		n, ok := p.Pips[id]
		if len(p.Tiles[id]) > 0 && i != seat {
			sum, err := spotsTapped(sh.Game.Players[i], id, n, ok, p.Tiles[id], tapped)
			if err != nil {
				return m, err
			}
			n, ok = sum, true
		}
		switch {
		case i == seat:
			n, ok = 0, true // who went out holds nothing
		case !ok || n < 0 || n > maxHandPips:
			return m, app.Invalid(fmt.Sprintf("pips-%d", id), "allfives.pips", referee.Params{"Name": sh.Game.Players[i], "Max": maxHandPips})
		}
		m.Pips[i] = n
	}
	return m, nil
}

// insertMark writes line m of game.
func insertMark(ctx context.Context, tx conn, game int64, m StraightMark) error {
	pips := ""
	if m.End {
		b, _ := json.Marshal(m.Pips)
		pips = string(b)
	}
	kind := map[bool]string{false: "play", true: "end"}[m.End]
	_, err := tx.ExecContext(ctx, `INSERT INTO straight_marks (game_id, seq, hand, kind, side, points, pips) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		game, m.Seq, m.Hand, kind, m.Side, m.Points, pips)
	return err
}

// straightNews is the news of a change to a Straight sheet: the sheet,
// and the page's main part when the night was won or opened again.
func straightNews(sh StraightSheet) News {
	return News{Kind: NewsEntry, Game: sh.Game.ID, Round: len(sh.Hands), Seat: -1, Player: -1, Whole: true}
}
