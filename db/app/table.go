package app

import (
	"time"

	"chickenfoot/referee"
)

// An Action is one stored entry of a round's action log.
type Action struct {
	Seq    int
	Action referee.Action
	At     time.Time
}

// A Table is one round's live table: the game's sheet, the round's action
// log, and the referee's round rebuilt from that log.
type Table struct {
	Sheet
	Number int
	Log    []Action
	Live   *referee.Round // the round as the referee rebuilt it from Log
	// Stopped is why replaying Log stopped short, when the rules refuse an
	// action stored before they changed; Live is the round before it.
	Stopped *referee.RuleError
	// Recorded says Live shows the start the score sheet records, which
	// is not in Log yet (see referee.Sheet.RecordedStart).
	Recorded bool
}

// Actions lists the referee's actions of the log, in order.
func (t Table) Actions() []referee.Action { return ActionsOf(t.Log) }

// ActionsOf lists the referee's actions of a log, in order.
func ActionsOf(log []Action) []referee.Action {
	out := make([]referee.Action, len(log))
	for i, a := range log {
		out[i] = a.Action
	}
	return out
}

// Tiles is how many tiles the log has laid on the table, not counting a
// start shown from the score sheet's record alone.
func (t Table) Tiles() int {
	if t.Recorded {
		return t.Live.Layout().Len() - 1
	}
	return t.Live.Layout().Len()
}

// A Move is a table action as a phone sends it: the referee's action,
// whose tile, when sent as typed, is read in the game's own set by the store.
type Move struct {
	referee.Action
	// Tile is the tile laid as typed, or "" when Action.Move.Tile is
	// already read.
	Tile string
	// Seen is the length of the log the page showed.
	Seen int
	// Player, when not nil, is the id of the player who acts (see
	// Game.IDs), as the page named them: the store's Act finds their seat at the
	// table from it, and refuses one who left or plays no more.
	Player *int
}
