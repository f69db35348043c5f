package views

import (
	"strings"
	"testing"

	"chickenfoot/referee"
)

// straightLine plays moves ("5-5", "5-0@5-5#1") on an empty Straight line.
func straightLine(t *testing.T, moves ...string) *referee.StraightLine {
	t.Helper()
	l, err := referee.NewStraightLine(referee.StandardStraight())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		tile, place, _ := strings.Cut(m, "@")
		on, at := place, 0
		if o, a, ok := strings.Cut(place, "#"); ok {
			on, at = o, int(a[0]-'0')
		}
		mv, err := l.Resolve(tile, on, at)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if _, err := l.Play(mv); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return l
}

// TestStraightLayout draws Straight lines from their middle: the spinner
// upright at the centre with its sides left and right and its ends above
// and below, a lead laid before the spinner on the arm of the side the
// spinner was laid with, a lead without a spinner from its higher half,
// later doubles crosswise; each tile's near half touches the tile it
// joins, and no two tiles share a place.
func TestStraightLayout(t *testing.T) {
	t.Parallel()
	type at struct {
		label, x, y string
		near, far   int
	}
	for _, c := range []struct {
		name  string
		moves []string
		want  []at
	}{
		{"spinner's cross", []string{"5-5", "5-0@5-5#1", "5-3@5-5#2", "5-2@5-5#3", "5-4@5-5#4"}, []at{
			{"5-5", "0", "0", 5, 5}, {"5-0", "-66", "0", 5, 0}, {"5-3", "66", "0", 5, 3}, {"5-2", "0", "-66", 5, 2}, {"5-4", "0", "66", 5, 4},
		}},
		{"spinner after the lead", []string{"6-3", "3-3@6-3#2", "6-1@6-3#1"}, []at{
			{"3-3", "0", "0", 3, 3}, {"6-3", "-66", "0", 3, 6},
		}},
		{"no spinner yet", []string{"6-3", "3-1@6-3#2", "6-2@6-3#1"}, []at{
			{"6-3", "0", "0", 6, 3}, {"6-2", "-66", "0", 6, 2}, {"3-1", "66", "0", 3, 1},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := StraightLayout(straightLine(t, c.moves...).Places())
			if len(l.Tiles) != len(c.moves) || l.Empty {
				t.Fatalf("StraightLayout(%v) = %d tiles, want %d", c.moves, len(l.Tiles), len(c.moves))
			}
			seen := map[string]string{}
			for _, d := range l.Tiles {
				if other, ok := seen[d.X+","+d.Y]; ok {
					t.Errorf("%s and %s are both drawn at %s,%s", other, d.Label, d.X, d.Y)
				}
				seen[d.X+","+d.Y] = d.Label
			}
			byLabel := map[string]DrawnTile{}
			for _, d := range l.Tiles {
				byLabel[d.Label] = d
			}
			for _, w := range c.want {
				d, ok := byLabel[w.label]
				if !ok || d.X != w.x || d.Y != w.y || d.Near != w.near || d.Far != w.far {
					t.Errorf("StraightLayout(%v): %s at %s,%s near %d far %d; want %s,%s near %d far %d", c.moves, w.label, d.X, d.Y, d.Near, d.Far, w.x, w.y, w.near, w.far)
				}
			}
			if l.Tiles[0].Label != c.want[0].label {
				t.Errorf("StraightLayout(%v) starts from %s, want %s", c.moves, l.Tiles[0].Label, c.want[0].label)
			}
		})
	}
	cross := StraightLayout(straightLine(t, "6-6", "6-3@6-6#1", "3-3@6-3").Places())
	for _, d := range cross.Tiles {
		if d.Label == "3-3" && !strings.Contains(d.Class, "cross") {
			t.Errorf("a double off the spinner is drawn %q, want crosswise", d.Class)
		}
	}
	if !StraightLayout(nil).Empty {
		t.Error("an empty line is not drawn empty")
	}
}
