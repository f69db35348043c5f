package main

// How a round ends through the round form, and its scores.

import (
	"reflect"
	"testing"
)

// rdDomino is a double-6 round that Ann ends by laying the double 5-5:
// she draws 6-2 to finish the spinner, and Bob is left holding 1-0.
var rdDomino = rdRound{
	Seats: ab,
	Deal:  map[string][]string{"Ann": {"6-6", "6-5", "5-5"}, "Bob": {"6-4", "6-3", "1-0"}},
	Boneyard: []string{"6-2", "6-1", "6-0", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3", "4-2",
		"4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "0-0"},
	Actions: rdActs("Ann lay 6-6", "Bob lay 6-4@6-6", "Ann lay 6-5@6-6", "Bob lay 6-3@6-6",
		"Ann draw 6-2", "Ann lay 6-2@6-6", "Bob draw 4-1", "Bob lay 4-1@6-4", "Ann lay 5-5@6-5"),
}

func TestRoundWentOut(t *testing.T) {
	tests := []struct {
		name  string
		rules map[string]any
		want  map[string]int
	}{
		{"no charge for a double", map[string]any{"set": 6}, map[string]int{"Ann": 0, "Bob": 1}},
		{"double_out 50", map[string]any{"set": 6, "double_out": 50}, map[string]int{"Ann": 50, "Bob": 1}},
		{"blank halves at 25", map[string]any{"set": 6, "blank_half": 25}, map[string]int{"Ann": 0, "Bob": 26}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := rdJudge(t, rdInput{Rules: tc.rules, Round: rdDomino})
			rdCheckVerdicts(t, out.Actions, []string{"ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"})
			rdCheckState(t, out.Round, rdState{Over: true, End: rdStr("went-out"), Out: rdStr("Ann"),
				Boneyard: 20, Hands: map[string]int{"Ann": 0, "Bob": 1}})
			if !reflect.DeepEqual(out.Scores, tc.want) {
				t.Errorf("scores: got %v, want %v", out.Scores, tc.want)
			}
		})
	}
	t.Run("nothing after", func(t *testing.T) {
		r := rdDomino
		r.Actions = append(rdActs(), r.Actions...)
		r.Actions = append(r.Actions, rdActs("Bob lay 1-0@4-1", "Bob draw 4-4", "Bob pass")...)
		out := rdJudge(t, rdInput{Rules: set6, Round: r})
		rdCheckVerdicts(t, out.Actions[9:], []string{"round-over", "round-over", "round-over"})
		if out.Round.Hands["Bob"] != 1 || out.Scores["Bob"] != 1 {
			t.Errorf("after the end: got Bob holding %d and scoring %d, want 1 and 1", out.Round.Hands["Bob"], out.Scores["Bob"])
		}
	})
	t.Run("hands unknown", func(t *testing.T) {
		out := rdJudge(t, rdInput{Round: rdRound{Seats: ab, HandSize: 1, Actions: rdActs("Ann lay 9-9")}})
		rdCheckState(t, out.Round, rdState{Over: true, End: rdStr("went-out"), Out: rdStr("Ann"),
			Boneyard: 53, Hands: map[string]int{"Ann": 0, "Bob": 1}})
		if len(out.Scores) != 0 {
			t.Errorf("scores with hands unknown: got %v, want none", out.Scores)
		}
	})
}

// rdBlocked deals the whole double-6 set to four players, so the boneyard
// is empty from the start. Every zero but 0-0 goes down, then Dee lays the
// 0-0 as a chickie that nobody can give a toe: nobody can play.
var rdBlocked = rdRound{
	Seats: []string{"Ann", "Bob", "Cy", "Dee"},
	Deal: map[string][]string{
		"Ann": {"6-6", "6-4", "6-0", "1-1", "2-1", "3-1", "4-1"}, // left: 14 pips
		"Bob": {"6-1", "1-0", "3-0", "2-2", "3-2", "4-2", "5-2"}, // left: 22
		"Cy":  {"6-2", "5-0", "4-0", "3-3", "4-3", "5-3", "6-5"}, // left: 32
		"Dee": {"6-3", "2-0", "0-0", "4-4", "5-4", "5-5", "5-1"}, // left: 33
	},
	Actions: rdActs("Ann lay 6-6", "Bob lay 6-1@6-6", "Cy lay 6-2@6-6", "Dee lay 6-3@6-6",
		"Ann lay 6-4@6-6", "Bob lay 1-0@6-1", "Cy lay 0-5@1-0", "Dee lay 2-0@6-2",
		"Ann lay 0-6@2-0", "Bob lay 3-0@6-3", "Cy lay 4-0@6-4", "Dee lay 0-0@3-0"),
}

