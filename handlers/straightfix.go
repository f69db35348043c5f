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

// straightFixer corrects a line of a Straight sheet, and reads the sheet
// for the form that does.
type straightFixer interface {
	StraightSheet(ctx context.Context, link string) (app.StraightSheet, error)
	StraightCorrect(ctx context.Context, link string, f app.StraightFix) (app.StraightSheet, error)
}

// straightFixFlash names the notice a correction sent without htmx leaves
// for the page: the side that had won and the side that wins now.
const straightFixFlash = "straight-fix"

// straightFix corrects one line of a Straight sheet, or removes it (the
// form's "do" is "remove"): a play's side and points, an end's who and
// spots.
func (a *App) straightFix(c echo.Context) error {
	p, err := straightSeen(c)
	if err != nil {
		return err
	}
	line, err := strconv.Atoi(c.Param("n"))
	if err != nil || line < 1 {
		return echo.ErrNotFound
	}
	f := app.StraightFix{StraightPlay: p, Line: line, Remove: c.FormValue("do") == "remove"}
	if !f.Remove {
		f.Points = formInt(c, "points")
		if f.Player, err = strconv.Atoi(strings.TrimSpace(c.FormValue("player"))); err != nil {
			f.Player = -2 // refused by the store, once it knows the link may write
		}
		if f.Pips, f.Tiles, err = formSpots(c); err != nil {
			return err
		}
	}
	sh, err := a.straightFixes.StraightCorrect(c.Request().Context(), c.Param("slug"), f)
	if err == nil && !isHTMX(c) && sh.Before != sh.Winner {
		a.flashes.leave(c, gameURL(sh.Game.Slug), straightFixFlash, strconv.Itoa(sh.Before), strconv.Itoa(sh.Winner))
	}
	return a.straightAnswer(c, sh, err)
}

// straightLine is the form that corrects one line of the sheet: for htmx
// the form alone, to go under the line; otherwise a page of its own.
func (a *App) straightLine(c echo.Context) error {
	ctx := c.Request().Context()
	sh, err := a.straightFixes.StraightSheet(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > len(sh.Marks) {
		return app.NotFound("line")
	}
	if sh.Game.ViewOnly {
		return app.ViewOnly()
	}
	card := straightCard(ctx, sh)
	line := card.Lines[n-1]
	if isHTMX(c) {
		return render(c, http.StatusOK, views.StraightLineFix(card, line))
	}
	return render(c, http.StatusOK, views.StraightLinePage(views.StraightLineView{
		Meta: views.Meta{Title: text(ctx, "allfives.fix.title", referee.Params{"N": line.Hand}), Where: sh.Game.Name}, Card: card, Line: line}))
}

// winnerNotice says what a correction did to the winner, or "" when it
// left it as it was: before and now are sides, or -1.
func winnerNotice(ctx context.Context, sh app.StraightSheet, names []string, before, now int) string {
	if before == now || before >= len(names) || now >= len(names) {
		return ""
	}
	pair := len(sh.Sides) == 2 && len(sh.Sides[0]) == 2
	p := referee.Params{"Pair": pair}
	if before >= 0 {
		p["Was"] = names[before]
	}
	if now >= 0 {
		p["Name"] = names[now]
	}
	switch {
	case before < 0:
		return text(ctx, "allfives.fix.won", p)
	case now < 0:
		return text(ctx, "allfives.fix.unwon", p)
	}
	return text(ctx, "allfives.fix.winner", p)
}

// straightLines lists the sheet's lines in words, oldest first, with
// what their correction forms start from.
func straightLines(ctx context.Context, sh app.StraightSheet, names []string) []views.StraightLine {
	g, r := sh.Game, sh.Rules()
	var out []views.StraightLine
	for i, m := range sh.Marks {
		l := views.StraightLine{Seq: m.Seq, Hand: m.Hand, End: m.End, After: i >= sh.Counted, Side: m.Side, Points: m.Points, Out: -1,
			Head: i == 0 || sh.Marks[i-1].Hand != m.Hand}
		if !m.End {
			l.Text = text(ctx, "allfives.line.play", referee.Params{"N": m.Points, "Name": names[m.Side]})
			out = append(out, l)
			continue
		}
		a := m.Award(r)
		l.Text = awardNote(ctx, sh, app.StraightHand{Number: m.Hand, Award: &a, Out: m.Side, Pips: m.Pips}, names)
		if m.Side >= 0 {
			l.Out = g.IDs[m.Side]
		}
		for seat, name := range g.Players {
			l.Pips = append(l.Pips, views.StraightPlayer{ID: g.IDs[seat], Name: name, Pips: strconv.Itoa(m.Pips[seat])})
		}
		out = append(out, l)
	}
	return out
}
