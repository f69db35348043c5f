package referee

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestHouseRulesCoverRules walks every field of Rules, and of
// StraightRules for Straight: each has exactly one row of its game, under
// its JSON name, and every row is complete. Game and Straight themselves
// are no Chickenfoot house rules.
func TestHouseRulesCoverRules(t *testing.T) {
	t.Parallel()
	for _, g := range Games {
		rows := map[string]HouseRule{}
		for _, h := range HouseRulesFor(g) {
			if _, dup := rows[h.JSON]; dup {
				t.Errorf("HouseRulesFor(%s) has %s twice", g.Name(), h.JSON)
			}
			if h.Game != g {
				t.Errorf("row %s of %s says it is %s's", h.JSON, g.Name(), h.Game.Name())
			}
			rows[h.JSON] = h
		}
		rt := reflect.TypeFor[Rules]()
		if g == Straight {
			rt = reflect.TypeFor[StraightRules]()
		}
		fields := 0
		for i := range rt.NumField() {
			f := rt.Field(i)
			if g == Chickenfoot && (f.Name == "Game" || f.Name == "Straight") {
				continue
			}
			fields++
			json, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			h, ok := rows[json]
			if !ok {
				t.Errorf("%s: %s.%s (%s) has no row", g.Name(), rt.Name(), f.Name, json)
				continue
			}
			if h.Field != f.Name {
				t.Errorf("%s row %s: Field = %q, want %q", g.Name(), json, h.Field, f.Name)
			}
		}
		if len(rows) != fields {
			t.Errorf("HouseRulesFor(%s) has %d rows for %d fields", g.Name(), len(rows), fields)
		}
		for _, h := range HouseRulesFor(g) {
			if h.Topic == "" || (h.Choices == nil) == (h.Span == nil) {
				t.Errorf("row %s is incomplete: %+v", h.JSON, h)
			}
			for _, c := range h.Choices {
				if c.Value == "" {
					t.Errorf("row %s: choice %+v has no value", h.JSON, c)
				}
			}
		}
	}
}

// TestHouseRuleWordsInEveryLanguage: every row, every value of a choice
// rule and every preset has its words in every language of the catalog,
// so no language falls back to English on the setup form or the rules
// page.
func TestHouseRuleWordsInEveryLanguage(t *testing.T) {
	t.Parallel()
	check := func(tag, key, got string) {
		t.Helper()
		if !words().Has(tag, key) {
			t.Errorf("%s: %s is not in the catalog", tag, key)
		} else if strings.TrimSpace(got) == "" || strings.HasPrefix(got, "[") || strings.Contains(got, "<no value>") {
			t.Errorf("%s: %s is worded %q", tag, key, got)
		}
	}
	for _, tag := range words().Supported() {
		for _, h := range allRows() {
			key := h.Key()
			for _, part := range []string{"title", "meaning", "source"} {
				check(tag, key+part, h.Say(tag, part))
			}
			if h.Span != nil {
				check(tag, key+"zero", h.Say(tag, "zero"))
				check(tag, key+"rest", h.SayRest(tag, h.Span.MaxName))
			}
			for _, c := range h.Choices {
				label, about := key+c.Value+".label", key+c.Value+".about"
				if h.JSON == "set" && h.Game == Chickenfoot {
					label, about = "set", "house.set.about"
				}
				check(tag, label, h.SayChoice(tag, c.Value, "label"))
				check(tag, about, h.SayChoice(tag, c.Value, "about"))
			}
		}
		for _, p := range Presets() {
			check(tag, "rules.preset."+p.Name, p.Say(tag))
		}
	}
}

func TestHouseRuleDefaults(t *testing.T) {
	t.Parallel()
	for _, h := range allRows() {
		std := StandardFor(h.Game)
		if got, want := h.Default(), std.Value(h.JSON); got != want {
			t.Errorf("%s: Default() = %q, want %q", h.JSON, got, want)
		}
		if err := h.refuse(std, h.Default()); err != nil {
			t.Errorf("%s: the default %q is refused: %v", h.JSON, h.Default(), err)
		}
	}
}

// TestSetValueRoundTrip sets every value of every row and reads it back.
func TestSetValueRoundTrip(t *testing.T) {
	t.Parallel()
	for _, h := range allRows() {
		for _, v := range allowed(h) {
			t.Run(h.Game.Name()+"/"+h.JSON+"="+v, func(t *testing.T) {
				r := StandardFor(h.Game)
				if err := r.SetValue(h.JSON, v); err != nil {
					t.Fatalf("SetValue(%q, %q) = %v", h.JSON, v, err)
				}
				if got := r.Value(h.JSON); got != v {
					t.Errorf("Value(%q) after SetValue(%q) = %q, want %q", h.JSON, v, got, v)
				}
				if h.JSON == "loss_threshold" && v != "0" {
					return // a losing total also wants rounds at 0, which they are
				}
				if err := r.Validate(); err != nil {
					t.Errorf("Validate() after SetValue(%q, %q) = %v", h.JSON, v, err)
				}
			})
		}
	}
}

