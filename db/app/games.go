package app

import (
	"chickenfoot/referee"
	"slices"
	"time"
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

// NewGame is what the setup form gives to CreateGame.
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
