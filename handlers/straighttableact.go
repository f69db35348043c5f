package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/views"
)

// straightActor makes a move on a Straight night's live table, and reads
// the table to show why one was refused.
type straightActor interface {
	StraightAct(ctx context.Context, link string, m app.StraightTableMove) (app.StraightTable, error)
	StraightTable(ctx context.Context, link string) (app.StraightTable, error)
}

// readStraightMove reads a move on the Straight table as a form sends
// it: the hand and count of moves the page showed, who acts, what, and
// for a lay the tile and, where it fits in more than one place, the
// place ("6-6#3": the tile laid on and its end).
func readStraightMove(c echo.Context) (app.StraightTableMove, error) {
	f := func(name string) string { return strings.TrimSpace(c.FormValue(name)) }
	m := app.StraightTableMove{Kind: f("kind"), Tile: f("tile")}
	var err error
	if m.Hand, err = strconv.Atoi(f("hand")); err != nil || m.Hand < 1 {
		return m, invalid("hand", "straight-table.hand", nil)
	}
	switch seq := f("seq"); {
	case seq == "":
		return m, invalid("seq", "version-missing", nil)
	default:
		if m.Seen, err = strconv.Atoi(seq); err != nil || m.Seen < 0 {
			return m, invalid("seq", "version", nil)
		}
	}
	if m.Player, err = strconv.Atoi(f("player")); err != nil || m.Player < 0 {
		return m, invalid("player", "act-player", nil)
	}
	switch m.Kind {
	case app.LeaderKind, "draw", "pass", "take-back":
		return m, nil
	case "play":
	default:
		return m, invalid("kind", "kind", nil)
	}
	if m.Tile == "" {
		return m, invalid("tile", "lay-tile", nil)
	}
	if place := f("place"); place != "" {
		on, at, _ := strings.Cut(place, "#")
		m.On = on
		if at != "" {
			if m.At, err = strconv.Atoi(at); err != nil || m.At < 1 || m.At > 4 {
				return m, invalid("place", "straight-table.place-bad", nil)
			}
		}
	}
	return m, nil
}

// straightAct makes a move on the Straight table once the referee
// accepts it. A tile that fits in more than one place asks where,
// writing nothing; a refusal shows the table as it stands with the rule,
// next to the buttons tapped.
func (a *App) straightAct(c echo.Context) error {
	ctx := c.Request().Context()
	slug := c.Param("slug")
	m, err := readStraightMove(c)
	if err != nil {
		err = a.refuseBadForm(ctx, slug, err)
	} else {
		var t app.StraightTable
		if t, err = a.straightActs.StraightAct(ctx, slug, m); err == nil {
			if !isHTMX(c) {
				return seeOther(c, zoomURL(straightTableURL(slug), "", straightView(c).zoom))
			}
			return straightTableAnswer(c, http.StatusOK, t.Sheet.Game.Name, straightTableCard(ctx, t, straightView(c)), "")
		}
	}
	e := app.From(err)
	if e == nil || pageWide(e.Code) {
		return err
	}
	since := a.hub.now() // a page drawn whole follows the stream from here
	o := straightView(c)
	switch {
	case e.Code == app.CodeInvalid && e.Field == "place" && m.Tile != "" && m.On == "":
		o.pick, e = m.Tile, nil // it fits in more than one place: ask where
	case m.On != "":
		o.pick = m.Tile // refused where it was put: the places again, with why
	}
	t, terr := a.straightActs.StraightTable(ctx, slug)
	switch {
	case terr != nil && app.CodeOf(terr) == app.CodeNotFound && e != nil:
		return err // no Straight table to show it on: the refusal alone
	case terr != nil:
		return terr
	}
	card := straightTableCard(ctx, t, o)
	if e == nil {
		return straightTableAnswer(c, http.StatusOK, t.Sheet.Game.Name, card, since)
	}
	r := views.Refusal{Code: string(e.Code), Reason: refusal(ctx, e)}
	if _, request := codeStatus[e.Code]; !request { // a rule of the game, with its section of the rules
		// Straight's rules are one section of the rules page; the rule
		// is named by its part of the game.
		r.RuleURL = rulesURL(slug) + "#straight"
		r.Rule = text(ctx, "straight-table.rule."+e.Code.SectionIn(t.Sheet.Game.Rules.Game), nil)
	}
	card.Refuse(r, straightForm(m))
	return straightTableAnswer(c, problemOf(ctx, e).status, t.Sheet.Game.Name, card, since)
}

// straightForm is the form whose button sent m, where its answer shows.
func straightForm(m app.StraightTableMove) views.TableForm {
	switch m.Kind {
	case app.LeaderKind:
		return views.FormLeader
	case "play":
		if m.On != "" {
			return views.FormPlace
		}
		return views.FormLay
	case "draw", "pass":
		return views.FormTurn
	case "take-back":
		return views.FormTakeBack
	}
	return ""
}
