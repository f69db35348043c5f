package views

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
	Share   Share
	Live    Live // the page's main part, fetched again when the game moves on
	// DeleteURL is the page asking to delete the night; "" on a view-only
	// link, which can't.
	DeleteURL string
	Seats     *SeatsCard // who joined late or left, and the forms to; nil when there is nothing to show
	Card      *NightCard // the standings to share; nil before a round is closed
}

// SeatsCard is the game's players who joined late or left, and, on the
// edit link while the game is on, the forms to add a player or let one go.
type SeatsCard struct {
	URL     string     // where the forms post; "" when they don't show
	Rules   string     // the game's rules page
	Lines   []SeatLine // those who joined late or left
	Playing []Choice   // who can leave
	Missed  []Choice   // how a missed round counts, the usual first
	Join    string     // the join button: "Plays from round 3"
	Leave   string     // the leave button: "Leaves after round 2"
	Name    string     // the name typed, shown again with a refusal
	Error   string
	Open    bool // the forms start open: something to fix

	JoinForm, LeaveForm string        // the forms' one-time ids: sent twice, they change nothing more
	Confirm             *LeaveConfirm // a leave asked for, to confirm; nil when none is
}

// LeaveConfirm asks whether a player really leaves, and says what that
// does; Yes sends the leave form again, confirmed, with its one-time id.
type LeaveConfirm struct {
	Question string
	Name     string
	URL      string
	Player   string // the player's id
	Missed   string
	Form     string
	Back     string // No: the game as it was
}

// SeatLine is one player who joined late or left.
type SeatLine struct {
	Name, Status string
}

// Choice is one option of a select.
type Choice struct {
	Value, Label string
}

// Final is the standings after the last round.
type Final struct {
	Places []Place
	Reason string
	Chart  *ChartModel // the running totals, round by round
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
	ViewOnly bool   // opened by the view-only link: shown, never changed
	URL      string // base of the round's routes
	GameURL  string
	Number   int
	Of       int // planned rounds; 0 when open-ended
	Double   int
	Planned  int
	Setter   int // seat, or -1
	Players  []string
	IDs      []int  // by seat, each player's id: what the forms send
	Opened   string // who set the double down and which, as shown: sent back with a change to it
	Away     []bool // by seat: not playing this round (joined later, or left)
	Unheld   Unheld
	Skipped  string // which doubles were skipped for good, and the rounds left
	Next     string // how the next round starts
	Starts   string // who starts this round, where the first player moves on
	Version  string // the round's version, sent back with an undo
	Entries  []EntryRow
	CanClose bool
	CloseWhy string
	// CloseWhenEntered: the round can close once every card has its
	// score (a phone off line enables Close when the scores it keeps
	// fill the cards).
	CloseWhenEntered bool
	CloseForm        string // the close form's one-time id
	CanUndo          bool
	Undo             string // the undo button, naming the change it takes back
	UndoOf           string // the id of that change, sent back with the undo
	UndoForm         string // the undo form's one-time id
	Error            string
	Notice           string
	Corrected        bool

	OpeningLive Live   // who set the double, following the stream
	ActionsLive Live   // the Close and Undo bar, following the stream
	Missing     string // whose scores are still to come, or ""
	Me          Me
}

// Me is who this phone says it is at the game: that player's entry comes
// first on the round's card.
type Me struct {
	URL     string // where the choice is posted; "" on a view-only link
	Seat    int    // -1 for nobody in particular
	Players []string
	IDs     []int // by seat, each player's id: what the form sends
}

// Share is a game night's links, to pass round the table: the edit link
// keeps score, the view-only link only shows. On a view-only link only
// that one is shown.
type Share struct {
	Edit *Link
	View Link
}

// A Link is one of a game night's links, in full and as a QR code, with
// where to post to replace it ("" where this phone may not).
type Link struct {
	URL      string
	QR       QR
	RenewURL string
}

// Unheld says what the house rule does when nobody holds the double.
type Unheld struct {
	Rule    string
	Text    string
	Options []int // lower doubles a burn may open on
}

// EntryRow is one player's score entry in a round.
type EntryRow struct {
	ViewOnly     bool   // shown without its forms
	URL          string // where the entry is posted
	TilesURL     string
	Seat         int
	ID           int // the player's id, which names the row in the page
	Name         string
	Has          bool
	Summary      string // what is entered, e.g. "23 pips + 0-0 = 73"
	Score        int
	WentOut      bool
	Pips         string
	DoubleBlank  bool
	Error        string
	Field        string   // the input the error is about, if any
	Anyway       string   // after a stale save: the button that saves it anyway
	AnywayOut    string   // that button's went_out value, for a "went out"
	Theirs       string   // after a stale save: the link that keeps the other phone's score instead
	Closed       bool     // a correction: the round is closed
	DoubleOut    bool     // the house rule charges for going out on a double
	Who          []string // who may be named as making a correction
	Version      string   // the version of the entry shown, sent back with a change
	ChargeBlanks bool     // the house rule charges for blank halves: ask how many
	BlankHalves  string   // how many, as typed
	Form         string   // the form's one-time id: sent twice, it changes nothing more
	Notice       string   // what was just corrected, and by whom
	Live         Live     // the entry, following the stream
}

// SheetView is the score sheet: players across, rounds down.
type SheetView struct {
	URL     string
	Players []string
	Short   []string     // each player's name as the header shows it
	Legend  []NameLegend // the names shortened, in full

	Rows    []SheetRow
	Totals  []int
	Leaders []bool
	Lead    string      // one sentence on who leads and why
	Missed  string      // what the grey cells of missed rounds mean, when there are some
	Chart   *ChartModel // the running totals, once a round is closed and until the game ends
	Live    Live        // the sheet, following the stream while the game is on
}

// NameLegend gives a name the score sheet's header shortens in full.
type NameLegend struct {
	Short string
	Name  string
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
	Text   string
	Won    bool
	Missed string // a missed round, counted by the house rule: says so; "" for a round played
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
	Form    string   // the form's one-time id
	WentOut bool     // the player went out: no tiles left
}

// TileBox is one tile of the grid.
type TileBox struct {
	Value    string
	Hi, Lo   int
	Pips     int
	Checked  bool
	Disabled bool
	Fits     bool // fits where the next tile may go
	Laid     bool // on the table already: kept on the live table's keypad, hidden
	Note     string
}

// RoundPage is a round looked back at: entries that can be corrected, and
// the history of every change.
type RoundPage struct {
	Meta
	Back        string
	ReplayURL   string
	Number      int
	Double      int
	Setter      string
	Entries     []EntryRow
	History     []HistoryLine
	HistoryLive Live // the history, following the stream
	Error       string
}

// HistoryLine is one change to a round's entries.
type HistoryLine struct {
	When string
	Who  string
	What string
}
