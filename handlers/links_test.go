package handlers

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// stranger is another browser on the same server: no cookies, no links.
func (a *testApp) stranger() *testApp {
	jar, _ := cookiejar.New(nil)
	b := *a
	b.client = &http.Client{Jar: jar, CheckRedirect: a.client.CheckRedirect}
	return &b
}

// viewLink reads the view-only link off the game page.
func (a *testApp) viewLink(game string) string {
	a.t.Helper()
	link := expectTestID(a.t, "game page", a.get(game), http.StatusOK, "view-link", "").attr("href")
	if !strings.HasPrefix(link, a.server.URL+"/g/") {
		a.t.Fatalf("view-only link %q is not a game's address on this server", link)
	}
	return strings.TrimPrefix(link, a.server.URL)
}

// TestHomeListsOnlyThisBrowsersNights: the home page lists the nights this
// browser started or opened, by the link it used, and never another's.
func TestHomeListsOnlyThisBrowsersNights(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	view := a.viewLink(game)

	mine := expectTestID(t, "host's home", a.get("/"), http.StatusOK, "games", "")
	if href := mine.tag("a").attr("href"); href != game {
		t.Fatalf("host's home links %q, want the edit link %q", href, game)
	}

	s := a.stranger()
	r := s.get("/")
	expectNoTestID(t, "stranger's home", r, "games")
	expectTestID(t, "stranger's home", r, http.StatusOK, "no-games", "")
	if strings.Contains(r.body, strings.TrimPrefix(game, "/g/")) || strings.Contains(r.body, "Friday") {
		t.Fatal("a stranger's home page names the host's game night")
	}

	expect(t, "stranger opens the view-only link", s.get(view), http.StatusOK)
	theirs := expectTestID(t, "watcher's home", s.get("/"), http.StatusOK, "games", "")
	if href := theirs.tag("a").attr("href"); href != view {
		t.Fatalf("watcher's home links %q, want the view-only link %q", href, view)
	}
	if got := theirs.testid("game-status").text(); !strings.HasPrefix(got, "View only") {
		t.Fatalf("watcher's home says %q, want it marked view only", got)
	}
	if strings.Contains(s.get("/").body, strings.TrimPrefix(game, "/g/")) {
		t.Fatal("the watcher's home page gives away the edit link")
	}
}

