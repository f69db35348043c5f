package handlers

import (
	"context"
	"errors"
	"fmt"
	"github.com/labstack/echo/v4"
	"net/http"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// closer closes a round, saying where the phone that sent it sits, and
// reads the game again to say why one can't close.
type closer interface {
	CloseRoundFrom(ctx context.Context, device, slug string, n int, basedOn app.Basis) (app.Sheet, app.Visit, error)
	Sheet(ctx context.Context, slug string) (app.Sheet, error)
}

// closeRound closes the round once every player has an entry, then opens
// the next one or ends the game. The form carries the round's version its
// page showed: scores changed since, the round stays open.
func (a *App) closeRound(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	version, err := formVersion(c, "version")
	if err != nil {
		return a.refuseBadForm(ctx, slug, err)
	}
	sh, me, err := a.closer.CloseRoundFrom(ctx, a.answerDevice(c), slug, n, app.Basis{Version: version, Form: formID(c), After: afterIDs(c)})
	if p := problemOf(ctx, err); err != nil && p.code != "" && (p.status == http.StatusUnprocessableEntity || isKey(err, "close-changed")) {
		page, err := a.closeRefused(ctx, a.viewerOf(c), slug, p)
		if err != nil {
			return err
		}
		return render(c, p.status, views.Game(page))
	}
	if err != nil {
		return err
	}
	if !isHTMX(c) {
		return seeOther(c, fmt.Sprintf("%s?closed=%d", gameURL(slug), n))
	}
	page, err := seenGame(ctx, origin(c), sh, me)
	if err != nil {
		return err
	}
	page.Flash = closedFlash(ctx, sh, n)
	c.Response().Header().Set("HX-Push-Url", gameURL(slug))
	return render(c, http.StatusOK, views.Game(page))
}

// afterIDs are the one-time ids of the entry forms a close was sent after
// without their answers (see app.Basis.After): the form's "after" field,
// ids separated by spaces. Ids no page of ours could have rendered are
// dropped, and so is the lot if there are more than a night has cards.
func afterIDs(c echo.Context) []string {
	ids := strings.Fields(c.FormValue("after"))
	if len(ids) > 64 {
		return nil
	}
	kept := ids[:0]
	for _, id := range ids {
		if len(id) <= 64 {
			kept = append(kept, id)
		}
	}
	return kept
}

// closeRefused is the game page as it is now, with why the round can't
// close yet.
func (a *App) closeRefused(ctx context.Context, v viewer, slug string, p problem) (views.GamePage, error) {
	sh, err := a.closer.Sheet(ctx, slug)
	if err != nil {
		return views.GamePage{}, err
	}
	page, err := a.gameView(ctx, v, sh)
	if err != nil {
		return page, err
	}
	if page.Round != nil {
		page.Round.Error = p.msg
	}
	return page, nil
}

// isKey reports whether err is a refusal worded by the catalog's key.
func isKey(err error, key string) bool {
	var re *referee.RuleError
	return errors.As(err, &re) && re.Key == key
}
