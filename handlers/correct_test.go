package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// TestCorrectionShowsAtOnce: a correction answers with its row, a line
// confirming it, and the round's history with the change on top; without
// JavaScript the round's page comes back with the same line.
func TestCorrectionShowsAtOnce(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	r1 := g + "/rounds/1"
	a.post(r1+"/entries/0", form("pips", "10", "open", "1"))
	a.post(r1+"/entries/1", form("went_out", "1", "open", "1"))
	a.post(r1+"/close", form())

	want := say("corrected", referee.Params{"Name": "Bob", "Score": 19, "By": "Ann"})
	r := a.postHTMX(r1+"/entries/1", form("pips", "19", "by", "Ann"))
	expectSays(t, "correction", expectTestID(t, "correction", r, http.StatusOK, "corrected", ""), want)
	history := r.byID("history")
	if len(history) != 1 || history.attr("hx-swap-oob") != "true" {
		t.Fatalf("correction: %d histories, hx-swap-oob %q; want one, out of band", len(history), history.attr("hx-swap-oob"))
	}
	if lines := history.testid("change").texts(); len(lines) != 3 || !strings.HasSuffix(lines[0], " · Ann Bob: went out · 0 → 19 (correction)") {
		t.Fatalf("correction: history %q, want the correction on top of 3 lines", lines)
	}

	r = a.post(r1+"/entries/0", form("pips", "11", "by", "Bob"))
	expect(t, "correction without JavaScript", r, http.StatusSeeOther)
	if got, wantURL := r.header.Get("Location"), r1+"?corrected=0#entry-0"; got != wantURL {
		t.Fatalf("correction without JavaScript goes to %q, want %q", got, wantURL)
	}
	page := a.get(r1 + "?corrected=0")
	expectSays(t, "round page after a correction", page.byID("entry-0").testid("corrected"),
		say("corrected", referee.Params{"Name": "Ann", "Score": 11, "By": "Bob"}))
	if n := len(page.testid("corrected")); n != 1 {
		t.Fatalf("round page after a correction: %d confirmations, want only Ann's", n)
	}
}
