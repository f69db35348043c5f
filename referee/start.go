package referee

import "slices"

// Starting a round: who draws for a starting double nobody holds, and in
// which order.

// firstToDraw is who draws first for an unheld starting double: with known
// hands, the player holding the highest tile; otherwise anyone, and then
// the others in seat order.
func (r *Round) firstToDraw() int {
	if !r.known {
		return -1
	}
	best, seat := Tile{}, -1
	for i, s := range r.holder {
		if t := tileAt(i); s >= 0 && (seat < 0 || Higher(t, best)) {
			best, seat = t, s
		}
	}
	return seat
}

// Higher reports whether tile a ranks above b when the highest tile
// decides who goes first: more pips, then a double above a single of as
// many pips, then the higher number.
func Higher(a, b Tile) bool {
	switch {
	case a.Pips() != b.Pips():
		return a.Pips() > b.Pips()
	case a.Double() != b.Double():
		return a.Double()
	}
	return a.Hi > b.Hi
}

// MayDrawForStart reports whether seat may draw now for a starting double
// nobody holds: never under the reshuffle rule or once it is set; in turn
// under the draw rules; all at once, once a time round.
func (r *Round) MayDrawForStart(seat int) bool {
	rules := r.layout.rules
	switch {
	case r.turn >= 0 || r.Over() || r.boneyard == 0 || rules.Unheld == UnheldReshuffle:
		return false
	case r.known && r.holder[r.layout.Double().index()] >= 0, r.lowerHeld() != nil:
		return false
	case rules.Unheld == UnheldDrawAll:
		return !r.startDrew.has(seat)
	}
	return r.startNext < 0 || r.startNext == seat
}

// mayOpenOn reports whether the round may open on the double t instead of
// its own, which nobody holds (UnheldBurn, UnheldLowerReturn): with known
// hands, when t is the next lower double someone holds (a draw for the
// round's own may bring one); with unknown hands, when t is lower, or one
// the deal's Lower lists. 0-0's round never opens on another double, and a
// double set in the middle before the deal is never replaced.
func (r *Round) mayOpenOn(t Tile) bool {
	rules := r.layout.rules
	switch {
	case !t.Double() || !rules.Set.Contains(t) || r.layout.double == 0:
		return false
	case rules.Unheld != UnheldBurn && rules.Unheld != UnheldLowerReturn, rules.FirstPlayer == FirstRotates:
		return false
	case r.known:
		lower := r.lowerHeld()
		return lower != nil && *lower == t
	case r.deal.Lower != nil:
		return slices.Contains(r.deal.Lower, t.Hi)
	}
	return t.Hi < r.layout.double
}

// Openings lists the doubles the round may open on now, before its
// starting double is set: its own, then any the house rule for an unheld
// double lets it open on instead (see mayOpenOn), highest first. It is
// empty once the double is set.
func (r *Round) Openings() []Tile {
	if r.layout.Len() > 0 || r.Over() {
		return nil
	}
	out := []Tile{r.layout.Double()}
	for d := int(r.layout.rules.Set); d >= 0; d-- {
		if t := NewTile(d, d); t != r.layout.Double() && r.mayOpenOn(t) {
			out = append(out, t)
		}
	}
	return out
}
