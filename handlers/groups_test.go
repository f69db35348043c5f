package handlers

import (
	"context"
	"fmt"
	"github.com/labstack/echo/v4"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestGroupFlow: a table of friends is started from the home page, its
// first night from its page with the setup form, the next in one tap with
// the same players; its page lists its players and nights, a player's
// page their record; a record is renamed and two are merged.
func TestGroupFlow(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	expectProblem(t, "no name", a.post("/groups", form("name", " ")), http.StatusBadRequest, say("group-name", referee.Params{"N": 60}))
	r := a.post("/groups", form("name", "Friday club"))
	expect(t, "new table", r, http.StatusSeeOther)
	group := r.header.Get("Location")
	if !strings.HasPrefix(group, "/t/") {
		t.Fatalf("new table at %q", group)
	}
	if got := expectTestID(t, "home", a.get("/"), http.StatusOK, "groups", "").testid("group-link").attr("href"); got != group {
		t.Fatalf("home links the table at %q, want %q", got, group)
	}
	page := a.get(group)
	expectTestID(t, "table", page, http.StatusOK, "group-name", "Friday club")
	expectNoTestID(t, "table before a night", page, "again")
	setup := a.get(expectTestID(t, "table", page, http.StatusOK, "group-new", "").attr("href"))
	expectTestID(t, "setup for the table", setup, http.StatusOK, "setup-group", "")

	r = a.post("/games", form("name", "First", "date", "2026-11-20", "players", "Ann\nBob\nCy", "set", "6", "group", strings.TrimPrefix(group, "/t/")))
	expect(t, "first night", r, http.StatusSeeOther)
	first := r.header.Get("Location")
	for seat, p := range []string{"3", "9"} {
		expect(t, "score", a.post(first+"/rounds/1/entries/"+itoa(seat), form("pips", p)), http.StatusSeeOther)
	}
	expect(t, "Cy out", a.post(first+"/rounds/1/entries/2", form("went_out", "1")), http.StatusSeeOther)
	expect(t, "close", a.post(first+"/rounds/1/close", form()), http.StatusSeeOther)

	page = a.get(group)
	if got := page.testid("player-link").texts(); len(got) != 3 || !strings.HasPrefix(got[0], "Ann") {
		t.Fatalf("the table's players: %q", got)
	}
	history := expectTestID(t, "table", page, http.StatusOK, "history", "")
	if got, want := history.tag("a").attr("href"), a.viewLink(first); got != want {
		t.Fatalf("history links %q, want the night's view-only link %q: the table's link does not give its nights' edit links", got, want)
	}
	if strings.Contains(page.body, strings.TrimPrefix(first, "/g/")) {
		t.Fatal("the table's page gives away a night's edit link")
	}
	expectTestID(t, "table", page, http.StatusOK, "again", "Same players again: Ann, Bob and Cy")
	setup = a.get("/new?group=" + strings.TrimPrefix(group, "/t/"))
	if got := setup.byID("players").text(); got != "Ann\nBob\nCy" && got != "Ann Bob Cy" {
		t.Fatalf("setup for the table offers players %q", got)
	}
	r = a.post(group+"/again", form("form", "again-1"))
	expect(t, "same players again", r, http.StatusSeeOther)
	second := r.header.Get("Location")
	if twice := a.post(group+"/again", form("form", "again-1")); twice.header.Get("Location") != second {
		t.Fatalf("a double tap on Same players again made another night: %q", twice.header.Get("Location"))
	}
	if sh := a.sheet(second); strings.Join(sh.Players, ",") != "Ann,Bob,Cy" || sh.Rules.Set != 6 {
		t.Fatalf("the second night: %q on %v", sh.Players, sh.Rules.Set)
	}

	ann := a.get(group).testid("player-link")[0]
	annURL := attrOf(ann, "href")
	rec := a.get(annURL)
	expectTestID(t, "Ann's page", rec, http.StatusOK, "player-name", "Ann")
	if got := rec.testid("stats").text(); !strings.Contains(got, "Nights played 2") || !strings.Contains(got, "Average score per round 3.0") {
		t.Fatalf("Ann's figures: %q", got)
	}
	expect(t, "rename Ann", a.post(annURL+"/rename", form("name", "Annie")), http.StatusSeeOther)
	if sh := a.sheet(first); sh.Players[0] != "Annie" {
		t.Fatalf("the first night's players after the rename: %q", sh.Players)
	}
	expectProblem(t, "rename to a taken name", a.post(annURL+"/rename", form("name", "Bob")), http.StatusBadRequest,
		say("person-taken", referee.Params{"Name": "Bob"}))
	bobURL := attrOf(a.get(group).testid("player-link")[1], "href")
	bobID := bobURL[strings.LastIndex(bobURL, "/")+1:]
	expectProblem(t, "merge two who played together", a.post(annURL+"/merge", form("into", bobID)), http.StatusBadRequest, say("merge-together", nil))
	expect(t, "a stranger with the table's link", a.stranger().get(group), http.StatusOK)
	expect(t, "no such table", a.get("/t/nosuchtablelink1234567890"), http.StatusNotFound)
}

// TestGroupHistoryPaging: a long history comes historyPage nights a page,
// linked by rel="next", each page starting where the last stopped.
func TestGroupHistoryPaging(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	ctx := context.Background()
	grp, err := a.store.CreateGroup(ctx, "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	rules := referee.Standard()
	for i := range 60 {
		_, err := a.store.CreateGame(ctx, app.NewGame{Name: fmt.Sprintf("Night %02d", i), PlayedOn: fmt.Sprintf("2026-%02d-%02d", 1+i/28, 1+i%28),
			Rules: rules, HandSize: 10, Players: []string{"Ann", "Bob"}, Group: grp.Slug})
		if err != nil {
			t.Fatal(err)
		}
	}
	r := a.get("/t/" + grp.Slug)
	var seen []string
	for page := 1; ; page++ {
		lines := expectTestID(t, "a page", r, http.StatusOK, "history", "").tag("li")
		if len(lines) != historyPage {
			t.Fatalf("page %d: %d nights, want %d", page, len(lines), historyPage)
		}
		seen = append(seen, lines.texts()...)
		next := r.testid("history-next")
		if len(next) == 0 {
			break
		}
		if next.attr("rel") != "next" || page > 3 {
			t.Fatalf("page %d: next rel %q", page, next.attr("rel"))
		}
		r = a.get(next.attr("href"))
	}
	if len(seen) != 60 || !strings.Contains(seen[0], "Night 59") || !strings.Contains(seen[59], "Night 00") {
		t.Fatalf("%d nights seen, first %q, last %q", len(seen), seen[0], seen[len(seen)-1])
	}
	expectProblem(t, "bad date", a.get("/t/"+grp.Slug+"?from=soon"), http.StatusBadRequest, say("history-date", referee.Params{"Text": "soon"}))
}

// TestGroupExport: a table's page downloads all its nights.
func TestGroupExport(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	grp, err := a.store.CreateGroup(context.Background(), "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, date := range []string{"2026-11-20", "2026-11-27"} {
		expect(t, "night", a.post("/games", form("date", date, "players", "Ann\nBob", "set", "6", "group", grp.Slug)), http.StatusSeeOther)
	}
	page := a.get("/t/" + grp.Slug)
	r := a.get(expectTestID(t, "table", page, http.StatusOK, "group-export-json", "").attr("href"))
	if n := strings.Count(r.body, `"played_on"`); r.code != http.StatusOK || n != 2 || !strings.Contains(r.body, `"group": {`) {
		t.Fatalf("the table's archive: %d, %d nights", r.code, n)
	}
	r = a.get(expectTestID(t, "table", page, http.StatusOK, "group-export-csv", "").attr("href"))
	if lines := strings.Count(r.body, "\n"); r.code != http.StatusOK || lines != 1+2*2 {
		t.Fatalf("the table's CSV: %d, %d lines:\n%s", r.code, lines, r.body)
	}
}

// TestTableLinkKeepsEditLinks: through the table's link, or a night's
// view-only link, no night's edit link and (from the view-only link) not
// the table's link either; and an empty link exports nothing.
func TestTableLinkKeepsEditLinks(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	grp, err := a.store.CreateGroup(context.Background(), "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	night := a.post("/games", form("date", "2026-11-20", "players", "Ann\nBob", "set", "6", "group", grp.Slug)).header.Get("Location")
	edit := strings.TrimPrefix(night, "/g/")
	s := a.stranger()
	for _, path := range []string{"/t/" + grp.Slug, "/t/" + grp.Slug + "/export.json", "/t/" + grp.Slug + "/export.csv"} {
		if r := s.get(path); r.code != http.StatusOK || strings.Contains(r.body, edit) {
			t.Errorf("GET %s: %d, gives away the edit link: %v", path, r.code, strings.Contains(r.body, edit))
		}
	}
	view := a.viewLink(night)
	if r := s.get(view + "/export.json"); r.code != http.StatusOK || strings.Contains(r.body, grp.Slug) || strings.Contains(r.body, edit) {
		t.Errorf("a night's view-only archive: %d, holds the table's link %v, the edit link %v", r.code,
			strings.Contains(r.body, grp.Slug), strings.Contains(r.body, edit))
	}
	for _, path := range []string{"/g//export.json", "/g//export.csv", "/t//export.json"} {
		if r := s.get(path); r.code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, r.code)
		}
	}
}

// TestGroupExportOneAtATime: while a table's export is being made, another
// is asked to wait, with a message and Retry-After.
func TestGroupExportOneAtATime(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), t.TempDir()+"/app.db")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	grp, err := store.CreateGroup(context.Background(), "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	e := wired(store, Config{})
	a := &App{services: services{exports: store, groupReads: store}, exporting: make(chan struct{}, 1)}
	a.exporting <- struct{}{} // an export under way
	c, rec := contextFor(e, http.MethodGet, "/t/"+grp.Slug+"/export.json", map[string]string{"group": grp.Slug, "format": "json"})
	if err := a.exportGroup(c); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), html.EscapeString(say("export-busy", nil))) {
		t.Fatalf("a second export: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	<-a.exporting
	c, rec = contextFor(e, http.MethodGet, "/t/"+grp.Slug+"/export.json", map[string]string{"group": grp.Slug, "format": "json"})
	if err := a.exportGroup(c); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("an export once the other is done: %d, %v", rec.Code, err)
	}
}

// contextFor is an echo context for a request to path with its route's
// parameters, and the recorder of its answer.
func contextFor(e *echo.Echo, method, path string, params map[string]string) (echo.Context, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(method, path, nil), rec)
	var names, values []string
	for k, v := range params {
		names, values = append(names, k), append(values, v)
	}
	c.SetParamNames(names...)
	c.SetParamValues(values...)
	return c, rec
}
