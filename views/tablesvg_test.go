package views

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/referee/refereetest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// rulesFor is the standard rules on a set with the given spinner arms.
func rulesFor(set referee.Set, arms int) referee.Rules {
	r := referee.Standard()
	r.Set, r.SpinnerArms = set, arms
	return r
}

// layoutOf lays the moves written in layout notation on a fresh table
// opening on the set's highest double.
func layoutOf(t *testing.T, rules referee.Rules, notation string) *referee.Layout {
	t.Helper()
	l, err := referee.NewLayout(rules, int(rules.Set))
	if err != nil {
		t.Fatal(err)
	}
	moves, err := referee.ParseMoves(notation)
	if err != nil {
		t.Fatalf("%q: %v", notation, err)
	}
	if k, err := l.Apply(moves); err != nil {
		t.Fatalf("%q: move %d (%s): %v", notation, k, moves[k], err)
	}
	return l
}

// playRound plays a whole random round with known hands.
func playRound(tb testing.TB, rules referee.Rules, players int, rng *rand.Rand) *referee.Round {
	tb.Helper()
	p, err := refereetest.RandomRound(rules, players, rng, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return p.Round
}

// roundCase is a seeded full random round.
type roundCase struct {
	name    string
	set     referee.Set
	arms    int
	players int
	seed    uint64
}

func (c roundCase) rules() referee.Rules { return rulesFor(c.set, c.arms) }

func (c roundCase) play(tb testing.TB) *referee.Layout {
	tb.Helper()
	return playRound(tb, c.rules(), c.players, rand.New(rand.NewPCG(c.seed, uint64(c.set)))).Layout()
}

// d18Round is the double-18 round drawn in the golden file and measured in
// the geometry test.
var d18Round = roundCase{name: "double-18-full-round", set: 18, arms: 4, players: 16, seed: 18}

// geometryRounds are the full rounds whose drawings are measured.
var geometryRounds = []roundCase{
	d18Round,
	{name: "double-18-seed-2", set: 18, arms: 4, players: 16, seed: 2},
	{name: "double-9-4-arms", set: 9, arms: 4, players: 6, seed: 9},
	{name: "double-9-4-arms-seed-4", set: 9, arms: 4, players: 4, seed: 4},
	{name: "double-12-6-arms", set: 12, arms: 6, players: 8, seed: 12},
	{name: "double-12-6-arms-seed-3", set: 12, arms: 6, players: 6, seed: 3},
	{name: "double-15", set: 15, arms: 4, players: 12, seed: 15},
}

func render(tb testing.TB, l LayoutSVG) string {
	tb.Helper()
	var buf bytes.Buffer
	if err := TableSVG(l, false).Render(context.Background(), &buf); err != nil {
		tb.Fatal(err)
	}
	return buf.String()
}

// checkXML reads every token of the output and fails on malformed XML.
func checkXML(tb testing.TB, s string) {
	tb.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			tb.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestTableSVGGolden(t *testing.T) {
	t.Parallel()
	d9, d12 := rulesFor(9, 4), rulesFor(12, 6)
	cases := []struct {
		name   string
		arms   int
		placed func(t *testing.T) []Placed
	}{
		{"empty", 4, func(t *testing.T) []Placed { return nil }},
		{"spinner", 4, func(t *testing.T) []Placed { return PlacedTiles(layoutOf(t, d9, "9-9"), nil) }},
		{"four-arms-chickie", 4, func(t *testing.T) []Placed {
			return PlacedTiles(layoutOf(t, d9, "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1 1-6@1-1 1-7@1-1 5-8@1-5"), nil)
		}},
		{"six-arms", 6, func(t *testing.T) []Placed {
			return PlacedTiles(layoutOf(t, d12, "12-12 12-0@12-12 12-1@12-12 12-2@12-12 12-3@12-12 12-4@12-12 12-5@12-12 0-6@12-0"), nil)
		}},
		{d18Round.name, d18Round.arms, func(t *testing.T) []Placed { return PlacedTiles(d18Round.play(t), nil) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			placed := c.placed(t)
			got := render(t, Layout(placed, c.arms))
			checkXML(t, got)
			path := filepath.Join("testdata", c.name+".svg.golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./views/ -run TestTableSVGGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the golden file %s%s", c.name, path, firstDiff(got, string(want)))
			}
		})
	}
}

// firstDiff points at the first byte where got and want part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	clip := func(s string) string {
		lo, hi := max(0, i-60), min(len(s), i+60)
		return s[lo:hi]
	}
	return fmt.Sprintf(" at byte %d:\n got: …%s…\nwant: …%s…", i, clip(got), clip(want))
}

// minGap is the least distance allowed between two tile centres; tiles are
// 48 by 26 and laid a step of 56 apart.
const minGap = 30.0

// TestLayoutGeometry checks the drawings of full rounds: every tile drawn
// once, inside the view box, and marked open or owed as the referee says.
func TestLayoutGeometry(t *testing.T) {
	t.Parallel()
	for _, c := range geometryRounds {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := c.play(t)
			placed := PlacedTiles(l, nil)
			out := Layout(placed, c.arms)
			checkGeometry(t, l, placed, out)
			checkXML(t, render(t, out))
		})
	}
}