// TestViewLinkChangesNothing walks every route with a game's view-only
// link: each page shows without a form that posts, and each change is
// refused (403, saying why) with the game exactly as it was.
func TestViewLinkChangesNothing(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	expect(t, "setter", a.post(game+"/rounds/1/opening", form("double", "9", "setter", "0")), http.StatusSeeOther)
	expect(t, "lay 9-9", a.post(game+"/rounds/1/table", form("kind", "play", "player", "0", "tile", "9-9")), http.StatusSeeOther)
	expect(t, "Ann's score", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	view := a.viewLink(game)
	token := strings.TrimPrefix(view, "/g/")
	before := a.sheet(game)
	beforeTable, err := a.store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		t.Fatal(err)
	}

	fill := strings.NewReplacer(":slug", token, ":n", "1", ":player", "1", ":which", "edit", ":format", "json")
	s := a.stranger()
	walked := 0
	for _, rt := range a.echo.Routes() {
		if !strings.HasPrefix(rt.Path, "/g/:slug") || strings.HasSuffix(rt.Path, "/events") {
			continue
		}
		path := fill.Replace(rt.Path)
		switch rt.Method {
		case http.MethodGet:
			if strings.HasPrefix(rt.Path, "/g/:slug/straight/") {
				continue // a Straight night's own page: TestStraightTableRoutes opens it by the view-only link
			}
			if strings.HasSuffix(path, "/check") {
				path += "?tile=9-3&on=9-9"
			}
			if strings.Contains(rt.Path, "/straight/") { // a Straight night's: TestStraightCorrections
				continue
			}
			r := s.get(path)
			if strings.HasSuffix(rt.Path, "/tiles") || strings.HasSuffix(rt.Path, "/delete") { // only for changing the night
				expectProblem(t, "GET "+path, r, http.StatusForbidden, worded(app.ViewOnly()))
				continue
			}
			expect(t, "GET "+path, r, http.StatusOK)
			for _, f := range r.doc().tag("form") {
				// The language switch posts too: it changes this browser, not the night.
				if m, _ := attr(f, "method"); strings.EqualFold(m, "post") && attrOf(f, "action") != "/lang" {
					t.Errorf("GET %s shows a form that posts to %q", path, attrOf(f, "action"))
				}
			}
			if strings.Contains(r.body, strings.TrimPrefix(game, "/g/")) {
				t.Errorf("GET %s gives away the edit link", path)
			}
		case http.MethodPost:
			for _, htmx := range []bool{false, true} {
				r := s.postWith(path, form("pips", "3", "player", "1", "kind", "pass", "setter", "1", "double", "9", "by", "Ann"), htmx)
				if r.code != http.StatusForbidden || !strings.Contains(r.body, worded(app.ViewOnly())) {
					t.Errorf("POST %s (htmx %v) = %d, want 403 saying %q:\n%.600s", path, htmx, r.code, worded(app.ViewOnly()), r.body)
				}
			}
		default:
			continue
		}
		walked++
	}
	if walked < 12 {
		t.Fatalf("walked %d routes of a game, want them all", walked)
	}
	after := a.sheet(game)
	if len(after.History) != len(before.History) || after.RoundVersion(1) != before.RoundVersion(1) ||
		after.Round(1).Setter != before.Round(1).Setter || after.Round(1).Closed {
		t.Fatal("a view-only link changed the score sheet")
	}
	afterTable, err := a.store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(afterTable.Log) != len(beforeTable.Log) {
		t.Fatalf("a view-only link changed the table: %d actions, was %d", len(afterTable.Log), len(beforeTable.Log))
	}
	expect(t, "the edit link still works", a.get(game), http.StatusOK)
}

func attrOf(n *html.Node, name string) string { v, _ := attr(n, name); return v }

// TestGamePageShowsItsLinks: the edit link shows both links with their QR
// codes and a way to renew each; the view-only link shows only itself.
func TestGamePageShowsItsLinks(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	r := a.get(game)
	if got := expectTestID(t, "edit page", r, http.StatusOK, "edit-link", "").attr("href"); got != a.server.URL+game {
		t.Fatalf("edit link = %q, want %q", got, a.server.URL+game)
	}
	view := a.viewLink(game)
	if view == game {
		t.Fatal("the view-only link is the edit link")
	}
	qrs := r.testid("qr")
	if len(qrs) != 2 {
		t.Fatalf("%d QR codes on the edit page, want one per link", len(qrs))
	}
	for _, q := range qrs {
		label, _ := attr(q, "aria-label")
		if label == "" || len(elems{q}.tag("path").attr("d")) < 100 {
			t.Fatalf("a QR code without a label or modules: label %q", label)
		}
	}
	expectTestID(t, "edit page", r, http.StatusOK, "renew-edit-link", "")
	expectTestID(t, "edit page", r, http.StatusOK, "renew-view-link", "")

	v := a.stranger().get(view)
	expectNoTestID(t, "view page", v, "edit-link")
	expectNoTestID(t, "view page", v, "renew-view-link")
	if got := len(v.testid("qr")); got != 1 {
		t.Fatalf("%d QR codes on the view page, want its own", got)
	}
}

