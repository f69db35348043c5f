package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// lay posts a play to a round's table the way htmx does.
func (a *testApp) lay(table string, seat, tile, on string) response {
	a.t.Helper()
	return a.postHTMX(table, form("kind", "play", "seat", seat, "tile", tile, "on", on))
}

func (a *testApp) actions(game string) int {
	a.t.Helper()
	t, err := a.store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		a.t.Fatal(err)
	}
	return len(t.Log)
}

func TestTableLaysTiles(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	expect(t, "empty table", a.get(table), http.StatusOK, "Set 9-9 down to start.", "Who sets 9-9 down?", "No tile on the table yet")
	expect(t, "set the spinner", a.lay(table, "1", "9-9", ""), http.StatusOK, "Spinner 9-9: 4 arms to fill", "Cy&#39;s turn")
	if sh := a.sheet(g); sh.Rounds[0].Setter != 1 {
		t.Fatalf("setter = %d, want Bob (1) recorded from the table", sh.Rounds[0].Setter)
	}
	expect(t, "first arm", a.lay(table, "2", "3-9", "9-9"), http.StatusOK, "Spinner 9-9: 3 arms to fill", "Ann&#39;s turn", `data-testid="layout-svg"`)

	// A refusal says why, names the rule with a link, and stores nothing.
	before := a.actions(g)
	r := a.lay(table, "0", "3-4", "9-3")
	expect(t, "spinner first", r, http.StatusUnprocessableEntity, `data-testid="refusal"`,
		"The spinner 9-9 still needs 3 more arms", "/rules#spinner", "spinner-first", "Nothing was changed")
	expect(t, "wrong turn", a.lay(table, "1", "9-4", "9-9"), http.StatusUnprocessableEntity, "It is Ann&#39;s turn, not Bob&#39;s", "not-your-turn")
	expect(t, "bad tile", a.lay(table, "0", "10-9", "9-9"), http.StatusUnprocessableEntity, "bad-tile")
	expect(t, "unknown end", a.lay(table, "0", "9-4", "7-7"), http.StatusUnprocessableEntity, "unknown-end")
	expect(t, "unreadable end", a.lay(table, "0", "9-4", "seven"), http.StatusUnprocessableEntity, "unknown-end")
	expect(t, "pass without drawing", a.postHTMX(table, form("kind", "pass", "seat", "0")), http.StatusUnprocessableEntity, "draw a tile before passing", "must-draw")
	expect(t, "no tile picked", a.postHTMX(table, form("kind", "play", "seat", "0", "on", "9-9")), http.StatusBadRequest, "Pick the tile")
	expect(t, "unknown action", a.postHTMX(table, form("kind", "shuffle", "seat", "0")), http.StatusBadRequest)
	if got := a.actions(g); got != before {
		t.Fatalf("refused actions stored: %d actions, want %d", got, before)
	}

	// Draw, pass, lay, take back.
	expect(t, "draw", a.postHTMX(table, form("kind", "draw", "seat", "0")), http.StatusOK, "Boneyard <b>21</b>")
	expect(t, "pass", a.postHTMX(table, form("kind", "pass", "seat", "0")), http.StatusOK, "Bob&#39;s turn")
	expect(t, "lay", a.lay(table, "1", "9-5", "9-9"), http.StatusOK, "Take back Bob's last tile")
	expect(t, "take back", a.postHTMX(table, form("kind", "take-back", "seat", "1")), http.StatusOK, "Bob&#39;s turn", "Spinner 9-9: 3 arms to fill")
	expect(t, "take back twice", a.postHTMX(table, form("kind", "take-back", "seat", "1")), http.StatusUnprocessableEntity, "no-take-back")

	// Plain forms redirect back to the table.
	r = a.post(table, form("kind", "play", "seat", "1", "tile", "9-5", "on", "9-9"))
	expect(t, "plain lay", r, http.StatusSeeOther)
	if loc := r.header.Get("Location"); loc != table {
		t.Fatalf("plain lay redirects to %q, want %q", loc, table)
	}
	if got := a.actions(g); got != before+5 {
		t.Fatalf("%d actions stored, want %d (take-backs are actions too)", got, before+5)
	}
	expect(t, "changing the double after moves", a.post(g+"/rounds/1/opening", form("setter", "0", "double", "8")), http.StatusUnprocessableEntity)
}

