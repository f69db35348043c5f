package main

// docs/REFEREE.md's examples: each turn code shown with an input and the
// verdict the command gives, and the sample whole round.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// A turnExample is a small input whose last action the referee refuses
// with the code, and a note saying what the example shows, if anything.
type turnExample struct {
	code  referee.Code
	note  string
	input string
}

// turnExamples shows every turn code once.
var turnExamples = []turnExample{
	{referee.CodeBadSeat, "",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Dan", "act": "lay", "tile": "9-9"}]}}`},
	{referee.CodeBadAction, "A draw that names no tile while the hands are known is refused with this code too.",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "knock"}]}}`},
	{referee.CodeNotStarted, "",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "pass"}]}}`},
	{referee.CodeDealAgain, "",
		`{"rules": {"unheld_double": "reshuffle"}, "round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "draw"}]}}`},
	{referee.CodeNotYourTurn, "",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Ann", "act": "draw"}]}}`},
	{referee.CodeMustDraw, "",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "pass"}]}}`},
	{referee.CodeAlreadyDrew, "",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "draw"}, {"seat": "Bob", "act": "draw"}]}}`},
	{referee.CodeBoneyardEmpty, "Here the whole double-6 set was dealt.",
		`{"rules": {"set": 6}, "round": {"seats": ["Ann", "Bob"], "hand_size": 14, "actions": [{"seat": "Ann", "act": "lay", "tile": "6-6"}, {"seat": "Bob", "act": "draw"}]}}`},
	{referee.CodeCanPlay, "",
		`{"rules": {"set": 6}, "round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["6-6", "1-0"], "Bob": ["6-1", "3-2"]}, "actions": [{"seat": "Ann", "act": "lay", "tile": "6-6"}, {"seat": "Bob", "act": "pass"}]}}`},
	{referee.CodeMustPlayDrawn, "",
		`{"rules": {"draw": "one-must-play"}, "round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "draw", "tile": "9-3"}, {"seat": "Bob", "act": "pass"}]}}`},
	{referee.CodeMustPass, "",
		`{"rules": {"draw": "one-then-pass"}, "round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "draw"}, {"seat": "Bob", "act": "lay", "tile": "9-3", "on": "9-9"}]}}`},
	{referee.CodeNotInBoneyard, "",
		`{"rules": {"set": 6}, "round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["6-6", "1-0"], "Bob": ["5-4", "3-2"]}, "actions": [{"seat": "Ann", "act": "lay", "tile": "6-6"}, {"seat": "Bob", "act": "draw", "tile": "1-0"}]}}`},
	{referee.CodeNotInHand, "",
		`{"rules": {"set": 6}, "round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["6-6", "1-0"], "Bob": ["5-4", "3-2"]}, "actions": [{"seat": "Ann", "act": "lay", "tile": "6-6"}, {"seat": "Bob", "act": "lay", "tile": "6-5", "on": "6-6"}]}}`},
	{referee.CodeRoundOver, "Here Ann was dealt one tile and laid it.",
		`{"round": {"seats": ["Ann", "Bob"], "hand_size": 1, "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "lay", "tile": "9-3", "on": "9-9"}]}}`},
	{referee.CodeNoTakeBack, "Never at all under `take_back: never`.",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "take-back"}]}}`},
	{referee.CodeNoPenalty, "The house rule is a courtesy call, or the player holds more than one tile.",
		`{"round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "9-9"}, {"seat": "Bob", "act": "penalty"}]}}`},
	{referee.CodeNoClaim, "Straight only; under `muggins: off` every claim is refused.",
		`{"game": "straight", "rules": {"muggins": true}, "round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "6-4", "call": 10}, {"seat": "Bob", "act": "muggins"}]}}`},
	{referee.CodeWrongCount, "Straight only, under muggins: the ends of a lone 6-3 count 9.",
		`{"game": "straight", "rules": {"muggins": true}, "round": {"seats": ["Ann", "Bob"], "actions": [{"seat": "Ann", "act": "lay", "tile": "6-3", "call": 10}]}}`},
}

// TestDocTurnCodes runs every turn-code example through the referee
// command and checks docs/REFEREE.md shows it with the verdict the command
// gives; every turn code has one example.
func TestDocTurnCodes(t *testing.T) {
	meanings := map[referee.Code]string{}
	var want []referee.Code
	for _, g := range refereeCodes(t) {
		for _, c := range g.codes {
			meanings[c.code] = c.meaning
			if isTurnCode(c.code) {
				want = append(want, c.code)
			}
		}
	}
	var b strings.Builder
	var got []referee.Code
	for _, ex := range turnExamples {
		got = append(got, ex.code)
		verdict := lastVerdict(t, ex)
		fmt.Fprintf(&b, "- `%s`: %s", ex.code, meanings[ex.code])
		if ex.note != "" {
			b.WriteString(" " + ex.note)
		}
		fmt.Fprintf(&b, "\n  `%s`\n  → `%s`\n", ex.input, verdict)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("turn-code examples: got one for each of %v, want one for each of %v", got, want)
	}
	checkGenerated(t, refereeDoc, "turn-codes", b.String())
}

// lastVerdict runs the example and returns the verdict on its last action
// as one line of JSON, in the command's order of fields.
func lastVerdict(t *testing.T, ex turnExample) string {
	t.Helper()
	code, stdout, stderr := refRun(t, ex.input, "referee")
	if code != 0 {
		t.Fatalf("%s: exit code: got %d, want 0 (stderr %q)", ex.code, code, stderr)
	}
	var out struct{ Actions []json.RawMessage }
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || len(out.Actions) == 0 {
		t.Fatalf("%s: decoding stdout: got %v and %d actions, want verdicts", ex.code, err, len(out.Actions))
	}
	last := out.Actions[len(out.Actions)-1]
	var v struct{ Rule referee.Code }
	if err := json.Unmarshal(last, &v); err != nil || v.Rule != ex.code {
		t.Errorf("%s: the last action's rule is %q (%v), want %q", ex.code, v.Rule, err, ex.code)
	}
	return spacedJSON(t, last)
}

// spacedJSON writes a JSON object on one line, with a space after each
// colon and comma, keeping the order of its fields.
func spacedJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var fields []string
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var value any
		if err := dec.Decode(&value); err != nil {
			t.Fatal(err)
		}
		fields = append(fields, jsonText(t, key)+": "+jsonText(t, value))
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestRoundExampleFile runs the sample whole round of docs/REFEREE.md.
func TestRoundExampleFile(t *testing.T) {
	code, stdout, stderr := refRun(t, "", "referee", "../../docs/example-whole-round.json")
	if code != 0 {
		t.Fatalf("referee docs/example-whole-round.json: got exit %d (stderr %q), want 0", code, stderr)
	}
	var out rdOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("decoding stdout: %v", err)
	}
	rdCheckVerdicts(t, out.Actions, []string{"ok", "not-your-turn", "ok", "can-play", "ok", "ok",
		"must-draw", "ok", "ok", "ok", "ok", "round-over"})
	rdCheckState(t, out.Round, rdState{Over: true, End: rdStr("went-out"), Out: rdStr("Ann"),
		Boneyard: 18, Hands: map[string]int{"Ann": 0, "Bob": 2, "Cy": 1}})
	if want := map[string]int{"Ann": 50, "Bob": 11, "Cy": 50}; !reflect.DeepEqual(out.Scores, want) {
		t.Errorf("scores: got %v, want %v (as docs/REFEREE.md says)", out.Scores, want)
	}
}