// TestRenewingALinkStopsTheOldOne: a new edit link stops the old one on
// every phone and drops it from their home pages; the view-only link is
// untouched, and the same holds the other way round.
func TestRenewingALinkStopsTheOldOne(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	view := a.viewLink(game)
	guest := a.stranger()
	expect(t, "guest opens the edit link", guest.get(game), http.StatusOK)

	r := a.post(game+"/links/edit", nil)
	expect(t, "renew the edit link", r, http.StatusSeeOther)
	back := strings.Split(r.header.Get("Location"), "#")[0]
	fresh := strings.Split(back, "?")[0]
	if fresh == game || !strings.HasPrefix(fresh, "/g/") {
		t.Fatalf("renewing sent the host to %q", fresh)
	}
	expectProblem(t, "old edit link", guest.get(game), http.StatusNotFound, say("not-found", nil))
	expect(t, "old edit link can't save", guest.post(game+"/rounds/1/entries/0", form("pips", "4")), http.StatusNotFound)
	expectNoTestID(t, "guest's home after the renewal", guest.get("/"), "games")
	if got := expectTestID(t, "host's home", a.get("/"), http.StatusOK, "games", "").tag("a").attr("href"); got != fresh {
		t.Fatalf("host's home links %q, want the new edit link %q", got, fresh)
	}
	expectTestID(t, "new edit link", a.get(back), http.StatusOK, "flash", say("renewed.edit", nil))
	expect(t, "view link after renewing the edit link", a.get(view), http.StatusOK)

	expect(t, "renew the view-only link", a.post(fresh+"/links/view", nil), http.StatusSeeOther)
	expectProblem(t, "old view-only link", guest.get(view), http.StatusNotFound, say("not-found", nil))
	if nv := a.viewLink(fresh); nv == view {
		t.Fatal("the view-only link did not change")
	}
	expect(t, "bad link kind", a.post(fresh+"/links/other", nil), http.StatusNotFound)
}

