package lang

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"text/template/parse"

	"chickenfoot/referee"
)

// samples fills in every message with parameters of the kinds the
// referee passes; a copy of the referee's own samples, kept whole by
// TestEnglishIsTheReferees.
var samples = map[string]referee.Params{
	"not-found":       {"What": "round"},
	"view-only":       nil,
	"round-closed":    {"N": 3},
	"nothing-to-undo": nil,
	"entry-changed":   {"Name": "Ann", "Now": &referee.Entry{Pips: 12, Score: 12}, "By": "Bob"},
	"round-changed":   nil,
	"table-changed":   {"N": 1},
	"seq":             {"N": 3},
	"log-stale":       {"Reason": "It is Bob's turn, not Ann's."},

	"pips-negative":     nil,
	"pips-too-many":     {"N": 12000},
	"pips-zero":         nil,
	"tile-not-in-set":   {"Tile": "10-3", "Set": "double-9"},
	"two-out":           {"Name": "Ann"},
	"two-double-blanks": {"Name": "Ann"},
	"duplicate-tile":    {"Tile": "9-3", "Name": "Ann"},
	"by-missing":        nil,
	"by-unknown":        {"By": "Zed"},
	"hand.bad-tile":     {"Name": "Ann", "Reason": "\"9/3\" is not a tile."},
	"hand.on-table":     {"Tile": "9-3", "Name": "Ann"},
	"hand.twice":        {"Tile": "9-3", "Name": "Ann"},
	"hand.two-hands":    {"Tile": "9-3", "Name": "Bob", "Other": "Ann"},
	"opener-in-hand":    {"Tile": "9-9"},
	"too-many-pips":     {"N": 400, "Most": 477, "Others": 100},

	"missing-entries":  {"Names": []string{"Ann", "Bob", "Cy"}},
	"two-out-close":    nil,
	"setter":           nil,
	"double":           nil,
	"table-started":    nil,
	"no-skip":          {"Tile": "9-9"},
	"no-skip-blank":    {"Tile": "0-0"},
	"no-skip-higher":   {"Tile": "5-5"},
	"too-many-actions": {"N": referee.MaxActions},
	"blank-halves":     {"N": 12, "Max": 9, "Set": "double-9"},

	"must-pass":            {"Name": "Ann"},
	"must-draw.may":        {"N": 2},
	"can-play.lower":       {"Name": "Ann", "Tile": "5-5", "Double": "6-6"},
	"deal-again":           {"Tile": "9-9", "Name": "Ann"},
	"draw-for-start.turn":  {"Tile": "9-9", "Name": "Ann", "Turn": "Bob"},
	"draw-for-start.all":   {"Tile": "9-9", "Name": "Ann"},
	"no-penalty.skipped":   {"Name": "Ann"},
	"no-skip-played":       {"Tile": "7-7"},
	"chickie-first.stuck":  {"Tile": "6-2", "On": "9-2", "Owed": "3-3", "N": 1, "Pips": 3},
	"table-started.setter": {"Name": "Bob"},

	"bad-tile.syntax": {"Tile": "9/3"},
	"bad-tile.number": {"Tile": "19-3", "Max": referee.MaxPips},
	"bad-tile":        {"Tile": "10-3", "Set": "double-9", "Max": 9},

	"wrong-start":            {"Tile": "9-3", "Double": "9-9"},
	"wrong-start.on-tile":    {"Tile": "9-9", "On": "9-3", "Double": "9-9"},
	"already-played":         {"Tile": "9-3", "On": "9-9"},
	"unknown-end":            {"Tile": "9-3", "On": "3-3"},
	"unknown-end.start":      {"Tile": "9-3", "Double": "9-9"},
	"unknown-end.unreadable": {"Tile": "9-3", "On": "nine"},
	"end-closed":             {"Tile": "3-8", "On": "9-3"},
	"end-closed.spinner":     {"Tile": "9-5", "On": "9-9", "N": 4},
	"end-closed.chickie":     {"Tile": "1-8", "On": "1-1"},
	"spinner-first":          {"Tile": "4-3", "On": "9-3", "Owed": "9-9", "N": 3},
	"chickie-first":          {"Tile": "6-2", "On": "9-2", "Owed": "1-1", "N": 1},
	"mismatch":               {"Tile": "8-3", "On": "9-9", "Open": 9},

	"seat":               {"Seat": 2},
	"bad-seat":           {"Seat": 5, "Players": 4},
	"bad-seat.name":      {"Seat": "Zed", "Names": []string{"Ann", "Bob", "Cy"}},
	"bad-action":         {"Action": "jump"},
	"round-over.domino":  {"Name": "Ann"},
	"round-over.blocked": nil,
	"not-started":        {"Double": "9-9"},
	"not-your-turn":      {"Turn": "Ann", "Name": "Bob"},
	"not-in-hand":        {"Name": "Ann", "Tile": "9-3"},

	"boneyard-empty":         nil,
	"boneyard-empty.penalty": nil,
	"can-play":               {"Name": "Ann", "Tile": "9-3"},
	"can-play.drawn":         {"Tile": "9-3"},
	"can-play.start":         {"Name": "Ann", "Tile": "9-9"},
	"can-play.pass":          {"Name": "Ann", "Tile": "9-3"},
	"already-drew":           nil,
	"bad-action.drawn":       nil,
	"bad-tile.drawn":         {"Tile": "10-3", "Set": "double-9"},
	"already-played.drawn":   {"Tile": "9-3"},
	"not-in-boneyard":        {"Tile": "9-3", "Name": "Ann"},
	"must-play-drawn":        {"Tile": "9-3"},
	"must-draw":              {"N": 25},
	"must-draw.keep-drawing": {"N": 1},
	"no-take-back":           nil,
	"no-take-back.never":     nil,
	"no-penalty":             {"Name": "Ann", "N": 3},
	"no-penalty.courtesy":    nil,

	"standings.lead":                  {"Name": "Ann", "Total": 10},
	"standings.lowest":                {"Name": "Ann", "Total": 10, "Ahead": 3, "Next": "Bob"},
	"standings.tie-shared":            {"Names": []string{"Ann", "Bob"}, "Total": 10},
	"standings.tie-level":             {"Names": []string{"Ann", "Bob"}, "Total": 10, "Rule": "most rounds gone out"},
	"standings.tie-broken":            {"Names": []string{"Ann", "Bob"}, "Total": 10, "Detail": "Ann had 2 zero rounds, Bob 1"},
	"standings.tie-break.most-out":    nil,
	"standings.tie-break.zero-rounds": nil,
	"standings.went-out":              {"Name": "Ann", "N": 2, "Others": []string{"Bob in 1"}},
	"standings.went-out.other":        {"Name": "Bob", "N": 1},
	"standings.zero-rounds":           {"Name": "Ann", "N": 2, "Others": []string{"Bob 1"}},
	"standings.zero-rounds.other":     {"Name": "Bob", "N": 1},
	"standings.lowest-round":          {"Name": "Ann", "N": 1, "Low": 3, "Others": []string{"Bob's 4"}},
	"standings.lowest-round.other":    {"Name": "Bob", "Low": 4},
}

