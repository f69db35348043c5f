package handlers

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"chickenfoot/views"
)

// check settles "can this tile go there?" on a round's table, without
// laying it.
func (a *App) check(c echo.Context) error {
	// Asked without JavaScript, the question arrives with the lay form's
	// fields: keep only the question in the address.
	if q := c.QueryParams(); q.Has("kind") || q.Has("seq") {
		clean := url.Values{"tile": {q.Get("tile")}, "on": {q.Get("on")}}
		return c.Redirect(http.StatusSeeOther, c.Request().URL.Path+"?"+clean.Encode())
	}
	t, err := a.tableOf(c)
	if err != nil {
		return err
	}
	p := tablePage(t, tableView(c))
	tile, on := c.QueryParam("tile"), c.QueryParam("on")
	if tile == "" || on == "" && t.Live.Layout().Len() > 0 {
		p.Problem = &views.Refusal{Code: "pick", Reason: text("verdict.pick", nil), RuleURL: rulesURL(t.Game.Slug) + "#matching"}
		return render(c, http.StatusBadRequest, views.Table(p))
	}
	v, err := verdict(t.Rules, t.Round(t.Number).Double(), t.Live.Layout().Moves(), tile, on, rulesURL(t.Game.Slug))
	if err != nil {
		return err
	}
	p.Verdict = &v
	return render(c, http.StatusOK, views.Table(p))
}
