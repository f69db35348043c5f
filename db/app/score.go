package app

// A ScoreForm is a score entry as a phone sends it, read as far as it can
// be without the game: Enter reads it under the game's own rules.
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