// TestEnglishIsTheReferees checks the English file says exactly what the
// referee's own catalog says, for every message.
func TestEnglishIsTheReferees(t *testing.T) {
	t.Parallel()
	for _, key := range slices.Sorted(slices.Values(referee.MessageKeys())) {
		p, ok := samples[key]
		if !ok {
			t.Errorf("the referee's message %q has no sample here; copy it from the referee's tests", key)
			continue
		}
		if got, want := Text("en", key, p), referee.Text(key, p); got != want {
			t.Errorf("Text(en, %q) = %q,\nthe referee says %q", key, got, want)
		}
	}
}

// TestEnglishCounts checks the plural forms and lists give the referee's
// English for other counts than the samples'.
func TestEnglishCounts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		key string
		p   referee.Params
	}{
		{"must-draw", referee.Params{"N": 1}},
		{"must-draw", referee.Params{"N": 0}},
		{"spinner-first", referee.Params{"Owed": "9-9", "N": 1, "Tile": "4-3", "On": "9-3"}},
		{"chickie-first", referee.Params{"Owed": "1-1", "N": 2, "Tile": "6-2", "On": "9-2"}},
		{"bad-seat", referee.Params{"Seat": 4, "Players": 1}},
		{"missing-entries", referee.Params{"Names": []string{"Ann"}}},
		{"missing-entries", referee.Params{"Names": []string{"Ann", "Bob"}}},
		{"standings.went-out", referee.Params{"Name": "Ann", "N": 1, "Others": []string{"Bob in 1", "Cy in 1"}}},
		{"entry-changed", referee.Params{"Name": "Ann", "Now": &referee.Entry{WentOut: true}, "By": ""}},
		{"entry-changed", referee.Params{"Name": "Ann", "Now": nil, "By": "Bob"}},
	} {
		if got, want := Text("en", tc.key, tc.p), referee.Text(tc.key, tc.p); got != want {
			t.Errorf("Text(en, %q, %v) = %q,\nthe referee says %q", tc.key, tc.p, got, want)
		}
	}
}

