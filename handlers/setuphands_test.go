package handlers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// expectChoices fails unless the hand-size box offers every published hand
// size for players on set, the suggestion first, each with what it leaves
// in the boneyard and its sources, and picked is the one checked ("" for
// none).
func expectChoices(t *testing.T, what string, box elems, set referee.Set, players int, picked string) {
	t.Helper()
	all, err := referee.HandSizes(set, players)
	if err != nil {
		t.Fatalf("%s: HandSizes(%s, %d) = %v", what, set, players, err)
	}
	choices := box.testid("hand-choice")
	radios := choices.named("hand_size")
	var want []string
	for _, h := range all {
		want = append(want, itoa(h.Tiles))
	}
	if !slices.Equal(radios.values(), want) {
		t.Fatalf("%s: offers %q, want %q", what, radios.values(), want)
	}
	for i, h := range all {
		var from []string
		for _, s := range h.Sources {
			from = append(from, sourceLabel(english, s))
		}
		about := say("hands.about", referee.Params{"N": h.Boneyard, "Sources": from})
		if got := choices[i : i+1].text(); !strings.Contains(got, say("hands.each", referee.Params{"N": h.Tiles})) || !strings.Contains(got, about) {
			t.Errorf("%s: choice %d says %q, want %d tiles each and %q", what, i, got, h.Tiles, about)
		}
		if checked := radios[i : i+1].has("checked"); checked != (radios[i:i+1].attr("value") == picked) {
			t.Errorf("%s: choice %s checked %v, want %q checked", what, want[i], checked, picked)
		}
	}
	if got := box.testid("hand").text(); got != say("hands.each", referee.Params{"N": all[0].Tiles}) || !radios[:1].has("data-suggested") {
		t.Errorf("%s: the suggestion is %q, want the first choice, %d tiles each", what, got, all[0].Tiles)
	}
}

func TestSetupHandChoices(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	five := url.QueryEscape(manyNames(5))

	box := expectTestID(t, "5 on double-9", a.getHTMX("/new/suggest?set=9&players="+five), http.StatusOK, "suggestion", "")
	expectSays(t, "5 on double-9", box.testid("suggestion-says"), "5 players on double-9: deal 8 tiles each.")
	expectChoices(t, "5 on double-9", box, 9, 5, "8")
	eight := box.testid("hand-choice")[0:1].text()
	for _, s := range []referee.HandSource{referee.SourceDouble9Table, referee.SourceDanish, referee.SourceEqualSplit} {
		if !strings.Contains(eight, sourceLabel(english, s)) {
			t.Errorf("5 on double-9: 8 each says %q, want it from %q", eight, sourceLabel(english, s))
		}
	}
	if !strings.Contains(eight, "leaves 15 tiles in the boneyard") {
		t.Errorf("5 on double-9: 8 each says %q, want it to leave 15 tiles", eight)
	}

	box = expectTestID(t, "4 on double-12", a.getHTMX("/new/suggest?set=12&players="+url.QueryEscape(manyNames(4))+"&hand_other=30"), http.StatusOK, "suggestion", "")
	expectChoices(t, "4 on double-12, 30 typed", box, 12, 4, "")
	if got := box.named("hand_other").attr("value"); got != "30" {
		t.Errorf("4 on double-12: the box holds %q, want the 30 typed kept", got)
	}

	box = expectTestID(t, "no players", a.get("/new"), http.StatusOK, "suggestion", say("suggest.few", nil))
	if len(box.testid("hand-choice")) != 0 || len(box.named("hand_other")) != 1 {
		t.Fatalf("setup form without players: %d choices, %d boxes; want none and a box for a number", len(box.testid("hand-choice")), len(box.named("hand_other")))
	}

	// What is stored: the choice picked, a number typed (it wins), the
	// suggestion when nothing is sent.
	tests := []struct {
		name string
		form []string
		want int
	}{
		{"nothing picked", nil, 8},
		{"the suggestion", []string{"hand_size", "8"}, 8},
		{"another choice", []string{"hand_size", "7"}, 7},
		{"a number typed", []string{"hand_size", "8", "hand_other", "9"}, 9},
		{"a number typed, nothing picked", []string{"hand_other", " 6 "}, 6},
		{"hand_size typed as before", []string{"hand_size", "3"}, 3},
	}
	for _, tt := range tests {
		f := form(append([]string{"date", "2026-11-28", "players", manyNames(5), "set", "9"}, tt.form...)...)
		r := a.post("/games", f)
		expect(t, tt.name, r, http.StatusSeeOther)
		if got := a.sheet(r.header.Get("Location")).Game.HandSize; got != tt.want {
			t.Errorf("%s: stored %d tiles each, want %d", tt.name, got, tt.want)
		}
	}

	// A refused form comes back with the hand size as it was picked or typed.
	r := a.post("/games", form("date", "", "players", manyNames(5), "set", "9", "hand_size", "7"))
	expectChoices(t, "refused, 7 picked", expectTestID(t, "refused, 7 picked", r, http.StatusBadRequest, "suggestion", ""), 9, 5, "7")
	r = a.post("/games", form("date", "", "players", manyNames(5), "set", "9", "hand_size", "3"))
	box = expectTestID(t, "refused, 3 typed", r, http.StatusBadRequest, "suggestion", "")
	expectChoices(t, "refused, 3 typed", box, 9, 5, "")
	if got := box.named("hand_other").attr("value"); got != "3" {
		t.Errorf("refused, 3 typed: the box holds %q, want 3", got)
	}
}

