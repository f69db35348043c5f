package handlers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// entryForm is a score entry as submitted: typed pips with the 0-0 flag,
// an explicit "went out", or the tiles tapped.
type entryForm struct {
	pips        string
	doubleBlank bool
	wentOut     bool
	outOnDouble bool
	tapped      bool
	tiles       []string
	by          string
	open        bool // sent from the round while it was being played
}

// readEntry turns the form into an entry scored under rules, or an
// inputError saying what to fix.
func readEntry(f entryForm, rules referee.Rules, name string) (db.Entry, error) {
	switch {
	case f.tapped:
		return tappedEntry(f.tiles, rules)
	case f.wentOut:
		return db.Entry{WentOut: true, OutOnDouble: f.outOnDouble && rules.DoubleOut > 0}, nil
	}
	text := strings.TrimSpace(f.pips)
	if text == "" {
		return db.Entry{}, badInput("pips", fmt.Sprintf("Type the pips left in %s's hand, or tap Went out.", name))
	}
	n, err := strconv.Atoi(text)
	switch {
	case err != nil && strings.HasPrefix(text, "-"):
		return db.Entry{}, badInput("pips", "Pips can't be negative: type the pips left in hand, like 23.")
	case err != nil:
		return db.Entry{}, badInput("pips", fmt.Sprintf("%q is not a number: type the pips left in %s's hand as digits, like 23.", text, name))
	case n < 0:
		return db.Entry{}, badInput("pips", "Pips can't be negative: type the pips left in hand, like 23.")
	case n > 9999:
		return db.Entry{}, badInput("pips", fmt.Sprintf("%d pips is far more than any hand can hold.", n))
	case n == 0 && !f.doubleBlank:
		return db.Entry{}, badInput("pips", fmt.Sprintf("0 pips means an empty hand: tap Went out for %s instead.", name))
	}
	return db.Entry{Pips: n, DoubleBlank: f.doubleBlank, Score: rules.TypedScore(n, f.doubleBlank)}, nil
}

func tappedEntry(texts []string, rules referee.Rules) (db.Entry, error) {
	tiles := []referee.Tile{}
	for _, text := range texts {
		t, err := rules.Set.Parse(text)
		if err != nil {
			return db.Entry{}, badInput("tile", fmt.Sprintf("%q is not a tile of this game's %s set.", text, rules.Set))
		}
		if !slices.Contains(tiles, t) {
			tiles = append(tiles, t)
		}
	}
	e := db.Entry{Tiles: tiles, WentOut: len(tiles) == 0, Score: rules.HandScore(tiles)}
	for _, t := range tiles {
		e.Pips += t.Pips()
		e.DoubleBlank = e.DoubleBlank || t == referee.Tile{}
	}
	return e, nil
}

// checkEntry judges a new entry against the round as stored, inside the
// transaction that writes it: one player out, one 0-0, no tile in two
// places, and no more pips than the tiles off the table carry.
func checkEntry(sh db.Sheet, r *db.Round, e *db.Entry) error {
	names, d := sh.Game.Players, r.Double()
	others := 0
	for seat, o := range r.Entries {
		if o == nil || seat == e.Seat {
			continue
		}
		others += o.Pips
		switch {
		case e.WentOut && o.WentOut:
			return refused(fmt.Sprintf("%s already went out this round, and only one player can. If that was a mistake, correct %s's entry first.", names[seat], names[seat]))
		case e.DoubleBlank && o.DoubleBlank:
			return refused(fmt.Sprintf("%s already holds the 0-0 this round, and there is only one.", names[seat]))
		}
		for _, t := range e.Tiles {
			if slices.Contains(o.Tiles, t) {
				return refused(fmt.Sprintf("%s is already in %s's hand this round.", t, names[seat]))
			}
		}
	}
	opener := referee.NewTile(d, d)
	if (e.DoubleBlank && d == 0) || slices.Contains(e.Tiles, opener) {
		return refused(fmt.Sprintf("%s opened this round, so it is on the table, not in a hand.", opener))
	}
	if most := setPips(sh.Game.Rules.Set) - opener.Pips(); e.Pips+others > most {
		return refused(fmt.Sprintf("%d pips is more than this hand can hold: the tiles off the table carry %d pips in all, and the others already have %d.",
			e.Pips, most, others))
	}
	return nil
}

// setPips is the number of pips on all the tiles of a set.
func setPips(set referee.Set) int {
	n := int(set)
	return (n + 2) * n * (n + 1) / 2
}

// closeProblem says why a round cannot be closed yet, or "".
func closeProblem(sh db.Sheet, r *db.Round) string {
	var missing []string
	out := 0
	for seat, e := range r.Entries {
		switch {
		case e == nil:
			missing = append(missing, sh.Game.Players[seat])
		case e.WentOut:
			out++
		}
	}
	switch {
	case len(missing) > 0:
		return "Enter a score for " + joinAnd(missing) + " to close the round."
	case out > 1:
		return "Only one player can go out in a round; correct the entries first."
	}
	return ""
}

// decideClose checks the round can close and says what comes next: the
// double of the next round, or that the game is over.
func decideClose(sh db.Sheet, r *db.Round) (int, bool, error) {
	if msg := closeProblem(sh, r); msg != "" {
		return 0, false, refused(msg)
	}
	rules := sh.Game.Rules
	opened := append(sh.Opened(), r.Double())
	results := append(sh.Results(), sh.Result(*r))
	totals := make([]int, len(sh.Game.Players))
	for _, res := range results {
		for seat, v := range res.Scores {
			totals[seat] += v
		}
	}
	if rules.GameOver(opened, totals) {
		return 0, true, nil
	}
	next, _ := rules.NextDouble(opened)
	return next, false, nil
}

func joinAnd(names []string) string {
	if len(names) <= 2 {
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
