package handlers

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// lay posts a play to a round's table the way htmx does.
func (a *testApp) lay(table string, seat, tile, on string) response {
	a.t.Helper()
	return a.postHTMX(table, form("kind", "play", "player", seat, "tile", tile, "on", on))
}

func (a *testApp) actions(game string) int {
	a.t.Helper()
	t, err := a.store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		a.t.Fatal(err)
	}
	return len(t.Log)
}

// refereeRefuses is the referee's own refusal of action on round 1's
// table as stored, which must be for the rule code.
func (a *testApp) refereeRefuses(game string, action referee.Action, code referee.Code) *app.Error {
	a.t.Helper()
	tb, err := a.store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		a.t.Fatal(err)
	}
	_, _, err = tb.Sheet.Sheet.Act(1, tb.Actions(), action)
	return refusalOf(a.t, err, code)
}

// play is seat laying tile on on ("" for the starting double).
func play(seat int, tile, on string) referee.Action {
	m := referee.Move{Tile: mustTile(tile), Start: on == ""}
	if on != "" {
		m.On = mustTile(on)
	}
	return referee.Action{Seat: seat, Kind: referee.ActPlay, Move: m}
}

func mustTile(s string) referee.Tile {
	t, err := referee.ParseTile(s)
	if err != nil {
		panic(err)
	}
	return t
}

// expectBanner fails unless the table's banner says what the table owes
// and whose turn it is ("" when no one's).
func expectBanner(t *testing.T, what string, r response, owes, turn string) {
	t.Helper()
	expectSays(t, what+": owes", expectTestID(t, what, r, http.StatusOK, "owes", ""), owes)
	if turn != "" {
		expectSays(t, what+": turn", r.testid("turn"), turn)
	}
}

func spinnerOwes(n int) string {
	return say("owes.spinner", referee.Params{"Tile": "9-9", "N": n})
}

func turnOf(name string) string { return say("turn", referee.Params{"Name": name}) }

// expectNoTiles fails unless the table's drawing is empty.
func expectNoTiles(t *testing.T, what string, r response) {
	t.Helper()
	if view := expectTestID(t, what, r, http.StatusOK, "table-view", ""); len(view.tag("svg")) != 0 {
		t.Fatalf("%s: tiles drawn, want an empty table", what)
	}
}

// expectStart fails unless the table asks who sets the double down.
func expectStart(t *testing.T, what string, r response, double string) {
	t.Helper()
	start := expectTestID(t, what, r, http.StatusOK, "start", "")
	if got := start.named("tile").values(); !slices.Equal(got, []string{double}) {
		t.Fatalf("%s: the start form lays %q, want %s", what, got, double)
	}
}

