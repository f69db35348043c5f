package views

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// yTicks are the y axis's gridlines: 0 and a few round numbers (a step
// of 1, 2 or 5 times a power of ten) covering lo to hi, at most 6.
func yTicks(lo, hi int) []int {
	if hi <= lo {
		hi = lo + 1
	}
	step := 1
	for _, base := range []int{1, 10, 100, 1000, 10000, 100000} {
		for _, f := range []int{1, 2, 5} {
			if step = f * base; (hi-lo+step-1)/step <= 5 {
				return ticksBy(lo, hi, step)
			}
		}
	}
	return ticksBy(lo, hi, step)
}

func ticksBy(lo, hi, step int) []int {
	from := int(math.Floor(float64(lo)/float64(step))) * step
	var out []int
	for v := from; ; v += step {
		out = append(out, v)
		if v >= hi {
			return out
		}
	}
}

// longestTick is the widest gridline number, with room for a separator
// between each group of three digits, as most languages write them.
func longestTick(ticks []int) string {
	long := ""
	for _, v := range ticks {
		s := itoa(v)
		digits := len(strings.TrimPrefix(s, "-"))
		s += strings.Repeat(",", (digits-1)/3)
		if len(s) > len(long) {
			long = s
		}
	}
	return long
}

// xTickSteps are the steps (0-based) labelled on the x axis: every one
// while they fit, else every 2nd (the 2nd, 4th...), or the first and
// every 5th or 10th.
func xTickSteps(n int, width float64) []int {
	room := textWidth(itoa(n), tickFont) + 6
	every := 1
	for _, e := range []int{1, 2, 5, 10, 20, 50} {
		every = e
		if float64(n)/float64(e)*room <= width {
			break
		}
	}
	var out []int
	for k := every - 1; k < n; k += every {
		out = append(out, k)
	}
	if every >= 5 { // the first step too, far enough from the next
		out = append([]int{0}, out...)
	}
	return out
}

// nudge moves labels wanted at ys (any order) apart, each at least gap
// from the next, keeping within lo to hi where they fit and each group
// of crowded labels centred on where its members wanted to be. The
// result is in the order of ys.
func nudge(ys []float64, gap, lo, hi float64) []float64 {
	order := make([]int, len(ys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ys[order[a]] < ys[order[b]] })
	type group struct {
		want  float64 // the sum of the members' wishes
		first int     // index into order
		n     int
		top   float64
	}
	var gs []group
	for k, i := range order {
		gs = append(gs, group{want: ys[i], first: k, n: 1})
		gs[len(gs)-1].top = place(ys[i], 1, gap, lo, hi)
		for len(gs) > 1 {
			a, b := gs[len(gs)-2], gs[len(gs)-1]
			if a.top+float64(a.n)*gap <= b.top {
				break
			}
			m := group{want: a.want + b.want, first: a.first, n: a.n + b.n}
			m.top = place(m.want/float64(m.n)-float64(m.n-1)*gap/2, m.n, gap, lo, hi)
			gs = append(gs[:len(gs)-2], m)
		}
	}
	out := make([]float64, len(ys))
	for _, g := range gs {
		for j := range g.n {
			out[order[g.first+j]] = g.top + float64(j)*gap
		}
	}
	return out
}

// place keeps a group of n labels starting at top within lo to hi; a group
// taller than the room starts at lo.
func place(top float64, n int, gap, lo, hi float64) float64 {
	return math.Max(lo, math.Min(top, hi-float64(n-1)*gap))
}

// seriesStyle is line i's look: one of 8 colours, 4 marker shapes filled
// or hollow, and 4 dashes (classes s0-s7, hollow and d0-d3 in
// static/app.css), so no two of 16 lines look alike even without colour.
func seriesStyle(i int) (colour, shape int, hollow bool, dash int) {
	return i % 8, i % 4, i/4%2 == 1, (i/2 + i/8) % 4
}

