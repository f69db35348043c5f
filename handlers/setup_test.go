package handlers

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"chickenfoot/referee"
)

func TestHomeAndSetup(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.get("/")
	expectNoTestID(t, "empty home", r, "games")
	if got := expectTestID(t, "empty home", r, http.StatusOK, "new-game", "").attr("href"); got != "/new" {
		t.Fatalf("empty home: a new game starts at %q, want /new", got)
	}
	setup := expectTestID(t, "setup form", a.get("/new"), http.StatusOK, "setup", "")
	if players := setup.named("players"); len(players) != 1 || players[0].Data != "textarea" || setup.named("date").attr("value") != "2026-11-28" {
		t.Fatalf("setup form: %d players boxes, date %q; want a box for the players and today's date", len(players), setup.named("date").attr("value"))
	}
	expectChecked(t, "setup form: set", setup.named("set"), []string{"6", "9", "12", "15", "18"}, "9")
	expectChecked(t, "setup form: spinner", setup.testid("rule-spinner_arms").named("spinner_arms"), []string{"4", "6"}, "4")

	box := expectTestID(t, "suggestion", a.getHTMX("/new/suggest?players=Ann%0ABob%0ACy%0ADi&set=9"), http.StatusOK, "suggestion", "double-9")
	if words, hand := strings.Fields(box.text()), strings.Fields(box.testid("hand").text()); !slices.Contains(words, "4") || !slices.Contains(words, "15") ||
		len(hand) == 0 || hand[0] != "10" {
		t.Fatalf("suggestion %q, want 4 players dealt 10 tiles each, 15 left in the boneyard", box.text())
	}
	box = expectTestID(t, "suggestion, too few", a.getHTMX("/new/suggest?players=Ann&set=12"), http.StatusOK, "suggestion", "")
	if len(box.testid("hand")) != 0 || box.text() == "" {
		t.Fatalf("suggestion for one player: %q, want what is missing, not a hand", box.text())
	}

	path := a.createGame("6", "Ann", "  Bob  ", "Zoë 🐔", "O'Brien")
	sh := a.sheet(path)
	if got := strings.Join(sh.Game.Players, "|"); got != "Ann|Bob|Zoë 🐔|O'Brien" {
		t.Fatalf("players stored as %q, want trimmed names in seat order", got)
	}
	if sh.Game.HandSize != 5 || sh.Game.Rules.Set != 6 || sh.Game.Rules.DoubleBlank != 50 {
		t.Fatalf("game stored with hand %d, set %d, 0-0 %d; want the suggestion 5, 6 and 50", sh.Game.HandSize, sh.Game.Rules.Set, sh.Game.Rules.DoubleBlank)
	}
	r = a.get(path)
	heads := expectTestID(t, "game page", r, http.StatusOK, "sheet", "").tag("thead").tag("th").texts()
	if len(heads) == 0 || !slices.Equal(heads[1:], sh.Game.Players) {
		t.Fatalf("game page: sheet heads %q, want the players in seat order", heads)
	}
	expectSays(t, "game page", r.testid("round-double"), "6-6")
	if got := r.testid("open-table").attr("href"); got != path+"/rounds/1/table" {
		t.Fatalf("game page: the round is %q, want round 1", got)
	}
	expectTestID(t, "game page", r, http.StatusOK, "rules-in-play", "")
	expectTestID(t, "game page", r, http.StatusOK, "opening", "")
	expectNoTestID(t, "game page: nobody set 6-6 down yet", r, "setter")

	r = a.get("/")
	games := expectTestID(t, "home lists it", r, http.StatusOK, "games", "")
	link := games.tag("a")
	if len(link) != 1 || link.attr("href") != path || !strings.Contains(link.text(), "Friday") {
		t.Fatalf("home lists %q at %q, want Friday at %q", link.texts(), link.attr("href"), path)
	}
	if status := link.testid("game-status"); !status.class("live") || !strings.Contains(status.text(), say("round-status", referee.Params{"N": 1})) {
		t.Fatalf("home: Friday's status %q, want it live in round 1", status.text())
	}
}

// expectChecked fails unless the radio buttons offer values with want
// picked.
func expectChecked(t *testing.T, what string, radios elems, values []string, want string) {
	t.Helper()
	var checked []string
	for i := range radios {
		if radios[i : i+1].has("checked") {
			checked = append(checked, radios[i:i+1].attr("value"))
		}
	}
	if !slices.Equal(radios.values(), values) || !slices.Equal(checked, []string{want}) {
		t.Fatalf("%s: offers %q with %q picked, want %q with %s", what, radios.values(), checked, values, want)
	}
}

