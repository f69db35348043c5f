package views

import (
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestYTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi int
		want   []int
	}{
		{0, 0, []int{0, 1}},
		{0, 4, []int{0, 1, 2, 3, 4}},
		{0, 7, []int{0, 2, 4, 6, 8}},
		{0, 73, []int{0, 20, 40, 60, 80}},
		{0, 100, []int{0, 20, 40, 60, 80, 100}},
		{0, 556, []int{0, 200, 400, 600}},
		{0, 2400, []int{0, 500, 1000, 1500, 2000, 2500}},
		{-12, 30, []int{-20, -10, 0, 10, 20, 30}},
	} {
		if got := yTicks(c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("yTicks(%d, %d) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}

func TestXTickSteps(t *testing.T) {
	for _, c := range []struct {
		n     int
		width float64
		want  []int
	}{
		{1, 200, []int{0}},
		{3, 200, []int{0, 1, 2}},
		{13, 200, []int{1, 3, 5, 7, 9, 11}},
		{19, 240, []int{1, 3, 5, 7, 9, 11, 13, 15, 17}},
		{19, 200, []int{0, 4, 9, 14}},
		{19, 80, []int{0, 9}},
	} {
		if got := xTickSteps(c.n, c.width); !slices.Equal(got, c.want) {
			t.Errorf("xTickSteps(%d, %v) = %v, want %v", c.n, c.width, got, c.want)
		}
	}
}

func TestNudge(t *testing.T) {
	for _, c := range []struct {
		name string
		ys   []float64
		want []float64
	}{
		{"apart already", []float64{100, 20, 60}, []float64{100, 20, 60}},
		{"two on one spot, centred on it", []float64{50, 50}, []float64{45, 55}},
		{"three crowded, in order", []float64{52, 48, 50}, []float64{60, 40, 50}},
		{"pushed off the bottom", []float64{100, 99}, []float64{100, 90}},
		{"pushed off the top", []float64{0, 1, 2}, []float64{0, 10, 20}},
		{"a crowd meets its neighbour", []float64{30, 30, 41}, []float64{23.7, 33.7, 43.7}},
		{"more than fit start at the top", slices.Repeat([]float64{50}, 12), []float64{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := nudge(c.ys, 10, 0, 100)
			for i := range got {
				got[i] = math.Round(got[i]*10) / 10
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("nudge(%v) = %v, want %v", c.ys, got, c.want)
			}
		})
	}
}

// A chart of running totals: Ann leads.
func threePlayers(rounds int) ChartModel {
	m := ChartModel{ID: "t", Title: "Running totals", FromZero: true}
	for k := range rounds {
		m.Steps = append(m.Steps, strconv.Itoa(k+1))
	}
	for i, name := range []string{"Ann", "Bob", "Cy"} {
		s := ChartSeries{Name: name, Lead: i == 0, Place: i + 1}
		for k := range rounds {
			s.Values = append(s.Values, (k+1)*(i+1)*10)
		}
		m.Series = append(m.Series, s)
	}
	return m
}

func TestPlotEmpty(t *testing.T) {
	if c := Plot(ChartModel{Series: []ChartSeries{{Name: "Ann"}}}); !c.Empty {
		t.Errorf("Plot(no steps).Empty = false, want true")
	}
	if c := Plot(ChartModel{Steps: []string{"1"}}); !c.Empty {
		t.Errorf("Plot(no series).Empty = false, want true")
	}
}

func TestPlotOneRound(t *testing.T) {
	c := Plot(threePlayers(1))
	if c.Empty || len(c.Lines) != 3 || len(c.Labels) != 3 || len(c.Legend) != 0 {
		t.Fatalf("Plot(one round) = %d lines, %d labels, %d legend keys, want 3, 3, 0", len(c.Lines), len(c.Labels), len(c.Legend))
	}
	// From the start at 0 on the left edge to round 1 on the right.
	for _, l := range c.Lines {
		if !strings.HasPrefix(l.Path, "M"+c.PlotLeft+" "+c.Base+"L"+c.PlotRight+" ") || strings.Count(l.Path, "L") != 1 {
			t.Errorf("%s's path = %q, want from (%s, %s) to round 1 at x %s", l.Name, l.Path, c.PlotLeft, c.Base, c.PlotRight)
		}
	}
	if got := []string{c.XTicks[0].At, c.XTicks[0].Label}; len(c.XTicks) != 1 || got[0] != c.PlotRight || got[1] != "1" {
		t.Errorf("x ticks = %v, want round 1 at the right edge", c.XTicks)
	}
	// Without a start at 0, the one point is in the middle.
	m := threePlayers(1)
	m.FromZero = false
	c = Plot(m)
	mid := num((parse(t, c.PlotLeft) + parse(t, c.PlotRight)) / 2)
	if l := c.Lines[0]; !strings.HasPrefix(l.Path, "M"+mid+" ") || strings.Contains(l.Path, "L") {
		t.Errorf("one point, not from zero: path %q, want a single point at x %s", l.Path, mid)
	}
}

func TestPlotScales(t *testing.T) {
	c := Plot(threePlayers(4)) // totals up to 120: gridlines 0, 50, 100, 150
	var labels []string
	for _, tk := range c.YTicks {
		labels = append(labels, tk.Label)
	}
	if !slices.Equal(labels, []string{"0", "50", "100", "150"}) {
		t.Errorf("y ticks = %v, want 0 50 100 150", labels)
	}
	if c.YTicks[0].At != c.Base || c.YTicks[3].At != c.PlotTop {
		t.Errorf("y ticks run %s to %s, want the base %s to the top %s", c.YTicks[0].At, c.YTicks[3].At, c.Base, c.PlotTop)
	}
	// Bob ends on 80 of 150: his label sits at that height.
	base, top := parse(t, c.Base), parse(t, c.PlotTop)
	want := base - (base-top)*80/150
	if got := parse(t, c.Labels[1].Y); math.Abs(got-want) > 0.1 {
		t.Errorf("Bob's label at y %v, want %v", got, want)
	}
	// The leader is drawn last, on top, and marked.
	if l := c.Lines[len(c.Lines)-1]; l.Name != "Ann" || !strings.Contains(l.Class, "lead") {
		t.Errorf("last line drawn = %s (%q), want Ann, the leader", l.Name, l.Class)
	}
	right := parse(t, c.PlotRight)
	for _, l := range c.Labels {
		if end := parse(t, l.X) + textWidth(l.Text, labelFont); end > chartW {
			t.Errorf("label %q ends at %v, past the chart's width %v", l.Text, end, chartW)
		}
		if parse(t, l.X) <= right {
			t.Errorf("label %q starts at %s, inside the plot (right edge %v)", l.Text, l.X, right)
		}
	}
}

func TestPlotManyLines(t *testing.T) {
	m := ChartModel{ID: "t", FromZero: true}
	for k := range 19 {
		m.Steps = append(m.Steps, strconv.Itoa(k+1))
	}
	for i := range 16 {
		s := ChartSeries{Name: "Player " + strconv.Itoa(i+1), Label: "P" + strconv.Itoa(i+1), Place: 16 - i, Lead: i == 15}
		for k := range 19 {
			s.Values = append(s.Values, (k+1)*(30-i))
		}
		m.Series = append(m.Series, s)
	}
	c := Plot(m)
	var named []string
	for _, l := range c.Labels {
		named = append(named, l.Text)
	}
	if !slices.Equal(named, []string{"P14", "P15", "P16"}) {
		t.Errorf("labelled %v, want only the best three, P14 to P16", named)
	}
	if len(c.Legend) != 16 || c.Legend[0].Name != "Player 1" || c.Legend[0].Last != 19*30 {
		t.Errorf("legend = %+v, want all 16 with their totals", c.Legend)
	}
	if !strings.Contains(c.Lines[0].Class, "thin") {
		t.Errorf("line class %q, want thin lines for 16", c.Lines[0].Class)
	}
	for i := 1; i < len(c.Labels); i++ {
		if gap := parse(t, c.Labels[i-1].Y) - parse(t, c.Labels[i].Y); math.Abs(gap) < labelGap-0.01 {
			t.Errorf("labels %s and %s are %v apart, want %v at least", c.Labels[i-1].Text, c.Labels[i].Text, gap, labelGap)
		}
	}
}

func TestSeriesStylesDistinct(t *testing.T) {
	seen := map[[3]int]int{}
	for i := range 16 {
		_, shape, hollow, dash := seriesStyle(i)
		k := [3]int{shape, dash, 0}
		if hollow {
			k[2] = 1
		}
		if j, ok := seen[k]; ok {
			t.Errorf("lines %d and %d have the same marker and dash %v", j, i, k)
		}
		seen[k] = i
	}
}

func TestShortLabel(t *testing.T) {
	for _, c := range []struct{ name, label, want string }{
		{"Ann", "", "Ann"},
		{"Bartholomew-Maximilian", "", "Bartholo…"},
		{"Bartholomew-Maximilian", "Bar", "Bar"},
		{"山田太郎さんとその友達", "", "山田太郎さ…"},
	} {
		if got := shortLabel(ChartSeries{Name: c.name, Label: c.label}); got != c.want {
			t.Errorf("shortLabel(%q, %q) = %q, want %q", c.name, c.label, got, c.want)
		}
	}
}

// TestChartColours: every line colour, and so every end label written in
// it, has 4.5:1 contrast or more on a card, in the light theme and the dark.
func TestChartColours(t *testing.T) {
	css, err := os.ReadFile("../static/app.css")
	if err != nil {
		t.Fatal(err)
	}
	light, dark, _ := strings.Cut(string(css), "@media (prefers-color-scheme: dark)")
	vars := regexp.MustCompile(`--(chart-\d|card):\s*(#[0-9a-f]{6})`)
	for _, theme := range []struct{ name, css string }{{"light", light}, {"dark", dark}} {
		colours := map[string]string{}
		for _, m := range vars.FindAllStringSubmatch(theme.css, -1) {
			if _, ok := colours[m[1]]; !ok {
				colours[m[1]] = m[2]
			}
		}
		for i := range 8 {
			c, ok := colours["chart-"+strconv.Itoa(i)]
			if !ok {
				t.Fatalf("%s: no --chart-%d", theme.name, i)
			}
			if r := contrast(c, colours["card"]); r < 4.5 {
				t.Errorf("%s: --chart-%d %s on the card %s: contrast %.2f, want 4.5", theme.name, i, c, colours["card"], r)
			}
		}
	}
}

func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	lum := 0.0
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		c := float64(v) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		lum += w * c
	}
	return lum
}

func parse(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
