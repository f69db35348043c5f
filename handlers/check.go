package handlers

import (
	"cmp"
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"net/url"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// checkReader reads the live table a question is asked about.
type checkReader interface {
	Table(ctx context.Context, slug string, n int) (app.Table, error)
}

// check settles "can this tile go there?" on a round's table, without
// laying it.
func (a *App) check(c echo.Context) error {
	ctx := c.Request().Context()
	// Asked without JavaScript, the question arrives with the lay form's
	// fields: keep only the question in the address.
	// A question about any tile on the table, not only an open end, comes
	// as ask_on.
	if q := c.QueryParams(); q.Has("kind") || q.Has("seq") || q.Has("ask_on") {
		clean := url.Values{"tile": {q.Get("tile")}, "on": {cmp.Or(q.Get("ask_on"), q.Get("on"))}}
		return c.Redirect(http.StatusSeeOther, c.Request().URL.Path+"?"+clean.Encode())
	}
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	t, err := a.checks.Table(ctx, slug, n)
	if err != nil {
		return err
	}
	p := tablePage(ctx, t, tableView(c))
	tile, on := c.QueryParam("tile"), c.QueryParam("on")
	if on == "" {
		on = onlyPlace(t.Live.Layout(), tile)
	}
	if tile == "" || on == "" && t.Live.Layout().Len() > 0 {
		p.Refuse(views.Refusal{Code: "pick", Reason: text(ctx, "verdict.pick", nil), RuleURL: rulesURL(t.Game.Slug) + "#matching", Rule: ruleName(ctx, "matching")}, views.FormLay)
		return tableAnswer(c, http.StatusBadRequest, p)
	}
	v, err := verdict(ctx, t.Rules, t.Round(t.Number).Double(), t.Live.Layout().Moves(), tile, on, rulesURL(t.Game.Slug))
	if err != nil {
		return err
	}
	if t.Live.Over() {
		v = overVerdict(ctx, v, t)
	}
	p.Verdict = &v
	return tableAnswer(c, http.StatusOK, p)
}

// overVerdict answers a question asked once the round is over: nothing
// can go anywhere now, and whether the tile would have fitted there.
func overVerdict(ctx context.Context, v views.Verdict, t app.Table) views.Verdict {
	would := text(ctx, "verdict.would-fit", nil)
	if !v.Legal {
		would = text(ctx, "verdict.would-not-fit", referee.Params{"Reason": v.Reason})
	}
	v.Legal, v.Code, v.RuleURL = false, string(referee.CodeRoundOver), rulesURL(t.Game.Slug)+"#"+referee.CodeRoundOver.Section()
	v.Rule = ruleName(ctx, referee.CodeRoundOver.Section())
	v.Reason = overText(ctx, t.Live, t.Game) + " " + would
	v.Others = nil // what other rules would say of a round that is over says nothing
	return v
}

// onlyPlace is where tile can go on l when there is exactly one such
// place, else "": asked without a place, that is the one meant.
func onlyPlace(l *referee.Layout, tile string) string {
	t, err := l.Rules().Set.Parse(tile)
	if err != nil || l.Len() == 0 {
		return ""
	}
	if moves := l.LegalMoves([]referee.Tile{t}); len(moves) == 1 {
		return moves[0].On.String()
	}
	return ""
}
