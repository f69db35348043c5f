package handlers

import (
	"cmp"
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// seater lets a player join or leave a night under way, asks first
// whether one leaves, and reads the game again to say why a change was
// refused.
type seater interface {
	Join(ctx context.Context, slug, name string, missed referee.Missed, form string) (app.Sheet, error)
	CheckLeave(ctx context.Context, slug string, player int) (app.Sheet, referee.Leaving, error)
	Leave(ctx context.Context, slug string, player int, missed referee.Missed, form string) (string, app.Sheet, error)
	SheetWithUndoable(ctx context.Context, slug string, n int) (app.Sheet, error)
}

// join seats a new player at a game night under way.
func (a *App) join(c echo.Context) error {
	ctx := c.Request().Context()
	slug := c.Param("slug")
	name := cleanName(c.FormValue("name"))
	missed, err := referee.ParseMissed(c.FormValue("missed"))
	if err == nil {
		err = checkJoinName(ctx, name)
	}
	if err == nil {
		if _, err = a.seats.Join(ctx, slug, name, missed, formID(c)); err == nil {
			a.flashes.leave(c, gameURL(slug), "joined", name)
			return seeOther(c, gameURL(slug)+"#players")
		}
	}
	refused, err := a.seatsRefused(ctx, a.viewerOf(c), slug, err, name)
	if err != nil {
		return err
	}
	return refused.send(c)
}

// leave lets a player go from a game night under way, named by their id.
// It asks first: the form's answer is a question, whose Yes sends the same
// form again, confirmed. The form is one-time: sent twice, it lets one
// player go.
func (a *App) leave(c echo.Context) error {
	ctx := c.Request().Context()
	slug := c.Param("slug")
	player, err := strconv.Atoi(c.FormValue("player"))
	if err != nil || player < 0 {
		err = invalid("player", "leave-pick", nil)
	}
	var missed referee.Missed
	if err == nil {
		missed, err = referee.ParseMissed(c.FormValue("missed"))
	}
	var refused answer
	switch {
	case err == nil && c.FormValue("confirm") == "":
		var sh app.Sheet
		var l referee.Leaving
		if sh, l, err = a.seats.CheckLeave(ctx, slug, player); err == nil {
			refused, err = a.leaveAsk(ctx, a.viewerOf(c), sh, l, player, missed, formID(c))
			break
		}
		refused, err = a.seatsRefused(ctx, a.viewerOf(c), slug, err, "")
	case err == nil:
		var name string
		if name, _, err = a.seats.Leave(ctx, slug, player, missed, formID(c)); err == nil {
			a.flashes.leave(c, gameURL(slug), "left", name)
			return seeOther(c, gameURL(slug)+"#players")
		}
		refused, err = a.seatsRefused(ctx, a.viewerOf(c), slug, err, "")
	default:
		refused, err = a.seatsRefused(ctx, a.viewerOf(c), slug, err, "")
	}
	if err != nil {
		return err
	}
	return refused.send(c)
}

// leaveAsk is the game with the players' card asking whether the player
// really leaves, and what that does; nothing changes yet. sh is the
// sheet the store checked the leave on and l what the leave would do;
// form is the leave form's one-time id, which its Yes sends again.
func (a *App) leaveAsk(ctx context.Context, v viewer, sh app.Sheet, l referee.Leaving, player int, missed referee.Missed, form string) (answer, error) {
	seat := sh.Game.SeatOf(player)
	page, err := a.gameView(ctx, v, sh)
	if err != nil {
		return answer{}, err
	}
	if page.Seats == nil {
		return answer{}, app.NotFound("player")
	}
	name := sh.Players[seat]
	p := referee.Params{"Name": name, "N": sh.JoinRound(), "Rule": missedName(ctx, missed)}
	q := text(ctx, "leave-confirm.before", p)
	switch cur := sh.Current(); {
	case l.Remove:
		q = text(ctx, "leave-confirm.remove", p)
	case cur != nil && cur.Number < sh.JoinRound(): // they finish the round begun, as seatsCard says
		p["N"] = cur.Number
		q = text(ctx, "leave-confirm.after", p)
	}
	page.Seats.Confirm = &views.LeaveConfirm{Question: q, URL: page.Seats.URL + "/leave", Player: strconv.Itoa(player),
		Missed: string(missed), Form: cmp.Or(form, newFormID()), Name: name, Back: gameURL(sh.Game.Slug) + "#players"}
	return answer{status: http.StatusOK, view: views.Game(page)}, nil
}

// checkJoinName refuses a name the setup form would refuse.
func checkJoinName(ctx context.Context, name string) error {
	if name == "" {
		return invalid("name", "join-name.empty", nil)
	}
	if why := checkName(name, 40); why != "" {
		return invalid("name", "join-name."+why, referee.Params{"N": 40})
	}
	return nil
}

// seatsRefused is the game again with why the join or leave was refused,
// the name typed kept; a refusal of the whole page (a view-only link, a
// night that is gone) is that page's. A form that can't be read is
// refused by a view-only link as the view-only link, whatever it says.
func (a *App) seatsRefused(ctx context.Context, v viewer, slug string, err error, name string) (answer, error) {
	p := problemOf(ctx, err)
	if p.code == "" || pageWide(p.code) {
		return answer{}, err
	}
	sh, rerr := a.seats.SheetWithUndoable(ctx, slug, 0)
	if rerr != nil {
		return answer{}, rerr
	}
	if sh.Game.ViewOnly {
		return answer{}, app.ViewOnly()
	}
	page, rerr := a.gameView(ctx, v, sh)
	if rerr != nil {
		return answer{}, rerr
	}
	if page.Seats == nil {
		return answer{}, err
	}
	page.Seats.Error, page.Seats.Name, page.Seats.Open = p.msg, name, true
	return answer{status: p.status, view: views.Game(page)}, nil
}

// seatsCard lists who joined late or left and, on the edit link of a
// game under way, offers the forms; nil when there is nothing to show.
func seatsCard(ctx context.Context, sh app.Sheet) *views.SeatsCard {
	g := sh.Game
	s := &views.SeatsCard{Rules: rulesURL(g.Slug)}
	for seat, name := range g.Players {
		if line := stayLine(ctx, sh, seat); line != "" {
			s.Lines = append(s.Lines, views.SeatLine{Name: name, Status: line})
		}
	}
	if !g.ViewOnly && !sh.Finished {
		next := sh.JoinRound()
		s.URL = gameURL(g.Slug) + "/players"
		s.Join = text(ctx, "join-when", referee.Params{"N": next})
		if cur := sh.Current(); cur != nil && cur.Number < next { // they finish the round begun
			s.Leave = text(ctx, "leave-when.after", referee.Params{"N": cur.Number})
		} else {
			s.Leave = text(ctx, "leave-when.before", referee.Params{"N": next})
		}
		for seat, name := range g.Players {
			if sh.Plays(seat, next) {
				s.Playing = append(s.Playing, views.Choice{Value: strconv.Itoa(g.IDs[seat]), Label: name})
			}
		}
		s.JoinForm, s.LeaveForm = newFormID(), newFormID()
		for _, m := range referee.MissedRules {
			s.Missed = append(s.Missed, views.Choice{Value: string(m), Label: missedName(ctx, m)})
		}
	}
	if s.URL == "" && len(s.Lines) == 0 {
		return nil
	}
	return s
}

// stayLine says when seat's player joined or left, and how the rounds
// they missed count; "" for a player at the table from the start.
func stayLine(ctx context.Context, sh app.Sheet, seat int) string {
	if seat >= len(sh.Seats) {
		return ""
	}
	st := sh.Seats[seat]
	var parts []string
	if st.From > 1 {
		parts = append(parts, text(ctx, "stay.joined", referee.Params{"N": st.From}))
	}
	if st.Until > 0 {
		parts = append(parts, text(ctx, "stay.left", referee.Params{"N": st.Until}))
	}
	if len(parts) == 0 {
		return ""
	}
	parts = append(parts, text(ctx, "stay.missed", referee.Params{"Rule": missedName(ctx, st.Missed)}))
	return strings.Join(parts, "; ")
}

func missedName(ctx context.Context, m referee.Missed) string {
	if m == "" {
		m = referee.MissedHighest
	}
	return text(ctx, "missed."+string(m), nil)
}

// seatsFlash says what the join or leave just did, as its notice (see
// flash.go) names the player: never from the address.
func seatsFlash(ctx context.Context, sh app.Sheet, joined, left string) string {
	for seat, name := range sh.Players {
		switch {
		case joined != "" && name == joined && seat < len(sh.Seats):
			from := sh.Seats[seat].From
			p := referee.Params{"Name": name, "N": from, "Hand": sh.HandSize}
			if before := sh.Round(from - 1); before != nil && before.HandSize > 0 && before.HandSize != sh.HandSize {
				return text(ctx, "joined.hand", p) // the hands got smaller to make room
			}
			return text(ctx, "joined", p)
		case left != "" && name == left && seat < len(sh.Seats) && sh.Seats[seat].Until > 0:
			return text(ctx, "left", referee.Params{"Name": name, "N": sh.Seats[seat].Until})
		}
	}
	if left != "" {
		return text(ctx, "unseated", referee.Params{"Name": left})
	}
	return ""
}
