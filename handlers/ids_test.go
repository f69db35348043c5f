package handlers

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// hidden is what a form's hidden fields send.
func hidden(f elems) url.Values {
	v := url.Values{}
	for _, in := range f.tag("input") {
		e := elems{in}
		if e.attr("type") == "hidden" {
			v.Add(e.attr("name"), e.attr("value"))
		}
	}
	return v
}

// cardForm is the score form of the card marked entry-id on a page, as
// the page would send it with pips typed.
func cardForm(t *testing.T, page response, id, pips string) (string, url.Values) {
	t.Helper()
	f := page.testid("entry-" + id).tag("form")
	if len(f) == 0 {
		t.Fatalf("no score form for entry-%s", id)
	}
	v := hidden(f[:1])
	v.Set("pips", pips)
	return elems{f[0]}.attr("action"), v
}

// TestStalePageAfterSomeoneLeaves: Cy gives up her seat before playing
// and Di moves up into it. A phone still showing the page from before
// saves "Cy: 7", taps Cy as the setter, and says it is Cy's phone: each
// is refused with 409 saying Cy left, and nothing lands on Di.
func TestStalePageAfterSomeoneLeaves(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Di")
	stale := a.get(game)
	cyURL, cy := cardForm(t, stale, "2", "7")
	opening := hidden(stale.byID("opening").tag("form")[:1])
	opening.Set("setter", "2")

	expect(t, "Cy leaves", a.post(game+"/players/leave", form("confirm", "1", "player", "2")), http.StatusSeeOther)
	want := say("player-gone", referee.Params{"Name": "Cy"})
	for _, htmx := range []bool{false, true} {
		r := a.postBare(cyURL, cy, htmx)
		expectTestID(t, "Cy's 7 from the stale page", r, http.StatusConflict, "problem", want)
		if htmx && r.header.Get("HX-Retarget") != "#main" {
			t.Errorf("the refusal for htmx goes to %q, want the page's main part", r.header.Get("HX-Retarget"))
		}
	}
	expectProblem(t, "Cy as the setter from the stale page", a.postBare(game+"/rounds/1/opening", opening, true), http.StatusConflict, want)
	expectProblem(t, "Cy's phone from the stale page", a.postBare(game+"/me", form("player", "2"), false), http.StatusConflict, want)

	sh := a.sheet(game)
	if !slices.Equal(sh.Players, []string{"Ann", "Bob", "Di"}) || sh.Rounds[0].Entries[2] != nil || sh.Rounds[0].Setter != -1 {
		t.Fatalf("after the stale forms: %v, Di's entry %v, setter %d; want nothing written", sh.Players, sh.Rounds[0].Entries[2], sh.Rounds[0].Setter)
	}
	// Di's card on the stale page still reaches Di.
	diURL, di := cardForm(t, stale, "3", "9")
	expect(t, "Di's 9 from the stale page", a.postBare(diURL, di, false), http.StatusSeeOther)
	if e := a.sheet(game).Rounds[0].Entries[2]; e == nil || e.Score != 9 {
		t.Fatalf("Di's entry = %v, want 9", e)
	}
}

// TestLeaveAsksAndCountsOnce: Leave asks first, without changing
// anything; Yes tapped twice (or sent twice) lets one player go.
func TestLeaveAsksAndCountsOnce(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Di")
	leave := hidden(a.get(game).testid("leave"))
	leave.Set("player", "2")
	leave.Set("missed", "highest")
	ask := a.post(game+"/players/leave", leave)
	expectTestID(t, "Leave tapped", ask, http.StatusOK, "leave-confirm", say("leave-confirm.remove", referee.Params{"Name": "Cy"}))
	if n := len(a.sheet(game).Players); n != 4 {
		t.Fatalf("asking let someone go: %d players", n)
	}
	yes := hidden(ask.testid("leave-confirm"))
	for range 2 {
		r := a.post(game+"/players/leave", yes)
		expect(t, "Yes", r, http.StatusSeeOther)
		if loc := r.header.Get("Location"); loc != game+"#players" {
			t.Errorf("Yes goes to %q, want the game's players", loc)
		}
		expectTestID(t, "the game after Yes", a.get(r.header.Get("Location")), http.StatusOK, "flash", say("unseated", referee.Params{"Name": "Cy"}))
	}
	if got := a.sheet(game).Players; !slices.Equal(got, []string{"Ann", "Bob", "Di"}) {
		t.Fatalf("after Yes twice: %v, want only Cy gone", got)
	}
	// Two taps on Join seat one player.
	join := hidden(a.get(game).testid("join"))
	join.Set("name", "Eve")
	for range 2 {
		a.post(game+"/players", join)
	}
	if got := a.sheet(game).Players; !slices.Equal(got, []string{"Ann", "Bob", "Di", "Eve"}) {
		t.Fatalf("after Join twice: %v, want Eve once", got)
	}
}

