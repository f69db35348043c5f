package handlers

import (
	"cmp"
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// straightTabler keeps a Straight night's live table.
type straightTabler interface {
	StraightTable(ctx context.Context, link string) (app.StraightTable, error)
}

func straightTableURL(slug string) string { return gameURL(slug) + "/straight/table" }

// straightOptions are what the address asks of the table: the drawing
// zoomed, and the tile tapped whose place is asked for.
type straightOptions struct {
	zoom bool
	pick string
}

func straightView(c echo.Context) straightOptions {
	return straightOptions{zoom: c.QueryParam("zoom") == "1"}
}

// straightTable shows a Straight night's live table; htmx, following
// the stream, gets the table's card alone.
func (a *App) straightTable(c echo.Context) error {
	ctx := c.Request().Context()
	since := a.hub.now() // before the read: a change after it is sent again
	t, err := a.straightTables.StraightTable(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	return straightTableAnswer(c, http.StatusOK, t.Sheet.Game.Name, straightTableCard(ctx, t, straightView(c)), since)
}

// straightTableAnswer answers with the table: htmx gets its card, a
// plain request the page around it, following the stream from since
// (the hub's latest event before the table was read).
func straightTableAnswer(c echo.Context, status int, name string, card views.StraightTableCard, since string) error {
	if isHTMX(c) {
		return render(c, status, views.StraightTableCardOf(&card))
	}
	ctx := c.Request().Context()
	g := c.Param("slug")
	p := views.StraightTablePage{Meta: views.Meta{Title: text(ctx, "straight-table.page-title", referee.Params{"N": card.Hand, "Name": name}), Where: name, WakeLock: card.Playing},
		SheetURL: gameURL(g), RulesURL: rulesURL(g) + "#straight", Card: card}
	p.Stream = streamURL(g, since)
	return render(c, status, views.StraightTable(p))
}

// straightTableCard builds the table's card from the store's table.
func straightTableCard(ctx context.Context, t app.StraightTable, o straightOptions) views.StraightTableCard {
	sh, g := t.Sheet, t.Sheet.Game
	base := straightTableURL(g.Slug)
	c := views.StraightTableCard{
		Live: live(zoomURL(base, "", o.zoom), straightTableVersion(t), eventStraightTable, eventSheet),
		URL:  zoomURL(base, "", o.zoom), SheetURL: gameURL(g.Slug), Hand: t.Hand, Seq: strconv.Itoa(t.Version), ViewOnly: g.ViewOnly,
		Playing: t.Playing(), Zoomed: o.zoom, ZoomURL: zoomURL(base, "", !o.zoom),
		Goal: text(ctx, "straight-table.goal", referee.Params{"N": sh.Rules().Goal()}),
	}
	names := sideNames(sh)
	for i := range sh.Sides {
		c.Sides = append(c.Sides, views.SideTotal{Name: names[i], Total: sh.Totals[i]})
	}
	if sh.Winner >= 0 {
		c.Won = text(ctx, "allfives.won", referee.Params{"Name": names[sh.Winner], "N": sh.Totals[sh.Winner], "Pair": len(sh.Sides[sh.Winner]) > 1})
	}
	h := t.Live
	if !t.Started() && sh.Winner < 0 {
		c.NeedLeader = t.Leader < 0
		for seat, name := range g.Players {
			c.Leaders = append(c.Leaders, views.StraightLeader{ID: g.IDs[seat], Name: name, Picked: seat == t.Leader})
		}
	}
	if h == nil {
		c.Drawing = views.StraightLayout(nil)
		c.Boneyard = g.Rules.Set.Size() - len(g.Players)*cmp.Or(g.HandSize, referee.StraightHandSize)
		return c
	}
	straightState(ctx, &c, t)
	if c.Playing {
		c.Keys = straightKeypad(ctx, h)
		c.Pick = straightPick(ctx, h, o, base)
	}
	if seat := lastLayer(t); seat >= 0 && h.CanTakeBack(seat) {
		c.TakeBack = &views.StraightTaker{ID: g.IDs[seat], Text: words(ctx, "straight-table.take-back", "Name", g.Players[seat],
			"Tile", lastLay(t).Move.Tile.String())}
	}
	if h.Over() && sh.Winner < 0 {
		c.Over, c.EndURL = straightOver(ctx, t)
		c.EndText = words(ctx, "straight-table.to-end", "N", t.Hand)
		if g.ViewOnly {
			c.EndURL = ""
		}
	}
	for _, r := range t.Log {
		c.Log = append(c.Log, straightSaid(ctx, g, r))
	}
	return c
}

// straightTableVersion names what the card shows: the hand, its moves and
// the sheet's lines (its totals).
func straightTableVersion(t app.StraightTable) string {
	return strconv.Itoa(t.Hand) + "-" + strconv.Itoa(t.Version) + "-" + strconv.Itoa(t.Sheet.Version)
}

// straightState fills in the line on the table: its drawing, the count
// of the ends and what the last move did, whose turn it is, and what
// each holds.
func straightState(ctx context.Context, c *views.StraightTableCard, t app.StraightTable) {
	h, g := t.Live, t.Sheet.Game
	line := h.Line()
	c.Started, c.Ends, c.Boneyard = line.Len() > 0, line.Ends(), h.Boneyard()
	c.Drawing = views.StraightLayout(line.Places())
	turn := h.Turn()
	for seat, name := range g.Players {
		c.Hands = append(c.Hands, views.HandCount{Name: name, Count: h.HandCount(seat), Turn: seat == turn})
	}
	if turn >= 0 {
		c.TurnID, c.TurnName = g.IDs[turn], g.Players[turn]
		if c.Started {
			c.Turn = words(ctx, "turn", "Name", g.Players[turn])
		} else {
			c.Turn = words(ctx, "straight-table.leads", "Name", g.Players[turn])
		}
	}
	if n := len(t.Log); n > 0 {
		c.Scored = straightScored(ctx, t, t.Log[n-1])
	}
}

// straightScored says what the last move did: the points a lay scored,
// for the player or their side, or that it scored nothing.
func straightScored(ctx context.Context, t app.StraightTable, r app.StraightMoveRow) string {
	g, h := t.Sheet.Game, t.Live
	if r.Leader || r.Action.Kind != referee.ActPlay {
		return straightSaid(ctx, g, r)
	}
	name := g.Players[r.Action.Seat]
	if p := h.Scored(); p > 0 {
		side := referee.SideOf(r.Action.Seat, len(g.Players), h.Partnered())
		return words(ctx, "straight-table.scores", "Name", sideNames(t.Sheet)[side], "Pair", h.Partnered(), "N", p)
	}
	return words(ctx, "straight-table.no-score", "Name", name, "Tile", r.Action.Move.Tile.String())
}

// straightSaid words one stored move for the table's log.
func straightSaid(ctx context.Context, g app.Game, r app.StraightMoveRow) string {
	a := r.Action
	name := g.Players[a.Seat]
	switch {
	case r.Leader:
		return words(ctx, "straight-table.log.leader", "Name", name)
	case a.Kind == referee.ActPlay && a.Move.Lead:
		return words(ctx, "straight-table.log.lead", "Name", name, "Tile", a.Move.Tile.String())
	}
	return describe(ctx, referee.Action{Seat: a.Seat, Kind: a.Kind, Move: referee.Move{Tile: a.Move.Tile, On: a.Move.On}}, g.Players)
}

// straightKeypad is every tile of the set, those laid and those that fit
// now marked.
func straightKeypad(ctx context.Context, h *referee.StraightHand) []views.StraightKey {
	line := h.Line()
	set := h.Rules().Set
	keys := make([]views.StraightKey, 0, set.Size())
	for t := range set.All() {
		k := views.StraightKey{Tile: t.String(), Hi: t.Hi, Lo: t.Lo, Laid: line.Placed(t)}
		k.Fits = !k.Laid && line.Fits(t)
		switch {
		case k.Laid:
			k.Said = words(ctx, "straight-table.tile-laid", "Tile", k.Tile)
		case k.Fits:
			k.Said = words(ctx, "ui.table.tile-fits", "Tile", k.Tile)
		default:
			k.Said = k.Tile
		}
		keys = append(keys, k)
	}
	return keys
}

// straightPick is the places the tile tapped may go, each with what the
// ends would count there, when there is more than one.
func straightPick(ctx context.Context, h *referee.StraightHand, o straightOptions, base string) *views.StraightPick {
	if o.pick == "" {
		return nil
	}
	tile, err := referee.ParseTile(o.pick)
	if err != nil {
		return nil
	}
	moves := h.LegalMoves(h.Turn())
	p := &views.StraightPick{Tile: tile.String(), Cancel: zoomURL(base, "", o.zoom)}
	for _, m := range moves {
		if m.Tile != tile || m.Lead {
			continue
		}
		try := h.Clone()
		if try.Act(referee.StraightAction{Seat: h.Turn(), Kind: referee.ActPlay, Move: m}) != nil {
			continue
		}
		p.Places = append(p.Places, views.StraightPlace{Value: m.On.String() + "#" + strconv.Itoa(m.At),
			Label: placeLabel(ctx, h.Line(), m, try.Line().Ends(), try.Scored())})
	}
	if len(p.Places) < 2 {
		return nil
	}
	return p
}

// placeLabel words a place a tile may go: the tile it goes on, which of
// its ends where that needs saying, and what the ends would count.
func placeLabel(ctx context.Context, line *referee.StraightLine, m referee.StraightMove, ends, points int) string {
	where := ""
	for _, p := range line.Places() {
		if p.Tile != m.On {
			continue
		}
		switch p.Kind {
		case referee.LineSpinner:
			where = words(ctx, "straight-table.spinner-end."+strconv.Itoa(m.At))
		case referee.LineLead:
			where = words(ctx, "straight-table.lead-end", "Pips", p.Ends[m.At-1].Pips)
		}
	}
	return words(ctx, "straight-table.place", "On", m.On.String(), "Where", where, "Ends", ends, "Points", points)
}

// lastLayer is the seat that made the hand's last move, if it laid a
// tile; else -1.
func lastLayer(t app.StraightTable) int {
	if a := lastLay(t); a != nil {
		return a.Seat
	}
	return -1
}

// lastLay is the hand's last move when it laid a tile.
func lastLay(t app.StraightTable) *referee.StraightAction {
	if n := len(t.Log); n > 0 && !t.Log[n-1].Leader && t.Log[n-1].Action.Kind == referee.ActPlay {
		return &t.Log[n-1].Action
	}
	return nil
}

// straightOver says how the hand ended, and the address of the sheet's
// end-of-hand form filled in with it.
func straightOver(ctx context.Context, t app.StraightTable) (string, string) {
	g, h := t.Sheet.Game, t.Live
	end := gameURL(g.Slug) + "?out="
	if h.Ending() == referee.Domino {
		seat := h.WentOut()
		return words(ctx, "straight-table.dominoed", "Name", g.Players[seat]), end + strconv.Itoa(g.IDs[seat]) + "#hand-end"
	}
	return words(ctx, "straight-table.blocked"), end + "blocked#hand-end"
}
