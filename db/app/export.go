package app

import (
	"chickenfoot/referee"
	"encoding/json"
)

// An Archive is game nights taken out of the store, whole: their rules,
// players, rounds, entries, every change to the entries, and every move
// laid on the table. Its JSON is what `chickenfoot export` writes and
// `chickenfoot import` reads back; read and written again it gives the
// same bytes.
type Archive struct {
	Format  string  `json:"format"`  // always ArchiveFormat
	Version int     `json:"version"` // ArchiveVersion when written
	Nights  []Night `json:"nights"`
}

// The archive's format name and the version this code writes and reads.
const (
	ArchiveFormat  = "chickenfoot-archive"
	ArchiveVersion = 1
)

// A Night is one game night in an archive. Times are as stored: UTC,
// RFC 3339 with nanoseconds.
type Night struct {
	// Link is the edit link's unguessable part; an archive taken through
	// the view-only link leaves it out, and an import then makes one.
	Link       string          `json:"link,omitempty"`
	ViewLink   string          `json:"view_link,omitempty"`
	Group      *NightGroup     `json:"group,omitempty"` // the table of friends it was played by
	Name       string          `json:"name"`
	PlayedOn   string          `json:"played_on"`
	CreatedAt  string          `json:"created_at"`
	FinishedAt *string         `json:"finished_at"`
	HandSize   int             `json:"hand_size"`
	Rules      json.RawMessage `json:"rules"` // as the night was set up
	Players    []string        `json:"players"`
	Stays      []NightStay     `json:"stays,omitempty"` // by seat; none when everyone played every round
	Rounds     []NightRound    `json:"rounds"`
	// Straight is a Straight night's sheet kept by hand, line by line.
	Straight []NightMark `json:"straight,omitempty"`
	// StraightMoves are the moves made on its live table, hand by hand.
	StraightMoves []NightMove `json:"straight_moves,omitempty"`
}

// A NightMark is one line of a Straight night's sheet (see StraightMark).
type NightMark struct {
	Hand   int   `json:"hand"`
	End    bool  `json:"end,omitempty"`
	Side   int   `json:"side"`             // play: the side that scored; end: the seat that went out, or -1
	Points int   `json:"points,omitempty"` // play: what the table called
	Pips   []int `json:"pips,omitempty"`   // end: each seat's spots left in hand
}

// A NightStay is the rounds one seat's player played, for a night someone
// joined late or left.
type NightStay struct {
	From   int            `json:"from"`
	Until  int            `json:"until,omitempty"` // 0: to the end
	Missed referee.Missed `json:"missed"`          // how a round missed counts
}

// A NightGroup is the table of friends a night was played by; its
// players are the table's people of those names. An archive from a page
// of the app leaves its link out: an import then makes a new table of
// that name, with a new link.
type NightGroup struct {
	Link string `json:"link,omitempty"`
	Name string `json:"name"`
}

// A NightRound is one round of a night.
type NightRound struct {
	Number        int           `json:"number"`
	PlannedDouble int           `json:"planned_double"`
	OpenedDouble  *int          `json:"opened_double"` // nil until who set it down is known
	Setter        *int          `json:"setter"`
	HandSize      int           `json:"hand_size,omitempty"` // tiles dealt each, where not the night's (someone joined later)
	ClosedAt      *string       `json:"closed_at"`
	Entries       []NightEntry  `json:"entries"`
	History       []NightChange `json:"history"`
	Actions       []NightAction `json:"actions"`
}

// A NightEntry is one player's entry as it stands.
type NightEntry struct {
	Seat        int     `json:"seat"`
	Pips        int     `json:"pips"`
	DoubleBlank bool    `json:"double_blank"`
	BlankHalves int     `json:"blank_halves"`
	WentOut     bool    `json:"went_out"`
	OutOnDouble bool    `json:"out_on_double"`
	Tiles       *string `json:"tiles"` // the tiles tapped, in layout notation; nil when typed
	Score       int     `json:"score"`
	UpdatedAt   string  `json:"updated_at"`
}

// A NightChange is one change to an entry, oldest first within its round.
type NightChange struct {
	Seat   int             `json:"seat"`
	Kind   string          `json:"kind"`
	Old    json.RawMessage `json:"old"` // the entry before, or null
	New    json.RawMessage `json:"new"` // the entry after, or null
	By     string          `json:"by"`
	At     string          `json:"at"`
	Undoes *int            `json:"undoes"` // the change it undoes, by its place in the round's history
}

// A NightAction is one move on the live table.
type NightAction struct {
	Seq  int     `json:"seq"`
	Seat int     `json:"seat"`
	Kind string  `json:"kind"`
	Tile *string `json:"tile"`
	On   *string `json:"on"`
	At   string  `json:"at"`
}
