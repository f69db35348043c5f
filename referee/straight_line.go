package referee

import (
	"slices"
	"strconv"
	"strings"
)

// A StraightMove lays Tile on the placed tile On, at its open end number
// At, or leads the hand with it. The ends of a tile are numbered from 1,
// once and for all: a non-double lead's higher half is 1 and its lower
// half 2; the spinner's two sides are 1 and 2 and its two ends, across
// the line, 3 and 4; any other tile has one end, 1. At 0 takes the first
// open end of On that the tile fits, sides before ends.
type StraightMove struct {
	Tile Tile
	On   Tile
	At   int
	Lead bool // the first tile of the hand, laid on nothing
}

// String writes the move for logs: "6-6", "6-3@6-6", "6-3@6-6#3".
func (m StraightMove) String() string {
	switch {
	case m.Lead:
		return m.Tile.String()
	case m.At > 0:
		return m.Tile.String() + "@" + m.On.String() + "#" + strconv.Itoa(m.At)
	}
	return m.Tile.String() + "@" + m.On.String()
}

// A LineKind is what a tile is in a Straight line.
type LineKind string

// The kinds of tiles in a line.
const (
	LineLead    LineKind = "lead"    // a non-double lead: two ends
	LineSpinner LineKind = "spinner" // the first double laid: two sides, then two ends
	LineDouble  LineKind = "double"  // any later double, laid crosswise: counts both halves while it is an end
	LineTile    LineKind = "tile"    // any other tile: one end
)

// A LinePlace is a tile on the table of a Straight hand, for drawing the
// line: what it is, what it was laid on and where, and its ends.
type LinePlace struct {
	Tile  Tile
	Kind  LineKind
	On    Tile // the tile it was laid on; unset for the lead
	At    int  // the end of On it was laid at
	Touch int  // the number touching On
	Ends  []LineEnd
	Order int // 0 for the lead, then in play order
}

// A LineEnd is one end of a placed tile: its number (what a tile laid
// there must show), whether a tile is on it, whether it is open to play
// now, and what it adds to the count of the ends.
type LineEnd struct {
	At     int
	Pips   int
	Taken  bool
	Open   bool
	Counts int
}

// A StraightLine is the tiles on the table of one hand of Straight: legal plays,
// the spinner, crosswise doubles and the count of the exposed ends. It
// knows nothing of players or turns; StraightHand adds those.
type StraightLine struct {
	rules Rules
	nodes []lineNode
	where []int // by Tile.index: node index + 1, or 0 when not placed
	spin  int   // node index of the spinner, or -1
}

type lineNode struct {
	tile   Tile
	kind   LineKind
	parent int // node index, -1 for the lead
	at     int // the parent's end (0-based) it was laid at
	touch  int
	n      int    // number of ends
	val    [4]int // the number at each end
	child  [4]int // node index on each end; free, or covered by the parent
}

const (
	endFree   = -1
	endParent = -2 // a spinner's side covered by the tile it was laid on
)

// NewStraightLine returns an empty table for a Straight hand under rules; it fails
// when the rules are not a valid Straight night's.
func NewStraightLine(rules Rules) (*StraightLine, error) {
	if rules.Game != Straight {
		return nil, badRule("game", `"`+rules.Game.Name()+`"`, literally(`"straight"`))
	}
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	return &StraightLine{rules: rules, where: make([]int, rules.Set.Size()), spin: -1}, nil
}

// Rules returns the line's house rules.
func (l *StraightLine) Rules() Rules { return l.rules }

// Len is the number of tiles on the table.
func (l *StraightLine) Len() int { return len(l.nodes) }

// Placed reports whether t is on the table.
func (l *StraightLine) Placed(t Tile) bool {
	return l.rules.Set.Contains(t) && l.where[t.index()] > 0
}

// Spinner returns the spinner, if a double has been laid.
func (l *StraightLine) Spinner() (Tile, bool) {
	if l.spin < 0 {
		return Tile{}, false
	}
	return l.nodes[l.spin].tile, true
}

// open reports whether end i of node n takes a tile now.
func (l *StraightLine) open(n *lineNode, i int) bool {
	if n.child[i] != endFree {
		return false
	}
	if n.kind == LineSpinner && i >= 2 && l.rules.Straight.Spinner != SpinnerAnyTime {
		return n.child[0] != endFree && n.child[1] != endFree
	}
	return true
}

// counts is what end i of node n adds to the count of the ends: a free
// end its number, a crosswise double at an end both halves, the spinner
// both halves while a side is bare and nothing for its ends.
func (n *lineNode) counts(i int) int {
	if n.child[i] != endFree {
		return 0
	}
	switch n.kind {
	case LineSpinner:
		if i >= 2 {
			return 0
		}
		if i == 1 && n.child[0] == endFree {
			return 0 // both sides bare: the spinner counts once, on side 1
		}
		return 2 * n.val[i]
	case LineDouble:
		return 2 * n.val[i]
	}
	return n.val[i]
}

// Ends is the count of the exposed ends: what a play is scored on.
func (l *StraightLine) Ends() int {
	sum := 0
	for k := range l.nodes {
		n := &l.nodes[k]
		for i := range n.n {
			sum += n.counts(i)
		}
	}
	return sum
}