func TestRoundBlocked(t *testing.T) {
	tests := []struct {
		name  string
		rules map[string]any
		want  map[string]int
	}{
		{"all-score", map[string]any{"set": 6}, map[string]int{"Ann": 14, "Bob": 22, "Cy": 32, "Dee": 33}},
		{"lowest-zero", map[string]any{"set": 6, "blocked_round": "lowest-zero"},
			map[string]int{"Ann": 0, "Bob": 22, "Cy": 32, "Dee": 33}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := rdJudge(t, rdInput{Rules: tc.rules, Round: rdBlocked})
			want := make([]string, 12)
			for i := range want {
				want[i] = "ok"
			}
			rdCheckVerdicts(t, out.Actions, want)
			rdCheckState(t, out.Round, rdState{Over: true, End: rdStr("blocked"), Boneyard: 0,
				Hands: map[string]int{"Ann": 4, "Bob": 4, "Cy": 4, "Dee": 4}})
			if !reflect.DeepEqual(out.Scores, tc.want) {
				t.Errorf("scores: got %v, want %v", out.Scores, tc.want)
			}
			refCheckPending(t, out.Pending, pendChickie("0-0", 3, true))
		})
	}
}

// The RULES.md behaviour for a chickie that can no longer be finished: the
// obligation stays owed, and the round is blocked only once the boneyard
// is empty and nobody can play. On double-6, after 1-0, 2-0, 3-0 and 4-0
// are down, a 0-0 chickie has only 5-0 and 6-0 left for its three toes;
// here both are still in the boneyard.
func TestRoundUnfinishableChickie(t *testing.T) {
	opening := rdActs("Ann lay 6-6", "Bob lay 6-1@6-6", "Ann lay 6-2@6-6", "Bob lay 6-3@6-6", "Ann lay 6-4@6-6",
		"Bob lay 1-0@6-1", "Ann lay 2-0@6-2", "Bob lay 3-0@6-3", "Ann lay 4-0@6-4", "Bob lay 0-0@1-0")
	// run plays the opening and then each step's actions, checking the
	// round after each step.
	type step struct {
		actions []rdAction
		want    rdState
	}
	run := func(t *testing.T, r rdRound, steps []step) rdOutput {
		t.Helper()
		var out rdOutput
		r.Actions = append(rdActs(), opening...)
		for i, s := range steps {
			r.Actions = append(r.Actions, s.actions...)
			out = rdJudge(t, rdInput{Rules: set6, Round: r})
			for _, v := range out.Actions {
				if !v.OK {
					t.Fatalf("step %d: %s %s %s refused: %s (%s)", i, v.Seat, v.Act, v.Tile, v.Rule, v.Message)
				}
			}
			rdCheckState(t, out.Round, s.want)
		}
		return out
	}
	t.Run("hands known", func(t *testing.T) {
		r := rdRound{Seats: ab, Deal: map[string][]string{
			"Ann": {"6-6", "6-2", "6-4", "2-0", "4-0", "1-1", "2-1", "3-1", "4-1", "2-2", "3-2", "4-2", "5-2"},
			"Bob": {"6-1", "6-3", "1-0", "3-0", "0-0", "3-3", "4-3", "5-3", "6-5", "4-4", "5-4", "5-5", "5-1"},
		}}
		out := run(t, r, []step{
			{nil, rdState{Turn: rdStr("Ann"), Boneyard: 2, Hands: map[string]int{"Ann": 8, "Bob": 8}}},
			{rdActs("Ann draw 5-0", "Ann lay 0-5@0-0"), rdState{Turn: rdStr("Bob"), Boneyard: 1, Hands: map[string]int{"Ann": 8, "Bob": 8}}},
			{rdActs("Bob draw 6-0", "Bob lay 0-6@0-0"), rdState{Over: true, End: rdStr("blocked"), Boneyard: 0,
				Hands: map[string]int{"Ann": 8, "Bob": 8}}},
		})
		if want := map[string]int{"Ann": 36, "Bob": 65}; !reflect.DeepEqual(out.Scores, want) {
			t.Errorf("scores: got %v, want %v", out.Scores, want)
		}
		refCheckPending(t, out.Pending, pendChickie("0-0", 1, true))
	})
	t.Run("hands unknown", func(t *testing.T) {
		// Passes after a draw prove nothing; a full turn of passes with
		// nothing left to draw does.
		r := rdRound{Seats: ab, HandSize: 13}
		on := func(turn string) rdState {
			return rdState{Turn: rdStr(turn), Hands: map[string]int{"Ann": 9, "Bob": 9}}
		}
		run(t, r, []step{
			{nil, rdState{Turn: rdStr("Ann"), Boneyard: 2, Hands: map[string]int{"Ann": 8, "Bob": 8}}},
			{rdActs("Ann draw", "Ann pass", "Bob draw", "Bob pass"), on("Ann")},
			{rdActs("Ann pass"), on("Bob")},
			{rdActs("Bob pass"), rdState{Over: true, End: rdStr("blocked"), Hands: map[string]int{"Ann": 9, "Bob": 9}}},
		})
	})
}
