package referee

// The scoring of a Straight night, for a score sheet kept by hand and for
// the play engine alike. Seats are numbered from 0 in the order of play;
// a side is one seat, or with partners the seats opposite each other: 0
// and 2, 1 and 3. Every function here is pure.

// RoundToFive brings n, a count of spots, to a multiple of five by the
// rule: nearest takes a last digit of 1 or 2 down and 3 or 4 up (2 → 0,
// 3 → 5, 12 → 10, 13 → 15); up and down always go that way. A count is
// whole spots, so it is never half way between two fives.
func RoundToFive(n int, rule RoundingRule) int {
	if n <= 0 {
		return 0
	}
	rest := n % 5
	switch {
	case rest == 0:
		return n
	case rule == RoundUp, rule == RoundNearest && rest >= 3:
		return n - rest + 5
	}
	return n - rest
}

// Counted is points, a multiple of five as scored at the table, in the
// rules' count: as it is, or one point per five (15 → 3).
func (s StraightRules) Counted(points int) int {
	if s.Count == CountFives {
		return points / 5
	}
	return points
}

// PlayPoints is what the count of the exposed ends scores in play: the
// count itself when it is a positive multiple of five, else 0; in the
// rules' count.
func (s StraightRules) PlayPoints(ends int) int {
	if ends <= 0 || ends%5 != 0 {
		return 0
	}
	return s.Counted(ends)
}

// Sides returns the sides of a table of the given number of seats: each
// seat alone, or with partners (four seats only) {0, 2} and {1, 3}.
func Sides(seats int, partners bool) [][]int {
	if partners && seats == 4 {
		return [][]int{{0, 2}, {1, 3}}
	}
	out := make([][]int, seats)
	for i := range out {
		out[i] = []int{i}
	}
	return out
}

// SideOf is the side of seat at a table of the given number of seats.
func SideOf(seat, seats int, partners bool) int {
	if partners && seats == 4 {
		return seat % 2
	}
	return seat
}

// Partnered says whether the rules play in partnerships at a table of
// the given number of seats: partners only ever play four-handed.
func (s StraightRules) Partnered(seats int) bool { return s.Partners == Yes && seats == 4 }

// An Award is what the end of a hand scores, side by side (see Sides).
type Award struct {
	Held   []int // each side's spots left in hand
	Raw    []int // each side's award before rounding: the opponents' spots, or 0
	Points []int // each side's award as scored: rounded to five, then in the rules' count
	Tie    bool  // a blocked hand with more than one side on the fewest spots
	// Winners are the sides that win the hand, in order: the one that went
	// out or holds the fewest spots, the tied ones under "each", none for
	// a tie nobody scores. A winner may score 0 when the rounding takes
	// its few spots down.
	Winners []int
}

// held sums pips, each seat's spots left in hand, side by side.
func held(pips []int, partners bool) []int {
	sides := Sides(len(pips), partners)
	out := make([]int, len(sides))
	for i, side := range sides {
		for _, seat := range side {
			out[i] += pips[seat]
		}
	}
	return out
}

// newAward is the award where the sides in winners each score the
// spots of every other side.
func (s StraightRules) newAward(h []int, winners []int, tie bool) Award {
	a := Award{Held: h, Raw: make([]int, len(h)), Points: make([]int, len(h)), Tie: tie, Winners: winners}
	total := 0
	for _, n := range h {
		total += n
	}
	for _, w := range winners {
		a.Raw[w] = total - h[w]
		a.Points[w] = s.Counted(RoundToFive(a.Raw[w], s.Rounding))
	}
	return a
}

// WentOut is the award of a hand that seat dominoed (went out): its side
// scores the spots left in the opponents' hands, rounded to five; a
// partner's spots are not counted. pips holds each seat's spots left in
// hand (the seat that went out holds 0).
func (s StraightRules) WentOut(pips []int, seat int) Award {
	p := s.Partnered(len(pips))
	h := held(pips, p)
	w := SideOf(seat, len(pips), p)
	h[w] -= pips[seat] // the one who went out holds nothing
	return s.newAward(h, []int{w}, false)
}

// Blocked is the award of a hand nobody can go on with: the side with
// the fewest spots scores every other side's spots, rounded to five. A
// tie for fewest scores nothing, or under the "each" rule every tied
// side scores the spots of all the others.
func (s StraightRules) Blocked(pips []int) Award {
	h := held(pips, s.Partnered(len(pips)))
	var low []int
	for i, n := range h {
		switch {
		case len(low) == 0 || n < h[low[0]]:
			low = []int{i}
		case n == h[low[0]]:
			low = append(low, i)
		}
	}
	tie := len(low) > 1
	if tie && s.Tie != TieEach {
		low = nil
	}
	return s.newAward(h, low, tie)
}

// Winner says which side has won on totals, each side's score in the
// rules' count, and whether it has. Under "at-once" a side wins as soon
// as its total reaches the goal; under "hand-end" only when the hand is
// over (handOver), with the highest total at or over the goal. Two sides
// level on the highest total at or over the goal have not won yet: play
// goes on.
func (s StraightRules) Winner(totals []int, handOver bool) (side int, won bool) {
	if s.Reached == ReachedHandEnd && !handOver {
		return -1, false
	}
	best, level := -1, false
	for i, t := range totals {
		switch {
		case t < s.Goal():
		case best < 0 || t > totals[best]:
			best, level = i, false
		case t == totals[best]:
			level = true
		}
	}
	if best < 0 || level {
		return -1, false
	}
	return best, true
}

// Leader says which side leads on totals and by how much over the next
// best; side is -1 when two or more share the top (by is then 0).
func Leader(totals []int) (side, by int) {
	if len(totals) == 0 {
		return -1, 0
	}
	side = 0
	for i, t := range totals {
		if t > totals[side] {
			side = i
		}
	}
	next, any := 0, false
	for i, t := range totals {
		if i != side && (!any || t > next) {
			next, any = t, true
		}
	}
	switch {
	case !any:
		return side, 0
	case next == totals[side]:
		return -1, 0
	}
	return side, totals[side] - next
}