// allowed lists the values a row takes: its choices, or an open number's
// ends and a value between.
func allowed(h HouseRule) []string {
	if h.Span == nil {
		var vs []string
		for _, c := range h.Choices {
			vs = append(vs, c.Value)
		}
		return vs
	}
	limit := h.Span.Max(StandardFor(h.Game))
	return []string{"0", "1", strconv.Itoa(limit / 2), strconv.Itoa(limit)}
}

func TestSetValueRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		json, value, message string
	}{
		{"set", "10", "rules: set is 10, but it must be one of 6, 9, 12, 15, 18"},
		{"set", "nine", `rules: set is "nine", but it must be one of 6, 9, 12, 15, 18`},
		{"spinner_arms", "5", "rules: spinner_arms is 5, but it must be 4 or 6"},
		{"spinner_arms", "", `rules: spinner_arms is "", but it must be 4 or 6`},
		{"double_blank", "lots", `rules: double_blank is "lots", but it must be 0, 25, 50 or 100`},
		{"blank_half", "10", "rules: blank_half is 10, but it must be 0 or 25"},
		{"double_out", "-50", "rules: double_out is -50, but it must be 0 or 50"},
		{"draw", "twice", `rules: draw is "twice", but it must be one of "one-may-play", "one-must-play", "until-playable", "one-then-pass"`},
		{"unheld_double", "", `rules: unheld_double is "", but it must be one of "draw", "draw-all", "burn", "reshuffle", "lower-return"`},
		{"blocked_round", "nobody", `rules: blocked_round is "nobody", but it must be one of "all-score", "lowest-zero"`},
		{"tie_break", "Shared", `rules: tie_break is "Shared", but it must be one of "zero-rounds", "most-out", "shared"`},
		{"impossible_chickie", "ignore", `rules: impossible_chickie is "ignore", but it must be one of "stays-owed", "released"`},
		{"take_back", "always", `rules: take_back is "always", but it must be one of "until-next-play", "never"`},
		{"last_tile", "uno", `rules: last_tile is "uno", but it must be one of "courtesy", "draw-penalty", "skip-turn"`},
		{"rounds", "11", "rules: rounds is 11, but it must be 0 (one per double) or a count from 1 to 10"},
		{"rounds", "-1", "rules: rounds is -1, but it must be 0 (one per double) or a count from 1 to 10"},
		{"rounds", "1.5", `rules: rounds is "1.5", but it must be 0 (one per double) or a count from 1 to 10`},
		{"loss_threshold", "100001", "rules: loss_threshold is 100001, but it must be 0 (off) or a positive total up to 100000"},
	}
	for _, tt := range tests {
		t.Run(tt.json+"="+tt.value, func(t *testing.T) {
			r := Standard()
			err := r.SetValue(tt.json, tt.value)
			var re *RulesError
			if !errors.As(err, &re) || re.Field != tt.json || !errors.Is(err, ErrRules) || err.Error() != tt.message {
				t.Fatalf("SetValue(%q, %q) = %v, want %s", tt.json, tt.value, err, tt.message)
			}
			if r != Standard() {
				t.Errorf("SetValue(%q, %q) changed the rules to %+v though it refused", tt.json, tt.value, r)
			}
		})
	}
	r := Standard()
	if err := r.SetValue("preset", "family"); !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), `"preset"`) {
		t.Errorf(`SetValue("preset", "family") = %v, want ErrRules naming "preset"`, err)
	}
	if got := r.Value("preset"); got != "" {
		t.Errorf(`Value("preset") = %q, want ""`, got)
	}
}

func TestSetValueReadsNumbers(t *testing.T) {
	t.Parallel()
	r := Standard()
	if err := r.SetValue("spinner_arms", "06"); err != nil || r.SpinnerArms != 6 || r.Value("spinner_arms") != "6" {
		t.Errorf(`SetValue("spinner_arms", "06") = %v, SpinnerArms %d, want 6`, err, r.SpinnerArms)
	}
	if err := r.SetValue("set", "12"); err != nil || r.SetValue("rounds", "13") != nil || r.Rounds != 13 {
		t.Errorf("13 rounds on double-12 refused: %v, rounds %d", err, r.Rounds)
	}
}

