package views

import (
	"math"

	"chickenfoot/referee"
)

// PlacedTiles turns a layout into the drawing's tiles, in the order they
// were laid. None links anywhere yet: a page whose drawing picks an end
// on a tap sets the Href of the tiles that are Open.
func PlacedTiles(l *referee.Layout) []Placed {
	places := l.Places()
	index := make(map[referee.Tile]int, len(places))
	open := map[referee.Tile]bool{}
	for _, e := range l.OpenEnds() {
		open[e.On] = true
	}
	owed := l.Pending()
	out := make([]Placed, len(places))
	for i, p := range places {
		index[p.Tile] = i
		v := Placed{Near: p.Tile.Other(p.Open), Far: p.Open, Parent: -1, Role: string(p.Role), Free: p.Free(), Open: open[p.Tile],
			Last: i == len(places)-1, Label: p.Tile.String(), Owed: owed.Binding() && owed.Tile == p.Tile}
		if p.Role != referee.Spinner {
			v.Parent = index[p.On]
		}
		out[i] = v
	}
	return out
}

// cell is a square of the drawing's grid. Each tile has a cell to itself,
// and a tile turned any way fits inside one, so no two tiles can overlap.
type cell struct{ i, j int }

func (c cell) add(d cell) cell { return cell{c.i + d.i, c.j + d.j} }

