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

// GamePage is a game night: the round being played, the score sheet, the
// final standings when it is over, and the rules in play.
type GamePage struct {
	Meta
	Name    string
	Date    string
	URL     string
	Final   *Final
	Round   *RoundPanel
	Sheet   SheetView
	Rules   []RuleLine
	Flash   string
	Players int
}

// Final is the standings after the last round.
type Final struct {
	Places []Place
	Reason string
}

// Place is one line of the standings.
type Place struct {
	Place int
	Name  string
	Total int
}

// RuleLine is one line of the "rules in play" card.
type RuleLine struct {
	Name  string
	Value string
}

// RoundPanel is the round being played: its double, who set it, and the
// score entry.
type RoundPanel struct {
	URL       string // base of the round's routes
	GameURL   string
	Number    int
	Of        int // planned rounds; 0 when open-ended
	Double    int
	Planned   int
	Setter    int // seat, or -1
	Players   []string
	Unheld    Unheld
	Entries   []EntryRow
	CanClose  bool
	CloseWhy  string
	CanUndo   bool
	Error     string
	Notice    string
	Corrected bool
}

// Unheld says what the house rule does when nobody holds the double.
type Unheld struct {
	Rule    string
	Text    string
	Options []int // lower doubles a burn may open on
}

// EntryRow is one player's score entry in a round.
type EntryRow struct {
	URL         string // where the entry is posted
	TilesURL    string
	Seat        int
	Name        string
	Has         bool
	Summary     string // what is entered, e.g. "23 pips + 0-0 = 73"
	Score       int
	WentOut     bool
	Pips        string
	DoubleBlank bool
	Error       string
	Closed      bool     // a correction: the round is closed
	DoubleOut   bool     // the house rule charges for going out on a double
	Who         []string // who may be named as making a correction
	Version     string   // the version of the entry shown, sent back with a change
}

// SheetView is the score sheet: players across, rounds down.
type SheetView struct {
	URL     string
	Players []string
	Rows    []SheetRow
	Totals  []int
	Leaders []bool
	Lead    string // one sentence on who leads and why
	Live    bool   // refresh it while the game is on
}

// SheetRow is one round of the score sheet.
type SheetRow struct {
	Number int
	Double string
	URL    string
	Open   bool
	Cells  []SheetCell
}

// SheetCell is one player's score in one round.
type SheetCell struct {
	Text string
	Won  bool
}

// TilesPage lets a player tap the tiles left in hand.
type TilesPage struct {
	Meta
	Back    string
	Action  string
	Name    string
	Round   int
	Double  string
	Tiles   []TileBox
	Error   string
	Closed  bool     // a correction: say who makes it
	Who     []string // the players, who may make it
	Version string   // the version of the entry shown, sent back with a change
}

// TileBox is one tile of the grid.
type TileBox struct {
	Value    string
	Hi, Lo   int
	Pips     int
	Checked  bool
	Disabled bool
	Fits     bool // fits where the next tile may go
	Note     string
}

// RoundPage is a round looked back at: entries that can be corrected, and
// the history of every change.
type RoundPage struct {
	Meta
	Back      string
	ReplayURL string
	Number    int
	Double    int
	Setter    string
	Entries   []EntryRow
	History   []HistoryLine
	Error     string
}

// HistoryLine is one change to a round's entries.
type HistoryLine struct {
	When string
	Who  string
	What string
}

// ErrorPage is shown for a failed plain request.
type ErrorPage struct {
	Meta
	Status  int
	Message string
	Back    string
}

// TablePage is the live table of a round: the drawing, what the table
// owes, whose turn it is, and the controls to lay, draw, pass and take
// back.
type TablePage struct {
	Meta
	GameURL   string
	URL       string // the table's address; actions post here
	CheckURL  string // "can this go there?"
	RulesURL  string
	ReplayURL string
	ScoreURL  string
	Number    int
	Double    int
	Zoomed    bool
	ZoomURL   string
	Layout    LayoutSVG
	Banner    Banner
	Started   bool
	Players   []string
	Turn      int // seat to act, -1 when nobody is (not started, or over)
	Ends      []EndChoice
	Tiles     []TileBox
	Problem   *Refusal
	Verdict   *Verdict
	CanDraw   bool
	CanPass   bool
	TakeBack  *Seat
	Over      string
	Closed    bool
	Log       []string
	Seq       string // how many actions the page shows, sent back with the next
}

// Banner says what the table owes now and whose turn it is.
type Banner struct {
	Owes       string
	Impossible string
	Turn       string
	Boneyard   int
	Hands      []HandCount
}

// HandCount is how many tiles a player holds.
type HandCount struct {
	Name  string
	Count int
	Turn  bool
}

// EndChoice is an open end a tile may be laid on.
type EndChoice struct {
	Value    string
	Label    string
	Selected bool
}

// Refusal is a rule a refused action broke, with a link to its section of
// the rules page.
type Refusal struct {
	Code    string
	Reason  string
	RuleURL string
}

// Seat names a player by seat.
type Seat struct {
	Seat int
	Name string
}

// Verdict settles "can this tile go there?".
type Verdict struct {
	Question string
	Legal    bool
	Reason   string
	Code     string
	RuleURL  string
	InForce  string
	Others   []string
}

// ReplayPage steps through a round's actions.
type ReplayPage struct {
	Meta
	Back    string
	Number  int
	Double  int
	Step    int
	Steps   int
	Layout  LayoutSVG
	Banner  Banner
	Action  string
	PrevURL string
	NextURL string
	Log     []ReplayStep
}

// ReplayStep is one action in the step list.
type ReplayStep struct {
	N       int
	Text    string
	URL     string
	Current bool
}

// CheckPage settles a dispute on a layout typed in the one-line notation.
type CheckPage struct {
	Meta
	Layout     string
	Tile       string
	On         string
	Set        int
	Arms       int
	Impossible string
	Error      string
	Verdict    *Verdict
}
