package main

// The README's examples of the round form must be what the command says.

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// turnCodes are the referee's turn codes, each shown once in the README.
var turnCodes = []string{"bad-seat", "bad-action", "not-started", "not-your-turn", "must-draw", "already-drew",
	"boneyard-empty", "can-play", "must-play-drawn", "not-in-boneyard", "not-in-hand", "round-over",
	"no-take-back", "no-penalty"}

// An example in the README: a bullet naming the code, then an input line
// and a line with the verdict of its last action, both in backquotes.
var (
	exampleCode    = regexp.MustCompile("^- `([a-z-]+)`:")
	exampleInput   = regexp.MustCompile("^  `(\\{.*\\})`$")
	exampleVerdict = regexp.MustCompile("^  → `(\\{.*\\})`$")
)

type turnExample struct{ code, input, verdict string }

func TestREADMETurnCodes(t *testing.T) {
	examples := readmeTurnExamples(t)
	var codes []string
	for _, ex := range examples {
		codes = append(codes, ex.code)
		t.Run(ex.code, func(t *testing.T) {
			code, stdout, stderr := refRun(t, ex.input, "referee")
			if code != 0 {
				t.Fatalf("exit code: got %d, want 0 (stderr %q)", code, stderr)
			}
			var out struct{ Actions []map[string]any }
			var want map[string]any
			if err := json.Unmarshal([]byte(stdout), &out); err != nil || len(out.Actions) == 0 {
				t.Fatalf("decoding stdout: got %v and %d actions, want verdicts", err, len(out.Actions))
			}
			if err := json.Unmarshal([]byte(ex.verdict), &want); err != nil {
				t.Fatalf("the README's verdict is not JSON: %v", err)
			}
			if got := out.Actions[len(out.Actions)-1]; !reflect.DeepEqual(got, want) {
				t.Errorf("last verdict:\n got %v\nwant %v (as the README says)", got, want)
			}
			if want["rule"] != ex.code {
				t.Errorf("the README shows %q under %q", want["rule"], ex.code)
			}
		})
	}
	slices.Sort(codes)
	want := slices.Sorted(slices.Values(turnCodes))
	if !slices.Equal(codes, want) {
		t.Errorf("README turn-code examples: got %v, want one for each of %v", codes, want)
	}
}

func readmeTurnExamples(t *testing.T) []turnExample {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok1 := strings.Cut(string(readme), "<!-- turn-code examples:")
	block, _, ok2 := strings.Cut(rest, "<!-- end of the turn-code examples -->")
	if !ok1 || !ok2 {
		t.Fatal("README.md lacks the markers around its turn-code examples")
	}
	var out []turnExample
	for line := range strings.SplitSeq(block, "\n") {
		if m := exampleCode.FindStringSubmatch(line); m != nil {
			out = append(out, turnExample{code: m[1]})
		} else if m := exampleInput.FindStringSubmatch(line); m != nil && len(out) > 0 {
			out[len(out)-1].input = m[1]
		} else if m := exampleVerdict.FindStringSubmatch(line); m != nil && len(out) > 0 {
			out[len(out)-1].verdict = m[1]
		}
	}
	for _, ex := range out {
		if ex.input == "" || ex.verdict == "" {
			t.Errorf("README example for %q: want an input line and a verdict line", ex.code)
		}
	}
	return out
}

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
		t.Errorf("scores: got %v, want %v (as the README says)", out.Scores, want)
	}
}
