package handlers

import (
	"context"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// undoer takes back a round's last change.
type undoer interface {
	UndoLast(ctx context.Context, slug string, n int, basedOn db.Basis) (db.Change, db.Sheet, error)
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
	undone, sh, err := a.undoer.UndoLast(ctx, slug, n, basedOn)
	if p := problemOf(ctx, err); err != nil && p.code == app.CodeConflict {
		return a.undoRefused(c, slug, n, basedOn, p, err)
	}
	if err != nil {
		return err
	}
	return a.roundChanged(c, sh, n, func(p views.RoundPanel) templ.Component {
		if undone.ID != 0 {
			p.Notice = text(ctx, "undone", referee.Params{"What": changeName(ctx, sh.Game, undone)})
		}
		return views.RoundCard(p)
	})
}

// undoBasis is what the undo form was based on: the round's version
// (required), the change it offered to take back (where the page knew
// it), and its one-time id.
func undoBasis(c echo.Context) (db.Basis, error) {
	b := db.Basis{Form: formID(c)}
	var err error
	if b.Version, err = formVersion(c, "version"); err != nil {
		return b, err
	}
	if c.FormValue("change") != "" {
		b.Change, err = formVersion(c, "change")
	}
	return b, err
}

// undoRefused shows the round's card as it is now, with why nothing was
// undone. A round closed meanwhile has no card left: that refusal is
// shown as any other.
func (a *App) undoRefused(c echo.Context, slug string, n int, basedOn db.Basis, p problem, err error) error {
	ctx := c.Request().Context()
	sh, r, lerr := a.sheetRound(ctx, slug, n, allChanges) // to name the change the page offered
	if lerr != nil || r.Closed {
		return err
	}
	msg := p.msg
	if offered, ok := changeByID(sh.History, basedOn.Change); ok {
		if now, ok := sh.Undoable(n); !ok || now.ID != offered.ID {
			msg = text(ctx, "undo-stale", referee.Params{"What": changeName(ctx, sh.Game, offered)})
		}
	}
	if isHTMX(c) {
		panel := a.mine(c.Request().Context(), device(c), sh.Game, roundPanel(ctx, sh, r))
		panel.Error = msg
		return render(c, p.status, views.RoundCard(panel))
	}
	page, err := a.gameView(c.Request().Context(), a.viewerOf(c), sh)
	if err != nil {
		return err
	}
	if page.Round != nil {
		page.Round.Error = msg
	}
	return render(c, p.status, views.Game(page))
}

// changeByID finds a change in the history.
func changeByID(history []db.Change, id int64) (db.Change, bool) {
	for _, c := range history {
		if c.ID == id && id != 0 {
			return c, true
		}
	}
	return db.Change{}, false
}
