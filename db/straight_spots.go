package db

import (
	"fmt"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// spotsTapped is the spots of name's hand (player id) tapped tile by
// tile: the pips of tiles. A tile is in one hand only: tapped records
// the tiles of the hands read before. A total typed as well (typed is
// true) must agree with the tiles.
func spotsTapped(name string, id, n int, typed bool, tiles []referee.Tile, tapped map[referee.Tile]bool) (int, error) {
	field := fmt.Sprintf("pips-%d", id)
	sum := 0
	for _, t := range tiles {
		if tapped[t] {
			return 0, app.Invalid(field, "allfives.tiles.twice", referee.Params{"Tile": t.String(), "Name": name})
		}
		tapped[t] = true
		sum += t.Pips()
	}
	if typed && n != sum {
		return 0, app.Invalid(field, "allfives.tiles.differ", referee.Params{"Name": name, "N": sum, "Typed": n})
	}
	return sum, nil
}
