package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// nightLister is what the home page needs from the store: the nights and
// tables a browser opened.
type nightLister interface {
	Nights(ctx context.Context, device string, limit int) ([]app.Summary, error)
	Groups(ctx context.Context, device string) ([]app.Group, error)
}

// home lists the game nights this browser created or opened, newest
// first: never another browser's.
func (a *App) home(c echo.Context) error {
	ctx := c.Request().Context()
	games, err := a.lists.Nights(ctx, knownDevice(c), 200)
	if err != nil {
		return err
	}
	groups, err := a.lists.Groups(ctx, knownDevice(c))
	if err != nil {
		return err
	}
	p := homePage(ctx, games)
	for _, g := range groups {
		p.Groups = append(p.Groups, views.PersonLine{URL: groupURL(g.Slug), Name: g.Name})
	}
	p.Notice = notice(c)
	return render(c, http.StatusOK, views.Home(p))
}

func homePage(ctx context.Context, games []app.Summary) views.HomePage {
	p := views.HomePage{Meta: views.Meta{Title: text(ctx, "title.home", nil)}}
	for _, g := range games {
		line := views.GameLine{URL: gameURL(g.Slug), Name: g.Name, Date: g.PlayedOn, Players: words(ctx, "list.names", "Names", g.Players),
			Live: !g.Finished, ViewOnly: g.ViewOnly}
		line.Status = text(ctx, "round-status", referee.Params{"N": g.Rounds + 1})
		if g.Game == referee.Straight {
			line.Status = text(ctx, "allfives.hand-status", referee.Params{"N": g.Rounds + 1})
		}
		if g.Finished {
			line.Status = text(ctx, "finished", nil)
		}
		p.Games = append(p.Games, line)
	}
	return p
}
