package views

import (
	"fmt"
	"math"
	"strconv"
)

// Placed is one tile on the table for the drawing: its halves, the tile it
// was laid on, and its state.
type Placed struct {
	Near, Far int    // the half touching the tile it was laid on, and the other
	Parent    int    // index of that tile in the slice; -1 for the spinner
	Role      string // "spinner", "chickie" or "line"
	Free      int    // places still open on it
	Open      bool   // a tile may be laid on it now
	Owed      bool   // the spinner or chickie the table owes tiles to
	Last      bool   // the tile laid last
	Label     string // e.g. "9-3"
	Href      string // where tapping it leads (an open end), if anywhere
}

// LayoutSVG is a layout ready to draw.
type LayoutSVG struct {
	ViewBox string
	Width   int // natural width in CSS pixels
	Tiles   []DrawnTile
	Empty   bool
}

// DrawnTile is one tile's geometry: a rectangle rotated about its centre,
// and the two numbers, written upright at the centres of its halves.
type DrawnTile struct {
	X, Y, Angle  string // centre and rotation in degrees
	RectX, RectY string // top-left corner before rotation
	W, H         string // unrotated size: length along the line, width across
	NearX, NearY string
	FarX, FarY   string
	Near, Far    int
	Class        string
	Label        string
	Href         string
	BarX1, BarY1 string // the bar between the halves
	BarX2, BarY2 string
	Link         bool   // a connector runs to the tile it was laid on,
	LinkX, LinkY string // whose centre is here
}

// Sizes of the drawing in SVG units.
const (
	tileLong  = 48.0
	tileShort = 26.0
	step      = 56.0 // distance between tile centres along a line
)

// toeGap is the least distance between the centres of sibling toes.
const toeGap = 40.0

// Layout places the tiles as a tree growing out of the spinner: each arm
// has its own cone (four around the spinner, or three on each long side),
// a line runs straight on along its cone's axis, and a chickie, drawn
// crosswise, splits its cone among its three toes by how many tiles grow
// from each, with each toe far enough out to clear its neighbours. Cones
// nest, so lines do not cross, and a connector joins every tile to the one
// it was laid on. As the layout grows the toes' angles reflow.
func Layout(tiles []Placed, arms int) LayoutSVG {
	if len(tiles) == 0 {
		return LayoutSVG{ViewBox: "0 0 100 100", Width: 100, Empty: true}
	}
	pos := poses(tiles, arms)
	out := LayoutSVG{}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, t := range tiles {
		p := pos[i]
		d := drawTile(t, p.x, p.y, p.dir)
		if t.Parent >= 0 {
			q := pos[t.Parent]
			d.Link, d.LinkX, d.LinkY = true, num(q.x), num(q.y)
		}
		out.Tiles = append(out.Tiles, d)
		minX, maxX = math.Min(minX, p.x-tileLong/2-6), math.Max(maxX, p.x+tileLong/2+6)
		minY, maxY = math.Min(minY, p.y-tileLong/2-6), math.Max(maxY, p.y+tileLong/2+6)
	}
	w, h := maxX-minX, maxY-minY
	out.ViewBox = fmt.Sprintf("%s %s %s %s", num(minX), num(minY), num(w), num(h))
	out.Width = int(math.Ceil(w))
	return out
}

// pose is a tile's centre, its line's direction and its cone's half-width.
type pose struct{ x, y, dir, half float64 }

func poses(tiles []Placed, arms int) []pose {
	l := layouter{tiles: tiles, pos: make([]pose, len(tiles)), kids: make([][]int, len(tiles))}
	for i, t := range tiles {
		if t.Parent >= 0 {
			l.kids[t.Parent] = append(l.kids[t.Parent], i)
		}
	}
	l.weigh()
	l.armAngle, l.armWidth = armSectors(arms)
	l.place(0)
	return l.pos
}

// layouter places a layout's tiles, the spinner at the origin, each tile
// after the one it was laid on.
type layouter struct {
	tiles    []Placed
	pos      []pose
	kids     [][]int   // the tiles laid on each tile
	weight   []float64 // the room each subtree needs
	armAngle []float64
	armWidth float64
}

