package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// expectBetween fails unless, in the page as sent, the element marked
// data-testid=testid comes after the one marked after and before the one
// marked before: next to the buttons tapped, not at the top of the card.
func expectBetween(t *testing.T, what string, r response, testid, after, before string) {
	t.Helper()
	at := func(id string) int { return strings.Index(r.body, `data-testid="`+id+`"`) }
	if i := at(testid); i < 0 || i < at(after) || at(after) < 0 || at(before) < 0 || i > at(before) {
		t.Errorf("%s: %s at %d, want it between %s (%d) and %s (%d)", what, testid, i, after, at(after), before, at(before))
	}
}

// expectFocusTaker fails unless the elements take the focus as they
// arrive: focusable by script, and autofocus.
func expectFocusTaker(t *testing.T, what string, es elems) {
	t.Helper()
	if es.attr("tabindex") != "-1" || !es.has("autofocus") {
		t.Errorf("%s: tabindex %q, autofocus %v; want -1 and autofocus", what, es.attr("tabindex"), es.has("autofocus"))
	}
}

// TestTableAnswersNextToTheButton: a refused tap on the live table is
// answered next to the buttons of the form tapped, and takes the focus; a
// form that can't be read (no tile picked) is answered there too, and a
// form no longer shown has its answer at the top of the card.
func TestTableAnswersNextToTheButton(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"

	r := a.postHTMX(table, form("kind", "play", "player", "0", "tile", "8-8", "seq", "0"))
	expectTestID(t, "the wrong double", r, http.StatusUnprocessableEntity, "refusal", "")
	expectBetween(t, "the wrong double", r, "refusal", "start", "draw-for-start")
	expectFocusTaker(t, "the wrong double", r.testid("refusal"))

	expect(t, "set 9-9", a.lay(table, "0", "9-9", ""), http.StatusOK)
	r = a.postHTMX(table, form("kind", "play", "player", "1", "tile", "6-5", "on", "9-9", "seq", "1"))
	expectTestID(t, "6-5 on 9-9", r, http.StatusUnprocessableEntity, "refusal", "6-5")
	expectBetween(t, "6-5 on 9-9", r, "refusal", "lay", "lay-tile")
	expectFocusTaker(t, "6-5 on 9-9", r.testid("refusal"))

	r = a.postHTMX(table, form("kind", "play", "player", "1", "on", "9-9", "seq", "1"))
	expectProblemIn(t, "no tile picked", r, http.StatusBadRequest, say("lay-tile", nil))
	expectBetween(t, "no tile picked", r, "refusal", "lay", "lay-tile")

	r = a.postHTMX(table, form("kind", "pass", "player", "1", "seq", "0"))
	expectProblemIn(t, "a pass on a stale page", r, http.StatusConflict, "")
	expectBetween(t, "a pass on a stale page", r, "refusal", "table-view", "draw")
	expectFocusTaker(t, "a pass on a stale page", r.testid("refusal"))

	r = a.postHTMX(table, form("kind", "take-back", "player", "0", "seq", "0"))
	expectBetween(t, "a stale take-back", r, "refusal", "table-view", "take-back")

	// A penalty nobody can be given: no penalty buttons, so the answer is
	// at the top.
	r = a.postHTMX(table, form("kind", "penalty", "player", "0", "seq", "1"))
	expectTestID(t, "a penalty not offered", r, http.StatusUnprocessableEntity, "refusal", "")
	expectBetween(t, "a penalty not offered", r, "refusal", "banner", "table-view")

	// A problem of the table itself, not an answer, does not take the focus.
	if got := a.get(table).testid("refusal"); len(got) != 0 {
		t.Errorf("the table's own page shows a refusal: %q", got.texts())
	}
}

// TestTheOnlyPlaceIsPicked: where a tile has one place only, it is picked
// for the player: the only open end on the live table's form, the only
// place a tile asked about fits on the table and on the check page.
func TestTheOnlyPlaceIsPicked(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	expect(t, "set 9-9", a.lay(table, "0", "9-9", ""), http.StatusOK)
	r := a.get(table)
	if end := r.testid("end-9-9"); !end.has("checked") || end.attr("data-pips") != "9" {
		t.Errorf("the only open end 9-9: checked %v, data-pips %q; want it picked, needing a 9", end.has("checked"), end.attr("data-pips"))
	}
	for i, tile := range []string{"9-1", "9-2", "9-3", "9-4"} {
		expect(t, "lay "+tile, a.lay(table, itoa((i+1)%3), tile, "9-9"), http.StatusOK)
	}
	if end := a.get(table).testid("end-9-1"); end.has("checked") {
		t.Errorf("with four open ends 9-1 is picked, want none")
	}

	// 5-1 fits 9-1 only: asked without a place, that is the place.
	v := expectTestID(t, "5-1 asked without a place", a.getHTMX(g+"/rounds/1/check?tile=5-1"), http.StatusOK, "verdict",
		say("verdict.question", referee.Params{"Tile": "5-1", "On": "9-1"}))
	expectVerdict(t, "5-1 asked without a place", v, true, "")
	expectFocusTaker(t, "the table's verdict", v)
	// 8-7 fits nowhere, 2-1 in two places: still the question to pick.
	expectTestID(t, "8-7 asked without a place", a.getHTMX(g+"/rounds/1/check?tile=8-7"), http.StatusBadRequest, "refusal", say("verdict.pick", nil))
	expectTestID(t, "2-1 asked without a place", a.getHTMX(g+"/rounds/1/check?tile=2-1"), http.StatusBadRequest, "refusal", say("verdict.pick", nil))

	q := url.Values{"layout": {"9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"}, "tile": {"5-1"}, "set": {"9"}, "arms": {"4"}}
	r = a.get("/check?" + q.Encode())
	v = expectTestID(t, "the check page, 5-1 without a place", r, http.StatusOK, "verdict",
		say("verdict.question", referee.Params{"Tile": "5-1", "On": "9-1"}))
	expectFocusTaker(t, "the check page's verdict", v)
	if on := r.byID("on").attr("value"); on != "9-1" {
		t.Errorf("the check page's place box says %q, want the only place, 9-1", on)
	}
}