// ruleLabel is how the setup form words a house rule's value.
func ruleLabel(field, value string) string {
	h, _ := referee.LookupHouseRule(field)
	for _, c := range h.Choices {
		if c.Value == value {
			return h.SayChoice("en", c.Value, "label")
		}
	}
	return "[no such choice " + field + "=" + value + "]"
}

func TestSetupRules(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "12", "spinner_arms", "6", "double_blank", "0",
		"draw", "until-playable", "unheld_double", "burn", "tie_break", "shared", "rounds", "5", "hand_size", "20"))
	expect(t, "create with house rules", r, http.StatusSeeOther)
	g := a.sheet(r.header.Get("Location")).Game
	if g.Rules.SpinnerArms != 6 || g.Rules.DoubleBlank != 0 || g.Rules.Draw != "until-playable" || g.Rules.Unheld != "burn" ||
		g.Rules.Rounds != 5 || g.HandSize != 20 || g.Name != "Game night" {
		t.Fatalf("stored game %+v, want every choice kept", g)
	}
	r = a.get(r.header.Get("Location"))
	card := expectTestID(t, "rules card", r, http.StatusOK, "rules-in-play", "")
	values := card.tag("dd").texts()
	for _, want := range []string{ruleLabel("spinner_arms", "6"), ruleLabel("double_blank", "0"), ruleLabel("draw", "until-playable"), roundsText(english, g.Rules)} {
		if !slices.Contains(values, want) {
			t.Errorf("rules card: %q, want %q among them", values, want)
		}
	}
	if of := strings.Fields(r.testid("round-of").text()); len(of) == 0 || of[len(of)-1] != "5" {
		t.Errorf("round card: round 1 of %q, want of 5", of)
	}
}

