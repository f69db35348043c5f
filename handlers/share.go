package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/views"
)

// linkKeeper is what sharing a game, and saying whose phone it is, need
// from the store.
type linkKeeper interface {
	SetSeat(ctx context.Context, device, link string, seat int) error
	RenewLink(ctx context.Context, slug, device string, view bool) (app.Game, error)
}

// shareLinks builds the game night's links as this phone may pass them
// on: both from the edit link, only the view-only one from that.
func shareLinks(ctx context.Context, origin string, g app.Game) (views.Share, error) {
	var s views.Share
	view, err := shareLink(origin+gameURL(g.ViewSlug), text(ctx, "qr.view", nil))
	if err != nil {
		return s, err
	}
	s.View = view
	if g.ViewOnly {
		return s, nil
	}
	edit, err := shareLink(origin+gameURL(g.Slug), text(ctx, "qr.edit", nil))
	if err != nil {
		return s, err
	}
	edit.RenewURL, s.View.RenewURL = gameURL(g.Slug)+"/links/edit", gameURL(g.Slug)+"/links/view"
	s.Edit = &edit
	return s, nil
}

func shareLink(url, label string) (views.Link, error) {
	qr, err := qrFor(url, label)
	return views.Link{URL: url, QR: qr}, err
}

// renewLink replaces the game night's edit or view-only link: the old one
// stops working on every phone that has it.
func (a *App) renewLink(c echo.Context) error {
	which := c.Param("which")
	if which != "edit" && which != "view" {
		return app.NotFound("link")
	}
	g, err := a.links.RenewLink(c.Request().Context(), c.Param("slug"), device(c), which == "view")
	if err != nil {
		return err
	}
	return seeOther(c, gameURL(g.Slug)+"?renewed="+which+"#share")
}

// setMe records who this phone belongs to at the game night, by the
// player's id: their entry comes first on the round's card. A view-only
// link records nothing, whatever the form says.
func (a *App) setMe(c echo.Context) error {
	ctx := c.Request().Context()
	slug := c.Param("slug")
	player, err := strconv.Atoi(c.FormValue("player"))
	if err != nil || player < -1 {
		return a.refuseBadForm(ctx, slug, app.Invalid("player", "seat-pick", nil))
	}
	if err := a.links.SetSeat(ctx, device(c), slug, player); err != nil {
		return err
	}
	return seeOther(c, gameURL(slug)+"#round")
}

// mine puts the entry of the player the phone the store knows as me
// belongs to first, and offers the choice.
func mine(g app.Game, me app.Visit, p views.RoundPanel) views.RoundPanel {
	seat := seatOfVisit(g, me)
	p.Me = views.Me{Seat: seat, Players: g.Players, IDs: g.IDs}
	if !g.ViewOnly {
		p.Me.URL = gameURL(g.Slug) + "/me"
	}
	for i, e := range p.Entries {
		if e.Seat == seat && i > 0 {
			p.Entries = append([]views.EntryRow{e}, append(p.Entries[:i:i], p.Entries[i+1:]...)...)
			break
		}
	}
	return p
}

// renewedFlash says which link was just replaced.
func renewedFlash(ctx context.Context, which string) string {
	switch which {
	case "edit", "view":
		return text(ctx, "renewed."+which, nil)
	}
	return ""
}
