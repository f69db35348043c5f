package app

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
