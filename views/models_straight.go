package views

// StraightPage is a Straight night's page: the sheet kept by hand, the
// links to share and the rules in play.
type StraightPage struct {
	Meta
	Name, Date string
	Players    int
	URL        string
	Live       Live
	Card       StraightCard
	Share      Share
	Rules      []RuleLine
	DeleteURL  string
	Table      string // the live table's address
}

// StraightCard is the sheet of a Straight night: each side's total on its
// way to the target, the keypad of the hand being played, its end, and
// the hands before.
type StraightCard struct {
	Live     Live
	Post     string // where its changes go: Post+"/play", "/end", "/undo", "/lines/N"
	URL      string // the night's page
	Version  int    // the number of lines it shows, sent with every change
	ViewOnly bool
	Hand     int    // the hand being played, or 0 once the night is won
	Status   string // who leads and by how much, or who won
	Won      bool
	Goal     string // the target, in words
	Sides    []StraightSide
	Keys     []int // the keypad's points
	More     []int // the keypad's rarer points, folded away
	Undo     string
	Players  []StraightPlayer // the end-of-hand form's players
	Hands    []StraightHandRow
	Heads    []string // the hands table's side names
	Award    string   // the last hand's award, with its rounding
	Notice   string   // what the change just made did to the winner
	Lines    []StraightLine
	Points   []int // the points a play line may be corrected to
	Houses   []StraightHouses
	// EndOut is how the live table says the hand ended, to fill the end
	// form in with: a player's id, "-1" when blocked, or "".
	EndOut string
}

// StraightLine is one line of the sheet as it is listed, with the form
// that corrects it.
type StraightLine struct {
	Seq    int
	Hand   int
	Head   bool // the first line of its hand: the hand's heading goes before it
	End    bool
	Text   string // the line in words
	After  bool   // after the line that won: counts for nothing
	Side   int    // play: the index of the side that scored
	Points int    // play: what the table called
	Out    int    // end: the id of who dominoed, or -1 when blocked
	Pips   []StraightPlayer
}

// StraightSide is one side: a player, or two partners.
type StraightSide struct {
	Name    string
	Player  int // the id the keypad sends for it
	Total   int
	Hand    int // points made in the hand being played
	Percent int // of the target, at most 100
	Leads   bool
}

// StraightPlayer is a player in the end-of-hand form.
type StraightPlayer struct {
	ID   int
	Name string
	Pips string // the spots typed already: a correction's
}

// StraightLineView is the page of one line's correction.
type StraightLineView struct {
	Meta
	Card StraightCard
	Line StraightLine
}

// StraightHouses is one side's total drawn as paper does: a stroke per
// five, each full house of ten strokes fifty.
type StraightHouses struct {
	Name    string
	Total   int
	Houses  int // full houses
	Strokes int // the strokes of the house being built, 0 to 9
	Label   string
}

// StraightHandRow is one hand in the table of hands.
type StraightHandRow struct {
	Number int
	Cells  []string // each side's points in the hand: made in play + award
	Note   string   // how it ended, and its rounding
}
