package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestKeptChangesSentTwice: changes kept on a phone carry their forms'
// one-time ids, so one sent twice (the answer lost on the way back) is
// written once: three entries and the close made after them, each sent
// twice, make three changes and one close; the close, based on the
// round as the page showed it, is not stale for the entries the page
// itself sent before it.
func TestKeptChangesSentTwice(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	for seat, pips := range []string{"12", "7", "30"} {
		f := form("pips", pips, "version", "0", "open", "1", "form", "kept-"+itoa(seat))
		for try := range 2 {
			expect(t, "entry "+itoa(seat)+" try "+itoa(try), a.postHTMX(game+"/rounds/1/entries/"+itoa(seat), f), http.StatusOK)
		}
		if got := len(a.sheet(game).History); got != seat+1 {
			t.Fatalf("after entry %d sent twice: %d changes stored, want %d", seat, got, seat+1)
		}
	}
	versions := a.sheet(game).RoundVersion(1)
	close := form("version", "0", "form", "kept-close", "after", "kept-0 kept-1 kept-2")
	for try := range 2 {
		r := a.postHTMX(game+"/rounds/1/close", close)
		expect(t, "close try "+itoa(try), r, http.StatusOK)
		if !strings.Contains(r.body, "Round 2") {
			t.Errorf("close try %d shows no round 2:\n%s", try, r.body)
		}
	}
	sh := a.sheet(game)
	if len(sh.History) != 3 || len(sh.Rounds) != 2 || !sh.Round(1).Closed || sh.Round(2).Closed || sh.RoundVersion(1) != versions {
		t.Errorf("stored: %d changes, %d rounds, round 1 closed %v, round 2 closed %v; want 3 changes, 2 rounds, only round 1 closed",
			len(sh.History), len(sh.Rounds), sh.Round(1).Closed, sh.Round(2).Closed)
	}
}

// TestKeptCloseAfterAnotherPhone: a kept close names the entries its page
// sent before it; a score another phone saved meanwhile is not one of
// them, so the close is refused as stale (409) and the round stays open.
func TestKeptCloseAfterAnotherPhone(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	for seat, pips := range []string{"12", "7"} {
		expect(t, "kept entry", a.postHTMX(game+"/rounds/1/entries/"+itoa(seat), form("pips", pips, "version", "0", "open", "1", "form", "kept-"+itoa(seat))), http.StatusOK)
	}
	expect(t, "Cy's score from another phone", a.postHTMX(game+"/rounds/1/entries/2", form("pips", "30", "open", "1")), http.StatusOK)
	r := a.postHTMX(game+"/rounds/1/close", form("version", "0", "form", "kept-close", "after", "kept-0 kept-1"))
	expect(t, "kept close", r, http.StatusConflict)
	if sh := a.sheet(game); sh.Round(1).Closed {
		t.Error("round 1 closed over a score this phone never saw")
	}
}
