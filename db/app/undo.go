package app

import (
	"chickenfoot/referee"
)

// Undoable is the change an undo of round n would take back: its latest
// change that is not an undo and has not been undone. It is found in the
// history, so only on a sheet loaded with it.
func (sh Sheet) Undoable(n int) (Change, bool) { return LastUndoable(sh.History, n) }

// lastUndoable is round n's latest change that is not an undo and has not
// been undone.
func LastUndoable(history []Change, n int) (Change, bool) {
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
