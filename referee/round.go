package referee

import "slices"

// A Deal says how a round was dealt: how many players, how many tiles each,
// and, when the players' tiles are entered, which ones. With Hands left nil
// the hands are unknown (real tiles on a real table) and the referee checks
// only what can be checked without seeing them.
type Deal struct {
	Players  int
	HandSize int
	Hands    [][]Tile // by seat; nil when unknown
	Names    []string // by seat, for the referee's messages; optional
	// First is the seat that plays first under FirstRotates, where the
	// starting double is set in the middle before the deal (and so is in
	// no hand and not in the boneyard).
	First int
	// Lower lists the doubles the round may open on instead of its own
	// when nobody holds it (UnheldBurn, UnheldLowerReturn), as the ladder
	// of the game allows; nil allows any lower double.
	Lower []int
}

// An Ending says how a round ended.
type Ending string

// The ways a round ends.
const (
	Playing Ending = ""        // not over
	Domino  Ending = "domino"  // a player laid their last tile
	Blocked Ending = "blocked" // nobody can lay a tile
)

// A Round is one round played by seats 0 to Players-1: the layout, the
// turn, the boneyard, the hands (known or only counted) and the log of
// accepted actions. Seats act through Act; Replay rebuilds a Round from
// its log.
type Round struct {
	layout   *Layout
	deal     Deal
	known    bool
	holder   []int // by Tile.index: the seat holding it, or -1 (known hands)
	count    []int // tiles in hand by seat
	boneyard int
	setter   int // seat that set the starting double, or -1
	turnState
	log    []Action
	last   *lastPlay // the play that may still be taken back
	caught seats     // players who missed a turn for a silent last tile and still hold it
	ending Ending
	winner int // seat that went out, or -1
}

// turnState is what a take-back restores besides the layout and hands.
type turnState struct {
	turn  int  // seat to act, or -1 before the starting double
	drew  int  // tiles drawn by the seat to act this turn
	drawn Tile // the last of them, when known
	seen  bool // whether drawn is known
	// passes counts passes in a row, since the last tile laid, by players
	// who had nothing to draw and drew nothing: each of them had no play.
	passes int
	skips  seats // players who miss their next turn (LastTileSkip)
	// Before the starting double is set: the seat to draw for it next, or
	// -1 for anyone (draw in turn), and who drew this time round (draw all
	// at once).
	startNext int
	startDrew seats
}

// seats is a set of seats.
type seats uint64

func (s seats) has(seat int) bool   { return s&(1<<seat) != 0 }
func (s seats) with(seat int) seats { return s | 1<<seat }
func (s seats) without(seat int) seats {
	return s &^ (1 << seat)
}

type lastPlay struct {
	seat   int
	before turnState
}

// NewRound starts a round opening on double-double under rules. It fails
// when the rules are invalid, the double is not in the set, the deal does
// not fit the set, or known hands are the wrong size or share a tile.
func NewRound(rules Rules, double int, deal Deal) (*Round, error) {
	l, err := NewLayout(rules, double)
	if err != nil {
		return nil, err
	}
	set := rules.Set
	switch {
	case deal.Players < 2:
		return nil, badDeal("rules.deal.few-players", Params{"N": deal.Players})
	case deal.Players > 64:
		return nil, badDeal("rules.deal.many-players", Params{"N": deal.Players, "Max": 64})
	case deal.HandSize < 1 || deal.Players*deal.HandSize > rules.Dealable():
		return nil, badDeal("rules.deal.too-big", Params{"N": deal.Players, "Size": deal.HandSize, "Set": set, "Tiles": set.Size()})
	case deal.First < 0 || deal.First >= deal.Players:
		return nil, badDeal("rules.deal.first", Params{"Seat": deal.First, "N": deal.Players})
	}
	r := &Round{layout: l, deal: deal, count: make([]int, deal.Players), setter: -1, winner: -1,
		boneyard: rules.Dealable() - deal.Players*deal.HandSize, turnState: turnState{turn: -1, startNext: -1}}
	for s := range r.count {
		r.count[s] = deal.HandSize
	}
	if deal.Hands != nil {
		if err := r.seat(deal.Hands); err != nil {
			return nil, err
		}
	}
	if rules.FirstPlayer == FirstRotates {
		r.layout.apply(Move{Tile: l.Double(), Start: true})
		r.turn = deal.First
	} else {
		r.startNext = r.firstToDraw()
	}
	return r, nil
}

// Dealable is how many tiles are dealt or left to draw: the whole set,
// less the starting double when it is set in the middle before the deal
// (FirstRotates).
func (r Rules) Dealable() int {
	if r.FirstPlayer == FirstRotates {
		return r.Set.Size() - 1
	}
	return r.Set.Size()
}