// Places lists the tiles on the table in play order, with their ends.
func (l *StraightLine) Places() []LinePlace {
	out := make([]LinePlace, len(l.nodes))
	for k := range l.nodes {
		n := &l.nodes[k]
		p := LinePlace{Tile: n.tile, Kind: n.kind, Touch: n.touch, Order: k}
		if n.parent >= 0 {
			p.On, p.At = l.nodes[n.parent].tile, n.at+1
		}
		for i := range n.n {
			p.Ends = append(p.Ends, LineEnd{At: i + 1, Pips: n.val[i], Taken: n.child[i] != endFree,
				Open: l.open(n, i), Counts: n.counts(i)})
		}
		out[k] = p
	}
	return out
}

// OpenEnds lists every end a tile may be laid at now, in play order of
// the tiles they belong to.
func (l *StraightLine) OpenEnds() []StraightEnd {
	var out []StraightEnd
	for k := range l.nodes {
		n := &l.nodes[k]
		for i := range n.n {
			if l.open(n, i) {
				out = append(out, StraightEnd{On: n.tile, At: i + 1, Pips: n.val[i]})
			}
		}
	}
	return out
}

// A StraightEnd is an open end of the line: the tile, its end number and
// the number a tile laid there must show.
type StraightEnd struct {
	On   Tile
	At   int
	Pips int
}

// Moves lists the plays made, in order, each with the end it was laid at.
func (l *StraightLine) Moves() []StraightMove {
	out := make([]StraightMove, len(l.nodes))
	for k, n := range l.nodes {
		if n.parent < 0 {
			out[k] = StraightMove{Tile: n.tile, Lead: true}
		} else {
			out[k] = StraightMove{Tile: n.tile, On: l.nodes[n.parent].tile, At: n.at + 1}
		}
	}
	return out
}

// Fits reports whether t, off the table, could be laid now.
func (l *StraightLine) Fits(t Tile) bool {
	if len(l.nodes) == 0 {
		return true
	}
	for k := range l.nodes {
		n := &l.nodes[k]
		for i := range n.n {
			if l.open(n, i) && t.Has(n.val[i]) {
				return true
			}
		}
	}
	return false
}

// LegalMoves lists the plays the tiles could make now: every tile as the
// lead on an empty table, else each tile at each open end it fits, with
// the end named.
func (l *StraightLine) LegalMoves(tiles []Tile) []StraightMove {
	var out []StraightMove
	for _, t := range tiles {
		if !l.rules.Set.Contains(t) || l.Placed(t) {
			continue
		}
		if len(l.nodes) == 0 {
			out = append(out, StraightMove{Tile: t, Lead: true})
			continue
		}
		for _, e := range l.OpenEnds() {
			if t.Has(e.Pips) {
				out = append(out, StraightMove{Tile: t, On: e.On, At: e.At})
			}
		}
	}
	return out
}

// Check says whether m may be laid now, as a *RuleError when not.
func (l *StraightLine) Check(m StraightMove) error {
	_, _, err := l.place(m)
	return err
}

// A Score is what a play leaves on the table: the count of the exposed
// ends and the points it scores, in the rules' count (0 when none).
type Score struct {
	Ends   int
	Points int
}

// Play lays m if the rules allow it and says what it scores.
func (l *StraightLine) Play(m StraightMove) (Score, error) {
	parent, at, err := l.place(m)
	if err != nil {
		return Score{}, err
	}
	l.apply(m.Tile, parent, at)
	return l.score(), nil
}

// score is what the last tile laid scores: the ends' count, and points
// when it is a multiple of five (the lead only when the house lets it).
func (l *StraightLine) score() Score {
	s := Score{Ends: l.Ends()}
	if len(l.nodes) > 1 || l.rules.Straight.Lead == Yes {
		s.Points = l.rules.Straight.PlayPoints(s.Ends)
	}
	return s
}

// TakeBack lifts the last tile laid and returns it; false on an empty
// table.
func (l *StraightLine) TakeBack() (Tile, bool) {
	if len(l.nodes) == 0 {
		return Tile{}, false
	}
	k := len(l.nodes) - 1
	n := l.nodes[k]
	if n.parent >= 0 {
		l.nodes[n.parent].child[n.at] = endFree
	}
	if l.spin == k {
		l.spin = -1
	}
	l.where[n.tile.index()] = 0
	l.nodes = l.nodes[:k]
	return n.tile, true
}

// clone is an independent copy of the line.
func (l *StraightLine) clone() *StraightLine {
	c := *l
	c.nodes = slices.Clone(l.nodes)
	c.where = slices.Clone(l.where)
	return &c
}

