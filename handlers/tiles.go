package handlers

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// tiles shows the grid of tiles for one player's hand.
func (a *App) tiles(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, id, err := playerPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(ctx, slug, n, false)
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
	var mine []string
	if e := r.Entries[seat]; e != nil {
		for _, t := range e.Tiles {
			mine = append(mine, t.String())
		}
	}
	return render(c, http.StatusOK, views.Tiles(tilesPage(ctx, sh, r, seat, mine, "")))
}

// tilesPage builds the grid: the round's double and tiles tapped for
// other players are greyed out, with where they are.
func tilesPage(ctx context.Context, sh db.Sheet, r *referee.SheetRound, seat int, picked []string, problem string) views.TilesPage {
	g := sh.Game
	back := gameURL(g.Slug)
	if r.Closed {
		back = roundURL(g.Slug, r.Number)
	}
	p := views.TilesPage{Meta: views.Meta{Title: text(ctx, "title.tiles", referee.Params{"Name": g.Players[seat]}), Where: g.Name},
		Back: back, Action: entryURL(g.Slug, r.Number, g.IDs[seat]), Name: g.Players[seat], Round: r.Number,
		Double: tileName(r.Double()), Error: problem, Closed: r.Closed, Who: g.Players,
		Version: strconv.FormatInt(sh.Version(r.Number, seat), 10), Form: newFormID()}
	taken := map[referee.Tile]string{referee.NewTile(r.Double(), r.Double()): text(ctx, "on-the-table", nil)}
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
			Checked: slices.Contains(picked, t.String()), Disabled: off, Note: note})
	}
	return p
}
