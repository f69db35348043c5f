package app

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
