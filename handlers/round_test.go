package handlers

import (
	"net/http"
	"strings"
	"testing"
)

func TestScoreEntry(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob", "Cy")
	r1 := g + "/rounds/1"

	// Typed, htmx: the row comes back with the round's actions and sheet out of band.
	r := a.postHTMX(r1+"/entries/0", form("pips", "12", "double_blank", "1"))
	expect(t, "typed entry", r, http.StatusOK, `id="entry-0"`, "12 + 0-0 = 62", `id="round-actions"`, `hx-swap-oob="true"`, `id="sheet-round-1"`)
	// Went out, plain form: redirected back to the game.
	r = a.post(r1+"/entries/1", form("went_out", "1"))
	expect(t, "went out", r, http.StatusSeeOther)
	if r.header.Get("Location") != g {
		t.Fatalf("went out redirects to %q, want %q", r.header.Get("Location"), g)
	}
	// Tapped tiles: the total and the 0-0 come from the tiles.
	expect(t, "tiles page", a.get(r1+"/entries/2/tiles"), http.StatusOK, `data-testid="tile-5-3"`, `value="6-6" data-pips="12" disabled`)
	r = a.post(r1+"/entries/2", form("tapped", "1", "tile", "5-3", "tile", "4-4"))
	expect(t, "tapped", r, http.StatusSeeOther)

	sh := a.sheet(g)
	e := sh.Rounds[0].Entries
	if e[0].Score != 62 || !e[1].WentOut || e[2].Score != 16 || len(e[2].Tiles) != 2 {
		t.Fatalf("entries = %+v %+v %+v, want 62, went out, 16 from 2 tiles", *e[0], *e[1], *e[2])
	}
	expect(t, "game page", a.get(g), http.StatusOK, "went out · 0", "2 tiles: 16", `data-testid="close"`)
	if strings.Contains(a.get(g).body, `data-testid="close" disabled`) {
		t.Fatal("close button disabled with every entry in")
	}
}

func TestScoreEntryRefusals(t *testing.T) {
	tests := []struct {
		name   string
		before [][2]string // seat path suffix, encoded form
		seat   string
		form   []string
		code   int
		says   string
	}{
		{name: "blank", seat: "0", form: []string{"pips", ""}, code: 400, says: "Type the pips left in Ann&#39;s hand"},
		{name: "letters", seat: "0", form: []string{"pips", "12a"}, code: 400, says: "is not a number"},
		{name: "negative", seat: "0", form: []string{"pips", "-4"}, code: 400, says: "can&#39;t be negative"},
		{name: "huge", seat: "0", form: []string{"pips", "99999"}, code: 400, says: "far more than any hand"},
		{name: "zero typed", seat: "0", form: []string{"pips", "0"}, code: 400, says: "tap Went out"},
		{name: "sql quoting", seat: "0", form: []string{"pips", "1'; DROP TABLE entries;--"}, code: 400, says: "is not a number"},
		{name: "more than the set holds", seat: "0", form: []string{"pips", "200"}, code: 422, says: "more than this hand can hold"},
		{name: "two out", before: [][2]string{{"1", "went_out=1"}}, seat: "0", form: []string{"went_out", "1"}, code: 422, says: "Bob already went out"},
		{name: "two double blanks", before: [][2]string{{"1", "pips=3&double_blank=1"}}, seat: "0", form: []string{"pips", "4", "double_blank", "1"}, code: 422, says: "Bob already holds the 0-0"},
		{name: "tile in two hands", before: [][2]string{{"1", "tapped=1&tile=5-3"}}, seat: "0", form: []string{"tapped", "1", "tile", "3-5"}, code: 422, says: "5-3 is already in Bob"},
		{name: "round's double tapped", seat: "0", form: []string{"tapped", "1", "tile", "6-6"}, code: 422, says: "6-6 opened this round"},
		{name: "tile outside the set", seat: "0", form: []string{"tapped", "1", "tile", "9-9"}, code: 400, says: "is not a tile of this game"},
		{name: "others already near the limit", before: [][2]string{{"1", "pips=150"}}, seat: "0", form: []string{"pips", "20"}, code: 422, says: "the others already have 150"},
	}
	for _, tt := range tests {
		for _, htmx := range []bool{false, true} {
			name := tt.name + map[bool]string{false: "/plain", true: "/htmx"}[htmx]
			t.Run(name, func(t *testing.T) {
				a := newTestApp(t)
				g := a.createGame("6", "Ann", "Bob")
				for _, b := range tt.before {
					f := form()
					for _, kv := range strings.Split(b[1], "&") {
						k, v, _ := strings.Cut(kv, "=")
						f.Add(k, v)
					}
					expect(t, "setup entry", a.postHTMX(g+"/rounds/1/entries/"+b[0], f), http.StatusOK)
				}
				before := a.sheet(g)
				r := a.postWith(g+"/rounds/1/entries/"+tt.seat, form(tt.form...), htmx)
				expect(t, name, r, tt.code, tt.says)
				after := a.sheet(g)
				if len(after.History) != len(before.History) || after.Rounds[0].Entries[0] != nil {
					t.Fatalf("a refused entry wrote to the database")
				}
				// The tiles grid is its own page; typed entries come back as a row.
				if tapped := tt.form[0] == "tapped"; htmx && !tapped && strings.Contains(r.body, "<html") {
					t.Fatal("htmx got a whole page, want the row fragment")
				}
			})
		}
	}
}