// apply lays t at end at of node parent (-1: the lead), checked already.
func (l *StraightLine) apply(t Tile, parent, at int) {
	n := lineNode{tile: t, parent: parent, at: at, child: [4]int{endFree, endFree, endFree, endFree}}
	k := len(l.nodes)
	switch {
	case parent < 0 && !t.Double():
		n.kind, n.n, n.val = LineLead, 2, [4]int{t.Hi, t.Lo}
	case t.Double() && l.spin < 0:
		n.kind, n.n, n.val = LineSpinner, 4, [4]int{t.Hi, t.Hi, t.Hi, t.Hi}
		if parent >= 0 {
			n.child[0] = endParent
		}
		l.spin = k
	case t.Double():
		n.kind, n.n, n.val = LineDouble, 1, [4]int{t.Hi}
	default:
		n.kind, n.n = LineTile, 1
	}
	if parent >= 0 {
		n.touch = l.nodes[parent].val[at]
		if n.kind == LineTile {
			n.val[0] = t.Other(n.touch)
		}
		l.nodes[parent].child[at] = k
	}
	l.nodes = append(l.nodes, n)
	l.where[t.index()] = k + 1
}

// place finds where m goes: the node it is laid on (-1 for the lead) and
// the end, or why it can't be laid. A legal play builds no message.
func (l *StraightLine) place(m StraightMove) (parent, at int, err error) {
	set := l.rules.Set
	if !set.Contains(m.Tile) {
		return 0, 0, refuse(m, CodeBadTile, "bad-tile", Params{"Set": set, "Max": int(set)})
	}
	if len(l.nodes) == 0 {
		if !m.Lead {
			return 0, 0, refuse(m, CodeLeadFirst, "straight.lead-first", nil)
		}
		return -1, 0, nil
	}
	if l.Placed(m.Tile) {
		return 0, 0, refuse(m, CodeAlreadyPlayed, "already-played", nil)
	}
	if m.Lead {
		return 0, 0, refuse(m, CodeLeadFirst, "straight.lead-down", nil)
	}
	if !set.Contains(m.On) || !l.Placed(m.On) {
		return 0, 0, refuse(m, CodeUnknownEnd, "unknown-end", nil)
	}
	k := l.where[m.On.index()] - 1
	n := &l.nodes[k]
	if m.At != 0 {
		return k, m.At - 1, l.checkEnd(n, m.At-1, m)
	}
	// The first end it fits, sides before ends; else the most telling
	// refusal: a free end it would fit once the spinner's sides are
	// covered, a free end it does not fit, or no free end at all.
	var why error
	for i := range n.n {
		err := l.checkEnd(n, i, m)
		if err == nil {
			return k, i, nil
		}
		if n.child[i] == endFree && (why == nil || errorCode(err) == CodeSpinnerSides) {
			why = err
		}
	}
	if why == nil {
		if n.n == 1 {
			why = refuse(m, CodeEndClosed, "end-closed", nil)
		} else {
			why = refuse(m, CodeEndClosed, "straight.end-closed.all", Params{"N": n.n})
		}
	}
	return 0, 0, why
}

// checkEnd says whether m may be laid at end i of n.
func (l *StraightLine) checkEnd(n *lineNode, i int, m StraightMove) error {
	switch {
	case i < 0 || i >= n.n:
		if n.n == 1 {
			return refuse(m, CodeUnknownEnd, "straight.no-end.one", Params{"At": i + 1, "N": n.n})
		}
		return refuse(m, CodeUnknownEnd, "straight.no-end", Params{"At": i + 1, "N": n.n})
	case n.child[i] != endFree:
		if n.n == 1 {
			return refuse(m, CodeEndClosed, "end-closed", nil)
		}
		return refuse(m, CodeEndClosed, "straight.end-closed.at", Params{"At": i + 1})
	case !l.open(n, i):
		return refuse(m, CodeSpinnerSides, "straight.spinner-sides", nil)
	case !m.Tile.Has(n.val[i]):
		return refuse(m, CodeMismatch, "mismatch", Params{"Open": n.val[i]})
	}
	return nil
}

// refuse is the refusal of m under code, worded by key with p and the
// move's tile and place.
func refuse(m StraightMove, code Code, key string, p Params) *RuleError {
	if p == nil {
		p = Params{}
	}
	p["Tile"] = m.Tile.String()
	if !m.Lead {
		p["On"] = m.On.String()
	}
	return refusal(code, key, p)
}

func errorCode(err error) Code {
	if re, ok := err.(*RuleError); ok {
		return re.Code
	}
	return ""
}

// Resolve reads a move as a player enters it: the tile, the tile it is
// laid on as text (empty for the lead) and the end, and checks it. Text
// that cannot be read is reported under the code of the rule it would
// break: an unreadable tile is bad-tile, an unreadable place unknown-end.
func (l *StraightLine) Resolve(tile, on string, at int) (StraightMove, error) {
	t, err := l.rules.Set.Parse(tile)
	if err != nil {
		return StraightMove{}, err
	}
	m := StraightMove{Tile: t, At: at, Lead: strings.TrimSpace(on) == ""}
	if !m.Lead {
		o, err := ParseTile(on)
		if err != nil {
			if len(l.nodes) == 0 || l.Placed(t) {
				return m, l.Check(m)
			}
			return m, refusal(CodeUnknownEnd, "unknown-end.unreadable", Params{"Tile": t.String(), "On": on})
		}
		m.On = o
	}
	return m, l.Check(m)
}