func TestSupported(t *testing.T) {
	t.Parallel()
	if got, want := Supported(), []string{"en", "af", "da"}; !slices.Equal(got, want) {
		t.Errorf("Supported() = %v, want %v", got, want)
	}
	if IsSupported("xx") || !IsSupported("da") {
		t.Error("IsSupported is wrong")
	}
}

// TestSameKeysAndParameters checks every language has the English file's
// keys, no others, and uses the same parameters in each message.
func TestSameKeysAndParameters(t *testing.T) {
	t.Parallel()
	en := fileParams(t, "en")
	for _, tag := range Supported()[1:] {
		other := fileParams(t, tag)
		for key, want := range en {
			got, ok := other[key]
			if !ok {
				t.Errorf("%s: message %q is missing", tag, key)
			} else if !slices.Equal(got, want) {
				t.Errorf("%s: message %q uses parameters %v; English uses %v", tag, key, got, want)
			}
		}
		for key := range other {
			if _, ok := en[key]; !ok {
				t.Errorf("%s: message %q is not in English", tag, key)
			}
		}
	}
}

// fileParams reads a language's file: the parameters each message (all of
// its plural forms) names, sorted.
func fileParams(t *testing.T, tag string) map[string][]string {
	t.Helper()
	data, err := locales.ReadFile("locales/" + tag + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	out := map[string][]string{}
	for key, msg := range raw {
		var forms map[string]string
		var one string
		if json.Unmarshal(msg, &one) == nil {
			forms = map[string]string{"other": one}
		} else if err := json.Unmarshal(msg, &forms); err != nil {
			t.Fatalf("%s: %q is neither a text nor plural forms: %v", tag, key, err)
		}
		if _, ok := forms["other"]; !ok {
			t.Errorf("%s: %q has no other form", tag, key)
		}
		names := map[string]bool{}
		for form, text := range forms {
			trees, err := parse.Parse(key, text, "{{", "}}", funcNames)
			if err != nil {
				t.Fatalf("%s: %q (%s) does not parse: %v", tag, key, form, err)
			}
			for _, tree := range trees {
				fields(tree.Root, names)
			}
		}
		out[key] = slices.Sorted(func(yield func(string) bool) {
			for n := range names {
				if !yield(n) {
					return
				}
			}
		})
	}
	return out
}

// funcNames are the functions a message may call.
var funcNames = map[string]any{"count": fmt.Sprint, "plural": fmt.Sprint, "and": fmt.Sprint, "or": fmt.Sprint, "printf": fmt.Sprintf}

// fields adds the names of the parameters node uses to names.
func fields(node parse.Node, names map[string]bool) {
	switch n := node.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			fields(c, names)
		}
	case *parse.ActionNode:
		fields(n.Pipe, names)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			fields(c, names)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			fields(a, names)
		}
	case *parse.FieldNode:
		names[strings.Join(n.Ident, ".")] = true
	case *parse.IfNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.WithNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.RangeNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	}
}

// TestRender checks every message renders in every language with the
// samples: no missing parameter, key or plural form.
func TestRender(t *testing.T) {
	t.Parallel()
	for _, tag := range Supported() {
		for _, key := range referee.MessageKeys() {
			for _, n := range []int{0, 1, 2, 25} {
				p := withCount(samples[key], n)
				got := Text(tag, key, p)
				if strings.TrimSpace(got) == "" || strings.HasPrefix(got, "[") || strings.Contains(got, "<no value>") {
					t.Errorf("Text(%s, %q, %v) = %q", tag, key, p, got)
				}
			}
		}
	}
}

// withCount is p with its count N set to n, when it has one.
func withCount(p referee.Params, n int) referee.Params {
	if _, ok := p["N"]; !ok {
		return p
	}
	out := referee.Params{}
	for k, v := range p {
		out[k] = v
	}
	out["N"] = n
	return out
}
