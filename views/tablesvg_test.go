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
	p, err := refereetest.RandomRound(rules, players, rng)
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
		{"spinner", 4, func(t *testing.T) []Placed { return PlacedTiles(layoutOf(t, d9, "9-9")) }},
		{"four-arms-chickie", 4, func(t *testing.T) []Placed {
			return PlacedTiles(layoutOf(t, d9, "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1 1-6@1-1 1-7@1-1 5-8@1-5"))
		}},
		{"six-arms", 6, func(t *testing.T) []Placed {
			return PlacedTiles(layoutOf(t, d12, "12-12 12-0@12-12 12-1@12-12 12-2@12-12 12-3@12-12 12-4@12-12 12-5@12-12 0-6@12-0"))
		}},
		{d18Round.name, d18Round.arms, func(t *testing.T) []Placed { return PlacedTiles(d18Round.play(t)) }},
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
// 60 by 30, each in a cell of 66.
const minGap = 30.0

// TestLayoutGeometry checks the drawings of full rounds: every tile drawn
// once, inside the view box, and marked open or owed as the referee says.
func TestLayoutGeometry(t *testing.T) {
	t.Parallel()
	for _, c := range geometryRounds {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := c.play(t)
			placed := PlacedTiles(l)
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
			out := Layout(PlacedTiles(l), c.arms)
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
			placed := PlacedTiles(l)
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

// maxPlayers is the largest table the deal tables give for each set.
var maxPlayers = map[referee.Set]int{6: 4, 9: 8, 12: 12, 15: 13, 18: 16}

// seededRound is the n-th of the rounds the overlap test draws: 4 or 6
// arms, every set, and 2 players up to the set's largest table.
func seededRound(n int) roundCase {
	sets := []referee.Set{6, 9, 12, 15, 18}
	set := sets[(n/2)%len(sets)]
	players := 2 + (n/10)%(maxPlayers[set]-1)
	return roundCase{name: fmt.Sprintf("round-%d", n), set: set, arms: 4 + 2*(n%2), players: players, seed: uint64(n)}
}

// overlapRounds is how many seeded rounds TestLayoutNoOverlap draws.
const overlapRounds = 1000

// TestLayoutNoOverlap draws many seeded full rounds and checks that no two
// tiles overlap, each a rectangle turned as drawn and grown by a margin.
func TestLayoutNoOverlap(t *testing.T) {
	t.Parallel()
	n, shards := overlapRounds, 8
	if testing.Short() {
		n = 100
	}
	for s := range shards {
		t.Run(fmt.Sprintf("shard-%d", s), func(t *testing.T) {
			t.Parallel()
			links, far := 0, 0
			for k := s; k < n; k += shards {
				c := seededRound(k)
				out := Layout(PlacedTiles(c.play(t)), c.arms)
				if bad := overlaps(t, out, 1); len(bad) > 0 {
					t.Errorf("set %d, %d arms, %d players, seed %d: %d tiles overlap:\n%s",
						c.set, c.arms, c.players, c.seed, len(bad), strings.Join(bad, "\n"))
				}
				for _, d := range out.Tiles {
					if l := linkLength(t, d); l > maxLink*cellSize {
						t.Errorf("set %d, %d arms, seed %d: %s is %.0f from the tile it was laid on", c.set, c.arms, c.seed, d.Label, l)
					} else if d.Link {
						links++
						if l > math.Sqrt2*cellSize+0.1 {
							far++
						}
					}
				}
			}
			if float64(far) > 0.03*float64(links) {
				t.Errorf("%d of %d connectors reach past the next cell, want at most 3%%", far, links)
			}
		})
	}
}

// maxLink is the longest connector allowed, in cells: a tile whose
// neighbouring cells are all taken goes a little further out.
const maxLink = 6

// linkLength is the length of a tile's connector (0 for the spinner).
func linkLength(t *testing.T, d DrawnTile) float64 {
	t.Helper()
	if !d.Link {
		return 0
	}
	v := parseNums(t, d.Label, d.X, d.Y, d.LinkX, d.LinkY)
	return math.Hypot(v[0]-v[2], v[1]-v[3])
}

// TestOverlaps checks the overlap test itself on tiles placed by hand.
func TestOverlaps(t *testing.T) {
	t.Parallel()
	tile := func(x, y, angle string) DrawnTile {
		return DrawnTile{Label: x + "," + y, X: x, Y: y, Angle: angle, W: num(tileLong), H: num(tileShort)}
	}
	for _, c := range []struct {
		name string
		a, b DrawnTile
		want bool
	}{
		{"end to end, apart", tile("0", "0", "0"), tile("66", "0", "0"), false},
		{"end to end, touching", tile("0", "0", "0"), tile("60", "0", "0"), true},
		{"crossed", tile("0", "0", "0"), tile("0", "0", "90"), true},
		{"aslant, corner in", tile("0", "0", "0"), tile("45", "30", "45"), true},
		{"aslant, clear", tile("0", "0", "0"), tile("66", "66", "45"), false},
		{"side by side", tile("0", "0", "90"), tile("32", "0", "90"), true},
	} {
		out := LayoutSVG{Tiles: []DrawnTile{c.a, c.b}}
		if got := len(overlaps(t, out, 1)) > 0; got != c.want {
			t.Errorf("%s: overlaps = %v, want %v", c.name, got, c.want)
		}
	}
}

// phoneFrame is the width in CSS pixels of the table's frame on a phone
// 390 pixels wide: the page's, the card's and the frame's padding and
// borders taken off.
const phoneFrame = 390 - 2*13.5 - 2*19 - 2

// TestLayoutReadable checks the fitted view on a phone: numbers at least 12
// pixels tall and tap targets at least 44 wide, never larger than natural
// size, and the owed double (or else the last tile laid) in view.
func TestLayoutReadable(t *testing.T) {
	t.Parallel()
	const fontSize = 18 // svg.layout .tile text in static/app.css
	cases := append([]roundCase{}, geometryRounds...)
	for k := range 50 {
		cases = append(cases, seededRound(k))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			placed := PlacedTiles(c.play(t))
			out := Layout(placed, c.arms)
			box := parseNums(t, "focus", strings.Fields(out.Focus)...)
			scale := min(1, phoneFrame/float64(out.FocusWidth))
			if px := fontSize * scale; px < 12 {
				t.Errorf("focus %q: numbers %.1f px tall, want 12 or more", out.Focus, px)
			}
			if px := hitSize * scale; px < 44 {
				t.Errorf("focus %q: tap targets %.1f px, want 44 or more", out.Focus, px)
			}
			if box[2] > focusW || box[3] > focusH || float64(out.FocusWidth) < box[2] {
				t.Errorf("focus %q, width %d: bigger than %g by %g, or drawn smaller than natural size", out.Focus, out.FocusWidth, focusW, focusH)
			}
			focus := len(placed) - 1
			for i, p := range placed {
				if p.Owed {
					focus = i
				}
			}
			xy := parseNums(t, "focus tile", out.Tiles[focus].X, out.Tiles[focus].Y)
			if xy[0] < box[0] || xy[0] > box[0]+box[2] || xy[1] < box[1] || xy[1] > box[1]+box[3] {
				t.Errorf("focus %q leaves out %s at (%g, %g)", out.Focus, out.Tiles[focus].Label, xy[0], xy[1])
			}
		})
	}
}

