package main

import "testing"

// TestRefereeRulesMessages pins what the referee command says about a bad
// rules object: Validate's words, first bad field first.
func TestRefereeRulesMessages(t *testing.T) {
	tests := []struct{ rules, stderr string }{
		{`{"spinner_arms": 5}`, "rules: spinner_arms is 5, but it must be 4 or 6"},
		{`{"draw": "x"}`, `rules: draw is "x", but it must be one of "one-may-play", "one-must-play", "until-playable", "one-then-pass"`},
		{`{"set": 6, "rounds": 8}`, "rules: rounds is 8, but it must be 0 (one per double) or a count from 1 to 7"},
		{`{"rounds": 3, "loss_threshold": 100}`, "rules: loss_threshold is 100, but it must be 0 when a fixed number of rounds is set"},
		{`{"preset": "family", "set": 10}`, "rules: set is 10, but it must be one of 6, 9, 12, 15, 18"},
		{`{"impossible_chickie": "x", "blank_half": 3}`, "rules: blank_half is 3, but it must be 0 or 25"},
	}
	for _, tt := range tests {
		code, stdout, stderr := refRun(t, `{"rules": `+tt.rules+`, "moves": []}`, "referee")
		if want := "chickenfoot referee: " + tt.stderr + "\n"; code != 2 || stdout != "" || stderr != want {
			t.Errorf("referee with rules %s = exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.rules, code, stdout, stderr, want)
		}
	}
}
