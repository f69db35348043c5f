package views

import (
	"context"
	"fmt"
	"math"
	"strconv"
)

// Placed is one tile on the table for the drawing: its halves, the tile it
// was laid on, and its state.
type Placed struct {
	Near, Far int    // the half touching the tile it was laid on, and the other
	Parent    int    // index of that tile in the slice; -1 for the spinner
	Role      string // "spinner", "chickie", "line", or "cross" (a Straight double)
	Free      int    // places still open on it
	Open      bool   // a tile may be laid on it now
	Owed      bool   // the spinner or chickie the table owes tiles to
	Last      bool   // the tile laid last
	Label     string // e.g. "9-3"
	Href      string // where tapping it leads (an open end), if anywhere
}

// LayoutSVG is a layout ready to draw, whole or as a phone's screenful
// around what the table is waiting for.
type LayoutSVG struct {
	ViewBox    string // the whole table
	Width      int    // the whole table's width in CSS pixels, at natural size
	Focus      string // the screenful around the owed double or the last tile laid
	FocusWidth int    // its width in CSS pixels at most
	Tiles      []DrawnTile
	Empty      bool
}

// shown is the layout with the view box and width of the view asked for:
// zoomed, the whole table at natural size; fitted, the focus.
func (l LayoutSVG) shown(zoomed bool) LayoutSVG {
	if !zoomed {
		l.ViewBox, l.Width = l.Focus, l.FocusWidth
	}
	return l
}

// DrawnTile is one tile's geometry: a rectangle rotated about its centre,
// and the two numbers, written upright at the centres of its halves.
type DrawnTile struct {
	X, Y, Angle  string // centre and rotation in degrees
	Pose         string // the tile's frame: moved to its centre, turned by Angle
	W, H         string // unrotated size: length along the line, width across
	NearX, NearY string
	FarX, FarY   string
	Near, Far    int
	Class        string
	Label        string
	Owed         bool // the spinner or chickie the table owes tiles to
	Open         bool // a tile may be laid on it now, with a Far
	Last         bool // the tile laid last
	Href         string
	HitX, HitY   string // top-left corner of the square a tap on it lands in
	Link         bool   // a connector runs to the tile it was laid on,
	LinkX, LinkY string // whose centre is here
}

// Sizes of the drawing in SVG units, which are CSS pixels at natural size.
// A tile lies along or across its cell, which it fits with room to spare,
// so tiles in cells never overlap.
const (
	tileLong  = 60.0
	tileShort = 30.0
	cellSize  = 66.0
	hitSize   = 62.0 // a tap target: 44 CSS pixels at the fitted view's least scale
	margin    = 8.0
)

// hitWidth is hitSize as a tap target's width and height are written;
// tileW and tileH a tile's length and width.
var hitWidth, tileW, tileH = num(hitSize), num(tileLong), num(tileShort)

// In its own frame (Pose) a tile is drawn the same every time, with the
// numbers written into drawnTile: a tileLong by tileShort rectangle about
// the origin, and the bar between the halves across it, barHalf each way.
const barHalf = tileShort / 2 * 0.7

// The fitted view is at most focusW by focusH units: on a phone 390 pixels
// wide, whose table frame is about 323 pixels wide, that keeps the scale
// at 0.73 or more, the numbers (18 units) 13 pixels tall and the tap
// targets 45. It is drawn at natural size at most, so a small layout stays
// small.
const (
	focusW = 448.0
	focusH = 576.0
)

// Layout places the tiles on a grid, each in a cell of its own next to the
// tile it was laid on, in the order they were laid: a tile never moves
// once drawn. The spinner's arms wheel out into its sectors; a line runs
// along its ray, turning after a few tiles to keep near it; a chickie,
// drawn crosswise, has its three toes side by side in the cells ahead of
// it, each toe's line following a ray in a third of the chickie's cone.
// A connector joins every tile to the one it was laid on; it reaches
// further only when every cell around that tile is taken.
func Layout(tiles []Placed, arms int) LayoutSVG {
	if len(tiles) == 0 {
		return LayoutSVG{ViewBox: "0 0 100 100", Width: 100, Focus: "0 0 100 100", FocusWidth: 100, Empty: true}
	}
	focus := len(tiles) - 1
	for i, t := range tiles {
		if t.Owed {
			focus = i
		}
	}
	return drawLayout(tiles, placeTiles(tiles, arms), focus, focusW, focusH)
}

func centre(c cell) (x, y float64) { return float64(c.i) * cellSize, float64(c.j) * cellSize }

// box is a rectangle in SVG units.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) grow(x, y, r float64) box {
	return box{math.Min(b.x0, x-r), math.Min(b.y0, y-r), math.Max(b.x1, x+r), math.Max(b.y1, y+r)}
}

// around is the part of b at most w by h centred on (x, y), slid back
// inside b where it would stick out.
func (b box) around(x, y, w, h float64) box {
	span := func(lo, hi, c, size float64) (float64, float64) {
		if hi-lo <= size {
			return lo, hi
		}
		start := math.Min(math.Max(c-size/2, lo), hi-size)
		return start, start + size
	}
	x0, x1 := span(b.x0, b.x1, x, w)
	y0, y1 := span(b.y0, b.y1, y, h)
	return box{x0, y0, x1, y1}
}

func (b box) String() string {
	return fmt.Sprintf("%s %s %s %s", num(b.x0), num(b.y0), num(b.x1-b.x0), num(b.y1-b.y0))
}

// drawTile orients a tile: a line tile along the step from the tile it
// joins, near half toward it; a chickie crosswise; the spinner upright.
func drawTile(t Placed, x, y float64, p pose) DrawnTile {
	ang := math.Atan2(float64(p.head.j), float64(p.head.i))
	d := DrawnTile{X: num(x), Y: num(y), Near: t.Near, Far: t.Far, Label: t.Label, Owed: t.Owed, Open: t.Open, Last: t.Last, W: tileW, H: tileH,
		Href: t.Href, HitX: num(x - hitSize/2), HitY: num(y - hitSize/2)}
	ux, uy := math.Cos(ang), math.Sin(ang) // along the tile
	switch t.Role {
	case "spinner":
		ang, ux, uy = math.Pi/2, 0, 1
	case "chickie", "cross": // a chickie, or a Straight double off the spinner
		ang += math.Pi / 2
		ux, uy = -uy, ux
	}
	d.Angle = num(ang * 180 / math.Pi)
	d.Pose = "translate(" + d.X + " " + d.Y + ") rotate(" + d.Angle + ")"
	q := tileLong / 4
	d.NearX, d.NearY = num(x-ux*q), num(y-uy*q)
	d.FarX, d.FarY = num(x+ux*q), num(y+uy*q)
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

// name is what a screen reader says for a drawn tile, in the page's
// language: "7-3, open, needs 3", "9-9, owed, open, needs 9", "5-2, last
// laid".
func (d DrawnTile) name(ctx context.Context) string {
	return T(ctx, "ui.table.tile-said", "Tile", d.Label, "Owed", d.Owed, "Open", d.Open, "Needs", d.Far, "Last", d.Last)
}

// spoken is what a screen reader says for a tile, in English.
func spoken(t Placed) string {
	return DrawnTile{Label: t.Label, Far: t.Far, Owed: t.Owed, Open: t.Open, Last: t.Last}.name(context.Background())
}

// num writes a coordinate with one decimal, without "-0".
func num(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
