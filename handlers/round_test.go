package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

func TestCloseCorrectUndo(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	r1 := g + "/rounds/1"
	early := refusalOf(t, a.sheet(g).CloseProblem(1), referee.CodeMissingEntries)
	r := a.post(r1+"/close", form())
	card := expectTestID(t, "close too early", r, http.StatusUnprocessableEntity, "round", "")
	expectSays(t, "close too early", card.testid("problem"), worded(early))
	expectSays(t, "why it can't close", card.testid("close-why"), worded(early))
	if !card.testid("close").has("disabled") {
		t.Fatal("close too early: the close button is enabled")
	}
	a.postHTMX(r1+"/entries/0", form("pips", "10"))
	a.postHTMX(r1+"/entries/1", form("pips", "20"))
	a.postHTMX(r1+"/entries/1", form("pips", "25"))
	r = a.postHTMX(r1+"/undo", form())
	expectSays(t, "undo", expectTestID(t, "undo", r, http.StatusOK, "notice", ""), say("undone", referee.Params{"What": "Bob's 25"}))
	expectSays(t, "Bob's entry after undo", r.byID("entry-1").testid("entry-summary"), "20")
	if e := a.sheet(g).Rounds[0].Entries[1]; e.Score != 20 {
		t.Fatalf("after undo Bob has %d, want 20", e.Score)
	}
	r = a.postHTMX(r1+"/opening", form("setter", "1", "double", "6"))
	expectSays(t, "who set it", expectTestID(t, "who set it", r, http.StatusOK, "setter", ""), "Bob")
	r = a.postHTMX(r1+"/close", form())
	expectSays(t, "close", expectTestID(t, "close", r, http.StatusOK, "flash", ""), say("round-won", referee.Params{"N": 1, "Names": []string{"Ann"}}))
	expectSays(t, "next round's double", r.testid("round-double"), "5-5")
	if got := r.testid("open-table").attr("href"); got != g+"/rounds/2/table" {
		t.Fatalf("after closing, the round card's table is %q, want round 2's", got)
	}
	sh := a.sheet(g)
	if len(sh.Rounds) != 2 || !sh.Rounds[0].Closed || sh.Rounds[1].Planned != 5 || sh.Rounds[0].Setter != 1 {
		t.Fatalf("after closing: %+v", sh.Rounds)
	}
	_, err := sh.Close(1)
	closed := refusalOf(t, err, app.CodeConflict)
	expectProblem(t, "close again", a.post(r1+"/close", form()), http.StatusConflict, worded(closed))
	expect(t, "undo on a closed round", a.post(r1+"/undo", form()), http.StatusConflict)

	// A correction must say who makes it, and is kept in the history.
	for _, by := range []string{"", "Zed"} {
		want := refusalOf(t, sh.CheckAuthor(1, by), app.CodeInvalid)
		r = a.post(r1+"/entries/1", form("pips", "22", "by", by))
		expect(t, "correction by "+by, r, http.StatusBadRequest)
		expectSays(t, "correction by "+by, r.byID("entry-1").testid("problem"), worded(want))
	}
	r = a.post(r1+"/entries/1", form("pips", "22", "by", "Ann"))
	expect(t, "correction", r, http.StatusSeeOther)
	r = a.get(r1)
	changes := expectTestID(t, "round page", r, http.StatusOK, "change", "")
	latest := changes[:1]
	if got := strings.Fields(latest.testid("change-who").text()); len(got) == 0 || got[len(got)-1] != "Ann" {
		t.Fatalf("round page: the latest change is by %q, want Ann", got)
	}
	correction := say("history-change", referee.Params{"Name": "Bob", "Old": "20", "New": "22", "Kind": string(referee.KindCorrection)})
	if got := latest.text(); !strings.HasSuffix(got, correction) {
		t.Fatalf("round page: the latest change says %q, want %q", got, correction)
	}
	if who := r.byID("entry-1").named("by").tag("option").values(); !slices.Contains(who, "Ann") || !slices.Contains(who, "Bob") {
		t.Fatalf("round page: a correction may be made by %q, want the players", who)
	}
	r = a.get(g + "/sheet")
	expect(t, "sheet follows", r, http.StatusOK)
	if got := r.testid("sheet-round-1").tag("td").texts(); !slices.Equal(got, []string{"10", "22"}) {
		t.Fatalf("sheet's round 1 = %q, want the corrected 10 and 22", got)
	}
}