func TestTableLaysTiles(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	r := a.get(table)
	expectBanner(t, "empty table", r, say("owes.start", referee.Params{"Tile": "9-9"}), "")
	expectStart(t, "empty table", r, "9-9")
	expectNoTiles(t, "empty table", r)
	expectBanner(t, "set the spinner", a.lay(table, "1", "9-9", ""), spinnerOwes(4), turnOf("Cy"))
	if sh := a.sheet(g); sh.Rounds[0].Setter != 1 {
		t.Fatalf("setter = %d, want Bob (1) recorded from the table", sh.Rounds[0].Setter)
	}
	r = a.lay(table, "2", "3-9", "9-9")
	expectBanner(t, "first arm", r, spinnerOwes(3), turnOf("Ann"))
	expectTestID(t, "first arm", r, http.StatusOK, "layout-svg", "")

	// A refusal says why, names the rule with a link, and stores nothing.
	before := a.actions(g)
	want := a.refereeRefuses(g, play(0, "3-4", "9-3"), referee.CodeSpinnerFirst)
	expectRefusal(t, "spinner first", a.lay(table, "0", "3-4", "9-3"), http.StatusUnprocessableEntity, referee.CodeSpinnerFirst, worded(want))
	want = a.refereeRefuses(g, play(1, "9-4", "9-9"), referee.CodeNotYourTurn)
	expectRefusal(t, "wrong turn", a.lay(table, "1", "9-4", "9-9"), http.StatusUnprocessableEntity, referee.CodeNotYourTurn, worded(want))
	_, err := referee.Set(9).Parse("10-9")
	want = refusalOf(t, err, referee.CodeBadTile)
	expectRefusal(t, "bad tile", a.lay(table, "0", "10-9", "9-9"), http.StatusUnprocessableEntity, referee.CodeBadTile, worded(want))
	want = a.refereeRefuses(g, play(0, "9-4", "7-7"), referee.CodeUnknownEnd)
	expectRefusal(t, "unknown end", a.lay(table, "0", "9-4", "7-7"), http.StatusUnprocessableEntity, referee.CodeUnknownEnd, worded(want))
	expectRefusal(t, "unreadable end", a.lay(table, "0", "9-4", "seven"), http.StatusUnprocessableEntity, referee.CodeUnknownEnd,
		say("lay-on", referee.Params{"Tile": "9-4", "On": "seven"}))
	want = a.refereeRefuses(g, referee.Action{Seat: 0, Kind: referee.ActPass}, referee.CodeMustDraw)
	expectRefusal(t, "pass without drawing", a.postHTMX(table, form("kind", "pass", "player", "0")), http.StatusUnprocessableEntity, referee.CodeMustDraw, worded(want))
	expectProblemIn(t, "no tile picked", a.postHTMX(table, form("kind", "play", "player", "0", "on", "9-9")), http.StatusBadRequest, say("lay-tile", nil))
	expect(t, "unknown action", a.postHTMX(table, form("kind", "shuffle", "player", "0")), http.StatusBadRequest)
	if got := a.actions(g); got != before {
		t.Fatalf("refused actions stored: %d actions, want %d", got, before)
	}

	// Draw, pass, lay, take back.
	dealt, _ := referee.SuggestHand(9, 3)
	expectSays(t, "draw", expectTestID(t, "draw", a.postHTMX(table, form("kind", "draw", "player", "0")), http.StatusOK, "boneyard", ""), itoa(dealt.Boneyard-1))
	expectSays(t, "pass", expectTestID(t, "pass", a.postHTMX(table, form("kind", "pass", "player", "0")), http.StatusOK, "turn", ""), turnOf("Bob"))
	takeBack := expectTestID(t, "lay", a.lay(table, "1", "9-5", "9-9"), http.StatusOK, "take-back", "")
	if got := takeBack.up("form").named("player").values(); !slices.Equal(got, []string{"1"}) {
		t.Fatalf("lay: take-back offered to seats %q, want Bob's (1)", got)
	}
	expectBanner(t, "take back", a.postHTMX(table, form("kind", "take-back", "player", "1")), spinnerOwes(3), turnOf("Bob"))
	want = a.refereeRefuses(g, referee.Action{Seat: 1, Kind: referee.ActTakeBack}, referee.CodeNoTakeBack)
	expectRefusal(t, "take back twice", a.postHTMX(table, form("kind", "take-back", "player", "1")), http.StatusUnprocessableEntity,
		referee.CodeNoTakeBack, worded(want))

	// Plain forms redirect back to the table.
	r = a.post(table, form("kind", "play", "player", "1", "tile", "9-5", "on", "9-9"))
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
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	table := g + "/rounds/1/table"
	seat := 0
	const layout = "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1"
	for _, m := range strings.Fields(layout) {
		tile, on, _ := strings.Cut(m, "@")
		expect(t, "lay "+m, a.lay(table, itoa(seat), tile, on), http.StatusOK)
		seat = 1 - seat
	}
	r := a.get(table + "?on=1-1")
	expectBanner(t, "chickie owed", r, say("owes.chickie", referee.Params{"Tile": "1-1", "N": 2}), "")
	if end := r.testid("end-1-1"); end.attr("value") != "1-1" || !end.has("checked") {
		t.Fatalf("chickie owed: end 1-1 is %q, checked %v; want it picked", end.attr("value"), end.has("checked"))
	}
	expectTestID(t, "chickie owed", r, http.StatusOK, "svg-end-1-1", "")
	if href := r.testid("svg-end-1-1").attr("href"); href != table+"?on=1-1" {
		t.Errorf("the drawing's open end 1-1 links to %q, want the table with it picked", href)
	}
	expectNoTestID(t, "an end elsewhere while the chickie is owed", r, "end-9-2")
	want := a.refereeRefuses(g, play(seat, "2-6", "9-2"), referee.CodeChickieFirst)
	expectRefusal(t, "chickie first", a.lay(table, itoa(seat), "2-6", "9-2"), http.StatusUnprocessableEntity, referee.CodeChickieFirst, worded(want))

	v := expectTestID(t, "verdict", a.getHTMX(g+"/rounds/1/check?tile=2-6&on=9-2"), http.StatusOK, "verdict",
		say("verdict.question", referee.Params{"Tile": "2-6", "On": "9-2"}))
	expectVerdict(t, "verdict", v, false, referee.CodeChickieFirst)
	v = expectTestID(t, "verdict yes", a.getHTMX(g+"/rounds/1/check?tile=1-6&on=1-1"), http.StatusOK, "verdict", "")
	expectVerdict(t, "verdict yes", v, true, "")
	// Under six arms this layout could not have been laid: that says
	// nothing of the tile asked about, so no variant is mentioned.
	expectVariant(t, "verdict yes", v, say("verdict.same", nil))
	expectTestID(t, "verdict without a tile", a.get(g+"/rounds/1/check?on=1-1"), http.StatusBadRequest, "refusal", say("verdict.pick", nil))
}

