package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// straightKeeper keeps the sheet of a Straight night.
type straightKeeper interface {
	StraightSheet(ctx context.Context, link string) (app.StraightSheet, error)
	StraightScore(ctx context.Context, link string, p app.StraightPlay) (app.StraightSheet, error)
	StraightUndo(ctx context.Context, link string, seen int) (app.StraightSheet, error)
}

// The keypad's points: what the ends of a line count when they score.
var (
	straightKeys = []int{5, 10, 15, 20, 25, 30}
	straightMore = []int{35, 40, 45, 50, 55, 60}
)

// straightGame is a Straight night's page as v sees it, following the
// stream from since; out is who the live table says ended the hand (see
// endOut), and fl the notice the page was left, if any.
func (a *App) straightGame(ctx context.Context, v viewer, link, since, out string, fl flash) (views.StraightPage, error) {
	sh, err := a.straight.StraightSheet(ctx, link)
	if err != nil {
		return views.StraightPage{}, err
	}
	g := sh.Game
	p := views.StraightPage{
		Meta:    views.Meta{Title: text(ctx, "allfives.title", referee.Params{"Name": g.Name}), Where: g.Name, WakeLock: sh.Winner < 0, Stream: streamURL(link, since)},
		Name:    g.Name,
		Date:    g.PlayedOn,
		Players: len(g.Players),
		URL:     gameURL(g.Slug),
		Card:    straightCard(ctx, sh),
		Rules:   straightRulesInPlay(ctx, g),
		Table:   straightTableURL(g.Slug),
	}
	p.Card.EndOut = endOut(g, out)
	if p.Share, err = shareLinks(ctx, v.origin, g); err != nil {
		return p, err
	}
	if !g.ViewOnly {
		p.DeleteURL = gameURL(g.Slug) + "/delete"
	}
	if fl.Key == straightFixFlash {
		before, _ := strconv.Atoi(fl.param(0))
		now, _ := strconv.Atoi(fl.param(1))
		p.Card.Notice = winnerNotice(ctx, sh, sideNames(sh), before, now)
	}
	a.visit(ctx, v.device, g)
	return p, nil
}

// endOut reads who the live table says ended the hand, for the sheet's
// end-of-hand form: a player's id, "-1" when blocked, or "" for neither.
func endOut(g app.Game, out string) string {
	if out == "blocked" {
		return "-1"
	}
	if id, err := strconv.Atoi(out); err == nil && slices.Contains(g.IDs, id) {
		return out
	}
	return ""
}

// straightPart is the Straight sheet alone, for htmx to refresh it: the
// score sheet's part of a Straight night.
func (a *App) straightPart(ctx context.Context, link string) (views.StraightCard, error) {
	sh, err := a.straight.StraightSheet(ctx, link)
	if err != nil {
		return views.StraightCard{}, err
	}
	return straightCard(ctx, sh), nil
}

// straightPlay saves points made in play, tapped on the keypad.
func (a *App) straightPlay(c echo.Context) error {
	p, err := straightSeen(c)
	if err != nil {
		return err
	}
	p.Player, p.Points = formInt(c, "player"), formInt(c, "points")
	sh, err := a.straight.StraightScore(c.Request().Context(), c.Param("slug"), p)
	return a.straightAnswer(c, sh, err)
}

// straightEnd saves the end of a hand: who dominoed, or blocked, and the
// spots left in every hand.
func (a *App) straightEnd(c echo.Context) error {
	p, err := straightSeen(c)
	if err != nil {
		return err
	}
	p.End = true
	if p.Player, err = strconv.Atoi(strings.TrimSpace(c.FormValue("player"))); err != nil {
		p.Player = -2 // refused by the store, once it knows the link may write
	}
	if p.Pips, p.Tiles, err = formSpots(c); err != nil {
		return err
	}
	sh, err := a.straight.StraightScore(c.Request().Context(), c.Param("slug"), p)
	return a.straightAnswer(c, sh, err)
}

// formSpots reads the spots left in each hand, by player id: typed
// (pips-ID) or tapped tile by tile (tiles-ID, one field a tile).
func formSpots(c echo.Context) (map[int]int, map[int][]referee.Tile, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, nil, err
	}
	pips, tiles := map[int]int{}, map[int][]referee.Tile{}
	for name, vs := range form {
		if id, ok := strings.CutPrefix(name, "tiles-"); ok {
			n, err := strconv.Atoi(id)
			if err != nil {
				continue
			}
			for _, v := range vs {
				t, err := referee.ParseTile(v)
				if err != nil || t.Hi > straightSet {
					return nil, nil, invalid(name, "allfives.tiles.bad", referee.Params{"Tile": v})
				}
				tiles[n] = append(tiles[n], t)
			}
			continue
		}
		id, ok := strings.CutPrefix(name, "pips-")
		n, err := strconv.Atoi(id)
		if !ok || err != nil || len(vs) == 0 || strings.TrimSpace(vs[0]) == "" {
			continue
		}
		p, err := strconv.Atoi(strings.TrimSpace(vs[0]))
		if err != nil {
			p = -1 // refused by the store, naming the player
		}
		pips[n] = p
	}
	return pips, tiles, nil
}

// straightSet is the set Straight is played with: double-6.
const straightSet = 6

// straightUndo takes back the sheet's last line.
func (a *App) straightUndo(c echo.Context) error {
	p, err := straightSeen(c)
	if err != nil {
		return err
	}
	sh, err := a.straight.StraightUndo(c.Request().Context(), c.Param("slug"), p.Seen)
	return a.straightAnswer(c, sh, err)
}

// straightSeen reads the version the page showed: -1 when the form does
// not say, which the store refuses once it knows the link may write.
func straightSeen(c echo.Context) (app.StraightPlay, error) {
	v := strings.TrimSpace(c.FormValue("version"))
	if v == "" {
		return app.StraightPlay{Seen: -1}, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return app.StraightPlay{}, invalid("version", "version", nil)
	}
	return app.StraightPlay{Seen: n}, nil
}

// straightAnswer answers a change: the sheet for htmx, the page for a
// plain form.
func (a *App) straightAnswer(c echo.Context, sh app.StraightSheet, err error) error {
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, gameURL(sh.Game.Slug))
	}
	return render(c, http.StatusOK, views.StraightSheet(straightCard(c.Request().Context(), sh)))
}