// TestThisPhoneComesFirst: a phone that says whose it is sees that
// player's entry first; the card says whose scores are still to come.
func TestThisPhoneComesFirst(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	expect(t, "Ann's score", a.postHTMX(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusOK)
	expect(t, "I am Cid", a.post(game+"/me", form("player", "2")), http.StatusSeeOther)
	r := a.get(game)
	var order []string
	for _, e := range r.testid("round").find(attrIs("class", "entry")) {
		order = append(order, attrOf(e, "id"))
	}
	for _, e := range r.testid("round").find(attrIs("class", "entry done")) {
		order = append(order, attrOf(e, "id"))
	}
	if len(order) != 3 || order[0] != "entry-2" {
		t.Fatalf("entries in the order %q, want Cid's (entry-2) first", order)
	}
	expectSays(t, "missing", r.testid("missing"), say("missing", referee.Params{"Names": []string{"Bob", "Cid"}}))
	if got := r.testid("me").find(attrIs("aria-pressed", "true")).text(); got != "Cid" {
		t.Fatalf("the pressed name is %q, want Cid", got)
	}
	expect(t, "another phone", a.stranger().get(game), http.StatusOK)
	expectProblem(t, "no such seat", a.post(game+"/me", form("player", "7")), http.StatusNotFound, say("not-found", nil))
	expectProblem(t, "no seat", a.post(game+"/me", form("player", "x")), http.StatusBadRequest, say("seat-pick", nil))
}

// TestStaleSaveShowsWhoAndOffersAnyway: a save made on a page older than
// the entry is refused with the score as it is now and whose phone saved
// it, and the player can then save theirs deliberately.
func TestStaleSaveShowsWhoAndOffersAnyway(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	b := a.stranger()
	expect(t, "B opens the night", b.get(game), http.StatusOK)
	stale := expectTestID(t, "B's page", b.get(game), http.StatusOK, "entry-0", "").named("version").attr("value")

	expect(t, "A is Bob", a.post(game+"/me", form("player", "1")), http.StatusSeeOther)
	expect(t, "A saves Ann's 12", a.postHTMX(game+"/rounds/1/entries/0", form("pips", "12", "open", "1", "version", stale)), http.StatusOK)

	r := b.postHTMX(game+"/rounds/1/entries/0", form("pips", "9", "open", "1", "version", stale))
	want := worded(app.Conflict("entry-changed", referee.Params{"Name": "Ann", "Now": &referee.Entry{Pips: 12, Score: 12}, "By": "Bob"}))
	expectProblem(t, "B's stale save", r, http.StatusConflict, want)
	if !strings.Contains(want, "12") || !strings.Contains(want, "Bob's phone") {
		t.Fatalf("the refusal %q names neither the score now nor whose phone saved it", want)
	}
	if got := a.sheet(game).Round(1).Entries[0].Pips; got != 12 {
		t.Fatalf("Ann's pips after the stale save = %d, want 12 kept", got)
	}
	anyway := expectTestID(t, "B's stale save", r, http.StatusConflict, "save-anyway", say("anyway.typed", referee.Params{"Pips": "9"}))
	fresh := r.testid("entry-0").named("version").attr("value")
	if fresh == stale {
		t.Fatal("the refused row still carries the stale version: saving anyway would be refused again")
	}
	if anyway.attr("name") != "" {
		t.Fatalf("save anyway for typed pips sends %s=%s", anyway.attr("name"), anyway.attr("value"))
	}
	expect(t, "B saves 9 anyway", b.postHTMX(game+"/rounds/1/entries/0", form("pips", "9", "open", "1", "version", fresh)), http.StatusOK)
	if got := a.sheet(game).Round(1).Entries[0].Pips; got != 9 {
		t.Fatalf("Ann's pips after saving anyway = %d, want 9", got)
	}

	// Two phones entering the same merge; a stale "went out" that differs
	// is offered again as a went out.
	expect(t, "Cid's 5", b.postHTMX(game+"/rounds/1/entries/2", form("pips", "5", "open", "1", "version", "0")), http.StatusOK)
	expect(t, "Cid's 5 again, from a stale page", a.postHTMX(game+"/rounds/1/entries/2", form("pips", "5", "open", "1", "version", "0")), http.StatusOK)
	r = a.postHTMX(game+"/rounds/1/entries/2", form("went_out", "1", "open", "1", "version", "0"))
	if got := expectTestID(t, "stale went out", r, http.StatusConflict, "save-anyway", say("anyway.out", nil)); got.attr("value") != "1" {
		t.Fatalf("save anyway after a stale went out sends went_out=%q", got.attr("value"))
	}
}

// TestExportDownloads: a night downloads as JSON and CSV from its page's
// links, named after it; through the view-only link without the edit link.
func TestExportDownloads(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	expect(t, "Ann's 12", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	page := a.get(game)
	for _, format := range []string{"json", "csv"} {
		link := expectTestID(t, "game page", page, http.StatusOK, "export-"+format, "").attr("href")
		r := a.get(link)
		expect(t, "download "+format, r, http.StatusOK, "Ann")
		if got := r.header.Get("Content-Disposition"); got != `attachment; filename=2026-11-28-Friday.`+format {
			t.Errorf("%s download named %q", format, got)
		}
	}
	if r := a.get(game + "/export.json"); !strings.Contains(r.body, `"link": "`+strings.TrimPrefix(game, "/g/")+`"`) {
		t.Fatalf("the edit link's archive lacks its link:\n%.400s", r.body)
	}
	view := a.viewLink(game)
	r := a.stranger().get(view + "/export.json")
	expect(t, "view-only download", r, http.StatusOK, `"view_link"`)
	if strings.Contains(r.body, strings.TrimPrefix(game, "/g/")) {
		t.Fatal("the view-only download gives away the edit link")
	}
	expect(t, "other format", a.get(game+"/export.xml"), http.StatusNotFound)
}

// TestRenewingEndsTheOldStreams: phones following a night by a link that
// is renewed, or a night that is deleted, are cut off: the old link's
// stream ends and is refused when it comes back; the other link's
// phones reconnect as before.
func TestRenewingEndsTheOldStreams(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	view := a.viewLink(game)
	old := openStream(t, a.server.URL, game, "")
	watcher := openStream(t, a.server.URL, view, "")
	expect(t, "renew the edit link", a.post(game+"/links/edit", nil), http.StatusSeeOther)
	for name, s := range map[string]*stream{"the old edit link's": old, "the view-only link's": watcher} {
		select {
		case <-s.ended:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s stream still open after the renewal", name)
		}
	}
	if got := a.getStatusOnly(game + "/events"); got != http.StatusNotFound {
		t.Fatalf("the old edit link's stream comes back %d, want 404", got)
	}
	openStream(t, a.server.URL, view, "") // the view-only link still follows
}
