package referee

import (
	"errors"
	"fmt"
	"testing"
)

// layoutOf builds a layout from the notation, failing the test if any move
// is refused.
func layoutOf(t *testing.T, rules Rules, double int, notation string) *Layout {
	t.Helper()
	moves, err := ParseMoves(notation)
	if err != nil {
		t.Fatalf("ParseMoves(%q): %v", notation, err)
	}
	l, err := NewLayout(rules, double)
	if err != nil {
		t.Fatalf("NewLayout: %v", err)
	}
	if k, err := l.Apply(moves); err != nil {
		t.Fatalf("laying %q: move %d refused: %v", notation, k, err)
	}
	return l
}

func rulesWith(set Set, arms int) Rules {
	r := Standard()
	r.Set, r.SpinnerArms = set, arms
	return r
}

// Spinner 9-9 with four arms, then a chickie 1-1 on the 9-1 arm with one toe.
const chickieOwed = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1"

// Double-6: the 3s run out before the chickie 3-3 is laid.
const stuckChickie = "6-6 6-0@6-6 6-1@6-6 6-2@6-6 6-3@6-6 0-3@6-0 1-3@6-1 2-3@6-2 3-4@0-3 3-5@1-3 3-3@6-3"

func TestLayoutCodes(t *testing.T) {
	t.Parallel()
	d9 := Standard()
	tests := []struct {
		name     string
		layout   string
		tile, on string
		want     Code // empty: legal
	}{
		{"starting double", "", "9-9", "", ""},
		{"unreadable tile", "", "9/9", "", CodeBadTile},
		{"tile outside the set", "9-9", "10-9", "9-9", CodeBadTile},
		{"bad tile before wrong start", "", "12-12", "", CodeBadTile},
		{"other double first", "", "8-8", "", CodeWrongStart},
		{"plain tile first", "", "9-3", "", CodeWrongStart},
		{"double set on something", "", "9-9", "9-3", CodeWrongStart},
		{"unreadable place on empty table", "", "9-3", "x", CodeWrongStart},
		{"tile already laid", "9-9 9-3@9-9", "9-3", "9-9", CodeAlreadyPlayed},
		{"already laid beats unknown end", "9-9 9-3@9-9", "3-9", "5-5", CodeAlreadyPlayed},
		{"double laid twice", "9-9", "9-9", "", CodeAlreadyPlayed},
		{"place not on table", "9-9", "9-3", "3-3", CodeUnknownEnd},
		{"no place named", "9-9", "9-3", "", CodeUnknownEnd},
		{"unreadable place", "9-9", "9-3", "nine", CodeUnknownEnd},
		{"place outside the set", "9-9", "9-3", "10-10", CodeUnknownEnd},
		{"first arm", "9-9", "9-3", "9-9", ""},
		{"arm must match", "9-9", "8-3", "9-9", CodeMismatch},
		{"spinner owed", "9-9 9-3@9-9", "3-4", "9-3", CodeSpinnerFirst},
		{"spinner owed beats mismatch", "9-9 9-3@9-9", "5-4", "9-3", CodeSpinnerFirst},
		{"spinner full", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9", "9-5", "9-9", CodeEndClosed},
		{"open play after spinner", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9", "3-7", "9-3", ""},
		{"line end taken", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 3-7@9-3", "3-8", "9-3", CodeEndClosed},
		{"line end mismatch", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9", "4-7", "9-3", CodeMismatch},
		{"chickie opens", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9", "1-1", "9-1", ""},
		{"chickie owed", chickieOwed, "2-6", "9-2", CodeChickieFirst},
		{"closed end beats chickie owed", chickieOwed, "1-6", "9-1", CodeEndClosed},
		{"toe must match", chickieOwed, "2-6", "1-1", CodeMismatch},
		{"second toe", chickieOwed, "1-6", "1-1", ""},
		{"toe end is open after the foot", chickieOwed + " 1-6@1-1 1-7@1-1", "5-8", "1-5", ""},
		{"other ends open after the foot", chickieOwed + " 1-6@1-1 1-7@1-1", "2-6", "9-2", ""},
		{"chickie has 3 toes", chickieOwed + " 1-6@1-1 1-7@1-1", "1-8", "1-1", CodeEndClosed},
		{"chickie on a toe", chickieOwed + " 1-6@1-1 1-7@1-1", "5-5", "1-5", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := layoutOf(t, d9, 9, tt.layout)
			before := l.String()
			m, err := l.Resolve(tt.tile, tt.on)
			if err == nil {
				err = l.Play(m)
			}
			var re *RuleError
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("play %s on %q = %v, want legal", tt.tile, tt.on, err)
			case tt.want != "" && (!errors.As(err, &re) || re.Code != tt.want):
				t.Fatalf("play %s on %q = %v, want %s", tt.tile, tt.on, err, tt.want)
			case tt.want != "" && l.String() != before:
				t.Fatalf("refused play changed the layout to %q, want %q", l.String(), before)
			case tt.want != "" && re.Reason() == "":
				t.Fatalf("refusal %s has no reason", re.Code)
			}
		})
	}
}

func TestSixArms(t *testing.T) {
	t.Parallel()
	r := rulesWith(12, 6)
	arms := "12-12 12-0@12-12 12-1@12-12 12-2@12-12 12-3@12-12"
	l := layoutOf(t, r, 12, arms)
	if o := l.Pending(); o.Kind != Spinner || o.Missing != 2 {
		t.Fatalf("after 4 of 6 arms Pending() = %+v, want spinner missing 2", o)
	}
	if err := l.Check(Move{Tile: NewTile(0, 5), On: NewTile(12, 0)}); !errors.Is(err, ErrPlacement) || err.(*RuleError).Code != CodeSpinnerFirst {
		t.Fatalf("play off an arm with 2 arms owed = %v, want spinner-first", err)
	}
	l = layoutOf(t, r, 12, arms+" 12-4@12-12 12-5@12-12")
	if o := l.Pending(); o.Pending() {
		t.Fatalf("after 6 arms Pending() = %+v, want none", o)
	}
	if err := l.Check(Move{Tile: NewTile(12, 6), On: NewTile(12, 12)}); err == nil || err.(*RuleError).Code != CodeEndClosed {
		t.Fatalf("a seventh arm = %v, want end-closed", err)
	}
	if got := len(l.OpenEnds()); got != 6 {
		t.Fatalf("OpenEnds() after the spinner has %d ends, want 6", got)
	}
}

func TestPendingAndOpenEnds(t *testing.T) {
	t.Parallel()
	d9 := Standard()
	tests := []struct {
		layout  string
		pending string
		ends    string
	}{
		{"", "none", "[]"},
		{"9-9", "spinner 9-9 missing 4", "[9-9:9x4]"},
		{"9-9 9-3@9-9", "spinner 9-9 missing 3", "[9-9:9x3]"},
		{"9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9", "none", "[9-1:1x1 9-2:2x1 9-3:3x1 9-4:4x1]"},
		{chickieOwed, "chickie 1-1 missing 2", "[1-1:1x2]"},
		{chickieOwed + " 1-6@1-1 1-7@1-1", "none", "[9-2:2x1 9-3:3x1 9-4:4x1 5-1:5x1 6-1:6x1 7-1:7x1]"},
	}
	for _, tt := range tests {
		t.Run(tt.layout, func(t *testing.T) {
			t.Parallel()
			l := layoutOf(t, d9, 9, tt.layout)
			if got := describe(l.Pending()); got != tt.pending {
				t.Errorf("Pending() = %s, want %s", got, tt.pending)
			}
			if got := ends(l.OpenEnds()); got != tt.ends {
				t.Errorf("OpenEnds() = %s, want %s", got, tt.ends)
			}
		})
	}
}

func describe(o Obligation) string {
	if !o.Pending() {
		return "none"
	}
	s := fmt.Sprintf("%s %s missing %d", o.Kind, o.Tile, o.Missing)
	if o.Impossible {
		s += " impossible"
	}
	if o.Released {
		s += " released"
	}
	return s
}

func ends(es []End) string {
	s := "["
	for i, e := range es {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%s:%dx%d", e.On, e.Pips, e.Free)
	}
	return s + "]"
}

func TestImpossibleChickie(t *testing.T) {
	t.Parallel()
	for _, rule := range []ImpossibleRule{ImpossibleStaysOwed, ImpossibleReleased} {
		t.Run(string(rule), func(t *testing.T) {
			t.Parallel()
			r := rulesWith(6, 4)
			r.Impossible = rule
			l := layoutOf(t, r, 6, stuckChickie)
			o := l.Pending()
			if o.Kind != Chickie || o.Tile != NewTile(3, 3) || o.Missing != 3 || !o.Impossible {
				t.Fatalf("Pending() = %s, want chickie 3-3 missing 3 impossible", describe(o))
			}
			elsewhere := Move{Tile: NewTile(5, 0), On: NewTile(5, 3)}
			err := l.Check(elsewhere)
			if rule == ImpossibleStaysOwed {
				if !o.Binding() || !l.Stuck() || err == nil || err.(*RuleError).Code != CodeChickieFirst {
					t.Fatalf("blocked rule: Binding=%v Stuck=%v Check(5-0@5-3)=%v, want binding, stuck, chickie-first", o.Binding(), l.Stuck(), err)
				}
				return
			}
			if o.Binding() || !o.Released || l.Stuck() || err != nil {
				t.Fatalf("release rule: Binding=%v Stuck=%v Check(5-0@5-3)=%v, want released, open play", o.Binding(), l.Stuck(), err)
			}
		})
	}
	// One toe still possible: missing 2 with a single 3 left off the table.
	l := layoutOf(t, rulesWith(6, 4), 6, "6-6 6-0@6-6 6-1@6-6 6-2@6-6 6-3@6-6 0-3@6-0 1-3@6-1 3-4@0-3 3-3@6-3 3-5@3-3")
	if o := l.Pending(); !o.Impossible || o.Missing != 2 || l.Unplayed(3) != 1 {
		t.Fatalf("Pending() = %s with %d threes off the table, want impossible, missing 2, one left", describe(o), l.Unplayed(3))
	}
}

func TestTakeBackRestores(t *testing.T) {
	t.Parallel()
	l := layoutOf(t, Standard(), 9, chickieOwed)
	want := describe(l.Pending())
	wantEnds := ends(l.OpenEnds())
	if err := l.Play(Move{Tile: NewTile(1, 6), On: NewTile(1, 1)}); err != nil {
		t.Fatal(err)
	}
	m, ok := l.TakeBack()
	if !ok || m.Tile != NewTile(1, 6) || m.On != NewTile(1, 1) {
		t.Fatalf("TakeBack() = %v, %v, want 6-1@1-1", m, ok)
	}
	if got := describe(l.Pending()); got != want {
		t.Errorf("Pending() after take-back = %s, want %s", got, want)
	}
	if got := ends(l.OpenEnds()); got != wantEnds {
		t.Errorf("OpenEnds() after take-back = %s, want %s", got, wantEnds)
	}
	for l.Len() > 0 {
		l.TakeBack()
	}
	if l.Unplayed(9) != 10 || l.Unplayed(1) != 10 || l.Stuck() {
		t.Errorf("emptied layout: Unplayed(9)=%d Unplayed(1)=%d Stuck=%v, want 10, 10, false", l.Unplayed(9), l.Unplayed(1), l.Stuck())
	}
	if _, ok := l.TakeBack(); ok {
		t.Error("TakeBack() on an empty table reported true")
	}
}

func TestLegalMoves(t *testing.T) {
	t.Parallel()
	l := layoutOf(t, Standard(), 9, "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9")
	hand := []Tile{NewTile(1, 2), NewTile(8, 8), NewTile(9, 3), NewTile(4, 4)}
	got := FormatMoves(l.LegalMoves(hand))
	if want := "2-1@9-1 2-1@9-2 4-4@9-4"; got != want {
		t.Errorf("LegalMoves = %q, want %q", got, want)
	}
	empty, _ := NewLayout(Standard(), 7)
	if got := FormatMoves(empty.LegalMoves([]Tile{NewTile(9, 9), NewTile(7, 7)})); got != "7-7" {
		t.Errorf("LegalMoves on an empty 7-7 round = %q, want 7-7", got)
	}
}

func TestNewLayoutErrors(t *testing.T) {
	t.Parallel()
	if _, err := NewLayout(Standard(), 10); !errors.Is(err, ErrRules) {
		t.Errorf("NewLayout(double 10 in double-9) error = %v, want ErrRules", err)
	}
	bad := Standard()
	bad.SpinnerArms = 5
	if _, err := NewLayout(bad, 9); !errors.Is(err, ErrRules) {
		t.Errorf("NewLayout(5 arms) error = %v, want ErrRules", err)
	}
}