func TestTableChickieAndEnds(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	table := g + "/rounds/1/table"
	seat := 0
	for _, m := range strings.Fields("9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1") {
		tile, on, _ := strings.Cut(m, "@")
		expect(t, "lay "+m, a.lay(table, itoa(seat), tile, on), http.StatusOK)
		seat = 1 - seat
	}
	r := a.get(table + "?on=1-1")
	expect(t, "chickie owed", r, http.StatusOK, "Chickie 1-1: 2 toes to go", `value="1-1" checked`, `data-testid="svg-end-1-1"`)
	if strings.Contains(r.body, `data-testid="end-9-2"`) {
		t.Fatal("an end elsewhere is offered while the chickie is owed")
	}
	expect(t, "chickie first", a.lay(table, itoa(seat), "2-6", "9-2"), http.StatusUnprocessableEntity, "chickie-first", "/rules#chickies")
	expect(t, "verdict", a.getHTMX(g+"/rounds/1/check?tile=2-6&on=9-2"), http.StatusOK, `data-testid="verdict"`, "Can 2-6 go on 9-2?", "No.", "chickie-first")
	expect(t, "verdict yes", a.getHTMX(g+"/rounds/1/check?tile=1-6&on=1-1"), http.StatusOK, "Yes.", "With a six-armed spinner, this layout could not have happened")
	expect(t, "verdict without a tile", a.get(g+"/rounds/1/check?on=1-1"), http.StatusBadRequest, "Pick a place and a tile")
}

func TestTableRoundEnds(t *testing.T) {
	a := newTestApp(t)
	// Hands of one tile: setting the double is going out.
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "1"))
	g := r.header.Get("Location")
	table := g + "/rounds/1/table"
	expect(t, "domino", a.lay(table, "0", "6-6", ""), http.StatusOK, "Round over: Ann went out.", "Enter the scores")
	if e := a.sheet(g).Rounds[0].Entries[0]; e == nil || !e.WentOut {
		t.Fatalf("Ann's entry = %+v, want went out filled in", e)
	}
	expect(t, "after the end", a.postHTMX(table, form("kind", "pass", "seat", "1")), http.StatusUnprocessableEntity, "round-over")
	expect(t, "take back the last tile", a.postHTMX(table, form("kind", "take-back", "seat", "0")), http.StatusOK, "Who sets 6-6 down?")
	if e := a.sheet(g).Rounds[0].Entries[0]; e != nil {
		t.Fatalf("after the take-back Ann's entry = %+v, want none", e)
	}

	// Fourteen each on double-6: no boneyard; two passes block the table.
	r = a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "14"))
	table = r.header.Get("Location") + "/rounds/1/table"
	a.lay(table, "0", "6-6", "")
	expect(t, "first pass", a.postHTMX(table, form("kind", "pass", "seat", "1")), http.StatusOK, "Ann&#39;s turn")
	expect(t, "blocked", a.postHTMX(table, form("kind", "pass", "seat", "0")), http.StatusOK, "the table is blocked")
}

func TestReplayAndRules(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	table := g + "/rounds/1/table"
	a.lay(table, "0", "9-9", "")
	a.lay(table, "1", "9-3", "9-9")
	a.postHTMX(table, form("kind", "draw", "seat", "0"))
	replay := g + "/rounds/1/replay"
	expect(t, "last step", a.get(replay), http.StatusOK, "Step 3 of 3: Ann drew", `data-testid="prev"`)
	expect(t, "step 1", a.get(replay+"?step=1"), http.StatusOK, "Step 1 of 3: Ann set 9-9 down", "Spinner 9-9: 4 arms to fill", `data-testid="next"`)
	expect(t, "step 0", a.get(replay+"?step=0"), http.StatusOK, "Step 0 of 3: the deal", "No tile on the table yet")
	expect(t, "step out of range", a.get(replay+"?step=9"), http.StatusBadRequest, "steps 0 to 3")

	expect(t, "rules", a.get("/rules"), http.StatusOK, `id="spinner"`, `id="chickies"`, `id="matching"`, `id="drawing"`, `id="starting-double"`)
	r := a.get(g + "/rules")
	expect(t, "game rules", r, http.StatusOK, `data-testid="option-spinner_arms-4"`, "this game")
	if !strings.Contains(r.body, `class="option chosen" data-testid="option-draw-one-may-play"`) {
		t.Fatal("the game's draw rule is not marked on its rules page")
	}
}