func TestTableRoundEnds(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	// Hands of one tile: setting the double is going out.
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "1"))
	g := r.header.Get("Location")
	table := g + "/rounds/1/table"
	r = a.lay(table, "0", "6-6", "")
	expectTestID(t, "domino", r, http.StatusOK, "round-over", say("over.out", referee.Params{"Name": "Ann"}))
	if got := r.testid("enter-scores").attr("href"); got != g+"#round" {
		t.Fatalf("domino: the scores are entered at %q, want %q", got, g+"#round")
	}
	if e := a.sheet(g).Rounds[0].Entries[0]; e == nil || !e.WentOut {
		t.Fatalf("Ann's entry = %+v, want went out filled in", e)
	}
	want := a.refereeRefuses(g, referee.Action{Seat: 1, Kind: referee.ActPass}, referee.CodeRoundOver)
	expectRefusal(t, "after the end", a.postHTMX(table, form("kind", "pass", "player", "1")), http.StatusUnprocessableEntity, referee.CodeRoundOver, worded(want))
	over := a.getHTMX(strings.TrimSuffix(table, "/table") + "/check?tile=6-5&on=6-6")
	expectSays(t, "asked after the end", expectTestID(t, "asked after the end", over, http.StatusOK, "reason", ""),
		"No. "+say("over.out", referee.Params{"Name": "Ann"})+" "+say("verdict.would-fit", nil))
	if got := over.testid("rule").text(); got != ruleHeading(referee.CodeRoundOver) {
		t.Fatalf("asked after the end: rule %q, want %q", got, ruleHeading(referee.CodeRoundOver))
	}
	expectStart(t, "take back the last tile", a.postHTMX(table, form("kind", "take-back", "player", "0")), "6-6")
	if e := a.sheet(g).Rounds[0].Entries[0]; e != nil {
		t.Fatalf("after the take-back Ann's entry = %+v, want none", e)
	}

	// Fourteen each on double-6: no boneyard; two passes block the table.
	r = a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "14"))
	table = r.header.Get("Location") + "/rounds/1/table"
	a.lay(table, "0", "6-6", "")
	expectSays(t, "first pass", expectTestID(t, "first pass", a.postHTMX(table, form("kind", "pass", "player", "1")), http.StatusOK, "turn", ""), turnOf("Ann"))
	expectTestID(t, "blocked", a.postHTMX(table, form("kind", "pass", "player", "0")), http.StatusOK, "round-over", say("over.blocked", nil))
}

