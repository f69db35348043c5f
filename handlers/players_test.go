package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// TestJoinAndLeave: Dee joins after round 1 and Bob leaves during round
// 2, through the game page's forms. Each shows at once on the page, the
// rounds a player misses have no card and count by the rule picked, and
// what can't be done is refused with a sentence, the name typed kept.
func TestJoinAndLeave(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	page := a.get(game)
	expectTestID(t, "a new night", page, http.StatusOK, "join-button", "Plays from round 1")
	expectTestID(t, "a new night", page, http.StatusOK, "leave-button", "Leaves before round 1")

	a.post(game+"/rounds/1/entries/0", form("went_out", "1"))
	a.post(game+"/rounds/1/entries/1", form("pips", "10"))
	a.post(game+"/rounds/1/entries/2", form("pips", "4"))
	expect(t, "close round 1", a.post(game+"/rounds/1/close", nil), http.StatusSeeOther)

	// Refusals keep the page and what was typed.
	r := a.post(game+"/players", form("name", "cy", "missed", "highest"))
	expectTestID(t, "a second Cy", r, http.StatusBadRequest, "problem", "Cy already has a seat in this game")
	if v := r.testid("join").byID("join-name").attr("value"); v != "cy" {
		t.Errorf("the name typed comes back as %q, want %q", v, "cy")
	}
	expectTestID(t, "no name", a.post(game+"/players", form("name", "  ")), http.StatusBadRequest, "problem", "Write the new player's name")
	expectTestID(t, "an unknown rule", a.post(game+"/players", form("name", "Dee", "missed", "twice")), http.StatusBadRequest,
		"problem", `"twice" is not a way to count a missed round`)

	r = a.post(game+"/players", form("name", "Dee", "missed", "highest"))
	expect(t, "Dee joins", r, http.StatusSeeOther)
	page = a.get(r.header.Get("Location"))
	four, _ := referee.SuggestHand(9, 4)
	expectTestID(t, "after Dee joined", page, http.StatusOK, "flash", "Dee plays from round 2, and from then on everyone is dealt "+itoa(four.Tiles)+" tiles")
	expectTestID(t, "after Dee joined", page, http.StatusOK, "stays", "Dee joined for round 2; missed rounds count as the highest score")
	expectTestID(t, "after Dee joined", page, http.StatusOK, "entry-3", "Dee")
	// Round 1, which Dee missed, counts its highest score for her: 10.
	cell := expectTestID(t, "after Dee joined", page, http.StatusOK, "sheet-round-1", "").withClass("missed")
	if cell.text() != "10" || cell.attr("aria-label") != "Dee missed round 1: 10, the highest score of those who played it." {
		t.Errorf("Dee's round-1 cell: %q labelled %q", cell.text(), cell.attr("aria-label"))
	}

	// Round 2 begins; Bob leaves after it, his later rounds at the average.
	a.post(game+"/rounds/2/entries/0", form("pips", "6"))
	page = a.get(game)
	expectTestID(t, "round 2 begun", page, http.StatusOK, "leave-button", "Leaves after round 2")
	expectTestID(t, "round 2 begun", page, http.StatusOK, "join-button", "Plays from round 3")
	expect(t, "Bob leaves", a.post(game+"/players/leave", form("confirm", "1", "player", "1", "missed", "average")), http.StatusSeeOther)
	page = a.get(game)
	expectTestID(t, "after Bob left", page, http.StatusOK, "flash", "Bob left after round 2.")
	expectTestID(t, "after Bob left", page, http.StatusOK, "stays", "Bob left after round 2; missed rounds count as the average score")
	expectTestID(t, "Bob plays round 2 still", page, http.StatusOK, "entry-1", "Bob")
	expect(t, "Bob leaves twice", a.post(game+"/players/leave", form("confirm", "1", "player", "1")), http.StatusConflict, "Bob has already left this game")
	expectTestID(t, "nobody picked", a.post(game+"/players/leave", form("confirm", "1", "player", "")), http.StatusBadRequest, "problem", "Pick who is leaving")

	a.post(game+"/rounds/2/entries/1", form("went_out", "1"))
	a.post(game+"/rounds/2/entries/2", form("pips", "9"))
	a.post(game+"/rounds/2/entries/3", form("pips", "3"))
	expect(t, "close round 2", a.post(game+"/rounds/2/close", nil), http.StatusSeeOther)

	// Round 3 is Ann, Cy and Dee's: no card for Bob, no score from him,
	// and at the table Cy sits in seat 1.
	page = a.get(game)
	expectNoTestID(t, "round 3", page, "entry-1")
	expect(t, "a score for Bob in round 3", a.postHTMX(game+"/rounds/3/entries/1", form("pips", "5")), http.StatusUnprocessableEntity,
		"Bob was not at the table for round 3")
	expect(t, "Dee sets 7-7 down at table seat 2", a.postHTMX(game+"/rounds/3/table", form("player", "3", "kind", "play", "tile", "7-7")), http.StatusOK)
	if sh := a.sheet(game); sh.Rounds[2].Setter != 3 {
		t.Errorf("round 3's setter on the sheet: seat %d, want Dee's 3", sh.Rounds[2].Setter)
	}
	table := a.get(game + "/rounds/3/table")
	expectTestID(t, "round 3's table", table, http.StatusOK, "turn", "Ann's turn")
	expectTestID(t, "round 3's table", table, http.StatusOK, "counts", "Cy")
	if counts := table.testid("counts").text(); strings.Contains(counts, "Bob") || !strings.Contains(counts, "Dee") {
		t.Errorf("round 3's table counts %q, want Ann, Cy and Dee's hands, not Bob's", counts)
	}

	// Two players at least stay.
	expect(t, "Cy leaves", a.post(game+"/players/leave", form("confirm", "1", "player", "2", "missed", "zero")), http.StatusSeeOther)
	expectTestID(t, "Ann leaves with Dee alone after", a.post(game+"/players/leave", form("confirm", "1", "player", "0")), http.StatusUnprocessableEntity,
		"problem", "If Ann leaves, fewer than two players are left")
}