// TestValidateMessages pins the words the referee command prints.
func TestValidateMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		edit    func(*Rules)
		message string
	}{
		{func(r *Rules) { r.SpinnerArms = 5 }, "rules: spinner_arms is 5, but it must be 4 or 6"},
		{func(r *Rules) { r.Set = 10 }, "rules: set is 10, but it must be one of 6, 9, 12, 15, 18"},
		{func(r *Rules) { r.Draw = "x" }, `rules: draw is "x", but it must be one of "one-may-play", "one-must-play", "until-playable", "one-then-pass"`},
		{func(r *Rules) { r.Set, r.Rounds = 6, 8 }, "rules: rounds is 8, but it must be 0 (one per double) or a count from 1 to 7"},
		{func(r *Rules) { r.Ladder, r.Rounds = LadderDownUp, 20 }, "rules: rounds is 20, but it must be 0 (one per double) or a count from 1 to 19"},
		{func(r *Rules) { r.Rounds, r.LossLimit = 5, 200 }, "rules: loss_threshold is 200, but it must be 0 when a fixed number of rounds is set"},
		// Several bad fields: the first in the order Rules declares them.
		{func(r *Rules) { r.Impossible, r.Rounds, r.BlankHalf = "x", 99, 1 }, "rules: blank_half is 1, but it must be 0 or 25"},
	}
	for _, tt := range tests {
		r := Standard()
		tt.edit(&r)
		if err := r.Validate(); err == nil || err.Error() != tt.message {
			t.Errorf("Validate(%+v) = %v, want %s", r, err, tt.message)
		}
	}
}

func TestHouseRuleWords(t *testing.T) {
	t.Parallel()
	r := Standard()
	r.Rounds, r.Draw = 5, DrawUntilPlayable
	tests := []struct {
		json, label, rng string
	}{
		{"set", "double-9", ""},
		{"rounds", "5", "0 (one per double) or a count from 1 to N+1 (2N+1 going down to 0-0 and back up)"},
		{"loss_threshold", "off", "0 (off) or a positive total up to 100000"},
		{"draw", "Draw until one fits", ""},
		{"double_blank", "Scores 50", ""},
	}
	for _, tt := range tests {
		h, ok := LookupHouseRule(tt.json)
		if !ok {
			t.Fatalf("LookupHouseRule(%q) found nothing", tt.json)
		}
		if got := h.Label(r); got != tt.label {
			t.Errorf("%s: Label() = %q, want %q", tt.json, got, tt.label)
		}
		if got := h.Range(); got != tt.rng {
			t.Errorf("%s: Range() = %q, want %q", tt.json, got, tt.rng)
		}
	}
	if _, ok := LookupHouseRule("Set"); ok {
		t.Error(`LookupHouseRule("Set") found a row; rows are looked up by JSON name`)
	}
}

// Every house rule is read and written by its JSON name, as a form or a
// JSON document gives it; a value the rule does not allow is refused.
func ExampleRules_SetValue() {
	r := Standard()
	fmt.Println(r.SetValue("spinner_arms", "6"), r.Value("spinner_arms"))
	fmt.Println(r.SetValue("draw", "twice"))
	for _, h := range HouseRules()[:3] {
		fmt.Printf("%s: %s (default %s)\n", h.JSON, h.Label(r), h.Default())
	}
	// Output:
	// <nil> 6
	// rules: draw is "twice", but it must be one of "one-may-play", "one-must-play", "until-playable", "one-then-pass"
	// set: double-9 (default 9)
	// rounds: one per double (default 0)
	// loss_threshold: off (default 0)
}

// TestEveryChoiceSaysWhereItComesFrom: every value of every house rule
// names its sources, or why it has none, so the rules page can say it.
func TestEveryChoiceSaysWhereItComesFrom(t *testing.T) {
	t.Parallel()
	for _, h := range allRows() {
		for _, c := range h.Choices {
			if c.Said.Words() == "" {
				t.Errorf("%s=%s says nothing of where it comes from", h.JSON, c.Value)
			}
		}
		if h.Span != nil && (h.Span.ZeroSaid.Words() == "" || h.Span.RestSaid.Words() == "") {
			t.Errorf("%s: 0 or its other values say nothing of where they come from", h.JSON)
		}
	}
}

// TestDownUpRounds: going down to 0-0 and back up, a ladder has 2N+1
// doubles, so a fixed count of rounds may be up to 2N+1.
func TestDownUpRounds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		set    Set
		rounds int
	}{{9, 12}, {9, 19}, {6, 13}, {18, 37}} {
		r := Standard()
		r.Set, r.Ladder = c.set, LadderDownUp
		if err := r.SetValue("rounds", strconv.Itoa(c.rounds)); err != nil || r.Validate() != nil {
			t.Errorf("%d rounds down and up on %s: SetValue = %v, Validate = %v, want accepted", c.rounds, c.set, err, r.Validate())
		}
		r.Ladder = LadderDown
		if err := r.Validate(); err == nil {
			t.Errorf("%d rounds going down only on %s: Validate() = nil, want refused", c.rounds, c.set)
		}
	}
}

// allRows is every game's house rules.
func allRows() []HouseRule {
	var out []HouseRule
	for _, g := range Games {
		out = append(out, HouseRulesFor(g)...)
	}
	return out
}
