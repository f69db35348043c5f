package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// disputePage settles a dispute on a layout typed in the one-line
// notation, without a game.
func (a *App) disputePage(c echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParams()
	p := views.CheckPage{Meta: views.Meta{Title: text(ctx, "title.check", nil)},
		Layout: q.Get("layout"), Tile: q.Get("tile"), On: q.Get("on"), Set: 9, Arms: 4, Impossible: string(referee.ImpossibleStaysOwed), Start: -1}
	if !q.Has("tile") {
		return render(c, http.StatusOK, views.Check(p))
	}
	rules, moves := readDispute(ctx, q, &p)
	if p.Error != "" {
		return render(c, http.StatusBadRequest, views.Check(p))
	}
	double := int(rules.Set)
	switch {
	case len(moves) > 0:
		double = moves[0].Tile.Hi
	case p.Start >= 0:
		double = p.Start
	}
	if p.On == "" && len(moves) > 0 {
		p.On = onlyPlaceOn(rules, double, moves, p.Tile)
	}
	v, err := verdict(ctx, rules, double, moves, p.Tile, p.On, "/rules")
	if e := app.From(err); e != nil && e.Code == app.CodeInvalid {
		p.Error = text(ctx, "check.impossible", referee.Params{"Reason": refusal(ctx, e)})
		return render(c, http.StatusUnprocessableEntity, views.Check(p))
	}
	if err != nil {
		return err
	}
	p.Verdict = &v
	return render(c, http.StatusOK, views.Check(p))
}

// readDispute reads the question's set, spinner, stuck-chickie rule and
// layout into p, with p.Error saying what to fix.
func readDispute(ctx context.Context, q url.Values, p *views.CheckPage) (referee.Rules, []referee.Move) {
	var err error
	if p.Set, err = strconv.Atoi(q.Get("set")); err != nil || !referee.Set(p.Set).Valid() {
		p.Error, p.Set = text(ctx, "check.set", nil), 9
	}
	if p.Arms, err = strconv.Atoi(q.Get("arms")); err != nil || (p.Arms != 4 && p.Arms != 6) {
		p.Error, p.Arms = text(ctx, "check.arms", nil), 4
	}
	if s := q.Get("start"); s != "" {
		if p.Start, err = strconv.Atoi(s); err != nil || p.Start < 0 || p.Start > p.Set {
			p.Error, p.Start = text(ctx, "check.start", referee.Params{"Set": referee.Set(p.Set), "Max": p.Set}), -1
		}
	}
	var stuck referee.ImpossibleRule // read as stored rules are, old names too
	if stuck.UnmarshalText([]byte(q.Get("impossible"))); stuck == referee.ImpossibleReleased {
		p.Impossible = string(stuck)
	}
	rules := referee.Standard()
	rules.Set, rules.SpinnerArms, rules.Impossible = referee.Set(p.Set), p.Arms, referee.ImpossibleRule(p.Impossible)
	moves, perr := referee.ParseMoves(p.Layout)
	var re *referee.RuleError
	switch {
	case p.Error != "":
	case errors.As(perr, &re):
		p.Error = text(ctx, "check.layout", referee.Params{"Reason": reason(ctx, re)})
	case perr != nil:
		p.Error = text(ctx, "check.layout", referee.Params{"Reason": perr.Error()})
	case strings.TrimSpace(p.Tile) == "":
		p.Error = text(ctx, "check.tile", nil)
	}
	return rules, moves
}

// onlyPlaceOn is onlyPlace on the layout the moves make, or "" when they
// make none (the verdict says why).
func onlyPlaceOn(rules referee.Rules, double int, moves []referee.Move, tile string) string {
	l, err := referee.NewLayout(rules, double)
	if err != nil {
		return ""
	}
	if _, err := l.Apply(moves); err != nil {
		return ""
	}
	return onlyPlace(l, tile)
}