// TestJoinBeforePlaying: someone added by mistake, who hasn't played a
// round yet, is taken off the table again without a trace; a view-only
// link sees who joined but can't change it.
func TestJoinBeforePlaying(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob")
	r := a.post(game+"/players", form("name", "Cy"))
	expect(t, "Cy joins", r, http.StatusSeeOther)
	if sh := a.sheet(game); len(sh.Players) != 3 || !sh.Plays(2, 1) {
		t.Fatalf("after Cy joined before round 1: %v", sh.Players)
	}
	r = a.post(game+"/players/leave", form("confirm", "1", "player", "2"))
	expect(t, "Cy leaves before playing", r, http.StatusSeeOther)
	loc, _ := url.Parse(r.header.Get("Location"))
	expectTestID(t, "after Cy left", a.get(loc.RequestURI()), http.StatusOK, "flash", "Cy is off the table, having played no round.")
	if sh := a.sheet(game); len(sh.Players) != 2 {
		t.Fatalf("after Cy left unplayed: %v, want Ann and Bob", sh.Players)
	}
	// A set that can't deal one more hand says so: double-6 has 28 tiles.
	for _, name := range []string{"Cy", "Dee"} {
		expect(t, name+" joins", a.post(game+"/players", form("name", name)), http.StatusSeeOther)
	}
	expectTestID(t, "a fifth player on double-6", a.post(game+"/players", form("name", "Eve")), http.StatusUnprocessableEntity,
		"problem", "With Eve there would be 5 players, more than a double-6 set can deal a hand to")

	view := a.sheet(game).Game.ViewSlug
	page := a.get("/g/" + view)
	expectNoTestID(t, "the view-only page", page, "join-leave")
	expect(t, "a join through the view-only link", a.post("/g/"+view+"/players", form("name", "Eve")), http.StatusForbidden)
	if got := len(a.sheet(game).Players); got != 4 {
		t.Errorf("players after the view-only link tried: %d, want 4", got)
	}
}
