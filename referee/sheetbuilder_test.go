package referee_test

import (
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// sheetNames are the players of the test sheets, by seat.
var sheetNames = []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}

// stdOn returns the standard house rules on a double-set set, changed by
// edit when it is not nil.
func stdOn(set referee.Set, edit func(r *referee.Rules)) referee.Rules {
	r := referee.Standard()
	r.Set = set
	if edit != nil {
		edit(&r)
	}
	return r
}

// A sheetBuilder writes a test's score sheet a round at a time. Each round
// lists the entries by seat in entryOf's notation; seats left off have no
// entry. Hands are dealt 2 tiles each unless a test says otherwise.
type sheetBuilder struct {
	tb testing.TB
	s  *referee.Sheet
}

func newSheet(tb testing.TB, rules referee.Rules, players int) *sheetBuilder {
	return &sheetBuilder{tb: tb, s: &referee.Sheet{Rules: rules, Players: sheetNames[:players], HandSize: 2}}
}

// played adds a closed round that was planned for double, opened on it and
// set by seat 0.
func (b *sheetBuilder) played(double int, entries ...string) *sheetBuilder {
	b.tb.Helper()
	return b.add(referee.SheetRound{Planned: double, Opened: double, Setter: 0, Closed: true}, entries)
}

// ladder adds closed rounds on every double from hi down to lo, each with
// the same entries.
func (b *sheetBuilder) ladder(hi, lo int, entries ...string) *sheetBuilder {
	b.tb.Helper()
	for d := hi; d >= lo; d-- {
		b.played(d, entries...)
	}
	return b
}

// playing adds the round being played, planned for double, with nothing
// recorded but its entries.
func (b *sheetBuilder) playing(planned int, entries ...string) *sheetBuilder {
	b.tb.Helper()
	return b.add(referee.SheetRound{Planned: planned, Opened: -1, Setter: -1}, entries)
}

// planned says the last round was planned for double (it opened lower).
func (b *sheetBuilder) planned(double int) *sheetBuilder {
	b.last().Planned = double
	return b
}

// opened records that the last round opened on double, set by seat 0.
func (b *sheetBuilder) opened(double int) *sheetBuilder {
	r := b.last()
	r.Opened, r.Setter = double, 0
	return b
}

// setBy records who set the last round's double.
func (b *sheetBuilder) setBy(seat int) *sheetBuilder {
	b.last().Setter = seat
	return b
}

// tracked says tiles were laid for the last round on the live table.
func (b *sheetBuilder) tracked() *sheetBuilder {
	b.last().Actions, b.last().OnTable = 1, 1
	return b
}

// finished marks the game over.
func (b *sheetBuilder) finished() *sheetBuilder {
	b.s.Finished = true
	return b
}

func (b *sheetBuilder) sheet() *referee.Sheet { return b.s }

func (b *sheetBuilder) last() *referee.SheetRound { return &b.s.Rounds[len(b.s.Rounds)-1] }

func (b *sheetBuilder) add(r referee.SheetRound, entries []string) *sheetBuilder {
	b.tb.Helper()
	if len(entries) > len(b.s.Players) {
		b.tb.Fatalf("round %d: %d entries for %d players", len(b.s.Rounds)+1, len(entries), len(b.s.Players))
	}
	r.Number = len(b.s.Rounds) + 1
	r.Entries = make([]*referee.Entry, len(b.s.Players))
	for seat, text := range entries {
		r.Entries[seat] = entryOf(b.tb, b.s.Rules, text)
	}
	b.s.Rounds = append(b.s.Rounds, r)
	return b
}

// entryOf reads one entry as a sheet shows it and builds it with the
// referee's own constructors: "-" no entry, "out" went out, "out*" went out
// on a double, "23" typed pips, "3+00" typed pips with the 0-0 in hand,
// "[6-5 0-0]" the tiles left in hand ("[]" an empty hand).
func entryOf(tb testing.TB, rules referee.Rules, text string) *referee.Entry {
	tb.Helper()
	var e referee.Entry
	var err error
	switch {
	case text == "-":
		return nil
	case text == "out", text == "out*":
		e = rules.OutEntry(text == "out*")
	case strings.HasPrefix(text, "["):
		e, err = rules.TappedEntry(tileList(tb, strings.Trim(text, "[]")))
	default:
		pips, blank := strings.CutSuffix(text, "+00")
		n, perr := strconv.Atoi(pips)
		if perr != nil {
			tb.Fatalf("entry %q: %v", text, perr)
		}
		e, err = rules.TypedEntry(n, blank, 0)
	}
	if err != nil {
		tb.Fatalf("entry %q: %v", text, err)
	}
	return &e
}

// tileList reads tiles written in tile notation, separated by spaces.
func tileList(tb testing.TB, text string) []referee.Tile {
	tb.Helper()
	out := []referee.Tile{}
	for _, f := range strings.Fields(text) {
		t, err := referee.ParseTile(f)
		if err != nil {
			tb.Fatalf("ParseTile(%q) = %v", f, err)
		}
		out = append(out, t)
	}
	return out
}