func TestOpening(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	sh := a.sheet(g)
	setter := refusalOf(t, sh.CheckOpening(1, 6, 7), app.CodeInvalid)
	expectProblem(t, "bad setter", a.post(g+"/rounds/1/opening", form("setter", "7", "double", "6")), http.StatusBadRequest, worded(setter))
	noSkip := refusalOf(t, sh.CheckOpening(1, 4, 0), referee.CodeNoSkip)
	expectProblem(t, "no burn under the draw rule", a.post(g+"/rounds/1/opening", form("setter", "0", "double", "4", "burn", "1")),
		http.StatusUnprocessableEntity, worded(noSkip))
	expectSays(t, "draw help", expectTestID(t, "draw help", a.get(g), http.StatusOK, "unheld-help", ""),
		say("unheld.draw", referee.Params{"Tile": "6-6"}))

	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "burn"))
	burn := r.header.Get("Location")
	r = a.get(burn)
	expectTestID(t, "burn offered", r, http.StatusOK, "burn", "")
	if lower := r.byID("burn-double").tag("option"); len(lower) == 0 || lower[:1].attr("value") != "5" || lower[:1].text() != "5-5" || lower[:1].has("selected") {
		t.Fatalf("burn offered: first lower double %q %q, want 5-5 offered, not picked", lower[:1].attr("value"), lower[:1].text())
	}
	expect(t, "the planned double is always fine", a.post(burn+"/rounds/1/opening", form("setter", "0", "double", "6", "burn", "1")), http.StatusSeeOther)
	expect(t, "a higher double is refused", a.post(burn+"/rounds/1/opening", form("setter", "0", "double", "7", "burn", "1")), http.StatusBadRequest)
	r = a.postHTMX(burn+"/rounds/1/opening", form("setter", "1", "double", "5", "burn", "1"))
	expectTestID(t, "burn", r, http.StatusOK, "burned", "6-6")
	expectSays(t, "burn", r.testid("round-double"), "5-5")
	a.postHTMX(burn+"/rounds/1/entries/0", form("went_out", "1"))
	a.postHTMX(burn+"/rounds/1/entries/1", form("pips", "7"))
	a.post(burn+"/rounds/1/close", form())
	if sh := a.sheet(burn); sh.Rounds[0].Double() != 5 || sh.Rounds[1].Planned != 4 {
		t.Fatalf("after a burned 6-6: round 1 on %d, round 2 planned %d; want 5 and 4", sh.Rounds[0].Double(), sh.Rounds[1].Planned)
	}
}

func TestWentOutOnADouble(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "double_out", "50"))
	g := r.header.Get("Location")
	r = a.get(g)
	expect(t, "button offered", r, http.StatusOK)
	if len(r.byID("entry-0").testid("went-out-double")) != 1 {
		t.Fatal("button offered: Ann's row has no button to go out on a double")
	}
	r = a.postHTMX(g+"/rounds/1/entries/0", form("went_out", "double"))
	expect(t, "out on a double", r, http.StatusOK)
	expectSays(t, "out on a double", r.byID("entry-0").testid("entry-summary"), say("went-out-double", nil))
	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "9"))
	a.post(g+"/rounds/1/close", form())
	if res := a.sheet(g).Results(); len(res) != 1 || res[0].Scores[0] != 50 || res[0].Scores[1] != 9 {
		t.Fatalf("results = %+v, want Ann charged 50 for going out on a double", res)
	}
	expectNoTestID(t, "without the house rule", a.get(a.createGame("6", "Cy", "Di")), "went-out-double")
}

func TestFinalStandings(t *testing.T) {
	t.Parallel()
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
	final := expectTestID(t, "final", page, http.StatusOK, "final", "")
	expectSays(t, "final", final.testid("final-reason"), a.sheet(g).Standings().Reason())
	places := final.testid("place")
	if len(places) != 2 || !places[:1].class("winner") || !places[1:].class("winner") {
		t.Fatalf("final: places %q, want Ann and Bob sharing first place", places.texts())
	}
	expectNoTestID(t, "a finished game", page, "round")
	expectSays(t, "home shows finished", expectTestID(t, "home", a.get("/"), http.StatusOK, "game-status", ""), say("finished", nil))
	expect(t, "no third round", a.post(g+"/rounds/3/close", form()), http.StatusNotFound)
}

// TestRoundCountAndNextStart: the round card counts the rounds as they
// stand after skipped or returned doubles, and says how the next round
// starts under the rules in play.
func TestRoundCountAndNextStart(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	newGame := func(rule ...string) string {
		t.Helper()
		r := a.post("/games", form(append([]string{"date", "2026-11-28", "players", "Ann\nBob", "set", "6"}, rule...)...))
		expect(t, "create", r, http.StatusSeeOther)
		return r.header.Get("Location")
	}
	tests := []struct {
		name              string
		rule              []string
		opening           url.Values
		of, skipped, next string
	}{
		{"burned", []string{"unheld_double", "burn"}, form("setter", "0", "double", "4", "burn", "1"), "5",
			say("skipped", referee.Params{"Names": []string{"6-6", "5-5"}, "N": 2, "Rounds": 5}),
			say("next.holder", referee.Params{"Tile": "3-3"})},
		{"returned", []string{"unheld_double", "lower-return"}, form("setter", "0", "double", "5", "burn", "1"), "7", "",
			say("next.holder", referee.Params{"Tile": "6-6"})},
		{"down and back up", []string{"ladder", "down-up"}, nil, "13", "", say("next.holder", referee.Params{"Tile": "5-5"})},
		{"first player moves on", []string{"first_player", "rotate"}, nil, "7", "",
			say("next.rotate", referee.Params{"Name": "Bob", "Tile": "5-5"})},
	}
	for _, tt := range tests {
		g := newGame(tt.rule...)
		if tt.opening != nil {
			expect(t, tt.name+": opening", a.post(g+"/rounds/1/opening", tt.opening), http.StatusSeeOther)
		}
		r := a.get(g)
		if of := strings.Fields(r.testid("round-of").text()); len(of) == 0 || of[len(of)-1] != tt.of {
			t.Errorf("%s: round 1 of %q, want of %s", tt.name, of, tt.of)
		}
		if got := r.testid("skipped").text(); got != tt.skipped {
			t.Errorf("%s: skipped says %q, want %q", tt.name, got, tt.skipped)
		}
		expectSays(t, tt.name, expectTestID(t, tt.name, r, http.StatusOK, "next-start", ""), tt.next)
	}
	r := a.get(newGame("first_player", "rotate"))
	expectSays(t, "who starts", expectTestID(t, "who starts", r, http.StatusOK, "starts", ""),
		say("starts.rotate", referee.Params{"Name": "Ann", "Tile": "6-6"}))
	expectNoTestID(t, "nobody sets it", r, "opening")
}
