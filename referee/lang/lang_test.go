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

// TestEnglishIsTheReferees checks the English file says exactly what the
// referee's own catalog says, for every message.
func TestEnglishIsTheReferees(t *testing.T) {
	t.Parallel()
	for _, key := range slices.Sorted(slices.Values(referee.MessageKeys())) {
		p, ok := referee.MessageSample(key)
		if !ok {
			t.Errorf("the referee's message %q has no sample", key)
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
				p := withCount(sample(key), n)
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

// sample is the referee's sample parameters for key.
func sample(key string) referee.Params {
	p, _ := referee.MessageSample(key)
	return p
}
