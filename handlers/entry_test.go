package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

func TestScoreEntry(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob", "Cy")
	r1 := g + "/rounds/1"

	// Typed, htmx: the row comes back with the round's actions and sheet out of band.
	r := a.postHTMX(r1+"/entries/0", form("pips", "12", "double_blank", "1"))
	expect(t, "typed entry", r, http.StatusOK)
	expectSays(t, "typed entry", r.byID("entry-0").testid("entry-summary"), say("typed-blank", referee.Params{"Pips": 12, "Score": 62}))
	if bar := r.byID("round-actions"); len(bar) != 1 || bar.attr("hx-swap-oob") != "true" {
		t.Fatalf("typed entry: %d round-actions, hx-swap-oob %q; want one, out of band", len(bar), bar.attr("hx-swap-oob"))
	}
	// Read as sent: a browser parsing the fragment as htmx does drops a
	// <tr> that follows a <div>.
	if line, ok := r.sent("sheet-round-1"); !ok || line["hx-swap-oob"] != "true" {
		t.Fatalf("typed entry: sheet line %v (sent %v), want it sent out of band", line, ok)
	}
	// Went out, plain form: redirected back to the game.
	r = a.post(r1+"/entries/1", form("went_out", "1"))
	expect(t, "went out", r, http.StatusSeeOther)
	if r.header.Get("Location") != g+"#entry-1" {
		t.Fatalf("went out redirects to %q, want %q, back at the card just saved", r.header.Get("Location"), g+"#entry-1")
	}
	// Tapped tiles: the total and the 0-0 come from the tiles.
	tiles := a.get(r1 + "/entries/2/tiles")
	expectTestID(t, "tiles page", tiles, http.StatusOK, "tile-5-3", "")
	if opener := tiles.testid("tile-6-6"); opener.attr("value") != "6-6" || opener.attr("data-pips") != "12" || !opener.has("disabled") {
		t.Fatalf("tiles page: 6-6 is value %q, %q pips, disabled %v; want the round's double greyed out",
			opener.attr("value"), opener.attr("data-pips"), opener.has("disabled"))
	}
	r = a.post(r1+"/entries/2", form("tapped", "1", "tile", "5-3", "tile", "4-4"))
	expect(t, "tapped", r, http.StatusSeeOther)

	sh := a.sheet(g)
	e := sh.Rounds[0].Entries
	if e[0].Score != 62 || !e[1].WentOut || e[2].Score != 16 || len(e[2].Tiles) != 2 {
		t.Fatalf("entries = %+v %+v %+v, want 62, went out, 16 from 2 tiles", *e[0], *e[1], *e[2])
	}
	page := a.get(g)
	expect(t, "game page", page, http.StatusOK)
	expectSays(t, "Bob's entry", page.byID("entry-1").testid("entry-summary"), say("went-out", nil))
	expectSays(t, "Cy's entry", page.byID("entry-2").testid("entry-summary"), say("tapped", referee.Params{"N": 2, "Score": 16}))
	if close := expectTestID(t, "game page", page, http.StatusOK, "close", ""); close.has("disabled") {
		t.Fatal("close button disabled with every entry in")
	}
}

// An entryRefusal is how a refused entry for Ann (seat 0) in round 1 is
// refused, judged on the sheet as stored: by the referee, or for what the
// handlers read themselves, in the handlers' catalog.
type entryRefusal func(sh app.Sheet) error

// says is a refusal of the form itself, in the handlers' catalog.
func says(key string, p referee.Params) entryRefusal {
	return func(app.Sheet) error { return invalid("", key, p) }
}

// typed is the referee's judgement of a typed hand.
func typed(pips int, doubleBlank bool) entryRefusal {
	return func(sh app.Sheet) error {
		e, err := sh.Rules.TypedEntry(pips, doubleBlank, 0)
		if err != nil {
			return err
		}
		return sh.CheckEntry(1, 0, e)
	}
}

// wentOut is the referee's judgement of going out.
func wentOut(sh app.Sheet) error { return sh.CheckEntry(1, 0, sh.Rules.OutEntry(false)) }

// tapped is the referee's judgement of a hand tapped tile by tile.
func tapped(tiles ...string) entryRefusal {
	return func(sh app.Sheet) error {
		var hand []referee.Tile
		for _, s := range tiles {
			t, err := sh.Rules.Set.Parse(s)
			if err != nil {
				return err
			}
			hand = append(hand, t)
		}
		e, err := sh.Rules.TappedEntry(hand)
		if err != nil {
			return err
		}
		return sh.CheckEntry(1, 0, e)
	}
}

func TestScoreEntryRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		before [][2]string // seat path suffix, encoded form
		seat   string
		form   []string
		code   int
		rule   referee.Code // the refusal's code
		key    string       // and its message
		want   entryRefusal
	}{
		{name: "blank", seat: "0", form: []string{"pips", ""}, code: 400, rule: app.CodeInvalid, key: "pips-blank",
			want: says("pips-blank", referee.Params{"Name": "Ann"})},
		{name: "letters", seat: "0", form: []string{"pips", "12a"}, code: 400, rule: app.CodeInvalid, key: "pips-not-number",
			want: says("pips-not-number", referee.Params{"Text": "12a", "Name": "Ann"})},
		{name: "negative", seat: "0", form: []string{"pips", "-4"}, code: 400, rule: app.CodeInvalid, key: "pips-negative", want: typed(-4, false)},
		{name: "huge", seat: "0", form: []string{"pips", "99999"}, code: 400, rule: app.CodeInvalid, key: "pips-too-many", want: typed(99999, false)},
		{name: "zero typed", seat: "0", form: []string{"pips", "0"}, code: 400, rule: app.CodeInvalid, key: "pips-zero-tap", want: typed(0, false)},
		{name: "sql quoting", seat: "0", form: []string{"pips", "1'; DROP TABLE entries;--"}, code: 400, rule: app.CodeInvalid, key: "pips-not-number",
			want: says("pips-not-number", referee.Params{"Text": "1'; DROP TABLE entries;--", "Name": "Ann"})},
		{name: "more than the set holds", seat: "0", form: []string{"pips", "200"}, code: 422, rule: referee.CodeTooManyPips, key: "too-many-pips",
			want: typed(200, false)},
		{name: "two out", before: [][2]string{{"1", "went_out=1"}}, seat: "0", form: []string{"went_out", "1"}, code: 422,
			rule: referee.CodeTwoOut, key: "two-out", want: wentOut},
		{name: "two double blanks", before: [][2]string{{"1", "pips=3&double_blank=1"}}, seat: "0", form: []string{"pips", "4", "double_blank", "1"}, code: 422,
			rule: referee.CodeTwoDoubleBlanks, key: "two-double-blanks", want: typed(4, true)},
		{name: "tile in two hands", before: [][2]string{{"1", "tapped=1&tile=5-3"}}, seat: "0", form: []string{"tapped", "1", "tile", "3-5"}, code: 422,
			rule: referee.CodeDuplicateTile, key: "duplicate-tile", want: tapped("3-5")},
		{name: "round's double tapped", seat: "0", form: []string{"tapped", "1", "tile", "6-6"}, code: 422,
			rule: referee.CodeOpenerInHand, key: "opener-in-hand", want: tapped("6-6")},
		{name: "no tile tapped", seat: "0", form: []string{"tapped", "1"}, code: 400, rule: app.CodeInvalid, key: "tiles-none",
			want: says("tiles-none", referee.Params{"Name": "Ann"})},
		{name: "tiles tapped and went out", seat: "0", form: []string{"tapped", "1", "tile", "5-3", "went_out", "1"}, code: 400,
			rule: app.CodeInvalid, key: "tiles-and-out", want: says("tiles-and-out", referee.Params{"Name": "Ann"})},
		{name: "tile outside the set", seat: "0", form: []string{"tapped", "1", "tile", "9-9"}, code: 400, rule: app.CodeInvalid, key: "tile-unreadable",
			want: says("tile-unreadable", referee.Params{"Text": "9-9", "Set": "double-6"})},
		{name: "others already near the limit", before: [][2]string{{"1", "pips=150"}}, seat: "0", form: []string{"pips", "20"}, code: 422,
			rule: referee.CodeTooManyPips, key: "too-many-pips", want: typed(20, false)},
	}
	for _, tt := range tests {
		for _, htmx := range []bool{false, true} {
			name := tt.name + map[bool]string{false: "/plain", true: "/htmx"}[htmx]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
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
				want := refusalOf(t, tt.want(before), tt.rule)
				if want.Key != tt.key {
					t.Fatalf("the refusal's message is %q, want %q", want.Key, tt.key)
				}
				r := a.postWith(g+"/rounds/1/entries/"+tt.seat, form(tt.form...), htmx)
				expect(t, name, r, tt.code)
				// A tapped hand comes back on its tiles page; anything else
				// in Ann's row.
				isTapped := tt.form[0] == "tapped"
				where := r.doc()
				if !isTapped {
					where = r.byID("entry-0")
				}
				expectSays(t, name, where.testid("problem"), worded(want))
				if n := len(r.testid("problem")); n != 1 {
					t.Fatalf("%s: %d problems shown, want 1", name, n)
				}
				if tt.form[0] == "pips" && where.testid("pips").attr("value") != tt.form[1] {
					t.Fatalf("%s: pips box holds %q, want what was typed, %q", name, where.testid("pips").attr("value"), tt.form[1])
				}
				after := a.sheet(g)
				if len(after.History) != len(before.History) || after.Rounds[0].Entries[0] != nil {
					t.Fatalf("a refused entry wrote to the database")
				}
				// The tiles grid is its own page; typed entries come back as a row.
				if htmx && !isTapped && strings.Contains(r.body, "<html") {
					t.Fatal("htmx got a whole page, want the row fragment")
				}
			})
		}
	}
}

