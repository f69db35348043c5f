package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

func TestHomeAndSetup(t *testing.T) {
	a := newTestApp(t)
	expect(t, "empty home", a.get("/"), http.StatusOK, "No game nights yet", `href="/new"`)
	expect(t, "setup form", a.get("/new"), http.StatusOK, `name="players"`, `value="2026-11-28"`, `value="9" checked`, "Four arms")
	expect(t, "suggestion", a.getHTMX("/new/suggest?players=Ann%0ABob%0ACy%0ADi&set=9"), http.StatusOK,
		"4 players on double-9", "10 tiles each", "15 in the boneyard")
	expect(t, "suggestion, too few", a.getHTMX("/new/suggest?players=Ann&set=12"), http.StatusOK, "at least two players")

	path := a.createGame("6", "Ann", "  Bob  ", "Zoë 🐔", "O'Brien")
	sh := a.sheet(path)
	if got := strings.Join(sh.Game.Players, "|"); got != "Ann|Bob|Zoë 🐔|O'Brien" {
		t.Fatalf("players stored as %q, want trimmed names in seat order", got)
	}
	if sh.Game.HandSize != 3 || sh.Game.Rules.Set != 6 || sh.Game.Rules.DoubleBlank != 50 {
		t.Fatalf("game stored with hand %d, set %d, 0-0 %d; want the suggestion 3, 6 and 50", sh.Game.HandSize, sh.Game.Rules.Set, sh.Game.Rules.DoubleBlank)
	}
	expect(t, "game page", a.get(path), http.StatusOK, "Zoë 🐔", "O&#39;Brien", "Round 1", "6-6", "Rules in play", "Who set 6-6 down?")
	expect(t, "home lists it", a.get("/"), http.StatusOK, "Friday", "Resume", path)
}

func TestSetupRules(t *testing.T) {
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "12", "spinner_arms", "6", "double_blank", "0",
		"draw", "until-playable", "unheld_double", "burn", "tie_break", "shared", "rounds", "5", "hand_size", "20"))
	expect(t, "create with house rules", r, http.StatusSeeOther)
	g := a.sheet(r.header.Get("Location")).Game
	if g.Rules.SpinnerArms != 6 || g.Rules.DoubleBlank != 0 || g.Rules.Draw != "until-playable" || g.Rules.Unheld != "burn" ||
		g.Rules.Rounds != 5 || g.HandSize != 20 || g.Name != "Game night" {
		t.Fatalf("stored game %+v, want every choice kept", g)
	}
	expect(t, "rules card", a.get(r.header.Get("Location")), http.StatusOK, "Six arms", "Scores 0", "Draw until one fits", "5 rounds", "of 5")
}

func TestSetupRefusals(t *testing.T) {
	long := strings.Repeat("x", 41)
	tests := []struct {
		name  string
		form  []string
		field string
		says  string
	}{
		{"no players", []string{"players", ""}, "players", "at least two players"},
		{"one player", []string{"players", "Ann"}, "players", "at least two players"},
		{"seventeen", []string{"players", strings.Repeat("P\n", 0) + manyNames(17)}, "players", "At most 16"},
		{"name too long", []string{"players", "Ann\n" + long}, "players", "too long"},
		{"html in a name", []string{"players", "Ann\n<script>alert(1)</script>"}, "players", "can&#39;t contain &lt; or &gt;"},
		{"same name twice", []string{"players", "Ann\nann"}, "players", "written twice"},
		{"bad set", []string{"set", "10"}, "set", "Pick one of the sets"},
		{"set not a number", []string{"set", "nine"}, "set", "Pick one of the sets"},
		{"bad date", []string{"date", "28/11/2026"}, "date", "Pick the date"},
		{"empty date", []string{"date", ""}, "date", "Pick the date"},
		{"hand size zero", []string{"hand_size", "0"}, "hand_size", "from 1 to"},
		{"hand size too big", []string{"hand_size", "30"}, "hand_size", "from 1 to 14"},
		{"hand size words", []string{"hand_size", "ten"}, "hand_size", "whole number"},
		{"bad rule value", []string{"spinner_arms", "5"}, "spinner_arms", "4 or 6"},
		{"rule not a number", []string{"double_blank", "lots"}, "double_blank", "Pick one of the choices"},
		{"unknown draw rule", []string{"draw", "twice"}, "draw", "must be one of"},
		{"too many rounds", []string{"rounds", "8"}, "rounds", "from 1 to 7"},
		{"rounds and threshold", []string{"rounds", "5", "loss_threshold", "200"}, "loss_threshold", "not both"},
		{"game name too long", []string{"name", strings.Repeat("n", 61)}, "name", "too long"},
		{"too many players for the set", []string{"players", manyNames(16), "set", "6"}, "hand_size", "from 1 to 1 for 16 players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newTestApp(t)
			f := form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "6")
			for i := 0; i+1 < len(tt.form); i += 2 {
				f.Set(tt.form[i], tt.form[i+1])
			}
			if tt.name == "too many players for the set" {
				f.Set("hand_size", "2")
			}
			r := a.post("/games", f)
			expect(t, tt.name, r, http.StatusBadRequest, `data-testid="error-`+tt.field+`"`, tt.says)
			if games, _ := a.store.Games(context.Background(), 10); len(games) != 0 {
				t.Fatalf("a refused setup stored %d games", len(games))
			}
		})
	}
}

func manyNames(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("Player ")
		b.WriteString(itoa(i + 1))
		b.WriteString("\n")
	}
	return b.String()
}
