package views

import "chickenfoot/referee"

// PlacedTiles turns a layout into the drawing's tiles, in the order they
// were laid. When href is not nil, each open end links to href(tile), so a
// tap on the drawing picks that end; other tiles link nowhere.
func PlacedTiles(l *referee.Layout, href func(on referee.Tile) string) []Placed {
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
		if open[p.Tile] && href != nil {
			v.Href = href(p.Tile)
		}
		out[i] = v
	}
	return out
}
