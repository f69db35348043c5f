package app

import (
	"chickenfoot/referee"
	"time"
)

// DeviceKept is how long a browser keeps its id (the most browsers allow a
// cookie): a visit not seen again for longer is one no browser can list.
const DeviceKept = 400 * 24 * time.Hour

// A Visit is what the store knows of one browser at one game night.
type Visit struct {
	Known bool // the night is on the browser's home page
	Seat  int  // who the browser says it is, or -1
}

// A Summary is one line of a list of game nights.
type Summary struct {
	Slug      string // the link the night is listed by
	ViewOnly  bool   // the link is the view-only one
	Name      string
	PlayedOn  string
	Players   []string
	Rounds    int // rounds closed, or a Straight night's hands ended
	Game      referee.Game
	Finished  bool
	CreatedAt time.Time
}
