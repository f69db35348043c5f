package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"chickenfoot/db/app"
)

// straightMove posts a move to a Straight night's live table as htmx
// does, with the hand and count of moves the store holds now unless the
// form says otherwise.
func (a *testApp) straightMove(path string, f url.Values) response {
	a.t.Helper()
	if !f.Has("seq") || !f.Has("hand") {
		tb, err := a.store.StraightTable(context.Background(), strings.TrimPrefix(path, "/g/"))
		if err == nil {
			if !f.Has("seq") {
				f.Set("seq", itoa(tb.Version))
			}
			if !f.Has("hand") {
				f.Set("hand", itoa(tb.Hand))
			}
		}
	}
	return a.postBare(path+"/straight/table", f, true)
}

// TestStraightTableRoutes: the live table of a Straight night answers
// its page and its card, not a Chickenfoot night's; moves are made on
// it, a tile that fits twice asks where, a rule refused is a 422 with
// the rule named and linked, bad input a 400 with what to fix, a stale
// page a 409, a view-only link a 403 and a post from another site
// refused before anything; the sheet links to the table, and the table's
// end of the hand back to the sheet's form filled in.
func TestStraightTableRoutes(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight()
	sh := a.straightSheet(path)
	ids := sh.Game.IDs
	page := a.get(path + "/straight/table")
	expect(t, "table page", page, http.StatusOK, `data-testid="straight-table"`, "Who leads?", `data-testid="lead-`+itoa(ids[0])+`"`, "sse-connect")
	expect(t, "table card", a.getHTMX(path+"/straight/table"), http.StatusOK, `id="straight-table"`)
	if card := a.getHTMX(path + "/straight/table").body; strings.Contains(card, "<html") {
		t.Fatal("htmx got the whole page, not the table's card")
	}
	expect(t, "a Chickenfoot night's Straight table", a.get(a.createGame("6", "Ann", "Bob")+"/straight/table"), http.StatusNotFound)
	expect(t, "the sheet links to the table", a.get(path), http.StatusOK, `data-testid="to-table"`, `href="`+path+`/straight/table"`)

	// Bad input: what to fix, in words, and nothing changed.
	for _, c := range []struct {
		what string
		form url.Values
		want string
	}{
		{"no hand", form("seq", "0", "player", itoa(ids[0]), "kind", "leader"), "which hand"},
		{"no count", form("hand", "1", "player", itoa(ids[0]), "kind", "leader"), "doesn&#39;t say what the page showed"},
		{"no player", form("hand", "1", "seq", "0", "kind", "leader"), "Say which player acts"},
		{"a kind unknown", form("hand", "1", "seq", "0", "player", itoa(ids[0]), "kind", "dance"), "Choose to lay a tile"},
		{"no tile", form("hand", "1", "seq", "0", "player", itoa(ids[0]), "kind", "play"), "Pick the tile to lay"},
		{"a place unreadable", form("hand", "1", "seq", "0", "player", itoa(ids[0]), "kind", "play", "tile", "5-5", "place", "5-5#x"), "can&#39;t be read"},
	} {
		expect(t, c.what, a.postBare(path+"/straight/table", c.form, true), http.StatusBadRequest, c.want)
	}
	if tb, _ := a.store.StraightTable(context.Background(), strings.TrimPrefix(path, "/g/")); tb.Version != 0 {
		t.Fatalf("bad input stored %d moves", tb.Version)
	}
	expect(t, "a lay before the leader", a.straightMove(path, form("player", itoa(ids[0]), "kind", "play", "tile", "5-5")),
		http.StatusConflict, "Say first who leads")

	expect(t, "Ann leads", a.straightMove(path, form("player", itoa(ids[0]), "kind", "leader")), http.StatusOK, "Ann leads: any tile")
	lead := a.straightMove(path, form("player", itoa(ids[0]), "kind", "play", "tile", "5-5"))
	expect(t, "the lead", lead, http.StatusOK, `data-testid="ends">10<`, "Ann &amp; Cy score 10", "Bob&#39;s turn")
	if a.straightSheet(path).Totals[0] != 10 {
		t.Fatal("the lead's 10 is not on the sheet")
	}
	expect(t, "a stale page", a.straightMove(path, form("seq", "1", "player", itoa(ids[1]), "kind", "pass")), http.StatusConflict, "The table changed meanwhile")
	expect(t, "another hand", a.straightMove(path, form("hand", "2", "player", itoa(ids[1]), "kind", "pass")), http.StatusConflict, "hand 1")

	// 5-0 fits both sides: the table asks where, each place with its
	// count; without JavaScript, on a page of its own.
	f := form("hand", "1", "seq", "2", "player", itoa(ids[1]), "kind", "play", "tile", "5-0")
	expect(t, "where 5-0 goes, without JavaScript", a.postBare(path+"/straight/table", f, false), http.StatusOK, "<html", `data-testid="places"`, "sse-connect")
	pick := a.straightMove(path, form("player", itoa(ids[1]), "kind", "play", "tile", "5-0"))
	expect(t, "where 5-0 goes", pick, http.StatusOK, `data-testid="places"`, "Where does 5-0 go?", `value="5-5#1"`, "left side: the ends count 10, scores 10")
	f.Set("place", "5-5#1")
	expect(t, "5-0 on the left, without JavaScript", a.postBare(path+"/straight/table", f, false), http.StatusSeeOther)
	expect(t, "the table after it", a.get(path+"/straight/table"), http.StatusOK, "Bob &amp; Di score 10")
	// A tile that fits nowhere: the rule, linked, next to the keypad.
	r := a.straightMove(path, form("player", itoa(ids[2]), "kind", "play", "tile", "6-1"))
	expect(t, "6-1 fits nowhere", r, http.StatusUnprocessableEntity, `data-testid="reason"`, "6-1 has no", `href="`+path+`/rules#straight"`, "Matching ends")
	if strings.Contains(r.body, "missing message") {
		t.Fatalf("the refusal misses words:\n%s", r.body)
	}
	r = a.straightMove(path, form("player", itoa(ids[2]), "kind", "draw"))
	expect(t, "a draw from an empty boneyard", r, http.StatusUnprocessableEntity, "The boneyard is empty")

	// Through the view-only link: shown, but no move, whatever the form.
	view := "/g/" + sh.Game.ViewSlug
	shown := a.get(view + "/straight/table")
	expect(t, "the view-only table", shown, http.StatusOK, `data-testid="view-only"`, `data-testid="ends">10<`)
	if strings.Contains(shown.body, `data-testid="lay"`) || strings.Count(shown.body, `method="post"`) != strings.Count(shown.body, `action="/lang"`) {
		t.Fatal("the view-only table offers a form that changes the night")
	}
	if strings.Contains(shown.body, strings.TrimPrefix(path, "/g/")) {
		t.Fatal("the view-only table gives away the edit link")
	}
	expect(t, "a move through the view-only link", a.postBare(view+"/straight/table", form("hand", "1", "seq", "4", "player", itoa(ids[2]), "kind", "pass"), true), http.StatusForbidden)
	expect(t, "bad input through the view-only link", a.postBare(view+"/straight/table", form("kind", "pass"), true), http.StatusForbidden)

	// From another site: refused before any handler.
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+path+"/straight/table", strings.NewReader(form("hand", "1", "seq", "4", "player", itoa(ids[2]), "kind", "pass").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	expect(t, "a cross-origin move", a.do(req), http.StatusForbidden)
	if tb, _ := a.store.StraightTable(context.Background(), strings.TrimPrefix(path, "/g/")); tb.Version != 3 {
		t.Fatalf("refused moves stored: %d moves, want 3", tb.Version)
	}

	// Four passes block the hand: the table says so and leads to the
	// sheet's end form, filled in as blocked.
	for _, seat := range []int{2, 3, 0, 1} {
		expect(t, "a pass", a.straightMove(path, form("player", itoa(ids[seat]), "kind", "pass")), http.StatusOK)
	}
	// In every language, every word is there.
	for _, tag := range []string{"af", "da"} {
		req, _ := http.NewRequest(http.MethodGet, a.server.URL+path+"/straight/table", nil)
		req.Header.Set("Accept-Language", tag)
		if body := a.do(req).body; strings.Contains(body, "missing message") || !strings.Contains(body, `lang="`+tag+`"`) {
			t.Errorf("the table in %s misses words:\n%.3000s", tag, body)
		}
	}
	over := a.get(path + "/straight/table")
	expect(t, "the blocked hand", over, http.StatusOK, "Blocked: nobody can play", `href="`+path+`?out=blocked#hand-end"`)
	expect(t, "the end form filled in", a.get(path+"?out=blocked"), http.StatusOK, `id="hand-end" class="hand-end" data-testid="hand-end" open`, `value="-1" checked`)
}

// TestStraightTableNews: a move on the Straight table is news for the
// table's part of every phone once it is committed, and for the sheet too
// when it wrote or took back a score; a refused move is no news.
func TestStraightTableNews(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight()
	ids := a.straightSheet(path).Game.IDs
	var mu sync.Mutex // the store publishes on the request's goroutine
	var news []app.News
	forward := a.store.Publish
	a.store.Publish = func(n app.News) { mu.Lock(); news = append(news, n); mu.Unlock(); forward(n) }
	events := func() [][]string {
		mu.Lock()
		defer mu.Unlock()
		var out [][]string
		for _, n := range news {
			out = append(out, newsEvents(n))
		}
		news = nil
		return out
	}
	expect(t, "Ann leads", a.straightMove(path, form("player", itoa(ids[0]), "kind", "leader")), http.StatusOK)
	if got := events(); len(got) != 1 || !slices.Equal(got[0], []string{eventStraightTable}) {
		t.Fatalf("picking the leader: events %v, want the table's", got)
	}
	expect(t, "the lead scores", a.straightMove(path, form("player", itoa(ids[0]), "kind", "play", "tile", "5-5")), http.StatusOK)
	if got := events(); len(got) != 1 || !slices.Equal(got[0], []string{eventStraightTable, eventSheet}) {
		t.Fatalf("a scoring lay: events %v, want the table's and the sheet's", got)
	}
	expect(t, "a refused pass", a.straightMove(path, form("player", itoa(ids[0]), "kind", "pass")), http.StatusUnprocessableEntity)
	if got := events(); len(got) != 0 {
		t.Fatalf("a refused move: events %v, want none", got)
	}
	expect(t, "taken back", a.straightMove(path, form("player", itoa(ids[0]), "kind", "take-back")), http.StatusOK)
	if got := events(); len(got) != 1 || !slices.Equal(got[0], []string{eventStraightTable, eventSheet}) {
		t.Fatalf("a score taken back: events %v, want the table's and the sheet's", got)
	}
}