func TestTableStuckChickie(t *testing.T) {
	t.Parallel()
	const stuck = "6-6 6-0@6-6 6-1@6-6 6-2@6-6 6-3@6-6 0-3@6-0 1-3@6-1 2-3@6-2 3-4@0-3 3-5@1-3 3-3@6-3"
	for _, rule := range []string{"stays-owed", "released"} {
		t.Run(rule, func(t *testing.T) {
			t.Parallel()
			a := newTestApp(t)
			// Eight each on double-6 leave 12 in the boneyard.
			r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "8", "impossible_chickie", rule))
			expect(t, "create", r, http.StatusSeeOther)
			table := r.header.Get("Location") + "/rounds/1/table"
			var last response
			for i, m := range strings.Fields(stuck) {
				tile, on, _ := strings.Cut(m, "@")
				last = a.lay(table, itoa(i%2), tile, on)
				expect(t, "lay "+m, last, http.StatusOK)
			}
			p := referee.Params{"Tile": "3-3", "Left": 0, "Pips": 3, "N": 3}
			why := say("stuck.chickie", p)
			if rule == "released" {
				expectSays(t, "stuck", expectTestID(t, "stuck", last, http.StatusOK, "impossible", ""), why+say("stuck.released", nil))
				expectBanner(t, "let go", last, say("owes.open", nil), "")
				expect(t, "play on elsewhere", a.lay(table, "1", "5-0", "5-3"), http.StatusOK)
				return
			}
			// It stays owed: nothing can be laid, but the round is not over
			// while the boneyard has tiles; the others draw.
			expectSays(t, "stuck", expectTestID(t, "stuck", last, http.StatusOK, "impossible", ""), why+say("stuck.owed-none", p))
			expectNoTestID(t, "not over with 12 in the boneyard", last, "round-over")
			r = a.postHTMX(table, form("kind", "draw", "player", "1"))
			expectNoTestID(t, "a draw goes on", r, "round-over")
			if got := r.testid("boneyard").text(); !strings.Contains(got, "11") {
				t.Fatalf("after a draw the boneyard says %q, want 11 left", got)
			}
			v := a.getHTMX(strings.TrimSuffix(table, "/table") + "/check?tile=5-0&on=5-3")
			expectTestID(t, "nothing goes elsewhere", v, http.StatusOK, "verdict-no", "")
		})
	}
}

// TestTableLastTilePenalty: where the house rule has a penalty for a
// silent last tile, the table offers it for each player down to one tile,
// and the referee carries it out: a tile drawn, or a missed turn.
func TestTableLastTilePenalty(t *testing.T) {
	t.Parallel()
	for _, rule := range []string{"draw-penalty", "skip-turn"} {
		t.Run(rule, func(t *testing.T) {
			t.Parallel()
			a := newTestApp(t)
			r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob\nCy", "set", "6", "hand_size", "2", "last_tile", rule))
			expect(t, "create", r, http.StatusSeeOther)
			table := r.header.Get("Location") + "/rounds/1/table"
			r = a.lay(table, "0", "6-6", "")
			offer := expectTestID(t, "Ann down to one tile", r, http.StatusOK, "penalty-0", "")
			if !strings.Contains(offer.text(), say("penalty."+rule, nil)) {
				t.Fatalf("the penalty button says %q, want it to say %q", offer.text(), say("penalty."+rule, nil))
			}
			expectNoTestID(t, "Bob holds two", r, "penalty-1")
			r = a.postHTMX(table, form("kind", "penalty", "player", "0"))
			expectNoTestID(t, "caught once", r, "penalty-0")
			if rule == "draw-penalty" {
				if got := r.testid("boneyard").text(); got != "21" {
					t.Fatalf("after Ann's penalty draw the boneyard holds %s, want 21 of 22", got)
				}
				return
			}
			// Bob and Cy play; Ann's turn is passed over, back to Bob.
			expectTestID(t, "Ann's missed turn is shown", r, http.StatusOK, "skips", "")
			a.lay(table, "1", "6-1", "6-6")
			r = a.lay(table, "2", "6-2", "6-6")
			expectSays(t, "Ann misses her turn", expectTestID(t, "turn", r, http.StatusOK, "turn", ""), turnOf("Bob"))
		})
	}
}

