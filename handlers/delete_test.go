package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// playARound closes round 1 of a three-player game and starts round 2.
func (a *testApp) playARound(game string) {
	a.t.Helper()
	for seat, f := range []map[string]string{{"pips": "12"}, {"went_out": "1"}, {"pips": "7"}} {
		v := form()
		for k, x := range f {
			v.Set(k, x)
		}
		expect(a.t, "round 1 entry", a.post(game+"/rounds/1/entries/"+itoa(seat), v), http.StatusSeeOther)
	}
	expect(a.t, "close round 1", a.post(game+"/rounds/1/close", nil), http.StatusSeeOther)
	expect(a.t, "round 2 entry", a.post(game+"/rounds/2/entries/0", form("pips", "3")), http.StatusSeeOther)
}

// TestDeletePageSaysWhatIsLost: the edit link's game page ends with a
// quiet way to delete the night, whose page says what goes with it; the
// view-only link has neither.
func TestDeletePageSaysWhatIsLost(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	a.playARound(game)

	r := a.get(game)
	link := expectTestID(t, "game page", r, http.StatusOK, "delete-night", "Delete this game night")
	if href := link.attr("href"); href != game+"/delete" {
		t.Fatalf("the delete link goes to %q, want %q", href, game+"/delete")
	}
	if strings.Index(r.body, `data-testid="delete-night"`) < strings.Index(r.body, `data-testid="rules-in-play"`) {
		t.Fatal("the delete link comes before the end of the game page")
	}

	p := a.get(game + "/delete")
	expectTestID(t, "delete page", p, http.StatusOK, "delete-title", "Delete Friday?")
	for id, want := range map[string]string{
		"lost-name":    "Friday",
		"lost-date":    "28 Nov 2026",
		"lost-players": "Ann, Bob and Cid",
		"lost-rounds":  "1 round, and round 2 under way",
	} {
		expectSays(t, id, p.testid(id), want)
	}
	f := p.testid("delete-form")
	if f.attr("method") != "post" || f.attr("action") != game+"/delete" || f.named("form").attr("value") == "" {
		t.Fatalf("the delete form posts %q to %q with form id %q", f.attr("method"), f.attr("action"), f.named("form").attr("value"))
	}
	if box := p.testid("delete-confirm"); box.attr("type") != "checkbox" || box.attr("value") != "yes" || box.up("label").text() != "Yes, delete it" {
		t.Fatalf("the confirmation box is %q=%q labelled %q", box.attr("type"), box.attr("value"), box.up("label").text())
	}
	expectSays(t, "delete button", p.testid("delete-button"), "Delete Friday")
	if href := p.testid("keep").attr("href"); href != game {
		t.Fatalf("keeping it goes to %q, want the game %q", href, game)
	}
	if got := a.get(a.createGame("9", "Ann", "Bob") + "/delete").testid("lost-rounds").text(); got != "None yet" {
		t.Fatalf("a new night's rounds played = %q, want None yet", got)
	}

	view := a.viewLink(game)
	s := a.stranger()
	expectNoTestID(t, "view-only game page", s.get(view), "delete-night")
	expectProblem(t, "view-only delete page", s.get(view+"/delete"), http.StatusForbidden, worded(app.ViewOnly()))
}

// TestDeleteNeedsTheBoxTicked: without "Yes, delete it" nothing is
// deleted, and the page says what to do, at the box.
func TestDeleteNeedsTheBoxTicked(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	id := a.get(game + "/delete").testid("delete-form").named("form").attr("value")
	for _, confirm := range []string{"", "no"} {
		r := a.post(game+"/delete", form("form", id, "confirm", confirm))
		expectTestID(t, "delete without the box", r, http.StatusBadRequest, "problem", say("delete.confirm", referee.Params{"Name": "Friday"}))
		box := r.testid("delete-confirm")
		if box.attr("aria-invalid") != "true" || box.attr("aria-describedby") != "delete-problem" {
			t.Fatalf("the box is not tied to the refusal: aria-invalid %q, aria-describedby %q", box.attr("aria-invalid"), box.attr("aria-describedby"))
		}
	}
	expect(t, "the game after a refused delete", a.get(game), http.StatusOK)
	// The form refused is not spent: ticked, it deletes.
	expect(t, "delete with the box", a.post(game+"/delete", form("form", id, "confirm", "yes")), http.StatusSeeOther)
	expect(t, "the game once deleted", a.get(game), http.StatusNotFound)
}

// TestViewLinkCantDelete: a delete sent with the view-only link is
// refused, and the night stays.
func TestViewLinkCantDelete(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	view := a.viewLink(game)
	s := a.stranger()
	for _, htmx := range []bool{false, true} {
		r := s.postWith(view+"/delete", form("form", "f1", "confirm", "yes"), htmx)
		expectProblem(t, "delete by the view-only link", r, http.StatusForbidden, worded(app.ViewOnly()))
	}
	expect(t, "the game", a.get(game), http.StatusOK)
	expect(t, "the view-only link", s.get(view), http.StatusOK)
}

// TestDeleteThenGone: once deleted, a night's links answer 404 on every
// phone, it leaves every home page, and the home page of the phone that
// deleted it says so once. The form sent again answers the same.
func TestDeleteThenGone(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	a.playARound(game)
	kept := a.createGame("9", "Dee", "Eve")
	view := a.viewLink(game)
	guest, watcher := a.stranger(), a.stranger()
	expect(t, "guest opens the edit link", guest.get(game), http.StatusOK)
	expect(t, "watcher opens the view-only link", watcher.get(view), http.StatusOK)

	id := a.get(game + "/delete").testid("delete-form").named("form").attr("value")
	r := a.post(game+"/delete", form("form", id, "confirm", "yes"))
	expect(t, "delete", r, http.StatusSeeOther)
	if got := r.header.Get("Location"); got != "/" {
		t.Fatalf("after deleting, sent to %q, want home", got)
	}
	home := a.get("/")
	expectTestID(t, "home after the delete", home, http.StatusOK, "notice", "Friday was deleted.")
	if links := home.testid("games").tag("a"); len(links) != 1 || links.attr("href") != kept {
		t.Fatalf("home lists %q, want only the other night %s", home.testid("games").tag("a").attr("href"), kept)
	}
	expectNoTestID(t, "home again", a.get("/"), "notice")

	for _, path := range []string{game, view, game + "/rounds/1", game + "/sheet", game + "/delete", view + "/rules"} {
		expectProblem(t, "GET "+path, guest.get(path), http.StatusNotFound, say("not-found", nil))
	}
	expectNoTestID(t, "guest's home", guest.get("/"), "games")
	expectNoTestID(t, "watcher's home", watcher.get("/"), "games")
	expect(t, "a save on the deleted night", guest.post(game+"/rounds/2/entries/1", form("pips", "4")), http.StatusNotFound)

	// A double tap: the same form again is answered as the first was.
	r = a.post(game+"/delete", form("form", id, "confirm", "yes"))
	if r.code != http.StatusSeeOther || r.header.Get("Location") != "/" {
		t.Fatalf("the same form again = %d to %q, want 303 home", r.code, r.header.Get("Location"))
	}
	expectTestID(t, "home after the second tap", a.get("/"), http.StatusOK, "notice", "Friday was deleted.")
	expect(t, "another form for the deleted night", a.post(game+"/delete", form("form", "other", "confirm", "yes")), http.StatusNotFound)
	expect(t, "the other night", a.get(kept), http.StatusOK)
}
