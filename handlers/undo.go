package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// undoer takes back a round's last change, and says where the phone
// that sent it sits.
type undoer interface {
	UndoLastFrom(ctx context.Context, device, slug string, n int, basedOn app.Basis) (app.Change, app.Sheet, app.Visit, error)
}

// undo takes back the latest entry of the round being played, the one
// its button named; when another change has come since, it says so in the
// round's card and undoes nothing.
func (a *App) undo(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	basedOn, err := undoBasis(c)
	if err != nil {
		return a.refuseBadForm(ctx, slug, err)
	}
	undone, sh, me, err := a.undoer.UndoLastFrom(ctx, a.answerDevice(c), slug, n, basedOn)
	if p := problemOf(ctx, err); err != nil && p.code == app.CodeConflict {
		refused, err := a.undoRefused(ctx, a.viewerOf(c), slug, n, basedOn, p, err)
		if err != nil {
			return err
		}
		return refused.send(c)
	}
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, gameURL(slug))
	}
	p := mine(sh.Game, me, roundPanel(ctx, sh, sh.Round(n)))
	if undone.ID != 0 {
		p.Notice = text(ctx, "undone", referee.Params{"What": changeName(ctx, sh.Game, undone)})
	}
	return render(c, http.StatusOK, views.RoundCard(p))
}

// undoBasis is what the undo form was based on: the round's version
// (required), the change it offered to take back (where the page knew
// it), and its one-time id.
func undoBasis(c echo.Context) (app.Basis, error) {
	b := app.Basis{Form: formID(c)}
	var err error
	if b.Version, err = formVersion(c, "version"); err != nil {
		return b, err
	}
	if c.FormValue("change") != "" {
		b.Change, err = formVersion(c, "change")
	}
	return b, err
}

// undoRefused is the round's card as it is now, with why nothing was
// undone. A round closed meanwhile has no card left: that refusal is
// shown as any other.
func (a *App) undoRefused(ctx context.Context, v viewer, slug string, n int, basedOn app.Basis, p problem, err error) (answer, error) {
	sh, r, lerr := a.sheetRound(ctx, slug, n, allChanges) // to name the change the page offered
	if lerr != nil || r.Closed {
		return answer{}, err
	}
	msg := p.msg
	if offered, ok := changeByID(sh.History, basedOn.Change); ok {
		if now, ok := sh.Undoable(n); !ok || now.ID != offered.ID {
			msg = text(ctx, "undo-stale", referee.Params{"What": changeName(ctx, sh.Game, offered)})
		}
	}
	if v.htmx {
		panel := mine(sh.Game, a.visit(ctx, v.device, sh.Game), roundPanel(ctx, sh, r))
		panel.Error = msg
		return answer{status: p.status, view: views.RoundCard(panel)}, nil
	}
	page, gerr := a.gameView(ctx, v, sh)
	if gerr != nil {
		return answer{}, gerr
	}
	if page.Round != nil {
		page.Round.Error = msg
	}
	return answer{status: p.status, view: views.Game(page)}, nil
}

// changeByID finds a change in the history.
func changeByID(history []app.Change, id int64) (app.Change, bool) {
	for _, c := range history {
		if c.ID == id && id != 0 {
			return c, true
		}
	}
	return app.Change{}, false
}
