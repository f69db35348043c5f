package referee

import "slices"

// A Closing is what closing a round leads to: the next round and the
// double it is planned to open on, or the end of the game.
type Closing struct {
	Over bool
	Next int // the next round's planned double, when not Over
}

// Close checks that round n may close (it is open, every player has an
// entry, at most one went out) and says what follows it.
func (s Sheet) Close(n int) (Closing, error) {
	r := s.Round(n)
	switch {
	case r == nil:
		return Closing{}, unknown("round")
	case r.Closed:
		return Closing{}, roundClosed(n)
	}
	if err := s.closable(*r); err != nil {
		return Closing{}, err
	}
	opened := append(s.Opened(), r.Double())
	t := totals(len(s.Players), append(s.Results(), s.Result(*r)))
	if s.Rules.GameOver(opened, t) {
		return Closing{Over: true}, nil
	}
	next, _ := s.Rules.NextDouble(opened)
	return Closing{Next: next}, nil
}

// CloseProblem says why the round can't close yet, or nil.
func (s Sheet) CloseProblem(n int) error {
	r := s.Round(n)
	if r == nil {
		return unknown("round")
	}
	return s.closable(*r)
}

func (s Sheet) closable(r SheetRound) error {
	var missing []string
	out := 0
	for seat, name := range s.Players {
		if !s.Plays(seat, r.Number) {
			continue
		}
		var e *Entry
		if seat < len(r.Entries) {
			e = r.Entries[seat]
		}
		switch {
		case e == nil:
			missing = append(missing, name)
		case e.WentOut:
			out++
		}
	}
	switch {
	case len(missing) > 0:
		return refusal(CodeMissingEntries, "missing-entries", Params{"Names": missing})
	case out > 1:
		return refusal(CodeTwoOut, "two-out-close", nil)
	}
	return nil
}

// A Resettling is what a correction changes in whether the game is over.
type Resettling struct {
	// Reopen: the game was over, but no longer is; a round opening on Next
	// is added.
	Reopen bool
	Next   int
	// End: the game is now over, and the round being played, untouched,
	// goes. (A touched one is played out: the game ends when it closes.)
	End bool
}

// Resettle decides again, after a correction, whether a game played to a
// losing total is over: a finished game whose totals no longer reach it
// goes on with its next round; a running one whose totals now do ends at
// once if nothing was recorded in its current round yet. Other games end
// by their round count, which a correction does not change.
func (s Sheet) Resettle() Resettling {
	if s.Rules.LossLimit <= 0 {
		return Resettling{}
	}
	opened := s.Opened()
	over := s.Rules.GameOver(opened, s.Totals())
	cur := s.Current()
	switch {
	case s.Finished && !over:
		next, _ := s.Rules.NextDouble(opened)
		return Resettling{Reopen: true, Next: next}
	case !s.Finished && over && cur != nil && cur.Untouched():
		return Resettling{End: true}
	}
	return Resettling{}
}

// CheckOpening judges recording that round n opened on double, set by
// setter: the round is open, the double is the planned one or, under the
// burn rule, a lower one (never skipping 0-0's round), and once tiles are
// on the table the double no longer changes.
func (s Sheet) CheckOpening(n, double, setter int) error {
	r := s.Round(n)
	switch {
	case r == nil:
		return unknown("round")
	case setter < 0 || setter >= len(s.Players):
		return badValue("setter", "setter", nil)
	case !s.Plays(setter, n):
		return refusal(CodeNotPlaying, "not-playing", Params{"Name": s.Players[setter], "N": n})
	case double < 0 || double > int(s.Rules.Set):
		return badValue("double", "double", nil)
	case r.Closed:
		return roundClosed(n)
	case r.OnTable > 0 && double != r.Double():
		return refusal(CodeTableStarted, "table-started", nil)
	case r.OnTable > 1 && r.Setter >= 0 && setter != r.Setter:
		return refusal(CodeTableStarted, "table-started.setter", Params{"Name": s.Players[r.Setter]})
	case double == r.Planned:
		return nil
	}
	p := Params{"Tile": NewTile(r.Planned, r.Planned).String()}
	switch {
	case s.Rules.Unheld != UnheldBurn && s.Rules.Unheld != UnheldLowerReturn:
		return refusal(CodeNoSkip, "no-skip", p)
	case r.Planned == 0:
		return refusal(CodeNoSkip, "no-skip-blank", p)
	case slices.Contains(s.LowerDoubles(n), double):
		return nil
	case s.Rules.Unheld == UnheldLowerReturn && !slices.Contains(s.Rules.unplayed(s.openedBefore(n)), double):
		return refusal(CodeNoSkip, "no-skip-played", Params{"Tile": NewTile(double, double).String()})
	}
	return refusal(CodeNoSkip, "no-skip-higher", p)
}

// openedBefore lists the doubles the rounds before round n opened on.
func (s Sheet) openedBefore(n int) []int {
	var out []int
	for _, r := range s.Rounds[:n-1] {
		out = append(out, r.Double())
	}
	return out
}
