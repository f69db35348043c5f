package handlers

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// actionForm is a table action as submitted.
type actionForm struct {
	seat, kind, tile, on, seq string
}

func readActionForm(c echo.Context) actionForm {
	return actionForm{seat: c.FormValue("seat"), kind: c.FormValue("kind"), tile: strings.TrimSpace(c.FormValue("tile")),
		on: strings.TrimSpace(c.FormValue("on")), seq: strings.TrimSpace(c.FormValue("seq"))}
}

// action reads the form into the referee's action. A tile or place that
// can't be read is refused the way the referee refuses it, with its rule
// code.
func (f actionForm) action(ctx context.Context, set referee.Set) (referee.Action, error) {
	seat, err := strconv.Atoi(f.seat)
	if err != nil {
		return referee.Action{}, invalid("seat", "act-seat", nil)
	}
	a := referee.Action{Seat: seat, Kind: referee.ActionKind(f.kind)}
	switch a.Kind {
	case referee.ActDraw, referee.ActPass, referee.ActTakeBack, referee.ActPenalty:
		return a, nil
	case referee.ActPlay:
	default:
		return a, invalid("kind", "kind", nil)
	}
	if f.tile == "" {
		return a, invalid("tile", "lay-tile", nil)
	}
	t, err := set.Parse(f.tile)
	if err != nil {
		return a, err
	}
	a.Move = referee.Move{Tile: t, Start: f.on == ""}
	if !a.Move.Start {
		if a.Move.On, err = referee.ParseTile(f.on); err != nil {
			p := referee.Params{"Tile": t.String(), "On": f.on}
			return a, &referee.RuleError{Code: referee.CodeUnknownEnd, Tile: t.String(), On: f.on, Key: "lay-on", Params: p}
		}
	}
	return a, nil
}

// basedOn is how many actions the page showed; a form without it, from a
// script, is not checked.
func (f actionForm) basedOn(ctx context.Context) (int, error) {
	if f.seq == "" {
		return db.Unchecked, nil
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
	// htmx gets the table's card, made while the disk syncs the move and
	// sent once the move is on the disk.
	htmx, opts := isHTMX(c), tableView(c)
	var card *bytes.Buffer
	var cardErr error
	t, err := a.writeAction(ctx, slug, n, readActionForm(c), func(t db.Table) {
		if htmx {
			p := tablePage(ctx, t, opts)
			card, cardErr = renderPage(ctx, views.TableCard(&p))
		}
	})
	var re *referee.RuleError
	switch {
	case errors.As(err, &re) && !pageWide(re.Code) && re.Code != referee.CodeInvalid:
		return a.actRefused(c, slug, n, re)
	case err != nil:
		return err
	}
	a.tableActed(t)
	switch {
	case !htmx:
		return seeOther(c, tableURL(slug, n))
	case cardErr != nil:
		return cardErr
	}
	return sendPage(c, http.StatusOK, card)
}

// writeAction reads the form under the game's rules and acts. A view-only
// link is refused before the form is read: whatever it says, nothing
// changes.
func (a *App) writeAction(ctx context.Context, slug string, n int, f actionForm, then func(db.Table)) (db.Table, error) {
	return a.store.ActThen(ctx, slug, n, func(g db.Game) (referee.Action, int, error) {
		action, err := f.action(ctx, g.Rules.Set)
		if err != nil {
			return action, 0, err
		}
		seq, err := f.basedOn(ctx)
		return action, seq, err
	}, then)
}

// actRefused shows the table as it stands, nothing written, with the rule
// the action broke and a link to it.
func (a *App) actRefused(c echo.Context, slug string, n int, re *referee.RuleError) error {
	ctx := c.Request().Context()
	t, err := a.store.Table(ctx, slug, n)
	if err != nil {
		return err
	}
	p := tablePage(ctx, t, tableView(c))
	p.Problem = &views.Refusal{Code: string(re.Code), Reason: reason(ctx, re)}
	if _, request := codeStatus[re.Code]; !request { // a rule of the game, with its section of the rules
		p.Problem.RuleURL = rulesURL(slug) + "#" + re.Code.Section()
	}
	return tableAnswer(c, problemOf(ctx, re).status, p)
}
