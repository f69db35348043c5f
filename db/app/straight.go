package app

import (
	"slices"
	"time"

	"chickenfoot/referee"
)

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
// each side's total. It is kept on paper's terms: during a hand, the
// points each side makes in play, tapped as the table calls them; at its
// end, who dominoed (or that it was blocked) and the spots left in every
// hand, from which the referee works out the award. Lines are added at
// the end; any line may be corrected or removed. Every change counts up
// the sheet's version: a change based on another version is stale.
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

// Last is the sheet's last line, the one the store's StraightUndo takes back, or nil.
func (s StraightSheet) Last() *StraightMark {
	if len(s.Marks) == 0 {
		return nil
	}
	return &s.Marks[len(s.Marks)-1]
}

// NewStraightSheet works out a sheet at version from its lines under
// g's rules. The first side to win wins: lines after that count for
// nothing.
func NewStraightSheet(g Game, marks []StraightMark, version int) StraightSheet {
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

// StraightFix is a correction of one line of a Straight sheet as a phone
// sends it: the version it showed, the line's place, and the line as it
// should read (who scored and the points of a play; who went out, or
// blocked, and the spots of an end), or that it goes.
type StraightFix struct {
	StraightPlay
	Line   int  // the line's place, from 1
	Remove bool // take the line off the sheet
}

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

// LeaderKind is the kind of a stored move that says who leads a hand,
// picked on the table before its lead.
const LeaderKind = "leader"

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
