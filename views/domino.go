package views

import "context"

// startingDouble is the label of a round's starting double drawn as a
// Domino: "starting double 9-9".
func startingDouble(ctx context.Context, double int) string {
	return T(ctx, "ui.domino.starting-double", "Tile", tileName(double))
}

// pipSpots are the 3x3 grid spots (column, row; 0 to 2) that show n pips,
// as on a real tile, for n up to 9. Bigger numbers are written as digits.
var pipSpots = [10][][2]int{
	{},
	{{1, 1}},
	{{0, 0}, {2, 2}},
	{{0, 0}, {1, 1}, {2, 2}},
	{{0, 0}, {2, 0}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
	{{0, 0}, {0, 1}, {0, 2}, {2, 0}, {2, 1}, {2, 2}},
	{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 0}, {2, 1}, {2, 2}},
	{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}},
	{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}},
}

// spot is one pip's centre in a 100x100 half starting at y0.
type spot struct{ X, Y int }

func pips(n, y0 int) []spot {
	if n < 0 || n > 9 {
		return nil
	}
	out := make([]spot, 0, n)
	for _, s := range pipSpots[n] {
		out = append(out, spot{X: 25 + 25*s[0], Y: y0 + 25 + 25*s[1]})
	}
	return out
}