// weigh finds the room each subtree needs: its tiles, and a place for
// each toe a chickie still waits for. Parents come before children.
func (l *layouter) weigh() {
	l.weight = make([]float64, len(l.tiles))
	for i := len(l.tiles) - 1; i >= 0; i-- {
		w := 0.0
		for _, c := range l.kids[i] {
			w += l.weight[c]
		}
		if l.tiles[i].Role == "chickie" {
			w += float64(3 - len(l.kids[i]))
		}
		l.weight[i] = math.Max(1, w)
	}
}

// place places the tiles laid on tile i, and theirs.
func (l *layouter) place(i int) {
	p := l.pos[i]
	switch l.tiles[i].Role {
	case "spinner":
		for k, c := range l.kids[i] {
			a := l.armAngle[k%len(l.armAngle)]
			l.pos[c] = pose{step * math.Cos(a), step * math.Sin(a), a, l.armWidth / 2}
			l.place(c)
		}
	case "chickie":
		l.placeToes(i)
	default:
		for _, c := range l.kids[i] {
			l.pos[c] = pose{p.x + step*math.Cos(p.dir), p.y + step*math.Sin(p.dir), p.dir, p.half}
			l.place(c)
		}
	}
}

// placeToes splays a chickie's toes across its cone, each in a share of
// it as wide as what grows from it, far enough out not to touch.
func (l *layouter) placeToes(i int) {
	p := l.pos[i]
	halves := toeCones(p.half, l.kids[i], l.weight)
	lo := p.dir - p.half
	for k, c := range l.kids[i] {
		a := lo + halves[k]
		lo += 2 * halves[k]
		d := step
		for _, nb := range []int{k - 1, k + 1} {
			if nb >= 0 && nb < 3 {
				d = math.Max(d, toeGap/(2*math.Sin((halves[k]+halves[nb])/2)))
			}
		}
		l.pos[c] = pose{p.x + d*math.Cos(a), p.y + d*math.Sin(a), a, halves[k]}
		l.place(c)
	}
}

// toeCones splits a chickie's cone among its three toes by the weight of
// what grows from each (1 for a toe not laid yet), as half-widths.
func toeCones(half float64, toes []int, weight []float64) [3]float64 {
	ws := [3]float64{1, 1, 1}
	for k, c := range toes {
		if k < 3 {
			ws[k] = weight[c]
		}
	}
	total := ws[0] + ws[1] + ws[2]
	var out [3]float64
	for k := range ws {
		out[k] = half * ws[k] / total
	}
	return out
}

// armSectors gives each arm of the spinner its direction and sector width,
// in radians, screen coordinates (y down): four arms right, down, left, up;
// six arms three to each side.
func armSectors(arms int) ([]float64, float64) {
	if arms == 6 {
		deg := []float64{-60, 0, 60, 240, 180, 120}
		out := make([]float64, len(deg))
		for i, d := range deg {
			out[i] = d * math.Pi / 180
		}
		return out, math.Pi / 3
	}
	return []float64{-math.Pi / 2, 0, math.Pi / 2, math.Pi}, math.Pi / 2
}

// drawTile orients a tile: a line tile along its direction, near half
// toward the tile it joins; a chickie crosswise; the spinner upright.
func drawTile(t Placed, x, y, ang float64) DrawnTile {
	deg := ang * 180 / math.Pi
	d := DrawnTile{X: num(x), Y: num(y), Near: t.Near, Far: t.Far, Label: t.Label, W: num(tileLong), H: num(tileShort),
		RectX: num(x - tileLong/2), RectY: num(y - tileShort/2), Href: t.Href}
	ux, uy := math.Cos(ang), math.Sin(ang) // along the line
	switch t.Role {
	case "spinner":
		deg, ux, uy = 90, 0, 1
	case "chickie":
		deg += 90
		ux, uy = -uy, ux
	}
	d.Angle = num(deg)
	q := tileLong / 4
	d.NearX, d.NearY = num(x-ux*q), num(y-uy*q)
	d.FarX, d.FarY = num(x+ux*q), num(y+uy*q)
	px, py := -uy*tileShort/2*0.7, ux*tileShort/2*0.7
	d.BarX1, d.BarY1, d.BarX2, d.BarY2 = num(x+px), num(y+py), num(x-px), num(y-py)
	d.Class = "tile " + t.Role
	if t.Open {
		d.Class += " open"
	}
	if t.Owed {
		d.Class += " owed"
	}
	if t.Last {
		d.Class += " last"
	}
	return d
}

// num writes a coordinate with one decimal, without "-0".
func num(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
