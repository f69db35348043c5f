// Package views renders the app's pages and fragments with templ. Views
// take plain view-model structs, never touch HTTP or SQL, and mark what
// tests look for with data-testid.
package views

import "chickenfoot/referee"

// Meta is what every full page needs.
type Meta struct {
	Title    string
	Where    string // shown at the right of the top bar
	WakeLock bool   // keep the screen awake (a round is on)
	Stream   string // the game night's stream of events the page follows
}

// HomePage lists the game nights kept in this database.
type HomePage struct {
	Meta
	Games  []GameLine
	Groups []PersonLine // the tables of friends this browser knows
	Notice string       // what was just done, as a game night deleted
}

// GameLine is one game night in the list.
type GameLine struct {
	URL      string
	Name     string
	Date     string
	Players  string
	Status   string
	Live     bool
	ViewOnly bool // listed by its view-only link
}

// SetupPage is the form that creates a game night.
type SetupPage struct {
	Meta
	Name, Date, Players string
	Rounds, LossLimit   string
	Set                 int
	Sets                []int
	Rules               []RuleGroup // the choices shown at once
	MoreRules           []RuleGroup // the rest, folded away
	Hands               HandBox
	Errors              map[string]string
	Form                string // the form's one-time id: sent twice, it makes one game
	Group, GroupName    string // the table of friends the night is for, if any
	// Straight is the game picked: Straight rather than Chickenfoot. Both
	// games' house rules are on the form; the one not picked is hidden.
	Straight                    bool
	StraightRules, StraightMore []RuleGroup
	Target                      string // Straight's target as typed
}

// RuleGroup is one house-rule choice with its options.
type RuleGroup struct {
	Field   string // the form field: its JSON name, which names its words in the catalog
	Rule    string // for another game than Chickenfoot, the rule's JSON name
	Game    referee.Game
	Options []RuleOption
}

// RuleOption is one value of a house rule.
type RuleOption struct {
	Value   string // as referee.Rules.Value gives it, which names its words in the catalog
	Checked bool
}

// HandBox is the hand-size part of the setup form for the players and set
// entered: the suggestion in a sentence, or why there is none; the
// published hand sizes to pick from, the suggestion first; the number
// typed instead; and, when the set is too small for the table, the
// deliberate "deal anyway".
type HandBox struct {
	Says         string
	Choices      []HandChoice
	Other        string // a number typed instead of a choice
	Anyway       string // the "deal anyway" label; empty unless the set is too small
	AnywayTicked bool
	Refused      bool // the hand size was refused: the message is error-hand_size
}

// HandChoice is one published hand size the host may pick.
type HandChoice struct {
	Tiles     int
	Label     string // "8 tiles each"
	About     string // what it leaves in the boneyard, and where it comes from
	Suggested bool
	Checked   bool
}

// ErrorPage is shown for a failed plain request.
type ErrorPage struct {
	Meta
	Status  int
	Message string
	Back    string
}