// TestLayoutSpacing checks that no two tiles of a full round are drawn on
// top of each other: their centres stay at least minGap apart.
func TestLayoutSpacing(t *testing.T) {
	t.Parallel()
	for _, c := range geometryRounds {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := c.play(t)
			out := Layout(PlacedTiles(l, nil), c.arms)
			if close := closePairs(t, out); len(close) > 0 {
				t.Errorf("%d pairs of tile centres closer than %g (set %d, %d players, seed %d):\n%s",
					len(close), minGap, c.set, c.players, c.seed, strings.Join(close, "\n"))
			}
		})
	}
}

// closePairs lists the pairs of tiles whose centres are closer than minGap.
func closePairs(t *testing.T, out LayoutSVG) []string {
	t.Helper()
	centres := make([]point, len(out.Tiles))
	for i, d := range out.Tiles {
		xy := parseNums(t, d.Label, d.X, d.Y)
		centres[i] = point{xy[0], xy[1]}
	}
	var close []string
	for i := range centres {
		for j := i + 1; j < len(centres); j++ {
			if g := math.Hypot(centres[i].x-centres[j].x, centres[i].y-centres[j].y); g < minGap {
				close = append(close, fmt.Sprintf("%s (%g, %g) and %s (%g, %g): %.1f apart",
					out.Tiles[i].Label, centres[i].x, centres[i].y, out.Tiles[j].Label, centres[j].x, centres[j].y, g))
			}
		}
	}
	return close
}

// TestLayoutGeometryNotation measures the hand-written layouts too.
func TestLayoutGeometryNotation(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		rules referee.Rules
		moves string
	}{
		{"spinner", rulesFor(9, 4), "9-9"},
		{"four-arms-chickie", rulesFor(9, 4), "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1 1-6@1-1 1-7@1-1 5-8@1-5"},
		{"owed-spinner", rulesFor(9, 4), "9-9 9-1@9-9"},
		{"owed-chickie", rulesFor(9, 4), "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1"},
		{"six-arms", rulesFor(12, 6), "12-12 12-0@12-12 12-1@12-12 12-2@12-12 12-3@12-12 12-4@12-12 12-5@12-12 0-6@12-0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := layoutOf(t, c.rules, c.moves)
			placed := PlacedTiles(l, nil)
			out := Layout(placed, c.rules.SpinnerArms)
			checkGeometry(t, l, placed, out)
			if close := closePairs(t, out); len(close) > 0 {
				t.Errorf("tile centres closer than %g:\n%s", minGap, strings.Join(close, "\n"))
			}
		})
	}
}

type point struct{ x, y float64 }

// checkGeometry checks that every placed tile is drawn once, in play order,
// inside the view box, and the open ends and the owed double marked as the
// referee says.
func checkGeometry(t *testing.T, l *referee.Layout, placed []Placed, out LayoutSVG) {
	t.Helper()
	if len(out.Tiles) != len(placed) || len(placed) != l.Len() {
		t.Fatalf("drew %d tiles for %d placed (layout of %d)", len(out.Tiles), len(placed), l.Len())
	}
	box := parseNums(t, "viewBox", strings.Fields(out.ViewBox)...)
	if len(box) != 4 || box[2] <= 0 || box[3] <= 0 {
		t.Fatalf("bad viewBox %q", out.ViewBox)
	}
	x0, y0, x1, y1 := box[0], box[1], box[0]+box[2], box[1]+box[3]
	centres := make([]point, len(out.Tiles))
	for i, d := range out.Tiles {
		xy := parseNums(t, d.Label, d.X, d.Y)
		centres[i] = point{xy[0], xy[1]}
		if p := centres[i]; p.x < x0 || p.x > x1 || p.y < y0 || p.y > y1 {
			t.Errorf("%s: centre (%g, %g) outside the viewBox %q", d.Label, p.x, p.y, out.ViewBox)
		}
		if d.Label != placed[i].Label {
			t.Errorf("tile %d drawn as %s, placed as %s", i, d.Label, placed[i].Label)
		}
	}
	open := map[string]bool{}
	for _, e := range l.OpenEnds() {
		open[e.On.String()] = true
	}
	owed := ""
	if o := l.Pending(); o.Binding() {
		owed = o.Tile.String()
	}
	seen := map[string]bool{}
	for _, d := range out.Tiles {
		cls := strings.Fields(d.Class)
		seen[d.Label] = true
		if got, want := slices.Contains(cls, "open"), open[d.Label]; got != want {
			t.Errorf("%s: class %q, open = %v, want %v", d.Label, d.Class, got, want)
		}
		if got, want := slices.Contains(cls, "owed"), d.Label == owed; got != want {
			t.Errorf("%s: class %q, owed = %v, want %v", d.Label, d.Class, got, want)
		}
	}
	for e := range open {
		if !seen[e] {
			t.Errorf("open end %s is not drawn", e)
		}
	}
	if owed != "" && !seen[owed] {
		t.Errorf("owed double %s is not drawn", owed)
	}
}

func parseNums(t *testing.T, what string, ss ...string) []float64 {
	t.Helper()
	out := make([]float64, len(ss))
	for i, s := range ss {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("%s: bad number %q", what, s)
		}
		out[i] = v
	}
	return out
}
