package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// straightRun runs the referee on a Straight input and decodes its answer.
func straightRun(t *testing.T, input string, args ...string) straightOutput {
	t.Helper()
	code, stdout, stderr := refRun(t, input, append([]string{"referee"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var out straightOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStraightLayoutExample runs docs/example-straight.json: the count of
// the ends after each play, as the rules page walks it, and two refusals.
func TestStraightLayoutExample(t *testing.T) {
	t.Parallel()
	out := straightRun(t, "", "../../docs/example-straight.json")
	type v struct {
		ok           bool
		rule         string
		ends, points int
	}
	want := []v{{true, "", 10, 10}, {true, "", 10, 10}, {true, "", 3, 0}, {true, "", 5, 5}, {true, "", 8, 0},
		{false, "mismatch", 8, 0}, {false, "end-closed", 8, 0}}
	if len(out.Moves) != len(want) {
		t.Fatalf("%d verdicts, want %d", len(out.Moves), len(want))
	}
	for i, w := range want {
		m := out.Moves[i]
		if m.OK != w.ok || m.Rule != w.rule || m.Ends != w.ends || m.Points != w.points {
			t.Errorf("move %d (%s on %s): %+v, want %+v", i, m.Tile, m.On, m, w)
		}
	}
	if out.Game != "straight" || out.Ends != 8 || out.Spinner == nil || *out.Spinner != "5-5" || out.Goal != 250 {
		t.Errorf("game %q, ends %d, spinner %v, goal %d", out.Game, out.Ends, out.Spinner, out.Goal)
	}
	// Open: the spinner's free end, 5-0's blank, 5-2's 2 and the crosswise 3-3.
	var ends []string
	for _, e := range out.OpenEnds {
		ends = append(ends, e.On+"#"+string(rune('0'+e.At)))
	}
	if got := strings.Join(ends, " "); got != "5-5#4 5-0#1 5-2#1 3-3#1" {
		t.Errorf("open ends %s", got)
	}
}

// TestStraightHandExample runs docs/example-straight-hand.json, a hand of
// two partnerships played out: the verdicts, each seat's points in play as
// the verdicts add them up, the award and the sides' totals.
func TestStraightHandExample(t *testing.T) {
	t.Parallel()
	out := straightRun(t, "", "../../docs/example-straight-hand.json")
	made := map[string]int{}
	for i, a := range out.Actions {
		if a.OK != (i != 1) {
			t.Errorf("action %d %+v: ok %v", i, a, a.OK)
		}
		made[a.Seat] += a.Points
	}
	if out.Actions[1].Rule != "not-your-turn" {
		t.Errorf("Cy laying out of turn: %+v", out.Actions[1])
	}
	r := out.Round
	if r == nil || !r.Over || r.End == nil || *r.End != "went-out" || *r.Out != "Ann" || r.Turn != nil {
		t.Fatalf("round %+v", r)
	}
	for seat, p := range r.Points {
		if made[seat] != p {
			t.Errorf("%s: verdicts add up to %d points, the round says %d", seat, made[seat], p)
		}
	}
	if len(r.Sides) != 2 || !slices.Equal(r.Sides[0].Seats, []string{"Ann", "Cy"}) || !slices.Equal(r.Sides[1].Seats, []string{"Bob", "Dee"}) {
		t.Fatalf("sides %+v", r.Sides)
	}
	// Ann went out: her side scores Bob's and Dee's 16, not Cy's 17: 15.
	s0, s1 := r.Sides[0], r.Sides[1]
	if *s0.Held != 17 || *s1.Held != 16 || s0.Award != 15 || s1.Award != 0 {
		t.Errorf("held %d/%d, award %d/%d", *s0.Held, *s1.Held, s0.Award, s1.Award)
	}
	if s0.Total != s0.Points+15 || s1.Total != s1.Points || s0.Points != made["Ann"]+made["Cy"] {
		t.Errorf("totals %d, %d from points %d, %d", s0.Total, s1.Total, s0.Points, s1.Points)
	}
	if r.Award == nil || len(r.Award.To) != 1 || r.Award.To[0][0] != "Ann" || r.Award.Tie {
		t.Errorf("award %+v", r.Award)
	}
	if r.NextLeader == nil || *r.NextLeader != "Ann" || r.Winner != nil {
		t.Errorf("next leader %v, winner %v", r.NextLeader, r.Winner)
	}
}

// TestStraightRulesObject: Straight's house rules by name, as strings,
// numbers, or true and false for yes/no and on/off rules.
func TestStraightRulesObject(t *testing.T) {
	t.Parallel()
	out := straightRun(t, `{"game": "straight", "rules": {"partners": true, "muggins": true, "count": "fives", "target": 0, "set": 6, "lead_scores": false}, "moves": [{"tile": "5-5"}]}`)
	s := out.Rules
	if s.Partners != "yes" || s.Muggins != "on" || s.Count != "fives" || s.Lead != "no" || out.Goal != 61 {
		t.Errorf("rules %+v, goal %d", s, out.Goal)
	}
	if m := out.Moves[0]; m.Ends != 10 || m.Points != 0 {
		t.Errorf("a lead that does not score: %+v", m)
	}
	fives := straightRun(t, `{"game": "straight", "rules": {"count": "fives"}, "moves": [{"tile": "5-5"}]}`)
	if m := fives.Moves[0]; m.Ends != 10 || m.Points != 2 {
		t.Errorf("10 counting one per five: %+v", m)
	}
}

// TestStraightHandVerdicts: a draw, a muggins claim and the count in each
// verdict of a small two-handed hand with the hands unknown.
func TestStraightHandVerdicts(t *testing.T) {
	t.Parallel()
	out := straightRun(t, `{"game": "straight", "rules": {"muggins": "on"}, "round": {"seats": ["Ann", "Bob"], "leader": "Bob", "actions": [
		{"seat": "Bob", "act": "lay", "tile": "5-5"},
		{"seat": "Ann", "act": "muggins"},
		{"seat": "Ann", "act": "pass"},
		{"seat": "Ann", "act": "draw"},
		{"seat": "Ann", "act": "lay", "tile": "5-0", "on": "5-5", "call": 15},
		{"seat": "Ann", "act": "lay", "tile": "5-0", "on": "5-5", "call": 10},
		{"seat": "Bob", "act": "lay", "tile": "5-1", "on": "5-5"},
		{"seat": "Ann", "act": "muggins"}]}}`)
	type v struct {
		rule         string
		ends, points int
	}
	want := []v{{"", 10, 0}, {"", 10, 10}, {"must-draw", 10, 0}, {"", 10, 0}, {"wrong-count", 10, 0}, {"", 10, 10}, {"", 1, 0}, {"no-claim", 1, 0}}
	for i, w := range want {
		a := out.Actions[i]
		if a.Rule != w.rule || a.Ends != w.ends || a.Points != w.points {
			t.Errorf("action %d (%s %s): %+v, want %+v", i, a.Seat, a.Act, a, w)
		}
	}
	if p := out.Round.Points; p["Ann"] != 20 || p["Bob"] != 0 {
		t.Errorf("points %v", p)
	}
	if out.Round.Boneyard != 13 || out.Round.Hands["Ann"] != 7 || *out.Round.Turn != "Ann" || out.Round.Award != nil {
		t.Errorf("round %+v", out.Round)
	}
}

// TestStraightLang words a Straight refusal in each language.
func TestStraightLang(t *testing.T) {
	t.Parallel()
	in := `{"game": "straight", "moves": [{"tile": "6-6"}, {"tile": "6-3", "on": "6-6"}, {"tile": "6-2", "on": "6-6", "at": 3}]}`
	for tag, want := range map[string]string{
		"en": "The spinner 6-6 takes a tile on each side before its ends open",
		"af": "Die spinner 6-6 kry eers 'n teël aan elke kant",
		"da": "Spinneren 6-6 skal have en brik på hver side",
	} {
		m := straightRun(t, in, "--lang", tag).Moves[2]
		if m.Rule != "spinner-sides" || !strings.HasPrefix(m.Message, want) {
			t.Errorf("--lang %s: %+v", tag, m)
		}
	}
}

// TestStraightBadInput: input the command can't judge exits 2 with a
// sentence on stderr and nothing on stdout.
func TestStraightBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, input, want string }{
		{"unknown game", `{"game": "poker", "moves": []}`, `game "poker" is not a game the referee knows`},
		{"game not a string", `{"game": 2, "moves": []}`, `game is 2; write the game's name as a string`},
		{"unknown rule", `{"game": "straight", "rules": {"spinner_arms": 4}}`, `no Straight house rule called "spinner_arms"; they are target, partners, count`},
		{"bad value", `{"game": "straight", "rules": {"draw": "two"}}`, `rules: draw is "two", but it must be one of "until-playable", "one"`},
		{"target out of range", `{"game": "straight", "rules": {"target": -1}}`, `rules: target is -1`},
		{"a fraction", `{"game": "straight", "rules": {"target": 2.5}}`, `rules: target is "2.5"`},
		{"true for a choice", `{"game": "straight", "rules": {"draw": true}}`, `rules.draw is true or false, but it must be one of`},
		{"rules not an object", `{"game": "straight", "rules": [1]}`, `rules must be a JSON object`},
		{"another set", `{"game": "straight", "rules": {"set": 9}}`, `Straight is played with the double-6 set`},
		{"unknown field", `{"game": "straight", "hands": {}}`, `a Straight input takes game, rules and moves`},
		{"unknown move field", `{"game": "straight", "moves": [{"tile": "6-6", "end": 3}]}`, `a Straight input takes game, rules and moves`},
		{"moves and round", `{"game": "straight", "moves": [], "round": {"seats": ["Ann", "Bob"]}}`, `not both`},
		{"five players", `{"game": "straight", "round": {"seats": ["A", "B", "C", "D", "E"]}}`, `Straight is played by 2, 3 or 4`},
		{"partners three-handed", `{"game": "straight", "rules": {"partners": true}, "round": {"seats": ["A", "B", "C"]}}`, `partners play four-handed`},
		{"hand size", `{"game": "straight", "round": {"seats": ["A", "B", "C", "D"], "hand_size": 8}}`, `round.hand_size is 8`},
		{"leader not seated", `{"game": "straight", "round": {"seats": ["A", "B"], "leader": "Z"}}`, `round.leader "Z" is not in round.seats`},
		{"totals of a stranger", `{"game": "straight", "round": {"seats": ["A", "B"], "totals": {"Z": 5}}}`, `round.totals has "Z"`},
		{"unknown round field", `{"game": "straight", "round": {"seats": ["A", "B"], "starting_double": 6}}`, `a Straight round takes seats`},
		{"unknown action field", `{"game": "straight", "round": {"seats": ["A", "B"], "actions": [{"seat": "A", "act": "lay", "tile": "6-6", "claim": 5}]}}`, `an action takes seat, act, tile, on, at and call`},
		{"a pass at an end", `{"game": "straight", "round": {"seats": ["A", "B"], "actions": [{"seat": "A", "act": "pass", "at": 2}]}}`, `a pass takes no "on"`},
		{"a deal missing tiles", `{"game": "straight", "round": {"seats": ["A", "B"], "deal": {"A": ["6-6"], "B": ["6-5"]}, "boneyard": ["0-0"]}}`, `missing`},
		{"Straight rules in Chickenfoot", `{"rules": {"game": "straight"}, "moves": []}`, `the game is named at the top level`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := refRun(t, tc.input, "referee")
			if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tc.want)
			}
		})
	}
}

