package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"chickenfoot/referee"
)

var update = flag.Bool("update", false, "rewrite README.md's house-rules table from referee.HouseRules")

// The README's house-rules table sits between these markers.
const (
	tableStart = "<!-- house-rules table: made from referee.HouseRules; go test ./cmd/chickenfoot -run TestREADMEHouseRules -update rewrites it -->\n"
	tableEnd   = "<!-- end of the house-rules table -->\n"
)

// TestREADMEHouseRules fails when README.md's house-rules table differs
// from the one made from referee.HouseRules; -update rewrites it.
func TestREADMEHouseRules(t *testing.T) {
	const path = "../../README.md"
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := bytes.Cut(readme, []byte(tableStart))
	old, after, ok2 := bytes.Cut(rest, []byte(tableEnd))
	if !ok1 || !ok2 {
		t.Fatalf("README.md lacks the markers around its house-rules table:\n%s%s", tableStart, tableEnd)
	}
	want := houseRulesTable()
	if string(old) == want {
		return
	}
	if !*update {
		t.Fatalf("README.md's house-rules table is out of date; run go test ./cmd/chickenfoot -run TestREADMEHouseRules -update\ngot:\n%s\nwant:\n%s", old, want)
	}
	out := bytes.Join([][]byte{before, []byte(tableStart), []byte(want), []byte(tableEnd), after}, nil)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// houseRulesTable is the README's table of the rules object: the preset,
// then one line per house rule.
func houseRulesTable() string {
	var b strings.Builder
	b.WriteString("| field | values | default | meaning |\n|---|---|---|---|\n")
	presets := referee.Presets()
	var names []string
	for _, p := range presets {
		names = append(names, p.Name)
	}
	line(&b, "preset", codes(names), presets[0].Name, "Start from a named set of house rules; the other fields override it")
	for _, h := range referee.HouseRules() {
		values := "`0`" + strings.TrimPrefix(h.Range(), "0")
		if h.Span == nil {
			var vs []string
			for _, c := range h.Choices {
				vs = append(vs, c.Value)
			}
			values = codes(vs)
		}
		line(&b, h.JSON, values, h.Default(), h.Say("en", "meaning"))
	}
	return b.String()
}

func line(b *strings.Builder, field, values, def, meaning string) {
	fmt.Fprintf(b, "| `%s` | %s | `%s` | %s |\n", field, values, def, strings.ReplaceAll(meaning, "|", `\|`))
}

// codes writes each value as code, joined by commas.
func codes(vs []string) string { return "`" + strings.Join(vs, "`, `") + "`" }

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