func seriesClass(i int, s ChartSeries, thin bool) string {
	colour, _, hollow, dash := seriesStyle(i)
	c := []string{"s" + itoa(colour), "d" + itoa(dash)}
	if hollow {
		c = append(c, "hollow")
	}
	if thin {
		c = append(c, "thin")
	}
	if s.Lead {
		c = append(c, "lead")
	}
	return strings.Join(c, " ")
}

// drawSeries is a line through a series' points, with a marker on each.
func drawSeries(i int, s ChartSeries, x func(int) float64, y func(float64) float64, fromZero, thin bool) ChartLine {
	_, shape, _, _ := seriesStyle(i)
	r := 3.5
	if thin {
		r = 2.6
	}
	var path, marks strings.Builder
	if fromZero {
		path.WriteString("M" + num(x(-1)) + " " + num(y(0)))
	}
	for k, v := range s.Values {
		px, py := x(k), y(float64(v))
		if path.Len() == 0 {
			path.WriteString("M")
		} else {
			path.WriteString("L")
		}
		path.WriteString(num(px) + " " + num(py))
		marks.WriteString(marker(shape, px, py, r))
	}
	return ChartLine{Name: s.Name, Lead: s.Lead, Class: seriesClass(i, s, thin), Path: path.String(), Marks: marks.String()}
}

// marker is a path for a circle, square, triangle or diamond of about
// radius r centred on (x, y).
func marker(shape int, x, y, r float64) string {
	switch shape {
	case 1:
		s := r * 0.9
		return "M" + num(x-s) + " " + num(y-s) + "h" + num(2*s) + "v" + num(2*s) + "h" + num(-2*s) + "Z"
	case 2:
		return "M" + num(x) + " " + num(y-r*1.2) + "L" + num(x+r*1.1) + " " + num(y+r*0.8) + "L" + num(x-r*1.1) + " " + num(y+r*0.8) + "Z"
	case 3:
		d := r * 1.3
		return "M" + num(x) + " " + num(y-d) + "L" + num(x+d) + " " + num(y) + "L" + num(x) + " " + num(y+d) + "L" + num(x-d) + " " + num(y) + "Z"
	}
	return "M" + num(x-r) + " " + num(y) + "a" + num(r) + " " + num(r) + " 0 1 0 " + num(2*r) + " 0a" + num(r) + " " + num(r) + " 0 1 0 " + num(-2*r) + " 0Z"
}

// endLabel puts a series' name at (x, y), joined to its line's end at
// (ex, ey) when nudging moved it away.
func endLabel(s ChartSeries, i int, ex, ey, x, y float64) ChartLabel {
	colour, _, _, _ := seriesStyle(i)
	l := ChartLabel{X: num(x), Y: num(y), Text: shortLabel(s), Class: "s" + itoa(colour), SeriesName: s.Name}
	if s.Lead {
		l.Class += " lead"
	}
	if math.Abs(y-ey) > 2 {
		l.Connector = true
		l.FromX, l.FromY, l.ToX, l.ToY = num(ex+4), num(ey), num(x-2), num(y)
	}
	return l
}

// leadersLast moves the leaders' lines to the end, so they are drawn over
// the others.
func leadersLast(lines []ChartLine) {
	slices.SortStableFunc(lines, func(a, b ChartLine) int {
		switch {
		case a.Lead == b.Lead:
			return 0
		case a.Lead:
			return 1
		}
		return -1
	})
}

// legendKeys are every line's style and name, in the series' order.
func legendKeys(series []ChartSeries, thin bool) []ChartKey {
	var out []ChartKey
	for i, s := range series {
		_, shape, _, _ := seriesStyle(i)
		out = append(out, ChartKey{Name: s.Name, Class: seriesClass(i, s, thin), Marks: marker(shape, 15, 7, 3.5), Last: last(s.Values)})
	}
	return out
}