// steps are the eight ways to a neighbouring cell, clockwise on the screen
// (y grows downward) from the right.
var steps = [8]cell{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// turn is step d turned by k eighths of a turn, clockwise.
func turn(d cell, k int) cell {
	for i, s := range steps {
		if s == d {
			return steps[((i+k)%8+8)%8]
		}
	}
	return d
}

// pose is where a tile is drawn: its cell, the way it points (right, down,
// left or up: a tile is never drawn aslant, so its numbers stay clear of
// its edges), how many tiles its line has run that way, and the ray its
// line follows (origin in cells, angle and cone half-width in radians).
type pose struct {
	at, head    cell
	run         int
	ox, oy      float64
	angle, half float64
}

// grid places tiles one by one in the order they were laid, each in a free
// cell next to the tile it was laid on, so a tile never moves once drawn
// and the drawing of a round only grows. A line follows its ray, turning
// when it drifts off it; a spinner's arms and a chickie's toes have their
// cells kept for them.
type grid struct {
	tiles []Placed
	pos   []pose
	used  map[cell]int // the tile in each cell
	held  map[cell]int // cells kept for the toes of a spinner or chickie
	kids  []int        // how many tiles each tile has had laid on it
}

func placeTiles(tiles []Placed, arms int) []pose {
	g := grid{tiles: tiles, pos: make([]pose, len(tiles)), used: map[cell]int{}, held: map[cell]int{}, kids: make([]int, len(tiles))}
	for i, t := range tiles {
		switch {
		case t.Parent < 0:
			g.put(i, pose{})
			for _, a := range armCells(arms) {
				g.held[a.at] = i
			}
		default:
			g.put(i, g.next(i, arms))
		}
	}
	return g.pos
}

// put gives tile i its cell, and keeps a chickie's three toe cells, in
// front of it and to each side, for its toes.
func (g *grid) put(i int, p pose) {
	g.pos[i] = p
	g.used[p.at] = i
	delete(g.held, p.at)
	if g.tiles[i].Role == "chickie" {
		for _, t := range toeSteps(p.head) {
			if c := p.at.add(t); g.free(c, i) {
				g.held[c] = i
			}
		}
	}
}

// free is whether tile parent may lay a tile in c.
func (g *grid) free(c cell, parent int) bool {
	_, used := g.used[c]
	h, held := g.held[c]
	return !used && (!held || h == parent)
}

// toeSteps are the steps from a chickie to its toes: ahead and to the
// left, ahead, ahead and to the right.
func toeSteps(head cell) [3]cell {
	return [3]cell{turn(head, -1), head, turn(head, 1)}
}

// axis is the way a tile a step d from its parent points: d itself, or
// for a step aslant, whichever of its sides is nearer the angle.
func axis(d cell, angle float64) cell {
	if d.i == 0 || d.j == 0 {
		return d
	}
	if math.Abs(float64(d.i)*math.Cos(angle)) >= math.Abs(float64(d.j)*math.Sin(angle)) {
		return cell{d.i, 0}
	}
	return cell{0, d.j}
}

// armCells are the first cells of the spinner's arms, with their rays:
// four arms up, right, down and left, each swept a little clockwise so
// that the arms wheel into the corners; six arms three to each side.
func armCells(arms int) []pose {
	type arm struct {
		at  cell
		deg float64
	}
	as := []arm{{cell{0, -1}, -90}, {cell{1, 0}, 0}, {cell{0, 1}, 90}, {cell{-1, 0}, 180}}
	sweep, half := 22.5, 45.0
	if arms == 6 {
		as = []arm{{cell{1, -1}, -60}, {cell{1, 0}, 0}, {cell{1, 1}, 60}, {cell{-1, -1}, 240}, {cell{-1, 0}, 180}, {cell{-1, 1}, 120}}
		sweep, half = 0, 30
	}
	out := make([]pose, len(as))
	for k, a := range as {
		out[k] = pose{at: a.at, head: axis(a.at, rad(a.deg+sweep)), run: 1, ox: float64(a.at.i), oy: float64(a.at.j), angle: rad(a.deg + sweep), half: rad(half)}
	}
	return out
}

func rad(deg float64) float64 { return deg * math.Pi / 180 }

// next finds the cell of tile i from the tile it was laid on.
func (g *grid) next(i, arms int) pose {
	pi := g.tiles[i].Parent
	p, k := g.pos[pi], g.kids[pi]
	g.kids[pi]++
	switch g.tiles[pi].Role {
	case "spinner":
		as := armCells(arms)
		if a := as[k%len(as)]; g.free(a.at, pi) {
			return a
		}
		return g.nearest(pi, pose{angle: as[k%len(as)].angle, half: as[k%len(as)].half})
	case "chickie":
		t := toeSteps(p.head)[min(k, 2)]
		ray := pose{angle: p.angle + float64(min(k, 2)-1)*2*p.half/3, half: p.half / 3}
		if c := p.at.add(t); g.free(c, pi) {
			ray.at, ray.head, ray.run, ray.ox, ray.oy = c, p.head, 1, float64(c.i), float64(c.j)
			return ray
		}
		return g.nearest(pi, ray)
	}
	return g.nearest(pi, p)
}

// nearest finds tile pi's free neighbour that best carries on the line of
// ray (or starts a new line along it, when ray.run is 0): close to the
// ray, going forward, straight on unless the line has run a while, and
// with room around it. With no neighbour free it looks further out.
func (g *grid) nearest(pi int, ray pose) pose {
	p := g.pos[pi]
	best, bestScore := cell{}, math.Inf(1)
	for r := 1; math.IsInf(bestScore, 1); r++ {
		for dj := -r; dj <= r; dj++ {
			for di := -r; di <= r; di++ {
				c := p.at.add(cell{di, dj})
				if max(abs(di), abs(dj)) != r || !g.free(c, pi) {
					continue
				}
				if s := g.score(p, ray, c) + math.Hypot(float64(di), float64(dj)) - 1; s < bestScore {
					best, bestScore = c, s
				}
			}
		}
	}
	d := cell{sign(best.i - p.at.i), sign(best.j - p.at.j)}
	out := ray
	out.at, out.head, out.run = best, axis(d, ray.angle), 1
	if ray.run == 0 {
		out.ox, out.oy = float64(best.i), float64(best.j)
	} else if out.head == p.head {
		out.run = p.run + 1
	}
	return out
}

// A line lays runLength tiles straight before it turns back toward its
// ray, and turns after maxRun so as not to run far out.
const (
	runLength = 3
	maxRun    = 4
)

// score is how badly cell c, next to p, carries on the line of ray.
func (g *grid) score(p, ray pose, c cell) float64 {
	ux, uy := math.Cos(ray.angle), math.Sin(ray.angle)
	dx, dy := float64(c.i-p.at.i), float64(c.j-p.at.j)
	n := math.Hypot(dx, dy)
	s := 0.0
	if ray.run == 0 {
		s += 2 * (1 - (dx*ux+dy*uy)/n)
	} else {
		vx, vy := float64(c.i)-ray.ox, float64(c.j)-ray.oy
		s += math.Abs(vx*uy - vy*ux)
		switch d := (cell{sign(c.i - p.at.i), sign(c.j - p.at.j)}); {
		case d != p.head && p.run < runLength:
			s += 1.2
		case d != p.head:
			s += 0.4
		case p.run >= maxRun:
			s += 1.5
		}
	}
	if dx*ux+dy*uy < 0 {
		s += 2
	}
	if dx != 0 && dy != 0 {
		s += 0.6
	}
	for _, d := range steps {
		if _, ok := g.used[c.add(d)]; ok {
			s += 0.1
		}
	}
	return s
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
