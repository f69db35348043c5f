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

// actor makes a move on a round's live table, and reads the table to
// show why one was refused.
type actor interface {
	Act(ctx context.Context, slug string, n int, m app.Move) (app.Table, error)
	Table(ctx context.Context, slug string, n int) (app.Table, error)
}

// actionForm is a table action as submitted.
type actionForm struct {
	player, kind, tile, on, seq string
}

func readActionForm(c echo.Context) actionForm {
	return actionForm{player: c.FormValue("player"), kind: c.FormValue("kind"), tile: strings.TrimSpace(c.FormValue("tile")),
		on: strings.TrimSpace(c.FormValue("on")), seq: strings.TrimSpace(c.FormValue("seq"))}
}

// move reads the form into a move for the store, which finds the seat at
// the table of the player the form names by id, and reads its tile in
// the game's own set. A tile or place that can't be read is refused the
// way the referee refuses it, with its rule code; a page's count of
// actions that can't be read, or none, is bad input.
func (f actionForm) move(ctx context.Context) (app.Move, error) {
	player, err := strconv.Atoi(f.player)
	if err != nil || player < 0 {
		return app.Move{}, invalid("player", "act-player", nil)
	}
	m := app.Move{Action: referee.Action{Kind: referee.ActionKind(f.kind)}, Player: &player}
	switch m.Kind {
	case referee.ActDraw, referee.ActPass, referee.ActTakeBack, referee.ActPenalty:
	case referee.ActPlay:
		if f.tile == "" {
			return m, invalid("tile", "lay-tile", nil)
		}
		m.Tile, m.Move.Start = f.tile, f.on == ""
		if _, err := referee.ParseTile(f.tile); err == nil && !m.Move.Start {
			// A tile unreadable in any set is refused by the store in the
			// game's own words, before where it goes.
			if m.Move.On, err = referee.ParseTile(f.on); err != nil {
				p := referee.Params{"Tile": f.tile, "On": f.on}
				return m, &referee.RuleError{Code: referee.CodeUnknownEnd, Tile: f.tile, On: f.on, Key: "lay-on", Params: p}
			}
		}
	default:
		return m, invalid("kind", "kind", nil)
	}
	m.Seen, err = f.basedOn(ctx)
	return m, err
}

// basedOn is how many actions the page showed; a form without it, from a
// script, is refused.
func (f actionForm) basedOn(ctx context.Context) (int, error) {
	if f.seq == "" {
		return 0, invalid("seq", "version-missing", nil)
	}
	n, err := strconv.Atoi(f.seq)
	if err != nil || n < 0 {
		return 0, invalid("seq", "version", nil)
	}
	return n, nil
}

// act lays a tile, draws, passes or takes back, once the referee accepts
// it; a refusal shows the rule on the table as it stands and changes
// nothing.
func (a *App) act(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	f := readActionForm(c)
	m, err := f.move(ctx)
	if err != nil {
		err = a.refuseBadForm(ctx, slug, err)
	} else {
		var t app.Table
		if t, err = a.actor.Act(ctx, slug, n, m); err == nil {
			if !isHTMX(c) {
				return seeOther(c, tableURL(slug, n))
			}
			p := tablePage(ctx, t, tableView(c))
			return render(c, http.StatusOK, views.TableCard(&p))
		}
	}
	e := app.From(err)
	if e == nil || pageWide(e.Code) {
		return err
	}
	p, err := a.actRefused(ctx, slug, n, e, tableView(c), f)
	if err != nil {
		return err
	}
	return tableAnswer(c, problemOf(ctx, e).status, p)
}

// tappedForm is the table's form an action was sent from, where its
// answer shows: a play before the double is set is the start form's.
func (f actionForm) tappedForm(started bool) views.TableForm {
	switch referee.ActionKind(f.kind) {
	case referee.ActPlay:
		if !started {
			return views.FormStart
		}
		return views.FormLay
	case referee.ActDraw:
		if !started {
			return views.FormDrawStart
		}
		return views.FormTurn
	case referee.ActPass:
		return views.FormTurn
	case referee.ActTakeBack:
		return views.FormTakeBack
	case referee.ActPenalty:
		return views.FormPenalty
	}
	return ""
}

// actRefused is the table as it stands, nothing written, with the rule
// the action broke and a link to it, next to the buttons the form f was
// sent from (or what to fix, for a form that can't be read).
func (a *App) actRefused(ctx context.Context, slug string, n int, e *app.Error, o tableOptions, f actionForm) (views.TablePage, error) {
	t, err := a.actor.Table(ctx, slug, n)
	if err != nil {
		return views.TablePage{}, err
	}
	p := tablePage(ctx, t, o)
	r := views.Refusal{Code: string(e.Code), Reason: refusal(ctx, e)}
	if _, request := codeStatus[e.Code]; !request { // a rule of the game, with its section of the rules
		r.RuleURL, r.Rule = rulesURL(slug)+"#"+e.Code.Section(), ruleName(ctx, e.Code.Section())
	}
	p.Refuse(r, f.tappedForm(p.Started))
	return p, nil
}
