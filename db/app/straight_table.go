package app

import (
	"chickenfoot/referee"
	"slices"
	"time"
)

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
