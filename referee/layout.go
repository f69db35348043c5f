package referee

import "slices"

// A Move lays Tile on the placed tile On. The starting double is set on
// nothing: Start is true and On is ignored.
type Move struct {
	Tile  Tile
	On    Tile
	Start bool
}

// String writes the move in layout notation: "9-9" or "9-3@9-9".
func (m Move) String() string {
	if m.Start {
		return m.Tile.String()
	}
	return m.Tile.String() + "@" + m.On.String()
}

// A Role is what a placed tile is in the layout.
type Role string

// The roles of placed tiles.
const (
	Spinner Role = "spinner" // the starting double: arms on every side
	Chickie Role = "chickie" // any later double: three toes
	Line    Role = "line"    // any other tile: one open end
)

// A Place is a tile on the table and where the next tiles may join it.
type Place struct {
	Tile  Tile
	On    Tile // the tile it was laid on; unset for the spinner
	Role  Role
	Open  int // the number a tile laid here must show
	Slots int // how many tiles it takes: the spinner's arms, 3 toes, or 1
	Used  int // how many it has
	Order int // 0 for the spinner, then 1, 2, ... in play order
}

// Free is the number of places still open on the tile.
func (p Place) Free() int { return p.Slots - p.Used }

// A Layout is the tiles on the table of one round and the rules for adding
// to it: matching, the spinner, and chickies. It knows nothing of players
// or turns; Round adds those. Every check and every play costs the same
// however big the layout grows.
type Layout struct {
	rules   Rules
	double  int
	nodes   []node // by Tile.index
	order   []int  // node indexes in play order
	pending int    // node index of the unfinished spinner or chickie, or -1
	undo    []int  // pending before each play, for TakeBack
	// unplayed[n] counts tiles of the set showing n that are not on the
	// table; free[n] counts open places that need an n.
	unplayed [MaxPips + 1]int
	free     [MaxPips + 1]int
}

type node struct {
	placed bool
	on     int
	open   int
	slots  int
	used   int
	order  int
}

// NewLayout returns an empty table for a round opening on the double
// d-d under rules. It fails when the rules are invalid or the double is not
// in the set.
func NewLayout(rules Rules, double int) (*Layout, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	if double < 0 || double > int(rules.Set) {
		return nil, badDeal("rules.deal.double", Params{"D": double, "Set": rules.Set})
	}
	l := &Layout{rules: rules, double: double, nodes: make([]node, rules.Set.Size()), pending: -1}
	for n := 0; n <= int(rules.Set); n++ {
		l.unplayed[n] = rules.Set.Carrying()
	}
	return l, nil
}

// clone is a copy of the layout that plays and takes back without
// changing l.
func (l *Layout) clone() *Layout {
	c := *l
	c.nodes = slices.Clone(l.nodes)
	c.order = slices.Clone(l.order)
	c.undo = slices.Clone(l.undo)
	return &c
}

// Rules returns the house rules the layout is judged under.
func (l *Layout) Rules() Rules { return l.rules }

// Double is the round's starting double.
func (l *Layout) Double() Tile { return Tile{l.double, l.double} }

// Len is the number of tiles on the table.
func (l *Layout) Len() int { return len(l.order) }

// Placed reports whether t is on the table.
func (l *Layout) Placed(t Tile) bool {
	return l.rules.Set.Contains(t) && l.nodes[t.index()].placed
}

// Unplayed counts the tiles of the set showing n that are not on the table.
func (l *Layout) Unplayed(n int) int {
	if n < 0 || n > int(l.rules.Set) {
		return 0
	}
	return l.unplayed[n]
}

// Place returns the placed tile t and its open places.
func (l *Layout) Place(t Tile) (Place, bool) {
	if !l.Placed(t) {
		return Place{}, false
	}
	return l.place(t.index()), true
}

func (l *Layout) place(i int) Place {
	n := l.nodes[i]
	p := Place{Tile: tileAt(i), Open: n.open, Slots: n.slots, Used: n.used, Order: n.order, Role: Line}
	switch {
	case n.on < 0:
		p.Role = Spinner
	case p.Tile.Double():
		p.Role = Chickie
	}
	if n.on >= 0 {
		p.On = tileAt(n.on)
	}
	return p
}

// tileAt inverts Tile.index.
func tileAt(i int) Tile {
	hi := 0
	for (hi+1)*(hi+2)/2 <= i {
		hi++
	}
	return Tile{Hi: hi, Lo: i - hi*(hi+1)/2}
}

// Places lists every tile on the table in play order.
func (l *Layout) Places() []Place {
	out := make([]Place, len(l.order))
	for k, i := range l.order {
		out[k] = l.place(i)
	}
	return out
}

// Moves returns the plays that built the layout, in order; ParseMoves and
// Apply rebuild it from them.
func (l *Layout) Moves() []Move {
	out := make([]Move, len(l.order))
	for k, i := range l.order {
		p := l.place(i)
		out[k] = Move{Tile: p.Tile, On: p.On, Start: p.Role == Spinner}
	}
	return out
}

// String writes the layout in the notation ParseMoves reads.
func (l *Layout) String() string { return FormatMoves(l.Moves()) }
