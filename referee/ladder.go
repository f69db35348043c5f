package referee

import "slices"

// The round ladder: round 1 opens on the set's highest double, each later
// round on the next double of the ladder, down to 0-0 (and under
// LadderDownUp back up again). Which double a round really opened on can
// differ: under UnheldBurn an unheld double is skipped for good, so the
// game has a round fewer; under UnheldLowerReturn the skipped double is
// played later, so doubles come out of order and no round is lost. That
// is why the ladder is always worked out from the doubles the rounds
// actually opened on.

// Doubles lists the doubles the rounds open on, in order, when none is
// skipped: N down to 0, then (LadderDownUp) 1 up to N.
func (r Rules) Doubles() []int {
	n := int(r.Set)
	out := make([]int, 0, 2*n+1)
	for d := n; d >= 0; d-- {
		out = append(out, d)
	}
	if r.Ladder == LadderDownUp {
		for d := 1; d <= n; d++ {
			out = append(out, d)
		}
	}
	return out
}

// RoundCount is the number of rounds the game is planned to have when no
// double is burned, or 0 when it runs until someone reaches the loss
// threshold.
func (r Rules) RoundCount() int {
	switch {
	case r.LossLimit > 0:
		return 0
	case r.Rounds > 0:
		return r.Rounds
	}
	return len(r.Doubles())
}

// NextDouble returns the double the next round is planned to open on,
// given the doubles the earlier rounds actually opened on, in order. It
// reports false when the round rule has ended the game. Under a loss
// threshold the ladder starts again after its last double.
func (r Rules) NextDouble(opened []int) (int, bool) {
	ladder := r.Doubles()
	if r.LossLimit > 0 {
		return ladder[r.position(opened)%len(ladder)], true
	}
	if r.Rounds > 0 && len(opened) >= r.Rounds {
		return 0, false
	}
	var left []int
	if r.returns() {
		left = r.unplayed(opened)
	} else {
		left = ladder[r.position(opened):]
	}
	if len(left) == 0 {
		return 0, false
	}
	return left[0], true
}

// position is how far along the ladder the opened doubles have come: each
// opened double is found at or after the place the last one left off, so
// a burned double is passed over for good. Under a loss threshold the
// ladder repeats, so the position may run past its end.
func (r Rules) position(opened []int) int {
	ladder, pos := r.Doubles(), 0
	end := len(ladder)
	if r.LossLimit > 0 {
		end = len(ladder) * (len(opened) + 1)
	}
	for _, d := range opened {
		for pos < end && ladder[pos%len(ladder)] != d {
			pos++
		}
		if pos < end {
			pos++
		}
	}
	return pos
}

// unplayed lists the ladder's doubles, in order, that no round has opened
// on yet (counting each double as often as the ladder holds it).
func (r Rules) unplayed(opened []int) []int {
	seen := map[int]int{}
	for _, d := range opened {
		seen[d]++
	}
	var out []int
	for _, d := range r.Doubles() {
		if seen[d] > 0 {
			seen[d]--
			continue
		}
		out = append(out, d)
	}
	return out
}

// RoundsLeft is how many more rounds the ladder plans after the rounds
// that opened on opened, or 0 under a loss threshold.
func (r Rules) RoundsLeft(opened []int) int {
	switch {
	case r.LossLimit > 0:
		return 0
	}
	left := len(r.Doubles()) - r.position(opened)
	if r.returns() {
		left = len(r.unplayed(opened))
	}
	if r.Rounds > 0 {
		left = min(left, r.Rounds-len(opened))
	}
	return max(0, left)
}

// returns reports whether a skipped double is played later
// (UnheldLowerReturn). Under a loss threshold the ladder goes round
// again, so a skipped double comes back anyway: it is skipped as under
// UnheldBurn.
func (r Rules) returns() bool { return r.Unheld == UnheldLowerReturn && r.LossLimit == 0 }

// Skippable lists the doubles the next round may open on, the next first,
// when nobody holds the one the ladder plans (the first of the ladder's
// doubles still to come): under UnheldBurn, those further along the
// ladder, never past a round of 0-0's own; under UnheldLowerReturn, those
// still to be played that come later in the ladder. It is empty under the
// other rules and for 0-0's round.
func (r Rules) Skippable(opened []int) []int {
	if r.Unheld != UnheldBurn && r.Unheld != UnheldLowerReturn {
		return nil
	}
	var ahead []int
	if r.returns() {
		ahead = r.unplayed(opened)
	} else {
		ladder, pos := r.Doubles(), r.position(opened)
		for i := pos; i < pos+len(ladder); i++ {
			ahead = append(ahead, ladder[i%len(ladder)])
			if r.LossLimit == 0 && i+1 >= len(ladder) {
				break
			}
		}
	}
	if len(ahead) == 0 || ahead[0] == 0 {
		return nil
	}
	if i := slices.Index(ahead, 0); i >= 0 && !r.returns() {
		ahead = ahead[:i+1] // 0-0's round is never skipped past
	}
	return ahead[1:]
}

// Skipped lists the doubles of the ladder that the opened doubles passed
// over for good (UnheldBurn), in ladder order.
func (r Rules) Skipped(opened []int) []int {
	if r.returns() || r.LossLimit > 0 || len(opened) == 0 {
		return nil
	}
	ladder, pos := r.Doubles(), 0
	var out []int
	for _, d := range opened {
		for pos < len(ladder) && ladder[pos] != d {
			out = append(out, ladder[pos])
			pos++
		}
		pos++
	}
	return out
}

// GameOver reports whether no further round is played: the ladder is done,
// or under a loss threshold a total has reached it.
func (r Rules) GameOver(opened []int, totals []int) bool {
	if r.LossLimit > 0 {
		for _, t := range totals {
			if t >= r.LossLimit {
				return true
			}
		}
		return false
	}
	_, more := r.NextDouble(opened)
	return !more
}

// Opening returns the double a round meant to open on want really opens on,
// given which doubles the players hold. It reports false when nobody holds
// a double the house rule lets the round open on: the players then draw for
// want, or reshuffle, as r.Unheld says. UnheldBurn and UnheldLowerReturn
// move down to the next lower double someone holds; the burn rule never
// skips past a round of its own for 0-0, so an unheld 0-0 is always drawn
// for. It knows nothing of earlier rounds: where a skipped double comes
// back (UnheldLowerReturn), Skippable lists the doubles still to play.
// held[d] reports whether a player holds the double d-d.
func (r Rules) Opening(want int, held [MaxPips + 1]bool) (int, bool) {
	if held[want] {
		return want, true
	}
	if (r.Unheld != UnheldBurn && r.Unheld != UnheldLowerReturn) || want == 0 {
		return want, false
	}
	for d := want - 1; d >= 0; d-- {
		if held[d] {
			return d, true
		}
	}
	return want, false
}