func TestDisputePage(t *testing.T) {
	a := newTestApp(t)
	expect(t, "form", a.get("/check"), http.StatusOK, `name="layout"`)
	ask := func(q string) response { return a.get("/check?" + q) }
	expect(t, "fifth arm, four arms", ask("layout=9-9+9-1@9-9+9-2@9-9+9-3@9-9+9-4@9-9&tile=9-5&on=9-9&set=9&arms=4&impossible=blocked"),
		http.StatusOK, "No.", "end-closed", "With a six-armed spinner, it may go there.")
	expect(t, "fifth arm, six arms", ask("layout=9-9+9-1@9-9+9-2@9-9+9-3@9-9+9-4@9-9&tile=9-5&on=9-9&set=9&arms=6&impossible=blocked"),
		http.StatusOK, "Yes.", "With a four-armed spinner, it may not")
	stuck := "layout=6-6+6-0@6-6+6-1@6-6+6-2@6-6+6-3@6-6+0-3@6-0+1-3@6-1+2-3@6-2+3-4@0-3+3-5@1-3+3-3@6-3&tile=5-0&on=5-3&set=6&arms=4"
	expect(t, "stuck chickie blocks", ask(stuck+"&impossible=blocked"), http.StatusOK, "No.", "chickie-first", "If a stuck chickie is let go, it may go there.")
	expect(t, "stuck chickie let go", ask(stuck+"&impossible=release"), http.StatusOK, "Yes.", "If a stuck chickie blocks the table, it may not")
	expect(t, "bad notation", ask("layout=9-9+x@9-9&tile=9-5&on=9-9&set=9&arms=4"), http.StatusBadRequest, "could not be read")
	expect(t, "impossible layout", ask("layout=9-9+3-4@9-9&tile=9-5&on=9-9&set=9&arms=4"), http.StatusUnprocessableEntity, "could not happen")
	expect(t, "no tile", ask("layout=9-9&tile=&on=9-9&set=9&arms=4"), http.StatusBadRequest, "Say which tile")
	expect(t, "bad set", ask("layout=9-9&tile=9-5&on=9-9&set=10&arms=4"), http.StatusBadRequest, "Pick the set")
}

func TestTableStuckChickie(t *testing.T) {
	const stuck = "6-6 6-0@6-6 6-1@6-6 6-2@6-6 6-3@6-6 0-3@6-0 1-3@6-1 2-3@6-2 3-4@0-3 3-5@1-3 3-3@6-3"
	for _, rule := range []string{"blocked", "release"} {
		t.Run(rule, func(t *testing.T) {
			a := newTestApp(t)
			r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "8", "impossible_chickie", rule))
			table := r.header.Get("Location") + "/rounds/1/table"
			var last response
			for i, m := range strings.Fields(stuck) {
				tile, on, _ := strings.Cut(m, "@")
				last = a.lay(table, itoa(i%2), tile, on)
				expect(t, "lay "+m, last, http.StatusOK)
			}
			expect(t, "stuck", last, http.StatusOK, `data-testid="impossible"`, "Chickie 3-3 can&#39;t be finished: 0 tiles showing a 3 are left for 3 places.")
			if rule == "blocked" {
				expect(t, "blocked", last, http.StatusOK, "House rule: the table is blocked.", "Round over: the table is blocked.")
				return
			}
			expect(t, "let go", last, http.StatusOK, "House rule: it is let go", "Open play")
			expect(t, "play on elsewhere", a.lay(table, "1", "5-0", "5-3"), http.StatusOK)
		})
	}
}
