package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// groupReader is what a table of friends' pages read.
type groupReader interface {
	Group(ctx context.Context, link, device string) (app.Group, error)
	People(ctx context.Context, group int64) ([]app.Person, error)
	GroupNights(ctx context.Context, group int64, f app.NightFilter) ([]app.NightLine, bool, error)
	PersonRecord(ctx context.Context, group, person int64) (app.PersonPage, error)
	LastNight(ctx context.Context, group int64) (app.Game, error)
}

// groupWriter is what changes a table of friends, or starts its next
// night, each by the group's link.
type groupWriter interface {
	CreateGroup(ctx context.Context, name, device string) (app.Group, error)
	RenewGroupLink(ctx context.Context, link, device string) (app.Group, error)
	CreateLikeLast(ctx context.Context, link string, ng app.NewGame) (app.Game, error)
	RenamePerson(ctx context.Context, link string, person int64, name string) error
	MergePeople(ctx context.Context, link string, from, into int64) error
}

// A table of friends (a group) has its own unguessable link, /t/…: its
// people, its nights and its records.

func groupURL(slug string) string { return "/t/" + slug }

func personURL(slug string, id int64) string {
	return groupURL(slug) + "/players/" + strconv.FormatInt(id, 10)
}

// historyPage is how many nights a page of history shows: a phone's
// few screens.
const historyPage = 20

// createGroup keeps a new table of friends and opens its page.
func (a *App) createGroup(c echo.Context) error {
	ctx := c.Request().Context()
	name := cleanName(c.FormValue("name"))
	if why := checkName(name, 60); name == "" || why != "" {
		return app.Invalid("name", "group-name", referee.Params{"N": 60})
	}
	g, err := a.groupWrites.CreateGroup(ctx, name, device(c))
	if err != nil {
		return err
	}
	return seeOther(c, groupURL(g.Slug))
}

// renewGroupLink gives the table of friends a new link: the old one stops
// working for everyone who has it, this browser keeps the table.
func (a *App) renewGroupLink(c echo.Context) error {
	g, err := a.groupWrites.RenewGroupLink(c.Request().Context(), c.Param("group"), device(c))
	if err != nil {
		return err
	}
	return seeOther(c, groupURL(g.Slug)+"?renewed=group#group-share")
}

// group shows a table of friends: start a night, its people, its history.
func (a *App) group(c echo.Context) error {
	ctx := c.Request().Context()
	g, err := a.groupReads.Group(ctx, c.Param("group"), a.readingDevice(c))
	if err != nil {
		return err
	}
	people, err := a.groupReads.People(ctx, g.ID)
	if err != nil {
		return err
	}
	f, err := historyFilter(c.QueryParams(), people)
	if err != nil {
		return err
	}
	lines, more, err := a.groupReads.GroupNights(ctx, g.ID, f)
	if err != nil {
		return err
	}
	p, err := a.groupPage(ctx, origin(c), g, people)
	if err != nil {
		return err
	}
	if c.QueryParam("renewed") == "group" {
		p.Flash = text(ctx, "renewed.group", nil)
	}
	p.History = historyList(ctx, g, people, f, lines, more)
	return render(c, http.StatusOK, views.Group(p))
}

// groupPage builds the table's page but its history: its link, starting
// a night (like the last, where there is one), its players.
func (a *App) groupPage(ctx context.Context, origin string, g app.Group, people []app.Person) (views.GroupPage, error) {
	p := views.GroupPage{
		Meta: views.Meta{Title: text(ctx, "title.game", referee.Params{"Name": g.Name}), Where: g.Name},
		Name: g.Name, URL: groupURL(g.Slug), NewURL: "/new?group=" + url.QueryEscape(g.Slug),
	}
	var err error
	if p.Share, err = shareLink(origin+groupURL(g.Slug), text(ctx, "qr.group", nil)); err != nil {
		return p, err
	}
	p.Share.RenewURL = groupURL(g.Slug) + "/link"
	last, err := a.groupReads.LastNight(ctx, g.ID)
	switch {
	case app.CodeOf(err) == app.CodeNotFound: // no night yet to start again
	case err != nil:
		return p, err
	default:
		p.Again = text(ctx, "again", referee.Params{"Names": last.Staying()})
		p.AgainForm = newFormID()
	}
	for _, person := range people {
		if person.Nights > 0 { // a record whose nights were all deleted
			p.People = append(p.People, personLine(ctx, g, person))
		}
	}
	return p, nil
}

// historyFilter reads which nights the history shows: a person's, between
// dates, after the last night of the page before.
func historyFilter(q url.Values, people []app.Person) (app.NightFilter, error) {
	f := app.NightFilter{From: q.Get("from"), To: q.Get("to"), Limit: historyPage}
	for _, d := range []string{f.From, f.To} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			return f, app.Invalid("from", "history-date", referee.Params{"Text": d})
		}
	}
	if v := q.Get("player"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || !hasPerson(people, id) {
			return f, app.NotFound("player")
		}
		f.Person = id
	}
	if after := q.Get("after"); after != "" {
		on, id, ok := strings.Cut(after, "_")
		n, err := strconv.ParseInt(id, 10, 64)
		if _, derr := time.Parse(time.DateOnly, on); !ok || err != nil || derr != nil {
			return f, app.Invalid("after", "history-after", nil)
		}
		f.AfterOn, f.AfterID = on, n
	}
	return f, nil
}

