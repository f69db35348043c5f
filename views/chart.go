package views

import (
	"context"
	"strings"
)

// ChartModel is a line chart of numbers that add up over steps: a game
// night's running totals per player across its rounds, or one player's
// results over game nights. It says nothing about what is better; the
// handler's words (Note, Summary) do.
type ChartModel struct {
	ID       string   // prefix of the chart's ids, unique on the page
	Title    string   // what the chart is, e.g. "Running totals after 3 rounds"
	Summary  string   // what it shows in words: who leads and by how much
	Note     string   // over the y axis, e.g. "Total (lower is better)"
	XName    string   // what the x axis counts, e.g. "Round"
	Steps    []string // the x axis's labels, one a point
	FromZero bool     // every line starts at 0 before the first step
	Series   []ChartSeries
}

// ChartSeries is one line of the chart.
type ChartSeries struct {
	Name   string // in full, for the legend and the table
	Label  string // at the line's end, shorter; "" for Name
	Values []int  // one a step
	Lead   bool   // drawn on top and thicker
	Place  int    // 1 for the best; with many lines only the best few are labelled
}

// Sizes of the chart in SVG units. At 300 units wide it is drawn at about
// 0.9 of natural size on a 320 px phone and 1.1 on a 390 px one, so its
// text is 11 px or more.
const (
	chartW      = 300.0
	chartTop    = 22.0 // room for the note over the plot
	chartBottom = 34.0 // the x axis's labels and name
	tickFont    = 12.5
	labelFont   = 14.0
	labelGap    = 16.0 // least distance between two end labels
	labelMax    = 90.0 // widest end label
	markGap     = 7.0  // from a line's end to its label
	allLabelled = 6    // up to this many lines, every line is labelled
	fewLabelled = 3    // beyond, only the best this many, and a legend
)

// ChartSVG is a chart ready to draw.
type ChartSVG struct {
	ViewBox   string
	Width     int // natural width in CSS pixels
	PlotLeft  string
	PlotRight string
	PlotTop   string
	Base      string // y of the x axis
	NoteX     string
	XNameX    string
	XNameY    string
	XTickY    string
	YTickX    string
	YTicks    []ChartTick
	XTicks    []ChartTick
	Lines     []ChartLine // the leaders last, so they are drawn on top
	Labels    []ChartLabel
	Legend    []ChartKey // every line, when some are not labelled at their end
	Empty     bool
}

// ChartTick is a gridline or an x axis label: where, and what it says.
type ChartTick struct {
	At    string
	Label string
	Value int // a gridline's number, written in the page's language
}

// ChartLine is one series drawn: its path, its markers as one path, and
// the classes giving its colour, dash and emphasis.
type ChartLine struct {
	Name  string
	Lead  bool
	Class string
	Path  string
	Marks string
}

// ChartKey is one line in the chart's legend: a short stretch of it with
// its marker, its name and where it ends.
type ChartKey struct {
	Name  string
	Class string
	Marks string
	Last  int
}

// ChartLabel is a name at a line's end, nudged clear of the others, with
// a connector back to the line when the nudge moved it.
type ChartLabel struct {
	X, Y       string
	Text       string
	Class      string
	Connector  bool
	FromX      string
	FromY      string
	ToX        string
	ToY        string
	SeriesName string
}

