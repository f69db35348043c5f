package referee

import "slices"

// A Sheet is a game night's score sheet: who plays in which seat, the
// house rules it is played under, and its rounds with every player's
// entry. The score sheet's rules (what an entry may be, when a round may
// close and what follows it, how a correction re-settles the game, what a
// table action does to the sheet) are pure functions over a Sheet, so a
// store loads one, asks the referee, and writes what it is told.
type Sheet struct {
	Rules    Rules
	Players  []string // by seat, with those who joined late or left
	Seats    []Stay   // by seat, the rounds each plays; nil: all of them
	HandSize int
	Rounds   []SheetRound // in order; the last is the one being played unless Finished
	Finished bool
}

// A SheetRound is one round of the score sheet.
type SheetRound struct {
	Number   int // 1-based
	Planned  int // the double the ladder called for
	Opened   int // the double it really opened on, or -1 before anyone said
	Setter   int // the seat that set it, or -1
	Closed   bool
	HandSize int      // tiles dealt each; 0: the sheet's HandSize
	Actions  int      // actions in its live table's log
	OnTable  int      // tiles on its live table, where the store has replayed it
	Entries  []*Entry // by seat; nil where the player has no entry yet
}

// Tracked reports whether anything was recorded on the round's live
// table.
func (r SheetRound) Tracked() bool { return r.Actions > 0 }

// Double is the double the round opens on: as recorded, else as planned.
func (r SheetRound) Double() int {
	if r.Opened >= 0 {
		return r.Opened
	}
	return r.Planned
}

// Untouched reports whether nothing was recorded for the round yet: no
// entry, no setter, no tile on the table.
func (r SheetRound) Untouched() bool {
	for _, e := range r.Entries {
		if e != nil {
			return false
		}
	}
	return r.Setter < 0 && !r.Tracked()
}

// Current is the round being played, or nil when the game is over.
func (s Sheet) Current() *SheetRound {
	if n := len(s.Rounds); n > 0 && !s.Rounds[n-1].Closed {
		return &s.Rounds[n-1]
	}
	return nil
}

// Round returns round number n, or nil.
func (s Sheet) Round(n int) *SheetRound {
	if n < 1 || n > len(s.Rounds) {
		return nil
	}
	return &s.Rounds[n-1]
}

// Result is the round's scores under the game's rules: each hand's score
// with the round-level house rules (blocked round, going out on a double)
// applied among those who played it. Players with no entry score 0; a
// player who missed the round scores what their Missed rule says.
func (s Sheet) Result(r SheetRound) Result {
	seated := s.Seated(r.Number)
	hands := make([]int, len(seated))
	wentOut, outOnDouble := -1, false
	for i, seat := range seated {
		if seat < len(r.Entries) && r.Entries[seat] != nil {
			e := r.Entries[seat]
			hands[i] = e.Score
			if e.WentOut {
				wentOut, outOnDouble = i, e.OutOnDouble
			}
		}
	}
	played := s.Rules.Adjust(hands, wentOut, outOnDouble)
	res := Result{Scores: make([]int, len(s.Players)), WentOut: -1}
	for i, seat := range seated {
		res.Scores[seat] = played[i]
	}
	if wentOut >= 0 {
		res.WentOut = seated[wentOut]
	}
	for seat := range s.Players {
		if !slices.Contains(seated, seat) {
			res.Away = append(res.Away, seat)
			res.Scores[seat] = s.stay(seat).Missed.fill(played)
		}
	}
	return res
}

// Results lists the closed rounds' results, for Standings.
func (s Sheet) Results() []Result {
	var out []Result
	for _, r := range s.Rounds {
		if r.Closed {
			out = append(out, s.Result(r))
		}
	}
	return out
}

// Opened lists the doubles the closed rounds opened on, for the ladder.
func (s Sheet) Opened() []int {
	var out []int
	for _, r := range s.Rounds {
		if r.Closed {
			out = append(out, r.Double())
		}
	}
	return out
}

// Totals adds up each seat's scores over the closed rounds.
func (s Sheet) Totals() []int {
	return totals(len(s.Players), s.Results())
}

func totals(players int, results []Result) []int {
	out := make([]int, players)
	for _, res := range results {
		for seat, v := range res.Scores {
			if seat < players {
				out[seat] += v
			}
		}
	}
	return out
}

// Standings ranks the players on the closed rounds under the tie-break.
func (s Sheet) Standings() Outcome {
	return s.Rules.Standings(s.Players, s.Results())
}

// openedThrough lists the doubles rounds 1 to n opened on (round n as
// recorded or planned).
func (s Sheet) openedThrough(n int) []int {
	var out []int
	for _, r := range s.Rounds[:min(n, len(s.Rounds))] {
		out = append(out, r.Double())
	}
	return out
}

// PlannedRounds is how many rounds the game has as it stands at round n:
// those played, round n, and those the ladder still plans after it. It is
// 0 under a loss threshold, where nobody knows.
func (s Sheet) PlannedRounds(n int) int {
	if s.Rules.LossLimit > 0 {
		return 0
	}
	opened := s.openedThrough(n)
	return len(opened) + s.Rules.RoundsLeft(opened)
}

// Skipped lists the doubles skipped for good by round n (UnheldBurn).
func (s Sheet) Skipped(n int) []int { return s.Rules.Skipped(s.openedThrough(n)) }

// LowerDoubles lists the doubles round n may open on instead of its
// planned one when nobody holds that, the next first (see
// Rules.Skippable); none for 0-0's round or under the other rules.
func (s Sheet) LowerDoubles(n int) []int {
	r := s.Round(n)
	if r == nil {
		return nil
	}
	return s.Rules.Skippable(s.openedBefore(n))
}

// NextStart says how the round after round n starts, as things stand:
// the double it is planned to open on and, under FirstRotates, the seat
// that plays first (else -1: whoever holds the double). It reports false
// when round n is the last the ladder plans.
func (s Sheet) NextStart(n int) (double, first int, ok bool) {
	double, ok = s.Rules.NextDouble(s.openedThrough(n))
	first = -1
	if s.Rules.FirstPlayer == FirstRotates {
		first = s.FirstPlayer(n + 1)
	}
	return double, first, ok
}
