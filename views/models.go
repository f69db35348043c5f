// Package views renders the app's pages and fragments with templ. Views
// take plain view-model structs, never touch HTTP or SQL, and mark what
// tests look for with data-testid.
package views

// Meta is what every full page needs.
type Meta struct {
	Title    string
	Where    string // shown at the right of the top bar
	WakeLock bool   // keep the screen awake (a round is on)
}

// HomePage lists the game nights kept in this database.
type HomePage struct {
	Meta
	Games []GameLine
}

// GameLine is one game night in the list.
type GameLine struct {
	URL     string
	Name    string
	Date    string
	Players string
	Status  string
	Live    bool
}

// SetupPage is the form that creates a game night.
type SetupPage struct {
	Meta
	Name, Date, Players, HandSize string
	Rounds, LossLimit             string
	Set                           int
	Sets                          []int
	Rules                         []RuleGroup // the choices shown at once
	MoreRules                     []RuleGroup // the rest, folded away
	Suggestion                    Suggestion
	Errors                        map[string]string
}

// RuleGroup is one house-rule choice with its options.
type RuleGroup struct {
	Field   string
	Title   string
	Options []RuleOption
}

// RuleOption is one value of a house rule.
type RuleOption struct {
	Value   string
	Label   string
	About   string
	Checked bool
}

// Suggestion is the hand size the referee suggests for the table.
type Suggestion struct {
	Players  int
	Set      string
	Hand     int
	Boneyard int
	Source   string
	Problem  string
}

// ErrorPage is shown for a failed plain request.
type ErrorPage struct {
	Meta
	Status  int
	Message string
	Back    string
}