// TestTableDrawsForTheStart: draws for a starting double nobody holds go
// as the house rule says: in turn, or none at all under a new deal.
func TestTableDrawsForTheStart(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	r := a.get(table)
	for seat := range 3 {
		expectTestID(t, "anyone may draw first", r, http.StatusOK, "draw-for-start-"+itoa(seat), "")
	}
	r = a.postHTMX(table, form("kind", "draw", "player", "1"))
	expectTestID(t, "Cy draws next", r, http.StatusOK, "draw-for-start-2", "")
	expectNoTestID(t, "not Ann", r, "draw-for-start-0")
	want := a.refereeRefuses(g, referee.Action{Seat: 0, Kind: referee.ActDraw}, referee.CodeNotYourTurn)
	expectRefusal(t, "Ann out of turn", a.postHTMX(table, form("kind", "draw", "player", "0")), http.StatusUnprocessableEntity, referee.CodeNotYourTurn, worded(want))

	r = a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "reshuffle"))
	expect(t, "create", r, http.StatusSeeOther)
	r = a.get(r.header.Get("Location") + "/rounds/1/table")
	expectSays(t, "a new deal", expectTestID(t, "a new deal", r, http.StatusOK, "draw-for-start", ""), say("start-draw.reshuffle", referee.Params{"Tile": "6-6"}))
	expectNoTestID(t, "nothing drawn", r, "draw-for-start-0")
}

// TestTableStalePage: a move made on a page that showed fewer actions
// than the table holds is refused as a conflict, shows the table as it is
// now, and writes nothing; one that counts more actions than there are is
// bad input.
func TestTableStalePage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	table := g + "/rounds/1/table"
	expect(t, "set 6-6", a.postHTMX(table, form("kind", "play", "player", "0", "tile", "6-6", "seq", "0")), http.StatusOK)
	r := a.postHTMX(table, form("kind", "play", "player", "0", "tile", "6-6", "seq", "0"))
	expectProblemIn(t, "a second phone's start", r, http.StatusConflict, worded(app.Conflict("table-changed", referee.Params{"N": 1})))
	expectNoTestID(t, "a conflict is no rule", r, "rule")
	expect(t, "a count from the future", a.postHTMX(table, form("kind", "pass", "player", "1", "seq", "5")), http.StatusBadRequest)
	if n := a.actions(g); n != 1 {
		t.Fatalf("%d actions stored, want the first start only", n)
	}
}

// expectProblemIn fails unless the table shows a refusal saying want.
func expectProblemIn(t *testing.T, what string, r response, code int, want string) {
	t.Helper()
	refusal := expectTestID(t, what, r, code, "refusal", "")
	if got := refusal.testid("reason").text(); !strings.Contains(got, want) {
		t.Fatalf("%s: the refusal says %q, want %q", what, got, want)
	}
}

// TestMoveAnswersWithTheCard: htmx gets the table's card alone after a
// move, compressed when it is large; a plain request the whole page.
func TestMoveAnswersWithTheCard(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("18", "Ann", "Bob")
	table := g + "/rounds/1/table"
	f := url.Values{"kind": {"play"}, "player": {"0"}, "tile": {"18-18"}, "seq": {"0"}}
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+table, strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a move's answer: %d, Content-Encoding %q; want 200 in gzip", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	r := a.postHTMX(table, form("kind", "pass", "player", "1", "seq", "1"))
	if strings.Contains(r.body, "<html") || !strings.Contains(r.body, `id="table"`) {
		t.Fatalf("the htmx answer to a move is not the table's card alone: %.200s", r.body)
	}
}

// TestTurnControlsWithinReach: Draw, Pass and Take back come before the
// keypad of tiles, which on a big set runs long, and say whose they are.
func TestTurnControlsWithinReach(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("18", "Ann", "Bob")
	r := a.lay(g+"/rounds/1/table", "0", "18-18", "")
	draw, lay := strings.Index(r.body, `data-testid="draw"`), strings.Index(r.body, `data-testid="lay"`)
	back := strings.Index(r.body, `data-testid="take-back"`)
	if draw < 0 || lay < 0 || back < 0 || draw > lay || back > lay {
		t.Fatalf("draw at %d, take back at %d, the keypad at %d: want the controls first", draw, back, lay)
	}
	if got := r.testid("pass").text(); !strings.Contains(got, "Bob") {
		t.Fatalf("the pass button says %q, want it to name Bob, whose turn it is", got)
	}
}

