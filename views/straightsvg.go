package views

import (
	"math"
	"slices"

	"chickenfoot/referee"
)

// A Straight line is drawn on the same grid as a Chickenfoot table (see
// Layout), from the spinner once there is one: the spinner upright in
// the middle with its two sides to the left and right and its two ends
// above and below, each arm a line that turns to keep near its ray;
// before a double is laid, from the lead, its higher half to the left.
// The line is a tree however it was laid, so it is drawn from its
// middle: a spinner laid after the lead has the lead on the arm of the
// side it was laid on. Doubles off the spinner lie crosswise.

// straightArm is the arm of the spinner, or of a lead, that its end at
// (from 1) starts: the spinner's sides left and right, its ends up and
// down (the order of armCells is up, right, down, left); a lead's higher
// half left and its lower half right.
func straightArm(kind referee.LineKind, at int) pose {
	as := armCells(4)
	if kind == referee.LineSpinner {
		return as[[4]int{3, 1, 0, 2}[at-1]]
	}
	return as[[2]int{3, 1}[at-1]]
}

// lineLink is a tile's neighbour in the line: the tile, and the end of
// this one it touches (from 1; 0 is the end it was laid with, for a tile
// that was not the lead or the spinner).
type lineLink struct {
	to, at int
}

// StraightLayout places a Straight line's tiles for the drawing, the
// fitted view around the tile laid last.
func StraightLayout(places []referee.LinePlace) LayoutSVG {
	if len(places) == 0 {
		return Layout(nil, 4)
	}
	index := make(map[referee.Tile]int, len(places))
	links := make([][]lineLink, len(places))
	root := 0
	for k, p := range places {
		index[p.Tile] = k
		if p.Kind == referee.LineSpinner {
			root = k
		}
		if k == 0 {
			continue
		}
		parent := index[p.On]
		links[parent] = append(links[parent], lineLink{to: k, at: p.At})
		links[k] = append(links[k], lineLink{to: parent, at: inEnd(p)})
	}
	tiles, order := straightTree(places, links, root)
	pos := straightGrid(places, links, tiles, order, root)
	return drawLayout(tiles, pos, slices.IndexFunc(tiles, func(t Placed) bool { return t.Last }), straightFocusW, straightFocusH)
}

// A Straight line is long and thin, and followed tile by tile: its fitted
// view is five cells by six around the tile laid last, so that on a phone
// 320 pixels wide, whose frame is about 262 wide, the numbers are still
// 14 pixels tall (scale 0.79), and at natural size 390 pixels wide. The
// zoomed view shows the whole line.
const (
	straightFocusW = 5 * cellSize
	straightFocusH = 6 * cellSize
)

// inEnd is the end a tile was laid with: the spinner's first side, or 0.
func inEnd(p referee.LinePlace) int {
	if p.Kind == referee.LineSpinner {
		return 1
	}
	return 0
}

// endValue is the number at end at of p: 0 being the half it was laid with.
func endValue(p referee.LinePlace, at int) int {
	if at == 0 {
		return p.Touch
	}
	return p.Ends[at-1].Pips
}

// straightTree orders the tiles from root outwards, each after the tile
// it touches on the way from root, with its near half the one touching
// it. order maps a drawing index to the line's.
func straightTree(places []referee.LinePlace, links [][]lineLink, root int) ([]Placed, []int) {
	tiles := make([]Placed, 0, len(places))
	order := make([]int, 0, len(places))
	drawn := make([]int, len(places))
	last := len(places) - 1
	var visit func(k, from, via int)
	visit = func(k, from, via int) {
		p := places[k]
		t := Placed{Parent: from, Label: p.Tile.String(), Last: k == last, Role: "line"}
		for _, e := range p.Ends {
			t.Open = t.Open || e.Open
		}
		switch {
		case p.Kind == referee.LineSpinner && from < 0:
			t.Role, t.Near, t.Far = "spinner", p.Tile.Hi, p.Tile.Hi
		case p.Kind == referee.LineDouble:
			t.Role, t.Near, t.Far = "cross", p.Tile.Hi, p.Tile.Hi
		case from < 0: // the lead, drawn from its higher half
			t.Near, t.Far = p.Tile.Hi, p.Tile.Lo
		default:
			t.Near = endValue(p, via)
			t.Far = p.Tile.Other(t.Near)
		}
		drawn[k] = len(tiles)
		tiles = append(tiles, t)
		order = append(order, k)
		for _, l := range links[k] {
			if from >= 0 && l.to == order[from] {
				continue
			}
			back := 0
			for _, m := range links[l.to] {
				if m.to == k {
					back = m.at
				}
			}
			visit(l.to, drawn[k], back)
		}
	}
	visit(root, -1, 0)
	return tiles, order
}

// straightGrid gives each tile its cell, in the drawing's order: the
// middle tile at the origin, its arms from the cells kept for them, and
// every other tile next to the one it touches, carrying its line on.
func straightGrid(places []referee.LinePlace, links [][]lineLink, tiles []Placed, order []int, root int) []pose {
	g := grid{tiles: tiles, pos: make([]pose, len(tiles)), used: map[cell]int{}, held: map[cell]int{}, kids: make([]int, len(tiles))}
	kind := places[root].Kind
	g.put(0, pose{})
	arms := map[int]pose{} // by line index of the tile on the arm
	for _, l := range links[root] {
		a := straightArm(kind, max(l.at, 1))
		g.held[a.at] = 0
		arms[l.to] = a
	}
	for _, at := range []int{1, 2, 3, 4} { // keep the arms not yet laid on clear too
		if at <= len(places[root].Ends) {
			g.held[straightArm(kind, at).at] = 0
		}
	}
	for i := 1; i < len(tiles); i++ {
		if a, ok := arms[order[i]]; ok && tiles[i].Parent == 0 && g.free(a.at, 0) {
			g.put(i, a)
			continue
		}
		pi := tiles[i].Parent
		g.put(i, g.nearest(pi, g.pos[pi]))
	}
	return g.pos
}

// drawLayout draws tiles at their cells, each joined to the tile it was
// laid on, the fitted view at most w by h around the tile focus.
func drawLayout(tiles []Placed, pos []pose, focus int, w, h float64) LayoutSVG {
	out := LayoutSVG{}
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i, t := range tiles {
		x, y := centre(pos[i].at)
		d := drawTile(t, x, y, pos[i])
		if t.Parent >= 0 {
			px, py := centre(pos[t.Parent].at)
			d.Link, d.LinkX, d.LinkY = true, num(px), num(py)
		}
		out.Tiles = append(out.Tiles, d)
		b = b.grow(x, y, cellSize/2+margin)
	}
	out.ViewBox, out.Width = b.String(), int(math.Ceil(b.x1-b.x0))
	fx, fy := centre(pos[focus].at)
	f := b.around(fx, fy, w, h)
	out.Focus, out.FocusWidth = f.String(), int(math.Ceil(f.x1-f.x0))
	return out
}
