package app

import (
	"chickenfoot/referee"
	"time"
)

// A Change is one line of a round's history of entries.
type Change struct {
	ID     int64
	Round  int // round number
	Seat   int
	Kind   referee.EntryKind
	Old    *referee.Entry // nil when there was none
	New    *referee.Entry // nil when the entry was removed
	By     string
	At     time.Time
	Undoes int64 // for an undo, the change it reverted
}

// A Sheet is a whole game night as the score sheet shows it: the game,
// the referee's score sheet (rounds and entries), and where asked, every
// change to the entries.
type Sheet struct {
	Game Game
	referee.Sheet
	History []Change
	// RoundIDs is each round's id in the store, by number-1.
	RoundIDs []int64
	// Versions is each entry's version, by round number-1 and seat; 0
	// for no entry. Read it through Version and RoundVersion.
	Versions [][]int64
}

// Version is the version of seat's entry in round n: the id of the change
// that wrote it, or 0 when there is none. A change based on another
// version is stale.
func (sh Sheet) Version(n, seat int) int64 {
	if n < 1 || n > len(sh.Versions) || seat < 0 || seat >= len(sh.Versions[n-1]) {
		return 0
	}
	return sh.Versions[n-1][seat]
}

// RoundVersion is the version of round n's entries as a whole: the newest
// of their versions, so any change to any of them changes it.
func (sh Sheet) RoundVersion(n int) int64 {
	var v int64
	if n >= 1 && n <= len(sh.Versions) {
		for _, e := range sh.Versions[n-1] {
			v = max(v, e)
		}
	}
	return v
}