// TestMoveAnswerForAHeldKeypad: a page that holds the table's keypad (its
// script names it in X-Keypad) is answered with the keypad's state, not
// its tiles again; the state says what the tiles would: which are laid,
// which fit and how a fitting one is named. A page naming another keypad,
// or none, gets the tiles.
func TestMoveAnswerForAHeldKeypad(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("12", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	expect(t, "set 12-12 down", a.postHTMX(table, form("kind", "play", "player", "0", "tile", "12-12")), http.StatusOK)
	move := func(held string) response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, a.server.URL+table+"?on=12-12", nil)
		req.Header.Set("HX-Request", "true")
		if held != "" {
			req.Header.Set(keptHeader, held)
		}
		r := a.do(req)
		expect(t, "the table, keypad "+held, r, http.StatusOK)
		return r
	}
	full, kept := move(""), move("keypad-1-12")
	if n := strings.Count(full.body, `name="tile"`); n != 91 {
		t.Fatalf("the keypad a page doesn't hold has %d tiles, want the set's 91 (12-12 hidden)", n)
	}
	if strings.Contains(kept.body, `name="tile"`) || len(kept.body) > len(full.body)/2 {
		t.Fatalf("the answer to a page holding its keypad is %d bytes with tiles %v, want no tiles and under half the %d of the full card",
			len(kept.body), strings.Contains(kept.body, `name="tile"`), len(full.body))
	}
	if other := move("keypad-2-12"); strings.Count(other.body, `name="tile"`) != 91 {
		t.Fatal("a page naming another round's keypad was not sent the tiles")
	}
	// The state against the tiles: what fits, and what is laid.
	var fits []string
	for _, m := range regexp.MustCompile(`aria-label="(\d+-\d+), fits"`).FindAllStringSubmatch(full.body, -1) {
		fits = append(fits, m[1])
	}
	state := regexp.MustCompile(`data-keypad-state="keypad-1-12" data-seq="1" data-laid="([^"]*)" data-fits="([^"]*)" data-fits-label="([^"]*)"`)
	for _, r := range []response{full, kept} {
		m := state.FindStringSubmatch(r.body)
		if m == nil {
			t.Fatalf("no keypad state in %.300s", r.body)
		}
		if m[1] != "12-12" || m[2] != strings.Join(fits, " ") || m[3] != "{tile}, fits" {
			t.Errorf("keypad state laid %q, fits %q, label %q; want 12-12, the %d tiles marked as fitting (%s), {tile}, fits",
				m[1], m[2], m[3], len(fits), strings.Join(fits, " "))
		}
	}
	if len(fits) != 12 || !strings.Contains(full.body, `<label hidden><input type="radio" name="tile" value="12-12"`) {
		t.Errorf("%d tiles fit 12-12 (want 12: 12-11 to 12-0), and 12-12 laid is hidden: %v", len(fits),
			strings.Contains(full.body, `<label hidden><input type="radio" name="tile" value="12-12"`))
	}
}

// TestTableLogShowsTheLatest: the card lists a round's latest actions,
// numbered as in the round, and counts them all; past the window it links
// the replay, which has every one.
func TestTableLogShowsTheLatest(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	table := g + "/rounds/1/table"
	a.lay(table, "0", "9-9", "")
	var want []string // every action, worded as the card words it
	want = append(want, say("log.start", referee.Params{"Name": "Ann", "Tile": "9-9"}))
	var r response
	for i := 0; len(want) < logShown+5; i++ {
		seat, name := (i+1)%2, []string{"Ann", "Bob"}[(i+1)%2]
		expect(t, "draw", a.postHTMX(table, form("kind", "draw", "player", itoa(seat))), http.StatusOK)
		r = a.postHTMX(table, form("kind", "pass", "player", itoa(seat)))
		expect(t, "pass", r, http.StatusOK)
		want = append(want, say("log.draw", referee.Params{"Name": name}), say("log.pass", referee.Params{"Name": name}))

		log := r.doc().withClass("log")
		shown := log.tag("li").texts()
		from := max(0, len(want)-logShown)
		if !slices.Equal(shown, want[from:]) {
			t.Fatalf("after %d actions the card lists %q, want the latest %q", len(want), shown, want[from:])
		}
		if got, wantStart := log.tag("ol").attr("start"), itoa(from+1); got != wantStart {
			t.Fatalf("after %d actions the list starts at %s, want %s", len(want), got, wantStart)
		}
		if got, wantSum := log.tag("summary").text(), say("ui.table.log", referee.Params{"N": len(want)}); got != wantSum {
			t.Fatalf("after %d actions the log is titled %q, want %q", len(want), got, wantSum)
		}
		all := log.testid("log-all")
		if (len(all) > 0) != (len(want) > logShown) {
			t.Fatalf("after %d actions the link to every action is there: %v, want %v", len(want), len(all) > 0, len(want) > logShown)
		}
	}
	all := r.testid("log-all")
	if href := all.attr("href"); href != g+"/rounds/1/replay" {
		t.Fatalf("the link to every action goes to %q, want the replay", href)
	}
	if got := a.get(all.attr("href")).testid("replay-step").texts(); len(got) != len(want)+1 || !slices.Equal(got[1:], want) {
		t.Fatalf("the replay lists %q, want the deal and then %q", got, want)
	}
}

