package app

import (
	"time"

	"chickenfoot/referee"
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
	// RoundIDs is each round's id in the store, by number-1: the store's
	// own, which its writes find a round by; nothing else reads it.
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

// A Basis is what a change to an entry was based on, so that a change
// made on a stale page is refused instead of overwriting a newer one.
type Basis struct {
	// Version is the entry's version the page showed (see Sheet.Version),
	// or, for a close or an undo, the round's (see Sheet.RoundVersion).
	Version int64
	// Open says the page showed the round still open: a round closed
	// since is then a conflict, not a correction.
	Open bool
	// Change is, for an undo, the change the page offered to take back
	// (see Sheet.Undoable), or 0: another one is then a conflict.
	Change int64
	// Form is the one-time id of the form sent, or "": the same form sent
	// again changes nothing and is answered with the sheet as it is.
	Form string
	// After is, for a close, the one-time ids of the entry forms the same
	// page sent before it without hearing back (kept on the phone while it
	// was off line, sent in order): the entries they wrote since Version
	// are what the page showed, not another phone's change.
	After []string
}

// A ScoreForm is a score entry as a phone sends it, read as far as it can
// be without the game: the store's Enter reads it under the game's own rules.
type ScoreForm struct {
	Player      int    // the player's id (see Game.IDs), as the page named them
	Pips        string // the pips left in hand, as typed
	DoubleBlank bool   // the 0-0 is among them
	BlankHalves string // how many blank halves, where the house rule charges for them
	WentOut     bool   // with Tapped, said of an empty hand: none tapped, and out
	OutOnDouble bool
	Tapped      bool     // the hand was tapped tile by tile: Tiles
	Tiles       []string // as typed
	// By is who makes a correction. An entry sent while the round is
	// played without it is kept as made by the player whose phone Device
	// is, where that phone said whose it is.
	By     string
	Device string
	Basis  Basis
}

// An Opening is who set a round's double down and which double it was, as
// a page names them: Setter is the player's id (see Game.IDs), or -1 for
// nobody yet.
type Opening struct {
	Double, Setter int
}

// Opening is round n's opening as a page shows it.
func (sh Sheet) Opening(n int) Opening {
	r := sh.Round(n)
	if r == nil {
		return Opening{Double: -1, Setter: -1}
	}
	o := Opening{Double: r.Double(), Setter: -1}
	if r.Setter >= 0 && r.Setter < len(sh.Game.IDs) {
		o.Setter = sh.Game.IDs[r.Setter]
	}
	return o
}

// Undoable is the change an undo of round n would take back: its latest
// change that is not an undo and has not been undone. It is found in the
// history, so only on a sheet loaded with it.
func (sh Sheet) Undoable(n int) (Change, bool) { return lastUndoable(sh.History, n) }

// lastUndoable is round n's latest change that is not an undo and has not
// been undone.
func lastUndoable(history []Change, n int) (Change, bool) {
	reverted := map[int64]bool{}
	for _, c := range history {
		if c.Kind == referee.KindUndo {
			reverted[c.Undoes] = true
		}
	}
	for i := len(history) - 1; i >= 0; i-- {
		if c := history[i]; c.Round == n && c.Kind != referee.KindUndo && !reverted[c.ID] {
			return c, true
		}
	}
	return Change{}, false
}
