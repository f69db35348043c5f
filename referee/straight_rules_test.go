package referee

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestGameAbsentIsChickenfoot: a night stored before Straight existed has
// no "game" and still reads as Chickenfoot, and a Chickenfoot night is
// written without "game" or "straight", byte for byte as before.
func TestGameAbsentIsChickenfoot(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(Standard())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"game"`) || strings.Contains(string(b), `"straight"`) {
		t.Errorf("Chickenfoot rules are written with a game: %s", b)
	}
	var r Rules
	if err := json.Unmarshal(b, &r); err != nil || r != Standard() || r.Game != Chickenfoot {
		t.Errorf("Chickenfoot rules read back as %+v, %v", r, err)
	}
	for _, in := range []string{`{"set":6,"game":""}`, `{"set":6}`} {
		var r Rules
		if err := json.Unmarshal([]byte(in), &r); err != nil || r.Game != Chickenfoot {
			t.Errorf("%s reads as game %q, %v", in, r.Game, err)
		}
	}
	s := StandardStraight()
	s.Straight.Target = 150
	b, _ = json.Marshal(s)
	var back Rules
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Errorf("Straight rules %s read back as %+v, %v", b, back, err)
	}
	if !strings.Contains(string(b), `"game":"straight"`) || !strings.Contains(string(b), `"target":150`) {
		t.Errorf("Straight rules are written as %s", b)
	}
}

func TestParseGame(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Game{"": Chickenfoot, "chickenfoot": Chickenfoot, "straight": Straight} {
		if g, ok := ParseGame(in); !ok || g != want {
			t.Errorf("ParseGame(%q) = %q, %v, want %q", in, g, ok, want)
		}
	}
	if _, ok := ParseGame("Straight"); ok {
		t.Error(`ParseGame("Straight") accepted a name in the wrong case`)
	}
	for _, g := range Games {
		if back, ok := ParseGame(g.Name()); !ok || back != g {
			t.Errorf("%q does not read back from its name %q", g, g.Name())
		}
	}
}

// TestStraightRows: Straight's rows are its own, read and written through
// the same Value and SetValue as Chickenfoot's; Straight's "draw" is not
// Chickenfoot's.
func TestStraightRows(t *testing.T) {
	t.Parallel()
	r := StandardStraight()
	if err := r.Validate(); err != nil {
		t.Fatalf("StandardStraight() is refused: %v", err)
	}
	want := map[string]string{"draw": "until-playable", "spinner_ends": "after-sides", "lead_scores": "yes",
		"rounding": "nearest", "blocked_tie": "nobody", "target_reached": "at-once", "count": "points",
		"muggins": "off", "target": "0", "partners": "no"}
	for k, v := range want {
		if got := r.Value(k); got != v {
			t.Errorf("StandardStraight().Value(%q) = %q, want %q", k, got, v)
		}
	}
	if got := r.Value("spinner_arms"); got != "" {
		t.Errorf("a Straight night has a Chickenfoot rule spinner_arms = %q", got)
	}
	if err := r.SetValue("draw", "one"); err != nil || r.Straight.Draw != StraightDrawOne {
		t.Errorf(`SetValue("draw", "one") on Straight = %v, draw %q`, err, r.Straight.Draw)
	}
	c := Standard()
	if err := c.SetValue("draw", "one"); !errors.Is(err, ErrRules) {
		t.Errorf(`Chickenfoot accepts Straight's draw "one": %v`, err)
	}
	if err := r.SetValue("target", "61"); err != nil || r.Straight.Goal() != 61 {
		t.Errorf(`SetValue("target", "61") = %v, goal %d`, err, r.Straight.Goal())
	}
	if _, ok := LookupHouseRuleFor("poker", "draw"); ok {
		t.Error("a game the referee does not know has house rules")
	}
}

func TestStraightValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		edit    func(*Rules)
		message string
	}{
		{func(r *Rules) { r.Straight.Draw = "two" }, `rules: draw is "two", but it must be one of "until-playable", "one"`},
		{func(r *Rules) { r.Straight.Target = -5 }, "rules: target is -5, but it must be 0 (the usual: 250, or 61 counting one point per five) or a total from 1 to 10000"},
		{func(r *Rules) { r.Straight.Partners = "" }, `rules: partners is "", but it must be one of "no", "yes"`},
		{func(r *Rules) { r.Set = 9 }, "rules: set is 9, but it must be 6"},
		{func(r *Rules) { r.Game = "poker" }, `rules: game is "poker", but it must be one of "chickenfoot", "straight"`},
		// Several bad fields: the first in the table's order.
		{func(r *Rules) { r.Straight.Muggins, r.Straight.Count = "x", "x" }, `rules: count is "x", but it must be one of "points", "fives"`},
	}
	for _, tt := range tests {
		r := StandardStraight()
		tt.edit(&r)
		if err := r.Validate(); err == nil || err.Error() != tt.message {
			t.Errorf("Validate(%+v) = %v, want %s", r.Straight, err, tt.message)
		}
	}
	// A Straight night's Chickenfoot fields are not its rules.
	if err := StandardStraight().Validate(); err != nil {
		t.Errorf("a Straight night with no Chickenfoot rules set is refused: %v", err)
	}
}

// TestGoal: target 0 is the usual total for the count.
func TestGoal(t *testing.T) {
	t.Parallel()
	s := StandardStraight().Straight
	if s.Goal() != 250 {
		t.Errorf("usual goal counting points = %d, want 250", s.Goal())
	}
	s.Count = CountFives
	if s.Goal() != 61 {
		t.Errorf("usual goal counting fives = %d, want 61", s.Goal())
	}
	s.Target = 100
	if s.Goal() != 100 {
		t.Errorf("goal with target 100 = %d", s.Goal())
	}
}

func TestValidateSeats(t *testing.T) {
	t.Parallel()
	r := StandardStraight()
	for n, want := range map[int]string{
		1: "rules: players is 1, but it must be 2, 3 or 4 for Straight",
		5: "rules: players is 5, but it must be 2, 3 or 4 for Straight",
		2: "", 3: "", 4: "",
	} {
		err := r.ValidateSeats(n)
		if (err == nil) != (want == "") || err != nil && err.Error() != want {
			t.Errorf("ValidateSeats(%d) = %v, want %q", n, err, want)
		}
	}
	r.Straight.Partners = Yes
	if err := r.ValidateSeats(3); err == nil || err.Error() != `rules: partners is "yes", but it must be "no" with 3 players: partners play four-handed` || !errors.Is(err, ErrRules) {
		t.Errorf("partners three-handed: %v", err)
	}
	if err := r.ValidateSeats(4); err != nil {
		t.Errorf("partners four-handed: %v", err)
	}
	if err := Standard().ValidateSeats(9); err != nil {
		t.Errorf("Chickenfoot's seats are checked elsewhere: %v", err)
	}
}

// TestStraightSections: every Straight house rule and every code a
// Straight refusal can carry names a section of StraightSections.
func TestStraightSections(t *testing.T) {
	t.Parallel()
	for _, h := range HouseRulesFor(Straight) {
		if !slices.Contains(StraightSections, h.Topic) {
			t.Errorf("row %s: topic %q is no section of Straight's rules", h.JSON, h.Topic)
		}
	}
	codes := []Code{CodeBadTile, CodeAlreadyPlayed, CodeUnknownEnd, CodeEndClosed, CodeMismatch, CodeLeadFirst,
		CodeSpinnerSides, CodeBadSeat, CodeNotYourTurn, CodeNotInHand, CodeRoundOver, CodeMustDraw, CodeAlreadyDrew,
		CodeBoneyardEmpty, CodeCanPlay, CodeMustPlayDrawn, CodeNoTakeBack, CodeNotInBoneyard, CodeBadAction,
		CodeNoClaim, CodeWrongCount}
	for _, c := range codes {
		if s := c.SectionIn(Straight); !slices.Contains(StraightSections, s) {
			t.Errorf("%s: section %q is no section of Straight's rules", c, s)
		}
		if c.SectionIn(Chickenfoot) != c.Section() {
			t.Errorf("%s: SectionIn(Chickenfoot) is not Section()", c)
		}
	}
}