// TestTableOpensLower: under the burn rule, where nobody holds the round's
// double, the table is told which lower double opens the round and who
// set it; the sheet records both, and the round plays on from there.
func TestTableOpensLower(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "burn"))
	expect(t, "create", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	table := g + "/rounds/1/table"
	choice := expectTestID(t, "which double", a.get(table), http.StatusOK, "start-double", "")
	if got := choice.tag("option").texts(); len(got) != 7 || got[0] != "6-6" || got[1] != "5-5" {
		t.Fatalf("the start offers %q, want 6-6 and the six lower doubles", got)
	}
	r = a.postHTMX(table, form("kind", "play", "player", "1", "tile", "5-5", "seq", "0"))
	expectBanner(t, "5-5 set", r, say("owes.spinner", referee.Params{"Tile": "5-5", "N": 4}), turnOf("Ann"))
	round := a.sheet(g).Round(1)
	if round.Opened != 5 || round.Setter != 1 {
		t.Fatalf("round 1 opened on %d, set by %d, want 5 by Bob (1)", round.Opened, round.Setter)
	}
	expectBanner(t, "a reload", a.getHTMX(table), say("owes.spinner", referee.Params{"Tile": "5-5", "N": 4}), turnOf("Ann"))
	expect(t, "Ann lays on 5-5", a.postHTMX(table, form("kind", "play", "player", "0", "tile", "5-4", "on", "5-5", "seq", "1")), http.StatusOK)
	if n := a.actions(g); n != 2 {
		t.Fatalf("%d actions stored, want 2", n)
	}
}

// TestTableUsesRecordedSetter: once the score page says who set the
// round's double, the live table shows it set and asks no more; the next
// move stores that start with it, and until then the score page may still
// change the double.
func TestTableUsesRecordedSetter(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob\nCy", "set", "6", "unheld_double", "burn"))
	expect(t, "create", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	table := g + "/rounds/1/table"
	expect(t, "Bob set 6-6", a.post(g+"/rounds/1/opening", form("setter", "1", "double", "6")), http.StatusSeeOther)
	r = a.get(table)
	expectBanner(t, "the recorded start", r, spinnerOwesOn("6-6", 4), turnOf("Cy"))
	expectNoTestID(t, "nobody asked who set it", r, "start")
	expect(t, "the score page moves it to 5-5", a.post(g+"/rounds/1/opening", form("setter", "1", "double", "5", "burn", "1")), http.StatusSeeOther)
	r = a.get(table)
	expectBanner(t, "the start moved", r, spinnerOwesOn("5-5", 4), turnOf("Cy"))
	expect(t, "Cy lays on 5-5", a.postHTMX(table, form("kind", "play", "player", "2", "tile", "5-4", "on", "5-5", "seq", "0")), http.StatusOK)
	tb, err := a.store.Table(context.Background(), strings.TrimPrefix(g, "/g/"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Actions(); len(got) != 2 || got[0] != play(1, "5-5", "") || got[1] != play(2, "5-4", "5-5") {
		t.Fatalf("stored log %v, want Bob's 5-5 then Cy's 5-4", got)
	}
	expectBanner(t, "after the move", a.get(table), spinnerOwesOn("5-5", 3), turnOf("Ann"))
}

func spinnerOwesOn(tile string, n int) string {
	return say("owes.spinner", referee.Params{"Tile": tile, "N": n})
}
