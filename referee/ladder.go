package referee

// The round ladder: round 1 opens on the set's highest double, each later
// round on the next lower double, down to 0-0. A burned double (nobody held
// it, under UnheldBurn) is skipped for good, so the game has one round
// fewer; that is why the ladder is computed from the doubles rounds
// actually opened on.

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
	return int(r.Set) + 1
}

// NextDouble returns the double the next round opens on, given the doubles
// the earlier rounds actually opened on, in order. It reports false when
// the round rule has ended the game. Under a loss threshold the ladder
// starts again at the top after 0-0.
func (r Rules) NextDouble(opened []int) (int, bool) {
	if len(opened) == 0 {
		return int(r.Set), true
	}
	last := opened[len(opened)-1]
	if r.LossLimit > 0 {
		if last == 0 {
			return int(r.Set), true
		}
		return last - 1, true
	}
	if last == 0 || (r.Rounds > 0 && len(opened) >= r.Rounds) {
		return 0, false
	}
	return last - 1, true
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
// want, or reshuffle, as r.Unheld says. Only UnheldBurn moves down the
// ladder, and never past a round of its own for 0-0: an unheld 0-0 is
// always drawn for.
func (r Rules) Opening(want int, held func(double int) bool) (int, bool) {
	if held(want) {
		return want, true
	}
	if r.Unheld != UnheldBurn || want == 0 {
		return want, false
	}
	for d := want - 1; d >= 0; d-- {
		if held(d) {
			return d, true
		}
	}
	return want, false
}