// TestChickenfootNamed: naming Chickenfoot at the top level is the same
// as leaving the game out.
func TestChickenfootNamed(t *testing.T) {
	t.Parallel()
	in := `{"moves": [{"tile": "9-9"}, {"tile": "9-3", "on": "9-9"}]}`
	_, plain, _ := refRun(t, in, "referee")
	code, named, stderr := refRun(t, `{"game": "chickenfoot", `+in[1:], "referee")
	if code != 0 || named != plain {
		t.Errorf("exit %d (%s): %s\nwant %s", code, stderr, named, plain)
	}
	if strings.Contains(plain, `"game"`) || strings.Contains(plain, `"straight"`) {
		t.Errorf("a Chickenfoot answer mentions Straight: %s", plain)
	}
}

// TestStraightEveryRule sets every value of every Straight house rule
// through the command's rules object and reads it back from the answer.
func TestStraightEveryRule(t *testing.T) {
	t.Parallel()
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		values := []string{"0", "61", "500"}
		if h.Span == nil {
			values = nil
			for _, c := range h.Choices {
				values = append(values, c.Value)
			}
		}
		for _, v := range values {
			value := v
			if h.Span == nil {
				value = strconv.Quote(v)
			}
			code, stdout, stderr := refRun(t, `{"game": "straight", "rules": {"`+h.JSON+`": `+value+`}, "moves": []}`, "referee")
			var out struct{ Rules map[string]any }
			if code != 0 || json.Unmarshal([]byte(stdout), &out) != nil {
				t.Fatalf("%s = %s: exit %d, %s", h.JSON, value, code, stderr)
			}
			if got := fmt.Sprint(out.Rules[h.JSON]); got != v {
				t.Errorf("%s = %s reads back as %s", h.JSON, value, got)
			}
		}
	}
}