// TestTypedBlankHalves: under the 25-per-blank-half house rule the typed
// entry asks how many blank halves the hand holds and scores them as
// tapping the tiles would; without the rule it does not ask.
func TestTypedBlankHalves(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	plain := a.createGame("9", "Ann", "Bob")
	expectNoTestID(t, "no blank halves asked", a.get(plain), "blank-halves")
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "9", "blank_half", "25"))
	expect(t, "create", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	expectTestID(t, "blank halves asked", a.get(g), http.StatusOK, "blank-halves", "")
	r = a.postHTMX(g+"/rounds/1/entries/0", form("pips", "19", "blank_halves", "2", "open", "1"))
	want := say("typed-blank-halves", referee.Params{"Pips": 19, "Blanks": 2, "Charge": 50, "Score": 69})
	expectSays(t, "saved", expectTestID(t, "saved", r, http.StatusOK, "entry-summary", ""), want)
	if e := a.sheet(g).Rounds[0].Entries[0]; e == nil || e.Score != 69 || e.BlankHalves != 2 {
		t.Fatalf("Ann's entry = %+v, want 19 pips and 2 blank halves scoring 69", e)
	}
	expect(t, "letters", a.postHTMX(g+"/rounds/1/entries/1", form("pips", "19", "blank_halves", "two", "open", "1")), http.StatusBadRequest)
}

// TestTilesWentOut: on the tiles page a player with no tiles left says so
// with the Went out box, and the page shows it ticked when opened again.
func TestTilesWentOut(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	page := g + "/rounds/1/entries/1/tiles"
	if box := expectTestID(t, "tiles page", a.get(page), http.StatusOK, "tiles-out", ""); box.has("checked") {
		t.Fatal("the Went out box is ticked before anything was saved")
	}
	expect(t, "went out, tapped", a.post(g+"/rounds/1/entries/1", form("tapped", "1", "went_out", "1")), http.StatusSeeOther)
	if e := a.sheet(g).Rounds[0].Entries[1]; e == nil || !e.WentOut || e.Score != 0 {
		t.Fatalf("Bob's entry = %+v, want went out", e)
	}
	if box := expectTestID(t, "tiles page again", a.get(page), http.StatusOK, "tiles-out", ""); !box.has("checked") {
		t.Fatal("the Went out box is not ticked for a player who went out")
	}
}

// TestTilesGreyTheTable: the tiles page greys every tile on the round's
// live table, not only its double, as its help says.
func TestTilesGreyTheTable(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	table := g + "/rounds/1/table"
	expect(t, "Ann sets 6-6", a.postHTMX(table, form("kind", "play", "player", "0", "tile", "6-6", "seq", "0")), http.StatusOK)
	expect(t, "Bob lays 6-5", a.postHTMX(table, form("kind", "play", "player", "1", "tile", "6-5", "on", "6-6", "seq", "1")), http.StatusOK)
	page := a.get(g + "/rounds/1/entries/0/tiles")
	for tile, greyed := range map[string]bool{"6-6": true, "6-5": true, "5-5": false, "6-4": false} {
		if box := expectTestID(t, "tiles page", page, http.StatusOK, "tile-"+tile, ""); box.has("disabled") != greyed {
			t.Errorf("tiles page: %s greyed %t, want %t", tile, box.has("disabled"), greyed)
		}
	}
	if got := page.testid("tile-6-5").up("label").attr("title"); got != say("on-the-table", nil) {
		t.Errorf("tiles page: 6-5 says %q, want %q", got, say("on-the-table", nil))
	}
}