// TestLayoutSmall checks that a small layout is drawn at natural size, not
// blown up to the width of the screen.
func TestLayoutSmall(t *testing.T) {
	t.Parallel()
	out := Layout(PlacedTiles(layoutOf(t, rulesFor(9, 4), "9-9 9-1@9-9")), 4)
	if out.FocusWidth > 100 || out.Focus != out.ViewBox {
		t.Errorf("two tiles: focus %q, %d px wide; want the whole table, at most 100 px", out.Focus, out.FocusWidth)
	}
	if got := render(t, out); !strings.Contains(got, `width="`+strconv.Itoa(out.FocusWidth)+`"`) {
		t.Errorf("two tiles: the fitted drawing has no width of %d", out.FocusWidth)
	}
}

// TestLayoutStable checks that tiles never move as the round goes on: the
// drawing of the first k tiles laid is the start of the whole round's.
func TestLayoutStable(t *testing.T) {
	t.Parallel()
	for _, c := range geometryRounds {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			placed := PlacedTiles(c.play(t))
			whole := Layout(placed, c.arms)
			for k := 1; k < len(placed); k += 7 {
				part := Layout(placed[:k], c.arms)
				for i, d := range part.Tiles {
					w := whole.Tiles[i]
					if d.X != w.X || d.Y != w.Y || d.Angle != w.Angle {
						t.Fatalf("after %d tiles %s is at (%s, %s) turned %s; at the end (%s, %s) turned %s",
							k, d.Label, d.X, d.Y, d.Angle, w.X, w.Y, w.Angle)
					}
				}
			}
		})
	}
}