func TestSetupRefusals(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 41)
	// The setup form words its refusals itself. Each says what it is
	// about (cause: the same cause, the same sentence; another cause,
	// another sentence) and names the values it is about.
	tests := []struct {
		name     string
		form     []string
		field    string
		cause    string
		mentions []string
	}{
		{"no players", []string{"players", ""}, "players", "too few", nil},
		{"one player", []string{"players", "Ann"}, "players", "too few", nil},
		{"seventeen", []string{"players", manyNames(17)}, "players", "too many", []string{"16", "17"}},
		{"name too long", []string{"players", "Ann\n" + long}, "players", "long name", []string{"40"}},
		{"html in a name", []string{"players", "Ann\n<script>alert(1)</script>"}, "players", "markup", []string{"<", ">"}},
		{"same name twice", []string{"players", "Ann\nann"}, "players", "twice", []string{`"ann"`}},
		{"bad set", []string{"set", "10"}, "set", "set", []string{"double-6", "18"}},
		{"set not a number", []string{"set", "nine"}, "set", "set", []string{"double-6", "18"}},
		{"bad date", []string{"date", "28/11/2026"}, "date", "date", nil},
		{"empty date", []string{"date", ""}, "date", "date", nil},
		{"hand size zero", []string{"hand_size", "0"}, "hand_size", "range", []string{"14", "double-6"}},
		{"hand size too big", []string{"hand_size", "30"}, "hand_size", "range", []string{"14", "double-6"}},
		{"hand size words", []string{"hand_size", "ten"}, "hand_size", "range", []string{"14", "double-6"}},
		{"bad rule value", []string{"spinner_arms", "5"}, "spinner_arms", "value", []string{`"Four arms"`, `"Six arms (double chickenfoot)"`}},
		{"rule not a number", []string{"double_blank", "lots"}, "double_blank", "choice", []string{"0-0"}},
		{"unknown draw rule", []string{"draw", "twice"}, "draw", "value", []string{`"Draw one, may lay it"`, `"Draw one and pass"`}},
		{"too many rounds", []string{"rounds", "8"}, "rounds", "range", []string{"7"}},
		{"too many rounds down and up", []string{"rounds", "14", "ladder", "down-up"}, "rounds", "range down and up", []string{"13"}},
		{"rounds and threshold", []string{"rounds", "5", "loss_threshold", "200"}, "loss_threshold", "both", nil},
		{"game name too long", []string{"name", strings.Repeat("n", 61)}, "name", "long name", []string{"60"}},
		{"too many players for the set", []string{"players", manyNames(16), "set", "6", "hand_size", "1"}, "set", "too big for 16", []string{"16", "double-12"}},
		{"five on double-6", []string{"players", manyNames(5)}, "set", "too big for 5", []string{"5", "double-9"}},
		{"deal anyway, no hand size", []string{"players", manyNames(16), "deal_anyway", "yes"}, "hand_size", "type", []string{"16", "double-6"}},
		{"deal anyway, too many tiles", []string{"players", manyNames(16), "deal_anyway", "yes", "hand_other", "2"}, "hand_size", "range for 16", []string{"16", "double-6"}},
		{"other number in words", []string{"hand_size", "7", "hand_other", "ten"}, "hand_size", "range", []string{"14", "double-6"}},
	}
	var mu sync.Mutex
	said := map[[2]string]string{} // field and cause → the sentence shown
	t.Run("each", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				a := newTestApp(t)
				f := form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "6")
				for i := 0; i+1 < len(tt.form); i += 2 {
					f.Set(tt.form[i], tt.form[i+1])
				}
				r := a.post("/games", f)
				msg := expectTestID(t, tt.name, r, http.StatusBadRequest, "error-"+tt.field, "").text()
				expectSetupForm(t, tt.name, r, tt.field, f.Get(tt.field))
				// A field with a box of its own is marked refused and names its message.
				box := map[string]string{"name": "name", "date": "date", "players": "players", "rounds": "rounds",
					"loss_threshold": "loss_threshold", "hand_size": "hand_other"}[tt.field]
				if el := r.byID(box); box != "" &&
					(el.attr("aria-invalid") != "true" || el.attr("aria-describedby") != "error-"+tt.field) {
					t.Errorf("%s: the %s box is not tied to its message (aria-invalid %q, aria-describedby %q)",
						tt.name, box, el.attr("aria-invalid"), el.attr("aria-describedby"))
				}
				for _, m := range tt.mentions {
					if !strings.Contains(msg, m) {
						t.Errorf("%s: %q does not name %q", tt.name, msg, m)
					}
				}
				mu.Lock()
				defer mu.Unlock()
				key := [2]string{tt.field, tt.cause}
				if other, ok := said[key]; ok && other != msg {
					t.Errorf("%s: says %q, and %q for the same cause", tt.name, msg, other)
				}
				said[key] = msg
				if games := a.gameSlugs(); len(games) != 0 {
					t.Fatalf("a refused setup stored %d games", len(games))
				}
			})
		}
	})
	for k, msg := range said {
		for other, otherMsg := range said {
			if k[0] == other[0] && k[1] != other[1] && msg == otherMsg {
				t.Errorf("%s: %q and %q are refused alike: %q", k[0], k[1], other[1], msg)
			}
		}
	}
}

// expectSetupForm fails unless the setup form comes back with only field
// marked and, where field is typed, what was typed in it.
func expectSetupForm(t *testing.T, what string, r response, field, typed string) {
	t.Helper()
	expectTestID(t, what, r, http.StatusBadRequest, "problem", "")
	marked := r.doc().find(func(n *html.Node) bool { v, _ := attr(n, "data-testid"); return strings.HasPrefix(v, "error-") })
	if len(marked) != 1 {
		t.Fatalf("%s: %d fields marked, want only %s", what, len(marked), field)
	}
	if found := inline(r); len(found) > 0 {
		t.Fatalf("%s: the page runs %q", what, found)
	}
	box := r.testid("setup").named(field)
	switch {
	case len(box) == 1 && box[0].Data == "textarea":
		expectSays(t, what+": "+field+" kept", box, typed)
	case len(box) == 1 && box.attr("type") != "radio":
		if got := box.attr("value"); got != strings.TrimSpace(typed) {
			t.Fatalf("%s: %s holds %q, want what was typed, %q", what, field, got, typed)
		}
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

// TestSetupDownUpRounds: a ladder down to 0-0 and back up has 2N+1
// doubles, so 12 or 19 rounds on double-9 are a game.
func TestSetupDownUpRounds(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, n := range []string{"12", "19"} {
		r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "9", "ladder", "down-up", "rounds", n))
		expect(t, n+" rounds down and up", r, http.StatusSeeOther)
		if got := a.sheet(r.header.Get("Location")).Game.Rules.Rounds; strconv.Itoa(got) != n {
			t.Fatalf("%s rounds down and up: stored %d", n, got)
		}
	}
}