func hasPerson(people []app.Person, id int64) bool {
	for _, p := range people {
		if p.ID == id {
			return true
		}
	}
	return false
}

// historyList builds a page of a group's history with the link to the
// next, which keeps the filter.
func historyList(ctx context.Context, g app.Group, people []app.Person, f app.NightFilter, lines []app.NightLine, more bool) views.HistoryList {
	h := views.HistoryList{Action: groupURL(g.Slug) + "#history", From: f.From, To: f.To, Person: f.Person}
	for _, p := range people {
		h.People = append(h.People, views.Option{Value: strconv.FormatInt(p.ID, 10), Label: p.Name, Selected: p.ID == f.Person})
	}
	for _, l := range lines {
		h.Lines = append(h.Lines, nightRow(ctx, l))
	}
	if more && len(lines) > 0 {
		last := lines[len(lines)-1]
		q := url.Values{"after": {last.PlayedOn + "_" + strconv.FormatInt(last.ID, 10)}}
		if f.Person != 0 {
			q.Set("player", strconv.FormatInt(f.Person, 10))
		}
		if f.From != "" {
			q.Set("from", f.From)
		}
		if f.To != "" {
			q.Set("to", f.To)
		}
		h.Next = groupURL(g.Slug) + "?" + q.Encode() + "#history"
	}
	return h
}

// nightRow is one night of the history: who played, who won with what.
func nightRow(ctx context.Context, l app.NightLine) views.NightRow {
	r := views.NightRow{URL: gameURL(l.Link), Name: l.Name, Date: l.PlayedOn, Players: words(ctx, "list.names", "Names", l.Players)}
	switch {
	case l.Finished && len(l.Winners) > 0:
		r.Result = text(ctx, "history-won", referee.Params{"Names": l.Winners, "N": len(l.Winners), "Total": l.Best})
	default:
		r.Result, r.Live = text(ctx, "history-on", nil), true
	}
	return r
}

func personLine(ctx context.Context, g app.Group, p app.Person) views.PersonLine {
	return views.PersonLine{URL: personURL(g.Slug, p.ID), Name: p.Name,
		Summary: text(ctx, "person-line", referee.Params{"Nights": p.Nights, "Won": p.Won})}
}

// again starts a night like the group's last: the same players in the
// same seats, the same set, rules and hand size, dated today.
func (a *App) again(c echo.Context) error {
	ctx := c.Request().Context()
	night, err := a.groupWrites.CreateLikeLast(ctx, c.Param("group"), app.NewGame{Name: text(ctx, "default-name", nil),
		PlayedOn: a.now().Format(time.DateOnly), Device: device(c), Form: formID(c)})
	if err != nil {
		return err
	}
	return seeOther(c, gameURL(night.Slug))
}

// likeLastNight fills the setup form for a night of the group: its last
// night's players in their seats, set and rules.
func (a *App) likeLastNight(ctx context.Context, link, device string, f *setupForm) error {
	g, err := a.groupReads.Group(ctx, link, device)
	if err != nil {
		return err
	}
	f.group, f.groupName = g.Slug, g.Name
	last, err := a.groupReads.LastNight(ctx, g.ID)
	if app.CodeOf(err) == app.CodeNotFound {
		return nil // a group's first night starts from the usual form
	} else if err != nil {
		return err
	}
	f.players, f.setN, f.rules = strings.Join(last.Staying(), "\n"), int(last.Rules.Set), last.Rules
	f.kind = last.Rules.Game.Name()
	return nil
}

// person shows one player's record in the group.
func (a *App) person(c echo.Context) error {
	ctx := c.Request().Context()
	g, err := a.groupReads.Group(ctx, c.Param("group"), a.readingDevice(c))
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return app.NotFound("player")
	}
	rec, err := a.groupReads.PersonRecord(ctx, g.ID, id)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Player(playerPage(ctx, g, rec)))
}

// renamePerson gives a player of the group another name everywhere.
func (a *App) renamePerson(c echo.Context) error {
	ctx := c.Request().Context()
	link := c.Param("group")
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return a.refuseGroupForm(ctx, link, app.NotFound("player"))
	}
	name := cleanName(c.FormValue("name"))
	if why := checkName(name, 40); name == "" || why != "" {
		return a.refuseGroupForm(ctx, link, app.Invalid("name", "person-name", referee.Params{"N": 40}))
	}
	if err := a.groupWrites.RenamePerson(ctx, link, id, name); err != nil {
		return err
	}
	return seeOther(c, personURL(link, id))
}

// mergePerson makes this player's record part of another's: two records
// of one person become one.
func (a *App) mergePerson(c echo.Context) error {
	ctx := c.Request().Context()
	link := c.Param("group")
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return a.refuseGroupForm(ctx, link, app.NotFound("player"))
	}
	into, err := strconv.ParseInt(c.FormValue("into"), 10, 64)
	if err != nil {
		return a.refuseGroupForm(ctx, link, app.Invalid("into", "merge-into", nil))
	}
	if err := a.groupWrites.MergePeople(ctx, link, id, into); err != nil {
		return err
	}
	return seeOther(c, personURL(link, into))
}

// refuseGroupForm refuses a form about a group's people that can't be
// read, or names no one: by a link that names no group, as that.
func (a *App) refuseGroupForm(ctx context.Context, link string, err error) error {
	if _, gerr := a.groupReads.Group(ctx, link, ""); gerr != nil {
		return gerr
	}
	return err
}
