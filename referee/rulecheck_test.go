package referee

import (
	"errors"
	"testing"
)

// TestRulesErrorWords: every refusal of rules, of a deal or of a table is
// a *RulesError of the category ErrRules, worded from the catalog in
// English by Error and in any language by Say.
func TestRulesErrorWords(t *testing.T) {
	t.Parallel()
	d9, d6 := Standard(), StandardStraight()
	rotate := Standard()
	rotate.FirstPlayer = FirstRotates
	arms := Standard()
	arms.SpinnerArms = 5
	rounds := Standard()
	rounds.Rounds = 11
	tiles := func(hands ...[]string) [][]Tile {
		out := make([][]Tile, len(hands))
		for i, h := range hands {
			for _, s := range h {
				out[i] = append(out[i], mustTile(t, s))
			}
		}
		return out
	}
	round := func(r Rules, double int, d Deal) error { _, err := NewRound(r, double, d); return err }
	straight := func(d StraightDeal) error { _, err := NewStraightHand(d6, d); return err }
	sizes := func(set Set, n int) error { _, err := HandSizes(set, n); return err }
	tests := []struct {
		name   string
		err    error
		en, da string
	}{
		{"two players at least", round(d9, 9, Deal{Players: 1, HandSize: 5}),
			"a round needs at least 2 players, not 1", "en runde kræver mindst 2 spillere, ikke 1"},
		{"64 players at most", round(d9, 9, Deal{Players: 70, HandSize: 1}),
			"a round takes at most 64 players, not 70", "en runde har højst 64 spillere, ikke 70"},
		{"hands too big", round(d9, 9, Deal{Players: 4, HandSize: 20}),
			"4 players can't each take 20 tiles from a double-9 set of 55", "4 spillere kan ikke hver få 20 brikker fra et dobbelt-9-sæt med 55"},
		{"first seat", round(d9, 9, Deal{Players: 4, HandSize: 5, First: 5}),
			"seat 5 can't play first at a table of 4", "plads 5 kan ikke spille først ved et bord med 4"},
		{"hands for players", round(d9, 9, Deal{Players: 2, HandSize: 1, Hands: tiles([]string{"9-9"})}),
			"1 hand given for 2 players", "1 hånd givet til 2 spillere"},
		{"hand size", round(d9, 9, Deal{Players: 2, HandSize: 1, Hands: tiles([]string{"9-9"}, []string{"9-8", "9-7"})}),
			"seat 1 holds 2 tiles, not 1", "plads 1 har 2 brikker, ikke 1"},
		{"not in the set", round(d6, 6, Deal{Players: 2, HandSize: 1, Hands: [][]Tile{{NewTile(6, 6)}, {NewTile(7, 7)}}}),
			"seat 1 holds 7-7, which is not in a double-6 set", "plads 1 har 7-7, som ikke findes i et dobbelt-6-sæt"},
		{"set in the middle", round(rotate, 9, Deal{Players: 2, HandSize: 1, Hands: tiles([]string{"9-9"}, []string{"9-8"})}),
			"seat 0 holds 9-9, which was set in the middle before the deal", "plads 0 har 9-9, som blev lagt i midten før uddelingen"},
		{"dealt twice", round(d9, 9, Deal{Players: 2, HandSize: 1, Hands: tiles([]string{"9-8"}, []string{"9-8"})}),
			"9-8 is dealt twice", "9-8 er givet ud to gange"},
		{"double not in the set", round(d9, 10, Deal{Players: 2, HandSize: 5}),
			"the starting double 10-10 is not in a double-9 set", "startdobbelten 10-10 findes ikke i et dobbelt-9-sæt"},
		{"Straight players", straight(StraightDeal{Players: 5}),
			"Straight is played by 2, 3 or 4, not 5", "Straight spilles af 2, 3 eller 4, ikke 5"},
		{"Straight hands too big", straight(StraightDeal{Players: 4, HandSize: 8}),
			"4 players can't each take 8 tiles from a double-6 set of 28", "4 spillere kan ikke hver få 8 brikker fra et dobbelt-6-sæt med 28"},
		{"Straight one tile", straight(StraightDeal{Players: 2, HandSize: 1, Hands: tiles([]string{"6-6", "6-5"}, []string{"6-4"})}),
			"seat 0 holds 2 tiles, not 1", "plads 0 har 2 brikker, ikke 1"},
		{"Straight leader", straight(StraightDeal{Players: 2, Leader: 3}),
			"seat 3 can't lead at a table of 2", "plads 3 kan ikke spille ud ved et bord med 2"},
		{"Straight totals", straight(StraightDeal{Players: 2, Totals: []int{1, 2, 3}}),
			"totals are given for 3 sides, but the table has 2", "der er givet summer for 3 parter, men bordet har 2"},
		{"Straight hands", straight(StraightDeal{Players: 3, Hands: tiles([]string{"6-6"})}),
			"1 hand given for 3 players", "1 hånd givet til 3 spillere"},
		{"Straight not in the set", straight(StraightDeal{Players: 2, HandSize: 1, Hands: [][]Tile{{NewTile(6, 6)}, {NewTile(9, 9)}}}),
			"seat 1 holds 9-9, which is not in a double-6 set", "plads 1 har 9-9, som ikke findes i et dobbelt-6-sæt"},
		{"Straight dealt twice", straight(StraightDeal{Players: 2, HandSize: 1, Hands: tiles([]string{"6-5"}, []string{"6-5"})}),
			"6-5 is dealt twice", "6-5 er givet ud to gange"},
		{"a game's players", sizes(9, 1),
			"a game needs 2 players or more, not 1", "et spil kræver 2 spillere eller flere, ikke 1"},
		{"too many for the set", sizes(6, 16),
			"16 players are too many for a double-6 set", "16 spillere er for mange til et dobbelt-6-sæt"},
		{"no such set", sizes(10, 4),
			"rules: set is 10, but it must be 6, 9, 12, 15 or 18", "regler: set er 10, men skal være 6, 9, 12, 15 eller 18"},
		{"a choice", arms.Validate(),
			"rules: spinner_arms is 5, but it must be 4 or 6", "regler: spinner_arms er 5, men skal være 4 eller 6"},
		{"a span", rounds.Validate(),
			"rules: rounds is 11, but it must be 0 (one per double) or a count from 1 to 10",
			"regler: rounds er 11, men skal være 0 (én pr. dobbelt) eller et antal fra 1 til 10"},
		{"no such rule", d9.SetValue("nope", "1"),
			`rules: there is no house rule called "nope"`, `regler: der er ingen husregel, der hedder "nope"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var re *RulesError
			if !errors.As(tt.err, &re) || !errors.Is(tt.err, ErrRules) {
				t.Fatalf("error = %#v, want a *RulesError of ErrRules", tt.err)
			}
			if got := tt.err.Error(); got != tt.en {
				t.Errorf("Error() = %q, want %q", got, tt.en)
			}
			if got := re.Say("en"); got != tt.en {
				t.Errorf("Say(en) = %q, want %q", got, tt.en)
			}
			if got := re.Say("da"); got != tt.da {
				t.Errorf("Say(da) = %q, want %q", got, tt.da)
			}
			if got := re.Say("af"); got == tt.en || got == "" || got[0] == '[' {
				t.Errorf("Say(af) = %q, want it in Afrikaans", got)
			}
		})
	}
}

// TestRulesErrorWant: a bad house rule says what it accepts in the
// language asked for, as the setup form shows it.
func TestRulesErrorWant(t *testing.T) {
	t.Parallel()
	r := Standard()
	r.SpinnerArms = 5
	var re *RulesError
	if !errors.As(r.Validate(), &re) {
		t.Fatal("5 spinner arms are accepted")
	}
	for tag, want := range map[string]string{"en": "4 or 6", "da": "4 eller 6", "af": "4 of 6"} {
		if got := re.WantIn(tag); got != want {
			t.Errorf("WantIn(%s) = %q, want %q", tag, got, want)
		}
	}
	if re.Want != "4 or 6" {
		t.Errorf("Want = %q, want the English", re.Want)
	}
}

// TestCategoryWords: the categories of errors name themselves from the
// catalog, and a narrower one is still one of its wider.
func TestCategoryWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		err    error
		en, da string
	}{
		{ErrRules, "invalid rules", "ugyldige regler"},
		{ErrTurn, "out of turn", "uden for tur"},
		{ErrPlacement, "illegal placement", "ulovlig placering"},
		{ErrTooManyPlayers, "too many players for the set", "for mange spillere til sættet"},
	} {
		if got := tt.err.Error(); got != tt.en {
			t.Errorf("Error() = %q, want %q", got, tt.en)
		}
		if got := tt.err.(interface{ Say(string) string }).Say("da"); got != tt.da {
			t.Errorf("%s: Say(da) = %q, want %q", tt.en, got, tt.da)
		}
	}
	if !errors.Is(ErrTooManyPlayers, ErrRules) || errors.Is(ErrRules, ErrTooManyPlayers) {
		t.Error("ErrTooManyPlayers is not one of ErrRules, or the other way round")
	}
}

// TestRulesErrorSpanAfrikaans: an open number's values are lowercased
// within the sentence at their first letter, after "'n".
func TestRulesErrorSpanAfrikaans(t *testing.T) {
	t.Parallel()
	r := Standard()
	r.Rounds = 11
	var re *RulesError
	if !errors.As(r.Validate(), &re) {
		t.Fatal("11 rounds are accepted on a double-9 set")
	}
	if got, want := re.WantIn("af"), "'n getal van 1 tot 10"; len(got) < len(want) || got[len(got)-len(want):] != want {
		t.Errorf("WantIn(af) = %q, want it to end %q", got, want)
	}
}