func (r *Round) seat(hands [][]Tile) error {
	set := r.layout.rules.Set
	if len(hands) != r.deal.Players {
		return badDeal("rules.deal.hands", Params{"Hands": len(hands), "N": r.deal.Players})
	}
	r.known = true
	r.holder = slices.Repeat([]int{-1}, set.Size())
	for s, h := range hands {
		if len(h) != r.deal.HandSize {
			return badDeal("rules.deal.hand-size", Params{"Seat": s, "Held": len(h), "Size": r.deal.HandSize})
		}
		for _, t := range h {
			if !set.Contains(t) {
				return badDeal("rules.deal.not-in-set", Params{"Seat": s, "Tile": t.String(), "Set": set})
			}
			if t == r.layout.Double() && r.layout.rules.FirstPlayer == FirstRotates {
				return badDeal("rules.deal.in-middle", Params{"Seat": s, "Tile": t.String()})
			}
			if r.holder[t.index()] >= 0 {
				return badDeal("rules.deal.twice", Params{"Tile": t.String()})
			}
			r.holder[t.index()] = s
		}
	}
	return nil
}

// who names a seat in messages: the player's name when the deal has one,
// else "seat 2" in the message's language.
func (r *Round) who(seat int) any {
	if seat >= 0 && seat < len(r.deal.Names) && r.deal.Names[seat] != "" {
		return r.deal.Names[seat]
	}
	return Phrase{"seat", Params{"Seat": seat}}
}

// Layout is the table of the round. Change it only through Act.
func (r *Round) Layout() *Layout { return r.layout }

// Rules returns the house rules of the round.
func (r *Round) Rules() Rules { return r.layout.rules }

// Players is the number of seats.
func (r *Round) Players() int { return r.deal.Players }

// Turn is the seat to act, or -1 before the starting double is set and
// after the round is over.
func (r *Round) Turn() int {
	if r.ending != Playing {
		return -1
	}
	return r.turn
}

// Setter is the seat that set the starting double, or -1.
func (r *Round) Setter() int { return r.setter }

// Boneyard is the number of tiles left to draw.
func (r *Round) Boneyard() int { return r.boneyard }

// HandCount is the number of tiles seat holds.
func (r *Round) HandCount(seat int) int { return r.count[seat] }

// KnownHands reports whether the players' tiles were entered.
func (r *Round) KnownHands() bool { return r.known }

// Hand lists the tiles seat holds, in set order, when hands are known.
func (r *Round) Hand(seat int) []Tile {
	if !r.known {
		return nil
	}
	var out []Tile
	for _, t := range r.layout.rules.Set.Tiles() {
		if r.holder[t.index()] == seat {
			out = append(out, t)
		}
	}
	return out
}

// Clone returns a copy of the round that takes actions without changing
// r: a table kept from move to move judges each move on a clone, so what
// it kept stays as it was if the move is refused or never lands.
func (r *Round) Clone() *Round {
	c := *r
	c.layout = r.layout.clone()
	c.holder = slices.Clone(r.holder)
	c.count = slices.Clone(r.count)
	c.log = slices.Clone(r.log)
	if r.last != nil {
		last := *r.last
		c.last = &last
	}
	return &c
}

// Log returns the accepted actions, take-backs included, in order.
func (r *Round) Log() []Action { return slices.Clone(r.log) }

// Over reports whether the round has ended.
func (r *Round) Over() bool { return r.ending != Playing }

// Ending says how the round ended, and WentOut which seat laid its last
// tile (-1 for none).
func (r *Round) Ending() Ending { return r.ending }

// WentOut is the seat that laid its last tile, or -1.
func (r *Round) WentOut() int { return r.winner }

// Skips reports whether seat will miss its next turn, caught not
// announcing its last tile (LastTileSkip).
func (r *Round) Skips(seat int) bool { return r.skips.has(seat) }

// CanTakeBack reports whether seat may take back the last tile laid now.
func (r *Round) CanTakeBack(seat int) bool {
	return r.last != nil && r.last.seat == seat && r.layout.rules.TakeBack == TakeBackUntilNext
}

// LegalMoves lists the plays seat could make now: from its hand when hands
// are known, else from every tile still off the table. It is empty when it
// is not seat's turn (any seat may set the starting double).
func (r *Round) LegalMoves(seat int) []Move {
	if r.Over() || seat < 0 || seat >= r.deal.Players || (r.turn >= 0 && r.turn != seat) {
		return nil
	}
	if r.known {
		return r.layout.LegalMoves(r.Hand(seat))
	}
	var off []Tile
	for _, t := range r.layout.rules.Set.Tiles() {
		if !r.layout.Placed(t) {
			off = append(off, t)
		}
	}
	return r.layout.LegalMoves(off)
}

// Scores returns each seat's score for the round under the house rules, or
// false while the round is on or the hands are unknown.
func (r *Round) Scores() ([]int, bool) {
	if !r.Over() || !r.known {
		return nil, false
	}
	hands := make([][]Tile, r.deal.Players)
	for s := range hands {
		hands[s] = r.Hand(s)
	}
	outOnDouble := false
	if r.winner >= 0 {
		moves := r.layout.Moves()
		outOnDouble = moves[len(moves)-1].Tile.Double()
	}
	return r.layout.rules.RoundScores(hands, r.winner, outOnDouble), true
}

// BoneyardTiles lists the tiles left to draw, in set order, when hands are
// known; with unknown hands it returns nil (only Boneyard's count is known).
func (r *Round) BoneyardTiles() []Tile {
	if !r.known {
		return nil
	}
	var out []Tile
	for _, t := range r.layout.rules.Set.Tiles() {
		if r.holder[t.index()] < 0 && !r.layout.Placed(t) {
			out = append(out, t)
		}
	}
	return out
}
