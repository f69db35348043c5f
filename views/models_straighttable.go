package views

// StraightTablePage is the live table of a Straight night: the page
// around its card.
type StraightTablePage struct {
	Meta
	SheetURL string
	RulesURL string
	Card     StraightTableCard
}

// StraightTableCard is the live table of the hand being played: the
// count of the ends in big type with what the last tile scored, whose
// turn it is, the tiles each holds and the boneyard, the drawing, and
// the controls to lay, draw, pass and take back.
type StraightTableCard struct {
	Live     Live
	URL      string // the table's address; moves post here
	SheetURL string
	Hand     int
	Seq      string // how many moves of the hand the card shows, sent back with the next
	ViewOnly bool
	Started  bool // a tile is on the table
	Ends     int  // the count of the exposed ends
	Scored   string
	Turn     string // whose turn it is, or who leads, in words
	TurnID   int    // the id of the player to act: what the move forms send
	TurnName string
	Boneyard int
	Hands    []HandCount
	Sides    []SideTotal
	Goal     string
	Drawing  LayoutSVG
	Zoomed   bool
	ZoomURL  string
	Keys     []StraightKey
	Pick     *StraightPick
	Playing  bool // moves are taken: the leader known, the hand on
	TakeBack *StraightTaker
	// Leaders is the picker of who leads, before the lead; NeedLeader
	// says nobody is known to lead yet, so the keypad waits for it.
	Leaders    []StraightLeader
	NeedLeader bool
	Over       string // how the hand ended, in words: "Ann dominoed", "Blocked"
	EndURL     string // the sheet's end-of-hand form, filled in with how
	EndText    string
	Won        string // who won the night
	Problem    *Refusal
	Log        []string
}

// SideTotal is a side's total on the sheet.
type SideTotal struct {
	Name  string
	Total int
}

// StraightKey is a tile of the keypad: laid already (greyed, no use),
// fitting somewhere now, or not fitting (greyed, but a tap says why).
type StraightKey struct {
	Tile   string
	Hi, Lo int
	Laid   bool
	Fits   bool
	Said   string // how a screen reader names it: "6-3, fits"
}

// StraightPick is a tile tapped that fits in more than one place, and
// those places.
type StraightPick struct {
	Tile   string
	Places []StraightPlace
	Cancel string
}

// StraightPlace is a place a tile may be laid, and what the ends would
// count.
type StraightPlace struct {
	Value string // "ON#AT": the tile laid on and its end
	Label string
}

// StraightTaker is who may take the last tile back, and the tile.
type StraightTaker struct {
	ID   int
	Text string
}

// StraightLeader is a player the table may pick to lead.
type StraightLeader struct {
	ID     int
	Name   string
	Picked bool
}

// The Straight table's forms, where the answer to a tap shows (see
// Refusal.At); laying and taking back are the Chickenfoot table's.
const (
	FormLeader TableForm = "leader"
	FormPlace  TableForm = "place"
)

// Refuse places a refusal to a tap on form f: next to its buttons when
// the card shows them, else at the top.
func (c *StraightTableCard) Refuse(r Refusal, f TableForm) {
	r.Answer = true
	shown := map[TableForm]bool{
		FormLeader:   len(c.Leaders) > 0 && !c.ViewOnly,
		FormLay:      c.Playing && !c.ViewOnly,
		FormPlace:    c.Pick != nil && c.Playing && !c.ViewOnly,
		FormTurn:     c.Playing && !c.ViewOnly,
		FormTakeBack: c.TakeBack != nil && !c.ViewOnly,
	}
	if shown[f] {
		r.At = f
	}
	c.Problem = &r
}