// TestBackAndFix: Save 30, Back, fix it to 3, Save. The form's one-time
// id names a form already sent, but with other content: the version
// check decides, and refuses, saying what is stored; 30 is not kept
// silently. The same form sent again as it was is answered as the first.
func TestBackAndFix(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	page := a.get(game)
	path, thirty := cardForm(t, page, "0", "30")
	expect(t, "Save 30", a.postBare(path, thirty, false), http.StatusSeeOther)
	_, three := cardForm(t, page, "0", "3")
	r := a.postBare(path, three, false)
	expectTestID(t, "Back, fix to 3, Save", r, http.StatusConflict, "problem", "Ann's score changed while this page was open: it is now 30")
	if e := a.sheet(game).Rounds[0].Entries[0]; e.Score != 30 {
		t.Fatalf("Ann's entry = %d, want 30 until the fix is saved on the current version", e.Score)
	}
	expect(t, "Save 30 again", a.postBare(path, thirty, false), http.StatusSeeOther)
	if n := len(a.sheet(game).History); n != 1 {
		t.Errorf("%d changes, want the one", n)
	}
	// From the page drawn now, the fix saves.
	path, three = cardForm(t, a.get(game), "0", "3")
	expect(t, "the fix", a.postBare(path, three, false), http.StatusSeeOther)
	if e := a.sheet(game).Rounds[0].Entries[0]; e.Score != 3 {
		t.Fatalf("Ann's entry = %d, want 3", e.Score)
	}
}

