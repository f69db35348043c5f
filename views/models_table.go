package views

// TablePage is the live table of a round: the drawing, what the table
// owes, whose turn it is, and the controls to lay, draw, pass and take
// back.
type TablePage struct {
	Meta
	ViewOnly  bool // opened by the view-only link: questions, no moves
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
	IDs       []int // by seat at the table, each player's id: what the forms send
	Turn      int   // seat to act, -1 when nobody is (not started, or over)
	Ends      []EndChoice
	Places    []EndChoice // every tile on the table, to ask about any place
	Keypad    Keypad
	Problem   *Refusal
	Verdict   *Verdict
	CanDraw   bool
	CanPass   bool
	TakeBack  *Seat
	Over      string
	Closed    bool
	Log       []string // the latest actions, LogFrom on, worded
	LogFrom   int      // the number of the first shown, from 1
	LogTotal  int      // how many actions the round has had
	Seq       string   // how many actions the page shows, sent back with the next
	Setter    int      // who the score sheet says set the double, or -1
	// Openings are the doubles the round may open on, its own first, when
	// the house rule lets it open on another that someone holds.
	Openings  []string
	StartDraw StartDraw
	Penalty   Penalty
	Live      Live // the table's card, following the stream
}

// StartDraw is how draws for a starting double nobody holds are recorded:
// who may draw now, and the house rule in a sentence.
type StartDraw struct {
	Help  string
	Seats []Seat // who may draw now; none under the reshuffle rule
}

// Penalty offers the last-tile penalty for each player down to one tile,
// where the house rule has one.
type Penalty struct {
	Seats []Seat
	What  string // what it costs: "draw one", "miss a turn"
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
	Skips bool // misses their next turn, caught not announcing their last tile
}

// EndChoice is an open end a tile may be laid on.
type EndChoice struct {
	Value    string
	Label    string
	Pips     int // the number a tile laid there must show
	Selected bool
}

// Refusal is a rule a refused action broke, with a link to its section of
// the rules page.
type Refusal struct {
	Code    string
	Reason  string
	RuleURL string
	Rule    string // the name of the rule's section, in words
	// At is the form whose button was tapped (a TableForm), where the
	// refusal shows, or "" for the top of the table. An answer (Answer)
	// takes the focus, so it is on the screen and read out.
	At     TableForm
	Answer bool
}

// A TableForm is one of the live table's forms, where the answer to a tap
// on its buttons shows.
type TableForm string

// The table's forms.
const (
	FormStart     TableForm = "start"      // who set the double down
	FormDrawStart TableForm = "draw-start" // draws for a double nobody holds
	FormTurn      TableForm = "turn"       // draw and pass
	FormPenalty   TableForm = "penalty"    // the last-tile penalty
	FormLay       TableForm = "lay"        // lay a tile, or ask whether it fits
	FormTakeBack  TableForm = "take-back"
)

// Shows reports whether the table's card shows form f, as TableCard
// draws it: an answer for a form not shown goes to the top.
func (p *TablePage) Shows(f TableForm) bool {
	playing := p.Over == "" && !p.Closed
	switch f {
	case FormStart, FormDrawStart:
		return playing && !p.ViewOnly && !p.Started
	case FormTurn:
		return playing && !p.ViewOnly && p.Started
	case FormPenalty:
		return playing && !p.ViewOnly && p.Started && len(p.Penalty.Seats) > 0
	case FormLay:
		return playing && p.Started
	case FormTakeBack:
		return p.TakeBack != nil && !p.Closed && !p.ViewOnly
	}
	return false
}

// Refuse places a refusal to a tap on form f: there when the card shows
// that form, else at the top.
func (p *TablePage) Refuse(r Refusal, f TableForm) {
	r.Answer = true
	if p.Shows(f) {
		r.At = f
	}
	p.Problem = &r
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
	Rule     string // the name of the rule's section, in words
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
	Start      int // the double the round opens on, or -1 for the set's highest
	Error      string
	Verdict    *Verdict
}

// A Keypad is the live table's tiles to pick from: every tile of the set,
// those on the table hidden. A phone that holds this table's keypad
// already (Kept) is sent only what changed on it, its State, which the
// page's script applies to the tiles it has (see static/app.js): a move's
// answer then brings the drawing and the turn, not the set's tiles again.
type Keypad struct {
	ID    string    // names the table's keypad: this round, this set
	Tiles []TileBox // every tile of the set; none when the page has them (Kept)
	Kept  bool
	Laid  string // the tiles on the table, space-separated, for the page's script
	Fits  string // the tiles that fit now, space-separated, for the page's script
}

// id is the id of the player at seat of the table, as a form sends it;
// "" for no seat.
func (p *TablePage) id(seat int) string {
	if seat < 0 || seat >= len(p.IDs) {
		return ""
	}
	return itoa(p.IDs[seat])
}
