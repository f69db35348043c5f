package main

// The round form's input that the command can't judge (exit 2), and the
// fields its output carries.

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestRoundExit2(t *testing.T) {
	const two = `"seats": ["Ann", "Bob"]`
	const set6 = `"rules": {"set": 6}, `
	full6 := func(deal, boneyard string) string {
		return `{` + set6 + `"round": {` + two + `, "deal": ` + deal + `, "boneyard": ` + boneyard + `}}`
	}
	rest := `["6-4", "6-3", "6-2", "6-1", "6-0", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3", "4-2", "4-1",
		"4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-0", "1-1", "1-0"]`
	tests := []struct {
		name  string
		input string
		words []string // stderr must contain at least one (case-insensitive)
	}{
		{"not JSON", `{"round": {"seats": [`, []string{"json", "end"}},
		{"round not an object", `{"round": ["Ann", "Bob"]}`, []string{"round must be"}},
		{"moves and round", `{"moves": [], "round": {` + two + `}}`, []string{"not both"}},
		{"hands and round", `{"hands": {"Ann": []}, "round": {` + two + `}}`, []string{"round.deal"}},
		{"unknown round field", `{"round": {` + two + `, "players": 2}}`, []string{`"players"`}},
		{"unknown action field", `{"round": {` + two + `, "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9", "at": "x"}]}}`,
			[]string{`round.actions[0]: unknown field "at"`}},
		{"action is null", `{"round": {` + two + `, "actions": [null]}}`, []string{"round.actions[0] is null"}},
		{"action is a string", `{"round": {` + two + `, "actions": ["Ann lay 9-9"]}}`, []string{"round.actions[0]"}},
		{"seats wrong type", `{"round": {"seats": "Ann, Bob"}}`, []string{"round.seats"}},
		{"seat wrong type", `{"round": {"seats": ["Ann", 2]}}`, []string{"round.seats"}},
		{"hand_size wrong type", `{"round": {` + two + `, "hand_size": "7"}}`, []string{"round.hand_size"}},
		{"actions wrong type", `{"round": {` + two + `, "actions": {}}}`, []string{"round.actions"}},
		{"action seat wrong type", `{"round": {` + two + `, "actions": [{"seat": 1, "act": "pass"}]}}`, []string{"round.actions[0].seat"}},
		{"deal hand wrong type", `{"round": {` + two + `, "deal": {"Ann": "9-9"}}}`, []string{"round.deal"}},
		{"boneyard wrong type", `{"round": {` + two + `, "deal": {"Ann": ["9-9"], "Bob": ["9-8"]}, "boneyard": "rest"}}`, []string{"round.boneyard"}},
		{"seats missing", `{"round": {"actions": []}}`, []string{"round.seats"}},
		{"seats empty", `{"round": {"seats": []}}`, []string{"round.seats", "0 players"}},
		{"one seat", `{"round": {"seats": ["Ann"]}}`, []string{"1 player;"}},
		{"seat twice", `{"round": {"seats": ["Ann", "Bob", "Ann"]}}`, []string{`"Ann" twice`}},
		{"seat unnamed", `{"round": {"seats": ["Ann", " "]}}`, []string{"round.seats[1]"}},
		{"deal for a stranger", `{"round": {` + two + `, "deal": {"Ann": ["9-9"], "Bob": ["9-8"], "Dan": ["9-7"]}}}`,
			[]string{`"Dan"`}},
		{"deal misses a seat", `{"round": {` + two + `, "deal": {"Ann": ["9-9"]}}}`, []string{`no hand for "Bob"`}},
		{"hands of different sizes", `{"round": {` + two + `, "deal": {"Ann": ["9-9", "9-8"], "Bob": ["9-7"]}}}`,
			[]string{"same size"}},
		{"empty hands", `{"round": {` + two + `, "deal": {"Ann": [], "Bob": []}}}`, []string{"no tiles"}},
		{"tile twice in the deal", `{"round": {` + two + `, "deal": {"Ann": ["9-9", "3-4"], "Bob": ["4-3", "1-1"]}}}`,
			[]string{"4-3 is also in round.deal.Ann"}},
		{"tile twice in one hand", `{"round": {` + two + `, "deal": {"Ann": ["9-9", "9-9"], "Bob": ["4-3", "1-1"]}}}`,
			[]string{"9-9 is also in"}},
		{"tile in deal and boneyard", full6(`{"Ann": ["6-6"], "Bob": ["6-5"]}`, `["6-5", "0-0"]`),
			[]string{"round.boneyard: 6-5 is also in round.deal"}},
		{"bad tile in the deal", `{"round": {` + two + `, "deal": {"Ann": ["9-9"], "Bob": ["nine"]}}}`,
			[]string{"round.deal.Bob"}},
		{"tile outside the set", `{` + set6 + `"round": {` + two + `, "deal": {"Ann": ["6-6"], "Bob": ["9-1"]}}}`,
			[]string{"round.deal.Bob", "double-6"}},
		{"bad tile in the boneyard", full6(`{"Ann": ["6-6"], "Bob": ["6-5"]}`, `["x"]`), []string{"round.boneyard"}},
		{"deal and boneyard short of the set", full6(`{"Ann": ["6-6"], "Bob": ["6-5"]}`, `["0-0"]`),
			[]string{"4 of the 28", "missing: 6-4"}},
		{"whole set but one", full6(`{"Ann": ["6-6", "0-0"], "Bob": ["6-5", "5-5"]}`, rest),
			[]string{"27 of the 28", "missing: 2-1"}},
		{"boneyard without deal", `{"round": {` + two + `, "boneyard": ["9-9"]}}`, []string{"hand_size"}},
		{"hand_size 0", `{"round": {` + two + `, "hand_size": 0}}`, []string{"round.hand_size is 0"}},
		{"hand_size too big", `{` + set6 + `"round": {` + two + `, "hand_size": 15}}`, []string{"round.hand_size is 15", "1 to 14"}},
		{"hand_size against the deal", `{"round": {` + two + `, "hand_size": 7, "deal": {"Ann": ["9-9"], "Bob": ["9-8"]}}}`,
			[]string{"round.hand_size is 7"}},
		{"more seats than tiles", `{` + set6 + `"round": {"seats": [` + strings.Repeat(`"P", `, 0) + rdNames(29) + `]}}`,
			[]string{"29 players"}},
		{"draw with on", `{"round": {` + two + `, "actions": [{"seat": "Ann", "act": "draw", "on": "9-9"}]}}`,
			[]string{`takes no "on"`}},
		{"pass with a tile", `{"round": {` + two + `, "actions": [{"seat": "Ann", "act": "pass", "tile": "9-9"}]}}`,
			[]string{`takes no "tile"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := refRun(t, tc.input, "referee")
			refCheckExit2(t, code, stdout, stderr, tc.words)
		})
	}
}

func rdNames(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = `"P` + strings.Repeat("i", i+1) + `"`
	}
	return strings.Join(names, ", ")
}

func TestRoundWholeSetDealt(t *testing.T) {
	// A boneyard that is exactly the rest of the set is accepted, the
	// starting double among it: then it is drawn for before it is set.
	in := rdInput{Rules: set6, Round: rdRound{Seats: ab,
		Deal:     map[string][]string{"Ann": {"6-1"}, "Bob": {"5-5"}},
		Boneyard: strings.Fields("6-6 6-5 6-4 6-3 6-2 6-0 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0"),
		Actions:  rdActs("Bob draw 6-6", "Bob lay 6-6", "Ann lay 6-1@6-6")}}
	out := rdJudge(t, in)
	rdCheckVerdicts(t, out.Actions, []string{"ok", "ok", "ok"})
	rdCheckState(t, out.Round, rdState{Over: true, End: rdStr("went-out"), Out: rdStr("Ann"),
		Boneyard: 25, Hands: map[string]int{"Ann": 0, "Bob": 1}})
	if out.Scores["Bob"] != 10 {
		t.Errorf("scores[Bob]: got %d, want 10 (5-5)", out.Scores["Bob"])
	}
}

func TestRoundDefaultHandSize(t *testing.T) {
	// Without a deal or hand_size, the hands are the referee's suggestion:
	// 14 each for three players on double-9.
	out := rdJudge(t, rdInput{Round: rdRound{Seats: []string{"Ann", "Bob", "Cy"}}})
	rdCheckState(t, out.Round, rdState{Boneyard: 13, Hands: map[string]int{"Ann": 14, "Bob": 14, "Cy": 14}})
}

// TestRoundOutputFields pins which fields each form writes, so consumers
// of the layout form see nothing new.
func TestRoundOutputFields(t *testing.T) {
	keys := func(t *testing.T, input string) (top, round, verdict []string) {
		t.Helper()
		_, stdout, stderr := refRun(t, input, "referee")
		var out map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatalf("decoding stdout: %v (stderr %q)", err, stderr)
		}
		var r, v map[string]json.RawMessage
		var vs []map[string]json.RawMessage
		_ = json.Unmarshal(out["round"], &r)
		if _ = json.Unmarshal(out["actions"], &vs); len(vs) > 0 {
			v = vs[0]
		}
		return sortedKeys(out), sortedKeys(r), sortedKeys(v)
	}
	top, _, _ := keys(t, `{"moves": [{"tile": "9-9"}]}`)
	if want := []string{"moves", "open_ends", "pending", "problems", "rules", "scores"}; !slices.Equal(top, want) {
		t.Errorf("layout form fields: got %v, want %v", top, want)
	}
	top, round, verdict := keys(t, `{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-3", "on": "9-9"}]}}`)
	if want := []string{"actions", "moves", "open_ends", "pending", "problems", "round", "rules", "scores"}; !slices.Equal(top, want) {
		t.Errorf("round form fields: got %v, want %v", top, want)
	}
	if want := []string{"boneyard", "end", "hands", "out", "over", "turn"}; !slices.Equal(round, want) {
		t.Errorf("round fields: got %v, want %v", round, want)
	}
	if want := []string{"act", "message", "ok", "on", "rule", "seat", "tile"}; !slices.Equal(verdict, want) {
		t.Errorf("refused action fields: got %v, want %v", verdict, want)
	}
	top, _, _ = keys(t, `{"round": {"seats": ["Ann", "Bob"]}}`)
	if !slices.Contains(top, "actions") {
		t.Errorf("round form without actions: got fields %v, want actions among them", top)
	}
}

func sortedKeys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