func TestCloseCorrectUndo(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	r1 := g + "/rounds/1"
	expect(t, "close too early", a.post(r1+"/close", form()), http.StatusUnprocessableEntity, "Enter a score for Ann and Bob")
	a.postHTMX(r1+"/entries/0", form("pips", "10"))
	a.postHTMX(r1+"/entries/1", form("pips", "20"))
	a.postHTMX(r1+"/entries/1", form("pips", "25"))
	expect(t, "undo", a.postHTMX(r1+"/undo", form()), http.StatusOK, "The last entry was undone", "20")
	if e := a.sheet(g).Rounds[0].Entries[1]; e.Score != 20 {
		t.Fatalf("after undo Bob has %d, want 20", e.Score)
	}
	expect(t, "who set it", a.postHTMX(r1+"/opening", form("setter", "1", "double", "6")), http.StatusOK, "Set down by", "Bob")
	expect(t, "close", a.postHTMX(r1+"/close", form()), http.StatusOK, "Round 1 is in: Ann won it.", "Round 2", "5-5")
	sh := a.sheet(g)
	if len(sh.Rounds) != 2 || !sh.Rounds[0].Closed || sh.Rounds[1].Planned != 5 || sh.Rounds[0].Setter != 1 {
		t.Fatalf("after closing: %+v", sh.Rounds)
	}
	expect(t, "close again", a.post(r1+"/close", form()), http.StatusConflict, "closed meanwhile")
	expect(t, "undo on a closed round", a.post(r1+"/undo", form()), http.StatusConflict)

	// A correction must say who makes it, and is kept in the history.
	expect(t, "correction without who", a.post(r1+"/entries/1", form("pips", "22")), http.StatusBadRequest, "Say who is making this correction")
	expect(t, "correction by someone else", a.post(r1+"/entries/1", form("pips", "22", "by", "Zed")), http.StatusBadRequest)
	r := a.post(r1+"/entries/1", form("pips", "22", "by", "Ann"))
	expect(t, "correction", r, http.StatusSeeOther)
	expect(t, "round page", a.get(r1), http.StatusOK, "Bob: 20 → 22 (correction)", "Ann", "Who is making the correction?")
	expect(t, "sheet follows", a.get(g+"/sheet"), http.StatusOK, ">22<", ">10<")
}

func TestOpening(t *testing.T) {
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	expect(t, "bad setter", a.post(g+"/rounds/1/opening", form("setter", "7", "double", "6")), http.StatusBadRequest, "Tap the name")
	expect(t, "no burn under the draw rule", a.post(g+"/rounds/1/opening", form("setter", "0", "double", "4", "burn", "1")),
		http.StatusUnprocessableEntity, "does not skip doubles")
	expect(t, "draw help", a.get(g), http.StatusOK, "draw from the boneyard in turn until someone finds 6-6")

	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "burn"))
	burn := r.header.Get("Location")
	expect(t, "burn offered", a.get(burn), http.StatusOK, "Open on the lower double", `<option value="5">5-5</option>`)
	expect(t, "the planned double is always fine", a.post(burn+"/rounds/1/opening", form("setter", "0", "double", "6", "burn", "1")), http.StatusSeeOther)
	expect(t, "a higher double is refused", a.post(burn+"/rounds/1/opening", form("setter", "0", "double", "7", "burn", "1")), http.StatusBadRequest)
	expect(t, "burn", a.postHTMX(burn+"/rounds/1/opening", form("setter", "1", "double", "5", "burn", "1")), http.StatusOK,
		"Nobody had 6-6: opened on 5-5.")
	a.postHTMX(burn+"/rounds/1/entries/0", form("went_out", "1"))
	a.postHTMX(burn+"/rounds/1/entries/1", form("pips", "7"))
	a.post(burn+"/rounds/1/close", form())
	if sh := a.sheet(burn); sh.Rounds[0].Double() != 5 || sh.Rounds[1].Planned != 4 {
		t.Fatalf("after a burned 6-6: round 1 on %d, round 2 planned %d; want 5 and 4", sh.Rounds[0].Double(), sh.Rounds[1].Planned)
	}
}

func TestWentOutOnADouble(t *testing.T) {
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "double_out", "50"))
	g := r.header.Get("Location")
	expect(t, "button offered", a.get(g), http.StatusOK, `data-testid="went-out-double"`)
	expect(t, "out on a double", a.postHTMX(g+"/rounds/1/entries/0", form("went_out", "double")), http.StatusOK, "went out on a double")
	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "9"))
	a.post(g+"/rounds/1/close", form())
	if res := a.sheet(g).Results(); len(res) != 1 || res[0].Scores[0] != 50 || res[0].Scores[1] != 9 {
		t.Fatalf("results = %+v, want Ann charged 50 for going out on a double", res)
	}
	if strings.Contains(a.get(a.createGame("6", "Cy", "Di")).body, "went-out-double") {
		t.Fatal("the button shows without the house rule")
	}
}

func TestFinalStandings(t *testing.T) {
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "rounds", "2"))
	g := r.header.Get("Location")
	play := func(n string, ann, bob []string) {
		a.postHTMX(g+"/rounds/"+n+"/entries/0", form(ann...))
		a.postHTMX(g+"/rounds/"+n+"/entries/1", form(bob...))
		expect(t, "close "+n, a.post(g+"/rounds/"+n+"/close", form()), http.StatusSeeOther)
	}
	play("1", []string{"went_out", "1"}, []string{"pips", "10"})
	play("2", []string{"pips", "10"}, []string{"went_out", "1"})
	page := a.get(g)
	expect(t, "final", page, http.StatusOK, `data-testid="final"`, "Ann and Bob tied on 10",
		"leaves them level, so they share first place")
	if strings.Contains(page.body, `data-testid="round"`) {
		t.Fatal("a finished game still shows a round to play")
	}
	expect(t, "home shows finished", a.get("/"), http.StatusOK, "finished")
	expect(t, "no third round", a.post(g+"/rounds/3/close", form()), http.StatusNotFound)
}
