package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// expectStep fails unless the replay shows step of the steps, with the
// action that led to it.
func expectStep(t *testing.T, what string, r response, step, steps int, action string) {
	t.Helper()
	if got := expectTestID(t, what, r, http.StatusOK, "step", "").text(); !strings.HasSuffix(got, action) {
		t.Fatalf("%s: step says %q, want %q", what, got, action)
	}
	list := r.testid("replay-step")
	if len(list) != steps+1 {
		t.Fatalf("%s: %d steps listed, want %d and the deal", what, len(list), steps)
	}
	for i := range list {
		if current := list[i : i+1].class("current"); current != (i == step) {
			t.Fatalf("%s: step %d marked current %v, want step %d current", what, i, current, step)
		}
	}
}

func TestReplayAndRules(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	table := g + "/rounds/1/table"
	a.lay(table, "0", "9-9", "")
	a.lay(table, "1", "9-3", "9-9")
	a.postHTMX(table, form("kind", "draw", "player", "0"))
	replay := g + "/rounds/1/replay"
	r := a.get(replay)
	expectStep(t, "last step", r, 3, 3, say("log.draw", referee.Params{"Name": "Ann"}))
	if got := r.testid("prev").attr("href"); got != replay+"?step=2" {
		t.Fatalf("last step: back goes to %q, want step 2", got)
	}
	r = a.get(replay + "?step=1")
	expectStep(t, "step 1", r, 1, 3, say("log.start", referee.Params{"Name": "Ann", "Tile": "9-9"}))
	expectBanner(t, "step 1", r, spinnerOwes(4), "")
	if got := r.testid("next").attr("href"); got != replay+"?step=2" {
		t.Fatalf("step 1: forward goes to %q, want step 2", got)
	}
	r = a.get(replay + "?step=0")
	expectStep(t, "step 0", r, 0, 3, say("the-deal", nil))
	expectNoTiles(t, "step 0", r)
	expectProblem(t, "step out of range", a.get(replay+"?step=9"), http.StatusBadRequest, say("step", referee.Params{"N": 3}))

	r = a.get("/rules")
	expect(t, "rules", r, http.StatusOK)
	for _, id := range []string{"spinner", "chickies", "matching", "drawing", "starting-double"} {
		if len(r.byID(id)) != 1 {
			t.Errorf("rules: no section #%s", id)
		}
	}
	if chosen := r.doc().withClass("chosen"); len(chosen) != 0 {
		t.Errorf("the rules of no game mark %d choices as this game's", len(chosen))
	}
	r = a.get(g + "/rules")
	expect(t, "game rules", r, http.StatusOK)
	for id, chosen := range map[string]bool{"option-spinner_arms-4": true, "option-draw-one-may-play": true, "option-spinner_arms-6": false} {
		if got := expectTestID(t, "game rules", r, http.StatusOK, id, "").class("chosen"); got != chosen {
			t.Errorf("game rules: %s chosen = %v, want %v", id, got, chosen)
		}
	}
}

// TestReplayNames: stepping back and leaving the replay have names of
// their own.
func TestReplayNames(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	a.lay(g+"/rounds/1/table", "0", "6-6", "")
	r := a.get(g + "/rounds/1/replay?step=1")
	prev := expectTestID(t, "previous step", r, http.StatusOK, "prev", "").text()
	leave := expectTestID(t, "leave", r, http.StatusOK, "leave-replay", "").text()
	if prev == leave {
		t.Fatalf("the previous step and leaving the replay are both called %q", prev)
	}
}