// TestSetupSentAgainWithOtherPlayers: the setup form's id sent again with
// other players opens a new night, not the old one.
func TestSetupSentAgainWithOtherPlayers(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	f := form("form", "setup-1", "name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "9")
	first := a.post("/games", f).header.Get("Location")
	if again := a.post("/games", f).header.Get("Location"); again != first {
		t.Fatalf("the same form again opens %q, want the first night %q", again, first)
	}
	f.Set("players", "Cy\nDi")
	other := a.post("/games", f).header.Get("Location")
	if other == first || other == "" {
		t.Fatalf("other players with the same form id open %q, want a new night", other)
	}
	if got := a.sheet(other).Players; !slices.Equal(got, []string{"Cy", "Di"}) {
		t.Fatalf("the new night seats %v", got)
	}
}

// TestPagesNotStored: every page and part is sent no-store: each may hold
// a form whose versions and one-time id must not come back from a cache.
func TestPagesNotStored(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	fill := strings.NewReplacer(":slug", strings.TrimPrefix(game, "/g/"), ":n", "1", ":player", "0", ":format", "json")
	checked := 0
	for _, r := range a.echo.Routes() {
		if r.Method != http.MethodGet || strings.HasPrefix(r.Path, "/static") || strings.Contains(r.Path, "/events") || strings.HasPrefix(r.Path, "/t/") {
			continue
		}
		resp := a.get(fill.Replace(r.Path))
		if !strings.HasPrefix(resp.header.Get("Content-Type"), "text/html") {
			continue
		}
		checked++
		if cc := resp.header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("GET %s (%d): Cache-Control %q, want no-store", r.Path, resp.code, cc)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d pages checked", checked)
	}
}

// TestEveryWriteChecksWhatItsPageShowed walks every write route: each
// either carries what its page showed (a version, the table's count, a
// player's id), refusing a form without it (400 with a sentence) and a
// stale one (409 with a sentence), or says here why it has nothing to be
// stale about. A new write route must be added to one list or the other.
func TestEveryWriteChecksWhatItsPageShowed(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	ctx := context.Background()
	game := a.createGame("6", "Ann", "Bob", "Cy")
	slug := strings.TrimPrefix(game, "/g/")
	// Cy gives up her seat before playing; then the round is played to
	// its end: Ann sets 6-6 down at the table, both scores are in.
	if _, _, err := a.store.Leave(ctx, slug, 2, referee.MissedHighest, ""); err != nil {
		t.Fatal(err)
	}
	six := referee.Action{Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	if _, err := a.store.Act(ctx, slug, 1, app.Move{Action: six, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	for seat, pips := range []string{"5", "9"} {
		enterAsShown(t, a.store, slug, 1, app.ScoreForm{Player: seat, Pips: pips, Basis: app.Basis{Open: true}})
	}
	missing, gone := say("version-missing", nil), say("player-gone", referee.Params{"Name": "Cy"})
	type send struct {
		form url.Values
		code int
		says string
	}
	checked := map[string][]send{
		"/g/:slug/rounds/:n/entries/:player": {
			{form("pips", "3", "open", "1"), http.StatusBadRequest, missing},
			{form("pips", "3", "open", "1", "version", "0"), http.StatusConflict, "Ann's score changed while this page was open"},
		},
		"/g/:slug/rounds/:n/undo": {
			{nil, http.StatusBadRequest, missing},
			{form("version", "0"), http.StatusConflict, say("round-changed", nil)},
		},
		"/g/:slug/rounds/:n/close": {
			{nil, http.StatusBadRequest, missing},
			{form("version", "0"), http.StatusConflict, say("close-changed", nil)},
		},
		"/g/:slug/rounds/:n/opening": {
			{form("double", "6", "setter", "1"), http.StatusBadRequest, missing},
			{form("double", "6", "setter", "1", "version", "-1.6"), http.StatusConflict, say("opening-changed", nil)},
			{form("double", "6", "setter", "2", "version", "0.6"), http.StatusConflict, gone},
		},
		"/g/:slug/rounds/:n/table": {
			{form("kind", "pass", "player", "1"), http.StatusBadRequest, missing},
			{form("kind", "pass", "player", "1", "seq", "0"), http.StatusConflict, "The table changed meanwhile"},
			{form("kind", "pass", "seq", "1"), http.StatusBadRequest, say("act-player", nil)},
			{form("kind", "pass", "player", "2", "seq", "1"), http.StatusConflict, gone},
		},
		"/g/:slug/me": {
			{nil, http.StatusBadRequest, say("seat-pick", nil)},
			{form("player", "2"), http.StatusConflict, gone},
		},
		// A Chickenfoot night has no Straight sheet; the stale version is
		// TestStraightKeypad's.
		"/g/:slug/straight/play":     {{form("player", "0", "points", "5"), http.StatusBadRequest, missing}},
		"/g/:slug/straight/end":      {{form("player", "-1"), http.StatusBadRequest, missing}},
		"/g/:slug/straight/undo":     {{nil, http.StatusBadRequest, missing}},
		"/g/:slug/straight/lines/:n": {{form("player", "0", "points", "5"), http.StatusBadRequest, missing}},
		// The stale and other-hand moves are TestStraightTableRoutes'.
		"/g/:slug/straight/table": {{form("kind", "pass", "player", "0", "hand", "1"), http.StatusBadRequest, missing}},
		"/g/:slug/players/leave": {
			{form("confirm", "1"), http.StatusBadRequest, say("leave-pick", nil)},
			{form("confirm", "1", "player", "2"), http.StatusConflict, gone},
		},
	}
	// Why the others have nothing to be stale about.
	free := map[string]string{
		"/lang":                          "picks this browser's language",
		"/unlock":                        "unlocks this browser",
		"/games":                         "makes a new night; its one-time form id makes one",
		"/groups":                        "makes a new table of friends",
		"/g/:slug/links/:which":          "replaces a link with a new one, whatever it was",
		"/g/:slug/players":               "seats a new player, checked by name; a one-time form",
		"/g/:slug/delete":                "deletes the night after a confirmation, a one-time form",
		"/t/:group/link":                 "replaces the group link with a new one, whatever it was",
		"/t/:group/again":                "makes a new night from the group's last",
		"/t/:group/players/:id/rename":   "names a group's person by their database id, checked by name",
		"/t/:group/players/:id/merge":    "names two of a group's people by their database ids",
		"/g/:slug/rounds/:n/entries/:id": "",
	}
	before := a.sheet(game)
	fill := strings.NewReplacer(":slug", slug, ":n", "1", ":player", "0")
	for _, r := range a.echo.Routes() {
		if r.Method != http.MethodPost {
			continue
		}
		sends, ok := checked[r.Path]
		if !ok {
			if free[r.Path] == "" {
				t.Errorf("POST %s: a write route that neither checks what its page showed nor says why it needn't", r.Path)
			}
			continue
		}
		delete(checked, r.Path)
		for _, s := range sends {
			for _, htmx := range []bool{false, true} {
				resp := a.postBare(fill.Replace(r.Path), s.form, htmx)
				if resp.code != s.code || !strings.Contains(html.UnescapeString(resp.body), s.says) {
					t.Errorf("POST %s %v (htmx %v) = %d, want %d saying %q:\n%.600s", r.Path, s.form, htmx, resp.code, s.code, s.says, resp.body)
				}
			}
		}
	}
	for path := range checked {
		t.Errorf("no route %s", path)
	}
	after := a.sheet(game)
	tb, _ := a.store.Table(ctx, slug, 1)
	if len(after.History) != len(before.History) || after.Rounds[0].Closed || after.Rounds[0].Setter != 0 || len(tb.Log) != 1 ||
		!slices.Equal(after.Players, before.Players) {
		t.Fatalf("the refused writes changed the night: %d changes (was %d), closed %v, setter %d, %d actions, players %v",
			len(after.History), len(before.History), after.Rounds[0].Closed, after.Rounds[0].Setter, len(tb.Log), after.Players)
	}
}
