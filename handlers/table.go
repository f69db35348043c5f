package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// tableReader reads a round's live table.
type tableReader interface {
	Table(ctx context.Context, slug string, n int) (app.Table, error)
}

// table shows the live table of a round; htmx, following the stream,
// gets the table's card alone.
func (a *App) table(c echo.Context) error {
	ctx := c.Request().Context()
	since := a.hub.now() // before the read: a change after it is sent again
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	t, err := a.tables.Table(ctx, slug, n)
	if err != nil {
		return err
	}
	p := tablePage(ctx, t, tableView(c))
	p.Stream = streamURL(slug, since)
	return tableAnswer(c, http.StatusOK, p)
}

// tableAnswer answers with the table: htmx gets the table's card alone,
// which it swaps in; a plain request the whole page.
func tableAnswer(c echo.Context, status int, p views.TablePage) error {
	if isHTMX(c) {
		return render(c, status, views.TableCard(&p))
	}
	return render(c, status, views.Table(&p))
}

// tableOptions are what the address asks of the table's page: the end
// picked, and whether the drawing is zoomed.
type tableOptions struct {
	on   string
	zoom bool
	kept string // the keypad the page holds already (see views.Keypad)
}

// keptHeader names the keypad a page holds: its script sends it with
// every request htmx makes.
const keptHeader = "X-Keypad"

func tableView(c echo.Context) tableOptions {
	o := tableOptions{on: c.QueryParam("on"), zoom: c.QueryParam("zoom") == "1"}
	if isHTMX(c) {
		o.kept = c.Request().Header.Get(keptHeader)
	}
	return o
}

// linkEnds links each open end of the drawing to the table at base with
// that end picked, zoomed as it is, so a tap on the drawing picks it.
func (o tableOptions) linkEnds(tiles []views.Placed, base string) []views.Placed {
	for i := range tiles {
		if tiles[i].Open {
			tiles[i].Href = zoomURL(base, tiles[i].Label, o.zoom)
		}
	}
	return tiles
}

// tablePage builds the table's view model.
func tablePage(ctx context.Context, t app.Table, o tableOptions) views.TablePage {
	g, r, rr := atTable(t), t.Round(t.Number), t.Live
	slug, base := g.Slug, tableURL(g.Slug, t.Number)
	p := views.TablePage{
		Meta:     views.Meta{Title: text(ctx, "title.table", referee.Params{"N": r.Number, "Name": g.Name}), Where: g.Name, WakeLock: !r.Closed},
		ViewOnly: g.ViewOnly, GameURL: gameURL(slug), URL: base, CheckURL: roundURL(slug, r.Number) + "/check",
		RulesURL: rulesURL(slug), ReplayURL: roundURL(slug, r.Number) + "/replay", ScoreURL: gameURL(slug) + "#round",
		Number: r.Number, Double: r.Double(), Zoomed: o.zoom, ZoomURL: zoomURL(base, o.on, !o.zoom),
		Layout: views.Layout(o.linkEnds(views.PlacedTiles(rr.Layout()), base), g.Rules.SpinnerArms),
		Banner: banner(ctx, rr, g), Started: rr.Layout().Len() > 0, Players: g.Players, IDs: g.IDs, Turn: rr.Turn(),
		Closed: r.Closed, CanDraw: rr.Boneyard() > 0, Seq: strconv.Itoa(len(t.Log)),
	}
	p.Ends, p.Places = endChoices(ctx, rr.Layout(), o.on), placeChoices(ctx, rr.Layout())
	p.Keypad = tileKeypad(rr.Layout(), o.on, "keypad-"+strconv.Itoa(r.Number)+"-"+strconv.Itoa(int(g.Rules.Set)), o.kept)
	p.Setter, p.Penalty = t.TableSeat(t.Number, r.Setter), penalty(ctx, rr, g)
	if !p.Started { // draws for the starting double are offered only before it is set
		p.StartDraw = startDraw(ctx, rr, g)
		for _, d := range rr.Openings() {
			p.Openings = append(p.Openings, d.String())
		}
	}
	p.Live = tableLive(t, o, r.Setter, r.Closed)
	if t.Stopped != nil {
		p.Problem = &views.Refusal{Code: string(app.CodeConflict), Reason: text(ctx, "log-stopped", referee.Params{"Reason": reason(ctx, t.Stopped)})}
	}
	if rr.Over() {
		p.Over = overText(ctx, rr, g)
	}
	if last := lastPlayer(t.Log); last >= 0 && rr.CanTakeBack(last) {
		p.TakeBack = &views.Seat{Seat: last, Name: g.Players[last]}
	}
	p.LogTotal = len(t.Log)
	shown := t.Log[max(0, len(t.Log)-logShown):]
	p.LogFrom = len(t.Log) - len(shown) + 1
	p.Log = make([]string, len(shown))
	for i, a := range shown {
		p.Log[i] = describe(ctx, a.Action, g.Players)
	}
	return p
}

// logShown is how many of the latest actions the table's card lists; the
// replay has every one. A long round's card costs no more than a short
// one's to build, send and read.
const logShown = 12