// TestTileNames checks what a screen reader says for each tile.
func TestTileNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    Placed
		want string
	}{
		{Placed{Label: "7-3", Near: 7, Far: 3, Open: true}, "7-3, open, needs 3"},
		{Placed{Label: "9-9", Near: 9, Far: 9, Owed: true}, "9-9, owed"},
		{Placed{Label: "9-9", Near: 9, Far: 9, Owed: true, Open: true}, "9-9, owed, open, needs 9"},
		{Placed{Label: "5-2", Near: 2, Far: 5, Open: true, Last: true}, "5-2, open, needs 5, last laid"},
		{Placed{Label: "8-1", Near: 8, Far: 1}, "8-1"},
	} {
		if got := spoken(c.p); got != c.want {
			t.Errorf("spoken(%+v) = %q, want %q", c.p, got, c.want)
		}
	}
}

// corners are a drawn tile's corners, turned as drawn, the rectangle
// grown by m on every side.
func corners(t *testing.T, d DrawnTile, m float64) [4]point {
	t.Helper()
	v := parseNums(t, d.Label, d.X, d.Y, d.Angle, d.W, d.H)
	a := v[2] * math.Pi / 180
	ux, uy := math.Cos(a), math.Sin(a)
	hw, hh := v[3]/2+m, v[4]/2+m
	var out [4]point
	for k, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		out[k] = point{v[0] + s[0]*hw*ux - s[1]*hh*uy, v[1] + s[0]*hw*uy + s[1]*hh*ux}
	}
	return out
}

// overlaps lists the pairs of tiles whose rectangles, grown by m, meet.
func overlaps(t *testing.T, out LayoutSVG, m float64) []string {
	t.Helper()
	rects := make([][4]point, len(out.Tiles))
	for i, d := range out.Tiles {
		rects[i] = corners(t, d, m)
	}
	var bad []string
	for i := range rects {
		for j := i + 1; j < len(rects); j++ {
			if meet(rects[i], rects[j]) {
				bad = append(bad, fmt.Sprintf("%s at (%s, %s) and %s at (%s, %s)",
					out.Tiles[i].Label, out.Tiles[i].X, out.Tiles[i].Y, out.Tiles[j].Label, out.Tiles[j].X, out.Tiles[j].Y))
			}
		}
	}
	return bad
}

// meet is whether two convex quadrilaterals intersect: no edge of either
// separates them (the separating axis theorem).
func meet(a, b [4]point) bool {
	for _, q := range [2][4]point{a, b} {
		for k := range q {
			p, r := q[k], q[(k+1)%4]
			nx, ny := r.y-p.y, p.x-r.x
			amin, amax := project(a, nx, ny)
			bmin, bmax := project(b, nx, ny)
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}

func project(q [4]point, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range q {
		v := p.x*nx + p.y*ny
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// TestTileFrame: the tile written into drawnTile in its own frame has the
// sizes the drawing's geometry uses (tileLong, tileShort, barHalf), and
// each tile's frame is moved to its centre and turned by its angle.
func TestTileFrame(t *testing.T) {
	t.Parallel()
	d9 := rulesFor(9, 4)
	got := render(t, Layout(PlacedTiles(layoutOf(t, d9, "9-9 9-1@9-9")), 4))
	for _, want := range []string{
		`<rect x="` + num(-tileLong/2) + `" y="` + num(-tileShort/2) + `" width="` + num(tileLong) + `" height="` + num(tileShort) + `" rx="5">`,
		`<line x1="0" y1="` + num(-barHalf) + `" x2="0" y2="` + num(barHalf) + `">`,
	} {
		if strings.Count(got, want) != 2 {
			t.Errorf("the drawing of two tiles has %d of %s, want one per tile", strings.Count(got, want), want)
		}
	}
	for _, d := range Layout(PlacedTiles(layoutOf(t, d9, "9-9 9-1@9-9")), 4).Tiles {
		if want := "translate(" + d.X + " " + d.Y + ") rotate(" + d.Angle + ")"; d.Pose != want || !strings.Contains(got, `transform="`+want+`"`) {
			t.Errorf("%s: pose %q, want %q drawn", d.Label, d.Pose, want)
		}
	}
}
