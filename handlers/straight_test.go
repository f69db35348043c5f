package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// createStraight starts a Straight night through the setup form and
// returns its path.
func (a *testApp) createStraight(fields ...string) string {
	a.t.Helper()
	f := form(append([]string{"name", "Hall", "date", "2026-11-28", "game", "straight",
		"players", "Ann\nBob\nCy\nDi", "s_partners", "yes"}, fields...)...)
	r := a.post("/games", f)
	if r.code != http.StatusSeeOther {
		a.t.Fatalf("POST /games (straight) = %d, want 303:\n%.2000s", r.code, r.body)
	}
	return r.header.Get("Location")
}

func (a *testApp) straightSheet(path string) app.StraightSheet {
	a.t.Helper()
	sh, err := a.store.StraightSheet(context.Background(), strings.TrimPrefix(path, "/g/"))
	if err != nil {
		a.t.Fatal(err)
	}
	return sh
}

// TestStraightSetup: the form's game choice is frozen with the night,
// with Straight's own house rules; a table Straight can't seat is
// refused with a sentence, and nothing is made.
func TestStraightSetup(t *testing.T) {
	a := newTestApp(t)
	setup := a.get("/new")
	expect(t, "setup form", setup, http.StatusOK, `name="game" value="straight"`, `name="s_partners"`, `name="s_target"`)
	path := a.createStraight("s_target", "150", "s_count", "points", "s_draw", "one")
	sh := a.straightSheet(path)
	if r := sh.Game.Rules; r.Game != referee.Straight || r.Straight.Partners != referee.Yes || r.Straight.Goal() != 150 || r.Straight.Draw != referee.StraightDrawOne || sh.Game.HandSize != 7 {
		t.Fatalf("frozen rules %+v hand %d", r, sh.Game.HandSize)
	}
	page := a.get(path)
	expect(t, "straight page", page, http.StatusOK, `data-testid="keypad"`, "Ann &amp; Cy", "First to 150 wins")
	if strings.Contains(page.body, "starting double") {
		t.Fatal("a Straight page speaks of a starting double")
	}
	expect(t, "home page", a.get("/"), http.StatusOK, "Straight, hand 1")
	rules := a.get(path + "/rules")
	expect(t, "a Straight night's rules", rules, http.StatusOK, `data-testid="rules-straight"`, "crosswise", `data-testid="rule-straight-draw"`)
	if !strings.Contains(rules.body, `class="option chosen" data-testid="option-straight-draw-one"`) {
		t.Fatal("the rules page does not mark the night's draw rule")
	}
	if strings.Contains(rules.body, `class="option chosen" data-testid="option-spinner_arms`) {
		t.Fatal("a Straight night's rules page marks a Chickenfoot choice")
	}
	r := a.post("/games", form("name", "Big", "date", "2026-11-28", "game", "straight", "players", "A\nB\nC\nD\nE"))
	expect(t, "five at Straight", r, http.StatusBadRequest, "2, 3 or 4 players")
	r = a.post("/games", form("name", "Odd", "date", "2026-11-28", "game", "straight", "players", "A\nB\nC", "s_partners", "yes"))
	expect(t, "partners of three", r, http.StatusBadRequest, "partners need exactly four")
	// A table of friends whose last night was Straight starts the next
	// one as Straight, with its house rules.
	grp, err := a.store.CreateGroup(context.Background(), "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	a.createStraight("group", grp.Slug, "s_draw", "one")
	again := a.get("/new?group=" + grp.Slug).body
	if !strings.Contains(again, `value="straight" checked`) || !strings.Contains(again, `name="s_draw" value="one" checked`) ||
		!strings.Contains(again, `name="draw" value="one-may-play" checked`) {
		t.Fatal("the next night of a Straight table does not start as its last")
	}
	// Chickenfoot is still the default.
	cf := a.sheet(a.createGame("9", "Ann", "Bob"))
	if cf.Game.Rules.Game != referee.Chickenfoot {
		t.Fatalf("a night made without a game is %q", cf.Game.Rules.Game)
	}
}

// TestStraightKeypad: taps save plays, a stale version is a 409 and
// saves nothing, the end of a hand shows its award with its rounding,
// undo takes back, and reaching the target wins.
func TestStraightKeypad(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight("s_target", "40")
	sh := a.straightSheet(path)
	ann, bob, cy, di := itoa(sh.Game.IDs[0]), itoa(sh.Game.IDs[1]), itoa(sh.Game.IDs[2]), itoa(sh.Game.IDs[3])
	r := a.postHTMX(path+"/straight/play", form("version", "0", "player", ann, "points", "10"))
	expect(t, "tap 10", r, http.StatusOK, `data-testid="straight"`, "Ann &amp; Cy lead by 10")
	r = a.postHTMX(path+"/straight/play", form("version", "0", "player", bob, "points", "5"))
	expect(t, "stale tap", r, http.StatusConflict, "changed meanwhile")
	if got := a.straightSheet(path); got.Version != 1 {
		t.Fatalf("a stale tap saved: version %d", got.Version)
	}
	r = a.postHTMX(path+"/straight/play", form("version", "1", "player", bob, "points", "7"))
	expect(t, "seven", r, http.StatusBadRequest, "multiple of five")
	r = a.post(path+"/straight/play", form("version", "1", "player", cy, "points", "5"))
	expect(t, "plain form tap", r, http.StatusSeeOther)
	// Bob dominoes: Ann 6 and Cy 8 spots, 14 → 15; Di's spots are a partner's.
	r = a.postHTMX(path+"/straight/end", form("version", "2", "player", bob, "pips-"+ann, "6", "pips-"+cy, "8", "pips-"+di, "3"))
	expect(t, "hand end", r, http.StatusOK, "Bob dominoed: the others held 14, 14 → 15 for Bob &amp; Di", "Hand 2")
	r = a.postHTMX(path+"/straight/end", form("version", "3", "player", "-1", "pips-"+ann, "x"))
	expect(t, "bad pips", r, http.StatusBadRequest, "Ann")
	r = a.postHTMX(path+"/straight/undo", form("version", "3"))
	expect(t, "undo the end", r, http.StatusOK, "Undo: 5 to Ann &amp; Cy")
	if got := a.straightSheet(path); got.Version != 4 || len(got.Marks) != 2 || got.Totals[1] != 0 {
		t.Fatalf("after undo: version %d, %d lines, totals %v", got.Version, len(got.Marks), got.Totals)
	}
	r = a.postHTMX(path+"/straight/play", form("version", "4", "player", cy, "points", "25"))
	expect(t, "to the target", r, http.StatusOK, "Ann &amp; Cy win with 40")
	if strings.Contains(r.body, `data-testid="keypad"`) {
		t.Fatal("the keypad is still offered after the win")
	}
	r = a.postHTMX(path+"/straight/play", form("version", "5", "player", bob, "points", "5"))
	expect(t, "after the win", r, http.StatusConflict, "already won")
	view := a.straightSheet(path).Game.ViewSlug
	r = a.postHTMX("/g/"+view+"/straight/undo", form("version", "5"))
	expect(t, "view-only undo", r, http.StatusForbidden)
	if page := a.get("/g/" + view); strings.Contains(page.body, `data-testid="undo"`) {
		t.Fatal("the view-only page offers undo")
	}
}

// TestStraightRulesPageSaysTheTarget: a night left at the usual target
// shows the number it plays to, 250, or 61 counting one point per five.
func TestStraightRulesPageSaysTheTarget(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, c := range []struct {
		fields []string
		want   string
	}{{nil, "this game: 250<"}, {[]string{"s_count", "fives"}, "this game: 61<"}, {[]string{"s_target", "150"}, "this game: 150<"}} {
		body := a.get(a.createStraight(c.fields...) + "/rules").body
		if !strings.Contains(body, c.want) {
			t.Errorf("a night made with %q: the rules page does not say %q", c.fields, c.want)
		}
	}
}
