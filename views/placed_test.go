package views

import (
	"testing"
)

// TestPlacedTiles checks each tile of small layouts as the drawing gets it:
// halves (the near one touching its parent), parent, role, the open and owed
// marks; no links (the page sets those).
func TestPlacedTiles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, moves string
		want        []Placed
	}{
		{"owed-spinner", "9-9 9-1@9-9", []Placed{
			{Near: 9, Far: 9, Parent: -1, Role: "spinner", Free: 3, Open: true, Owed: true, Label: "9-9"},
			{Near: 9, Far: 1, Parent: 0, Role: "line", Free: 1, Last: true, Label: "9-1"},
		}},
		{"open-play", "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 2-5@9-2", []Placed{
			{Near: 9, Far: 9, Parent: -1, Role: "spinner", Label: "9-9"},
			{Near: 9, Far: 1, Parent: 0, Role: "line", Free: 1, Open: true, Label: "9-1"},
			{Near: 9, Far: 2, Parent: 0, Role: "line", Label: "9-2"},
			{Near: 9, Far: 3, Parent: 0, Role: "line", Free: 1, Open: true, Label: "9-3"},
			{Near: 9, Far: 4, Parent: 0, Role: "line", Free: 1, Open: true, Label: "9-4"},
			{Near: 2, Far: 5, Parent: 2, Role: "line", Free: 1, Open: true, Last: true, Label: "5-2"},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			l := layoutOf(t, rulesFor(9, 4), c.moves)
			got := PlacedTiles(l)
			if len(got) != len(c.want) {
				t.Fatalf("PlacedTiles(%q) = %d tiles, want %d", c.moves, len(got), len(c.want))
			}
			for i, w := range c.want {
				if got[i] != w {
					t.Errorf("PlacedTiles(%q)[%d] = %+v, want %+v", c.moves, i, got[i], w)
				}
			}
		})
	}
}
