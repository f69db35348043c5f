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
}

// Sizes of the drawing in SVG units.
const (
	tileLong  = 48.0
	tileShort = 26.0
	step      = 56.0 // distance between tile centres along a line
)

// Layout places the tiles as a radial tree: the spinner in the middle, its
// arms in their own sectors (four around it, or three on each long side),
// each line running straight out, and each chickie crosswise with its three
// toes splayed across the line's sector. Sectors only narrow outward, so
// lines do not cross.
func Layout(tiles []Placed, arms int) LayoutSVG {
	if len(tiles) == 0 {
		return LayoutSVG{ViewBox: "0 0 100 100", Width: 100, Empty: true}
	}
	type polar struct{ r, ang, width float64 }
	pos := make([]polar, len(tiles))
	kids := make([][]int, len(tiles))
	for i, t := range tiles {
		if t.Parent >= 0 {
			kids[t.Parent] = append(kids[t.Parent], i)
		}
	}
	armAngle, armWidth := armSectors(arms)
	var place func(i int)
	place = func(i int) {
		p := pos[i]
		for k, c := range kids[i] {
			switch tiles[i].Role {
			case "spinner":
				pos[c] = polar{r: step, ang: armAngle[k%len(armAngle)], width: armWidth}
			case "chickie":
				w := p.width / 3
				pos[c] = polar{r: p.r + step, ang: p.ang + float64(k-1)*w, width: w}
			default:
				pos[c] = polar{r: p.r + step, ang: p.ang, width: p.width}
			}
			place(c)
		}
	}
	place(0)
	out := LayoutSVG{}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, t := range tiles {
		x, y := pos[i].r*math.Cos(pos[i].ang), pos[i].r*math.Sin(pos[i].ang)
		d := drawTile(t, x, y, pos[i].ang)
		out.Tiles = append(out.Tiles, d)
		minX, maxX = math.Min(minX, x-tileLong/2-6), math.Max(maxX, x+tileLong/2+6)
		minY, maxY = math.Min(minY, y-tileLong/2-6), math.Max(maxY, y+tileLong/2+6)
	}
	w, h := maxX-minX, maxY-minY
	out.ViewBox = fmt.Sprintf("%s %s %s %s", num(minX), num(minY), num(w), num(h))
	out.Width = int(math.Ceil(w))
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
