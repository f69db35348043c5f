package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"slices"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// tilesReader reads a round's live table, for the tiles on it.
type tilesReader interface {
	Table(ctx context.Context, slug string, n int) (app.Table, error)
}

// tiles shows the grid of tiles for one player's hand.
func (a *App) tiles(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, id, err := playerPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(ctx, slug, n, noChanges)
	if err != nil {
		return err
	}
	seat, err := seatOf(sh, id)
	if err != nil {
		return err
	}
	if sh.Game.ViewOnly { // the grid is only for entering a hand
		return app.ViewOnly()
	}
	grid := handGrid{}
	if e := r.Entries[seat]; e != nil {
		for _, t := range e.Tiles {
			grid.picked = append(grid.picked, t.String())
		}
		grid.out = e.WentOut && e.Tapped()
	}
	if grid.table, err = a.onTable(ctx, slug, r); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Tiles(tilesPage(ctx, sh, r, seat, grid)))
}

// handGrid is what the tiles page shows besides the round: the tiles
// picked, whether the player went out, why a save was refused, and the
// tiles on the table.
type handGrid struct {
	picked  []string
	out     bool
	problem string
	table   []referee.Tile
}

// onTable lists the tiles on round r's live table, where one is kept;
// else the round's double alone, which is set before any hand is scored.
func (a *App) onTable(ctx context.Context, slug string, r *referee.SheetRound) ([]referee.Tile, error) {
	double := referee.NewTile(r.Double(), r.Double())
	if !r.Tracked() {
		return []referee.Tile{double}, nil
	}
	t, err := a.tileTables.Table(ctx, slug, r.Number)
	if err != nil {
		return nil, err
	}
	out := []referee.Tile{double}
	for _, m := range t.Live.Layout().Moves() {
		if m.Tile != double {
			out = append(out, m.Tile)
		}
	}
	return out, nil
}

// tilesPage builds the grid: the tiles on the table and those tapped for
// other players are greyed out, with where they are.
func tilesPage(ctx context.Context, sh app.Sheet, r *referee.SheetRound, seat int, grid handGrid) views.TilesPage {
	g := sh.Game
	back := gameURL(g.Slug)
	if r.Closed {
		back = roundURL(g.Slug, r.Number)
	}
	p := views.TilesPage{Meta: views.Meta{Title: text(ctx, "title.tiles", referee.Params{"Name": g.Players[seat]}), Where: g.Name},
		Back: back, Action: entryURL(g.Slug, r.Number, g.IDs[seat]), Name: g.Players[seat], Round: r.Number,
		Double: tileName(r.Double()), Closed: r.Closed, Who: g.Players,
		Version: strconv.FormatInt(sh.Version(r.Number, seat), 10), Form: newFormID(), WentOut: grid.out, Error: grid.problem}
	taken := map[referee.Tile]string{}
	for _, t := range grid.table {
		taken[t] = text(ctx, "on-the-table", nil)
	}
	for s, e := range r.Entries {
		if e != nil && s != seat {
			for _, t := range e.Tiles {
				taken[t] = text(ctx, "in-hand", referee.Params{"Name": g.Players[s]})
			}
		}
	}
	for _, t := range g.Rules.Set.Tiles() {
		note, off := taken[t]
		p.Tiles = append(p.Tiles, views.TileBox{Value: t.String(), Hi: t.Hi, Lo: t.Lo, Pips: t.Pips(),
			Checked: slices.Contains(grid.picked, t.String()), Disabled: off, Note: note})
	}
	return p
}