// Plot lays the chart out: a y scale on round numbers with a few
// gridlines, steps evenly across, and a label at the end of each line
// (of the best few, when there are many), nudged apart so none overlap.
func Plot(m ChartModel) ChartSVG {
	n := len(m.Steps)
	if n == 0 || len(m.Series) == 0 {
		return ChartSVG{Empty: true}
	}
	lo, hi := valueRange(m)
	ticks := yTicks(lo, hi)
	labelled := labelledSeries(m.Series)
	left := 6 + textWidth(longestTick(ticks), tickFont)
	right := chartW - 2 - markGap - endLabelWidth(m.Series, labelled)
	top, base := chartTop, chartTop+plotHeight(len(m.Series))
	y := linear(float64(ticks[0]), float64(ticks[len(ticks)-1]), base, top)
	x := stepScale(n, m.FromZero, left, right)

	out := ChartSVG{
		Width: int(chartW), PlotLeft: num(left), PlotRight: num(right), PlotTop: num(top), Base: num(base),
		NoteX: num(left), XNameX: num((left + right) / 2), XNameY: num(base + 30), XTickY: num(base + 15), YTickX: num(left - 5),
		ViewBox: "0 0 " + num(chartW) + " " + num(base+chartBottom),
	}
	for _, v := range ticks {
		out.YTicks = append(out.YTicks, ChartTick{At: num(y(float64(v))), Label: itoa(v), Value: v})
	}
	for _, k := range xTickSteps(n, right-left) {
		out.XTicks = append(out.XTicks, ChartTick{At: num(x(k)), Label: m.Steps[k]})
	}
	thin := len(m.Series) > allLabelled
	var ends []float64
	var who []int
	for i, s := range m.Series {
		out.Lines = append(out.Lines, drawSeries(i, s, x, y, m.FromZero, thin))
		if labelled[i] {
			who = append(who, i)
			ends = append(ends, y(float64(last(s.Values))))
		}
	}
	at := nudge(ends, labelGap, top, base)
	for k, i := range who {
		out.Labels = append(out.Labels, endLabel(m.Series[i], i, x(n-1), ends[k], right+markGap, at[k]))
	}
	if len(who) < len(m.Series) {
		out.Legend = legendKeys(m.Series, thin)
	}
	leadersLast(out.Lines)
	return out
}

// plotHeight grows with the lines, so 16 of them still spread out.
func plotHeight(lines int) float64 { return 160 + 5*float64(max(0, lines-4)) }

func valueRange(m ChartModel) (lo, hi int) {
	for _, s := range m.Series {
		for _, v := range s.Values {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// labelledSeries picks the lines labelled at their end: all of a few, or
// the best few and the leaders of many.
func labelledSeries(series []ChartSeries) []bool {
	out := make([]bool, len(series))
	for i, s := range series {
		out[i] = len(series) <= allLabelled || s.Lead || (s.Place > 0 && s.Place <= fewLabelled)
	}
	return out
}

func endLabelWidth(series []ChartSeries, labelled []bool) float64 {
	w := 0.0
	for i, s := range series {
		if labelled[i] {
			w = max(w, textWidth(shortLabel(s), labelFont))
		}
	}
	return w
}

// shortLabel is the series' end label, cut to fit the room kept for it.
func shortLabel(s ChartSeries) string {
	rs := []rune(strings.TrimSpace(seriesLabel(s)))
	for len(rs) > 1 && textWidth(string(rs), labelFont) > labelMax {
		rs = append(rs[:len(rs)-2], '…')
	}
	return string(rs)
}

// textWidth guesses how wide text is at a font size, on the wide side so
// it is never cut: wide characters (CJK, emoji) take about a whole em, the
// rest two thirds of one, as wide as a bold letter of the widest phone
// fonts.
func textWidth(text string, size float64) float64 {
	w := 0.0
	for _, r := range text {
		if r >= 0x2E80 {
			w += size
		} else {
			w += 0.66 * size
		}
	}
	return w
}

func last(vs []int) int {
	if len(vs) == 0 {
		return 0
	}
	return vs[len(vs)-1]
}

// linear maps [d0, d1] onto [r0, r1].
func linear(d0, d1, r0, r1 float64) func(float64) float64 {
	if d1 == d0 {
		return func(float64) float64 { return (r0 + r1) / 2 }
	}
	return func(v float64) float64 { return r0 + (v-d0)*(r1-r0)/(d1-d0) }
}

// stepScale places step k (0-based) across [left, right]; from zero, the
// left edge is the start, before the first step.
func stepScale(n int, fromZero bool, left, right float64) func(int) float64 {
	switch {
	case fromZero:
		return func(k int) float64 { return left + float64(k+1)*(right-left)/float64(n) }
	case n == 1:
		return func(int) float64 { return (left + right) / 2 }
	}
	return func(k int) float64 { return left + float64(k)*(right-left)/float64(n-1) }
}

// seriesLabel is the series' name as short as its end label.
func seriesLabel(s ChartSeries) string {
	if s.Label != "" {
		return s.Label
	}
	return s.Name
}

// valueAt is the series' value at step k as the page's language writes
// it, or a dash where it has none.
func valueAt(ctx context.Context, s ChartSeries, k int) string {
	if k >= len(s.Values) {
		return "–"
	}
	return Num(ctx, s.Values[k])
}
