package handlers

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// A refusal with no place on the page leaves the page alone for htmx and
// carries the message for the script to show.
func TestRefusalKeepsThePage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	nothing := worded(app.Conflict("nothing-to-undo", nil))
	expectProblem(t, "nothing to undo", a.postHTMX(g+"/rounds/1/undo", form()), http.StatusConflict, nothing)
	r := a.postHTMX("/g/"+strings.Repeat("x", 26)+"/rounds/1/close", form())
	expectProblem(t, "no such night", r, http.StatusNotFound, say("not-found", nil))
	if r.header.Get("HX-Reswap") != "none" {
		t.Fatalf("HX-Reswap = %q, want none", r.header.Get("HX-Reswap"))
	}
	// The live table has a place for every refusal: next to the buttons.
	r = a.postHTMX(g+"/rounds/1/table", form("kind", "play", "player", "0", "on", "9-9"))
	expectProblemIn(t, "no tile", r, http.StatusBadRequest, say("lay-tile", nil))
}

func TestStaleAndTappedCorrections(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	a.postHTMX(g+"/rounds/1/entries/0", form("pips", "4", "open", "1"))
	a.postHTMX(g+"/rounds/1/entries/1", form("went_out", "1", "open", "1"))
	expect(t, "close", a.post(g+"/rounds/1/close", form()), http.StatusSeeOther)
	// A phone still showing round 1 as open gets told it closed.
	closed := worded(app.Conflict("round-closed", referee.Params{"N": 1}))
	expectProblem(t, "stale entry", a.postHTMX(g+"/rounds/1/entries/0", form("pips", "9", "open", "1")), http.StatusConflict, closed)
	// Correcting by tapping tiles asks who corrects, and then goes through.
	who := expectTestID(t, "tiles page asks who", a.get(g+"/rounds/1/entries/0/tiles"), http.StatusOK, "by", "").tag("option").values()
	if !slices.Equal(who, []string{"", "Ann", "Bob"}) {
		t.Fatalf("tiles page: who corrects is one of %q, want a choice of the players", who)
	}
	expect(t, "tapped correction", a.post(g+"/rounds/1/entries/0", form("tapped", "1", "tile", "5-3", "by", "Bob")), http.StatusSeeOther)
	if e := a.sheet(g).Rounds[0].Entries[0]; e.Score != 8 || !e.Tapped() {
		t.Fatalf("Ann's corrected entry = %+v, want the tapped 5-3", e)
	}
}

func TestTableEffectsFollowTheRules(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	// One tile each: setting 6-6 goes out on a double; no charge without the rule.
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "1"))
	g := r.header.Get("Location")
	a.lay(g+"/rounds/1/table", "0", "6-6", "")
	if e := a.sheet(g).Rounds[0].Entries[0]; e == nil || !e.WentOut || e.OutOnDouble {
		t.Fatalf("Ann's entry = %+v, want went out, not charged for the double", e)
	}
	// Bob's score is typed, then Ann's last tile is taken back: undo then
	// takes back Bob's entry, not the table's.
	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "12", "open", "1"))
	expect(t, "take back", a.postHTMX(g+"/rounds/1/table", form("kind", "take-back", "player", "0")), http.StatusOK)
	expect(t, "undo", a.postHTMX(g+"/rounds/1/undo", form()), http.StatusOK)
	if e := a.sheet(g).Rounds[0].Entries; e[0] != nil || e[1] != nil {
		t.Fatalf("entries after take-back and undo = %v %v, want none", e[0], e[1])
	}

	r = a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "hand_size", "14", "blocked_round", "lowest-zero"))
	table := r.header.Get("Location") + "/rounds/1/table"
	a.lay(table, "0", "6-6", "")
	a.postHTMX(table, form("kind", "pass", "player", "1"))
	expectTestID(t, "blocked, lowest scores 0", a.postHTMX(table, form("kind", "pass", "player", "0")), http.StatusOK, "round-over", say("over.blocked-lowest", nil))
}

func TestCheckDoubleOutsideTheSet(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	badStart := say("layout-bad-start", referee.Params{"D": 9, "Set": referee.Set(6).String()})
	expectProblem(t, "9-9 in double-6", a.get("/check?layout=9-9&tile=9-3&on=9-9&set=6&arms=4"), http.StatusUnprocessableEntity,
		say("check.impossible", referee.Params{"Reason": badStart}))
}
