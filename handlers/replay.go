package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// replayReader reads the live table whose log is stepped through.
type replayReader interface {
	Table(ctx context.Context, slug string, n int) (app.Table, error)
}

// replay steps through a round's action log: the table after step k.
func (a *App) replay(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	t, err := a.replays.Table(ctx, slug, n)
	if err != nil {
		return err
	}
	step := len(t.Log)
	if s := c.QueryParam("step"); s != "" {
		if step, err = strconv.Atoi(s); err != nil || step < 0 || step > len(t.Log) {
			return invalid("step", "step", referee.Params{"N": len(t.Log)})
		}
	}
	rr, err := t.Replay(t.Number, t.Actions()[:step])
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Replay(replayPage(ctx, t, rr, step)))
}

// replayPage builds the page of step `step` of the round's log.
func replayPage(ctx context.Context, t app.Table, rr *referee.Round, step int) views.ReplayPage {
	g, r := atTable(t), t.Round(t.Number)
	base := roundURL(g.Slug, r.Number) + "/replay?step="
	p := views.ReplayPage{Meta: views.Meta{Title: text(ctx, "title.replay", referee.Params{"N": r.Number, "Name": g.Name}), Where: g.Name},
		Back: tableURL(g.Slug, r.Number), Number: r.Number, Double: r.Double(), Step: step, Steps: len(t.Log),
		Layout: views.Layout(views.PlacedTiles(rr.Layout()), g.Rules.SpinnerArms), Banner: banner(ctx, rr, g), Action: text(ctx, "the-deal", nil)}
	if step > 0 {
		p.Action = describe(ctx, t.Log[step-1].Action, g.Players)
		p.PrevURL = base + strconv.Itoa(step-1)
	}
	if step < len(t.Log) {
		p.NextURL = base + strconv.Itoa(step+1)
	}
	p.Log = append(p.Log, views.ReplayStep{N: 0, Text: text(ctx, "the-deal-step", nil), URL: base + "0", Current: step == 0})
	for i, a := range t.Log {
		p.Log = append(p.Log, views.ReplayStep{N: i + 1, Text: describe(ctx, a.Action, g.Players), URL: base + strconv.Itoa(i+1), Current: step == i+1})
	}
	return p
}
