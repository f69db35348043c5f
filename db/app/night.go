package app

import (
	"slices"
	"time"

	"chickenfoot/referee"
)

// A Game is one game night: its players in seat order and the house rules
// it was created under, frozen.
type Game struct {
	ID int64
	// Slug is the unguessable part of the address the game was opened by:
	// its edit link, or its view-only link when ViewOnly. A game opened by
	// its view-only link never shows the edit link.
	Slug       string
	ViewSlug   string // the view-only link's part
	ViewOnly   bool   // opened by the view-only link: nothing may change
	GroupID    int64  // the table of friends it was played by, or 0
	Name       string
	PlayedOn   string // YYYY-MM-DD
	Rules      referee.Rules
	HandSize   int
	Players    []string       // by seat
	IDs        []int          // by seat, each player's id: it never changes and no other player of the night gets it
	Seats      []referee.Stay // by seat, the rounds each plays; nil when all play every round
	CreatedAt  time.Time
	FinishedAt time.Time // zero while the game is on
}

// Staying lists the players who did not leave, in seat order: the table
// to play again.
func (g Game) Staying() []string {
	var out []string
	for seat, name := range g.Players {
		if seat >= len(g.Seats) || g.Seats[seat].Until == 0 {
			out = append(out, name)
		}
	}
	return out
}

// Finished reports whether the last round is in.
func (g Game) Finished() bool { return !g.FinishedAt.IsZero() }

// NewGame is what the setup form gives the store's CreateGame.
type NewGame struct {
	Name     string
	PlayedOn string
	Rules    referee.Rules
	HandSize int
	Players  []string
	// Form is the setup form's one-time id, or "": the same form sent
	// again gives back the game it made instead of a second one.
	Form string
	// Device is the browser that starts the night, or "": the night is
	// listed on its home page.
	Device string
	// Group is the link of the table of friends playing it, or "": its
	// players are then the group's people of those names.
	Group string
}

// SeatOf is the seat of the player whose id is id, or -1.
func (g Game) SeatOf(id int) int { return slices.Index(g.IDs, id) }

// A Group is a table of friends: the people who play together, their
// nights and their records, behind one unguessable link.
type Group struct {
	ID        int64
	Slug      string
	Name      string
	CreatedAt time.Time
}

// A Person is one of a group's people, with their running record.
type Person struct {
	ID     int64
	Name   string
	Nights int // nights played, finished or not
	Record
}

// A Record is a person's results over the group's nights.
type Record struct {
	Finished int // finished nights played
	Won      int // finished nights won
	Rounds   int // closed rounds played
	Points   int // scored over those rounds
	Outs     int // rounds gone out
	Zeros    int // rounds scored at 0
	Caught   int // rounds caught holding the 0-0
}

// A NightLine is one night in a group's history.
type NightLine struct {
	ID       int64
	Link     string // the night's view-only link
	Name     string
	PlayedOn string
	Finished bool
	Players  []string
	Winners  []string // the winners of a finished night
	Best     int      // the winning (lowest) total so far
}

// A NightFilter picks the nights of a group's history: all, or one
// person's, between two dates (inclusive, either may be ""), from where
// the last page stopped (the date and id of its last night).
type NightFilter struct {
	Person   int64
	From, To string
	AfterOn  string
	AfterID  int64
	Limit    int
}

// A PersonPage is one person's record in a group: their sums, best and
// worst finished nights, and head to head against each other person.
type PersonPage struct {
	Person
	Best, Worst *NightLine // lowest and highest finished totals, or nil
	Against     []HeadToHead
	Recent      []NightPoint // the latest finished nights, oldest first
	People      []Person     // everyone of the group, as read with the record
}

// A NightPoint is a person's total in one finished night, beside the
// night's winning total.
type NightPoint struct {
	PlayedOn       string
	Total, Winning int
}

// HeadToHead is how a person fared against another over the finished
// nights they both played.
type HeadToHead struct {
	Other         Person
	Nights        int
	Ahead, Behind int
}

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