func TestSetupTooBig(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	sixteen := manyNames(16)

	r := a.getHTMX("/new/suggest?set=6&players=" + url.QueryEscape(sixteen))
	box := expectTestID(t, "16 on double-6", r, http.StatusOK, "suggestion", "")
	says := box.testid("suggestion-says").text()
	if !strings.HasPrefix(says, "16 players need a double-12 set or bigger") || says != tooBig(english, 16, 6, false) {
		t.Errorf("16 on double-6: the box says %q, want that they need double-12 or bigger", says)
	}
	anyway := box.testid("deal-anyway")
	if len(box.testid("hand-choice")) != 0 || len(anyway.named("deal_anyway")) != 1 || anyway.named("deal_anyway").has("checked") {
		t.Fatalf("16 on double-6: %d choices, deal anyway %q; want no choices and an unticked deal anyway", len(box.testid("hand-choice")), anyway.text())
	}
	expectSays(t, "16 on double-6: deal anyway", anyway, say("hands.anyway", referee.Params{"Set": "double-6", "Max": 1}))
	if !strings.Contains(anyway.text(), "1 tile at most") {
		t.Errorf("16 on double-6: deal anyway says %q, want 1 tile at most", anyway.text())
	}
	box = expectTestID(t, "5 on double-6", a.getHTMX("/new/suggest?set=6&players="+url.QueryEscape(manyNames(5))), http.StatusOK, "suggestion", "")
	if got := box.testid("suggestion-says").text(); !strings.HasPrefix(got, "5 players need a double-9 set") {
		t.Errorf("5 on double-6: the box says %q, want that they need double-9", got)
	}
	if got := box.testid("deal-anyway").text(); !strings.Contains(got, "5 tiles at most") {
		t.Errorf("5 on double-6: deal anyway says %q, want 5 tiles at most", got)
	}

	// Refused without the tick: the tick survives a refusal for another
	// field, and nothing is stored until the deal is deliberate and fits.
	base := []string{"date", "2026-11-28", "players", sixteen, "set", "6"}
	r = a.post("/games", form(append(base, "hand_other", "1")...))
	expectTestID(t, "no tick", r, http.StatusBadRequest, "error-set", "16 players need a double-12 set or bigger")
	r = a.post("/games", form(append(base, "deal_anyway", "yes", "hand_other", "2")...))
	expectTestID(t, "ticked, 2 each", r, http.StatusBadRequest, "error-hand_size", say("setup.hand-size", referee.Params{"Max": 1, "N": 16, "Set": "double-6"}))
	if !r.testid("deal-anyway").named("deal_anyway").has("checked") || r.testid("suggestion").named("hand_other").attr("value") != "2" {
		t.Errorf("ticked, 2 each: refused without the tick or the 2 typed kept")
	}
	if games := a.gameSlugs(); len(games) != 0 {
		t.Fatalf("refused setups stored %d games", len(games))
	}
	r = a.post("/games", form(append(base, "deal_anyway", "yes", "hand_other", "1")...))
	expect(t, "ticked, 1 each", r, http.StatusSeeOther)
	if g := a.sheet(r.header.Get("Location")).Game; g.HandSize != 1 || g.Rules.Set != 6 || len(g.Players) != 16 {
		t.Fatalf("deal anyway stored %d tiles each on double-%d for %d players, want 1 on double-6 for 16", g.HandSize, g.Rules.Set, len(g.Players))
	}
}

// TestHandSourceLabels: every source the referee can name has its own
// words.
func TestHandSourceLabels(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, s := range referee.HandSources() {
		label := sourceLabel(english, s)
		if label == string(s) || strings.HasPrefix(label, "[") || seen[label] {
			t.Errorf("sourceLabel(english, %s) = %q, want words of its own", s, label)
		}
		seen[label] = true
	}
}