// atTable is the game as round t's table seats it: its players are those
// playing the round, numbered from 0 as the table's seats are (see
// referee.Sheet.Seated).
func atTable(t app.Table) app.Game {
	g := t.Game
	g.Players = t.Deal(t.Number).Names
	g.IDs = nil
	for _, seat := range t.Seated(t.Number) {
		g.IDs = append(g.IDs, t.Game.IDs[seat])
	}
	return g
}

// lastPlayer is the seat of the last action, if it laid a tile.
func lastPlayer(log []app.Action) int {
	if n := len(log); n > 0 && log[n-1].Action.Kind == referee.ActPlay {
		return log[n-1].Action.Seat
	}
	return -1
}

// endChoices lists the open ends to pick from, the picked one selected,
// or the only one.
func endChoices(ctx context.Context, l *referee.Layout, on string) []views.EndChoice {
	var out []views.EndChoice
	ends := l.OpenEnds()
	if len(ends) == 1 && on == "" { // the only place there is, picked already
		on = ends[0].On.String()
	}
	for _, e := range ends {
		var label string
		if e.Free > 1 {
			label = words(ctx, "end-label-places", "On", e.On.String(), "Pips", e.Pips, "N", e.Free)
		} else {
			label = words(ctx, "end-label", "On", e.On.String(), "Pips", e.Pips)
		}
		out = append(out, views.EndChoice{Value: e.On.String(), Label: label, Pips: e.Pips, Selected: e.On.String() == on})
	}
	return out
}

// placeChoices lists every tile on the table, to ask about any place: the
// usual dispute is about one that is closed or owed elsewhere.
func placeChoices(ctx context.Context, l *referee.Layout) []views.EndChoice {
	var out []views.EndChoice
	for _, p := range l.Places() {
		var label string
		if p.Used >= p.Slots {
			label = words(ctx, "place.closed", "On", p.Tile.String())
		} else {
			label = words(ctx, "place.open", "On", p.Tile.String(), "Pips", p.Open)
		}
		out = append(out, views.EndChoice{Value: p.Tile.String(), Label: label})
	}
	return out
}

// pickedEnd reads the end picked in the address, if any: no pick, the
// usual case, is not worded as a refusal.
func pickedEnd(on string) (referee.Tile, bool) {
	if on == "" {
		return referee.Tile{}, false
	}
	t, err := referee.ParseTile(on)
	return t, err == nil
}

// tileKeypad is the table's keypad, named id: every tile of the set,
// marking those on the table and those off it that fit the picked end (or
// any end, when none is picked), with the lists of both for the page's
// script. A page that holds it already (kept) gets the lists alone.
func tileKeypad(l *referee.Layout, on, id, kept string) views.Keypad {
	need := -1
	if t, ok := pickedEnd(on); ok {
		if p, ok := l.Place(t); ok && p.Free() > 0 {
			need = p.Open
		}
	}
	k := views.Keypad{ID: id, Kept: kept == id}
	if !k.Kept {
		k.Tiles = make([]views.TileBox, 0, l.Rules().Set.Size())
	}
	var laid, fits strings.Builder
	for t := range l.Rules().Set.All() {
		placed := l.Placed(t)
		fit := !placed && l.Fits(t) && (need < 0 || t.Has(need))
		switch {
		case placed:
			addTile(&laid, t)
		case fit:
			addTile(&fits, t)
		}
		if !k.Kept {
			k.Tiles = append(k.Tiles, views.TileBox{Value: t.String(), Hi: t.Hi, Lo: t.Lo, Pips: t.Pips(), Fits: fit, Laid: placed})
		}
	}
	k.Laid, k.Fits = laid.String(), fits.String()
	return k
}

// addTile adds t to a space-separated list of tiles.
func addTile(b *strings.Builder, t referee.Tile) {
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	b.WriteString(t.String())
}

// startDraw says how draws for an unheld starting double go under the
// house rule, and who may record one now.
func startDraw(ctx context.Context, rr *referee.Round, g app.Game) views.StartDraw {
	unheld := g.Rules.Unheld
	if unheld == referee.UnheldLowerReturn {
		unheld = referee.UnheldBurn // the same help: only what becomes of the lower double differs
	}
	d := views.StartDraw{Help: text(ctx, "start-draw."+string(unheld), referee.Params{"Tile": rr.Layout().Double().String()})}
	for seat, name := range g.Players {
		if rr.MayDrawForStart(seat) {
			d.Seats = append(d.Seats, views.Seat{Seat: seat, Name: name})
		}
	}
	return d
}

// penalty offers the last-tile penalty for each player down to one tile,
// where the house rule has one.
func penalty(ctx context.Context, rr *referee.Round, g app.Game) views.Penalty {
	if g.Rules.LastTile == referee.LastTileCourtesy || rr.Over() || rr.Turn() < 0 {
		return views.Penalty{}
	}
	p := views.Penalty{What: text(ctx, "penalty."+string(g.Rules.LastTile), nil)}
	for seat, name := range g.Players {
		if rr.HandCount(seat) == 1 && !rr.Skips(seat) {
			p.Seats = append(p.Seats, views.Seat{Seat: seat, Name: name})
		}
	}
	return p
}
