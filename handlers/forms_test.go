package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestFormSentTwice: a double tap, or Back and send again, sends a form
// twice with its one-time id; the second makes nothing and is answered as
// the first was.
func TestFormSentTwice(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	setup := a.get("/new")
	id := setup.testid("setup").named("form").attr("value")
	if id == "" {
		t.Fatal("the setup form has no one-time id")
	}
	create := form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob\nCy", "set", "6", "form", id)
	first := a.post("/games", create)
	again := a.post("/games", create)
	expect(t, "start the game night", first, http.StatusSeeOther)
	expect(t, "start it again", again, http.StatusSeeOther)
	g := first.header.Get("Location")
	if again.header.Get("Location") != g {
		t.Fatalf("sent again, the setup form goes to %q, want the first game %q", again.header.Get("Location"), g)
	}
	if games := a.gameSlugs(); len(games) != 1 {
		t.Fatalf("%d game nights, want 1", len(games))
	}
	if other := a.get("/new").testid("setup").named("form").attr("value"); other == id {
		t.Fatal("two setup pages share a one-time id")
	}

	// Tapped tiles saved twice: one entry, no edit.
	r1 := strings.TrimSuffix(g, "/") + "/rounds/1"
	tiles := a.get(r1 + "/entries/0/tiles").testid("tiles-form")
	save := form("tapped", "1", "tile", "5-3", "open", "1", "version", tiles.named("version").attr("value"), "form", tiles.named("form").attr("value"))
	for i := range 2 {
		r := a.post(r1+"/entries/0", save)
		expect(t, "tiles saved, time "+itoa(i+1), r, http.StatusSeeOther)
	}
	// The same with htmx: both answers show the saved row.
	page := a.get(g)
	row := page.byID("entry-1")
	typed := form("pips", "9", "open", "1", "version", row.named("version").attr("value"), "form", row.named("form").attr("value"))
	for i := range 2 {
		r := a.postHTMX(r1+"/entries/1", typed)
		expect(t, "typed, time "+itoa(i+1), r, http.StatusOK)
		expectSays(t, "typed, time "+itoa(i+1), r.byID("entry-1").testid("entry-summary"), "9")
	}
	if h := a.sheet(g).History; len(h) != 2 {
		t.Fatalf("%d history lines, want one entry each for Ann and Bob", len(h))
	}

	// Undo tapped twice takes back one entry.
	undo := a.get(g).testid("undo").up("form")
	sent := form("version", undo.named("version").attr("value"), "change", undo.named("change").attr("value"), "form", undo.named("form").attr("value"))
	for i := range 2 {
		r := a.postHTMX(r1+"/undo", sent)
		expect(t, "undo, time "+itoa(i+1), r, http.StatusOK)
	}
	sh := a.sheet(g)
	if e := sh.Rounds[0].Entries; e[0] == nil || e[1] != nil || len(sh.History) != 3 {
		t.Fatalf("after undo sent twice: entries %v, %d history lines; want Ann's kept and 3 lines", e, len(sh.History))
	}
}
