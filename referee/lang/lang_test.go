package lang

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"

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
	for _, d := range referees.Differences() {
		t.Error(d)
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

// TestSayStandings: the standings' sentence, phrases inside phrases, is
// worded whole in the language asked for.
func TestSayStandings(t *testing.T) {
	t.Parallel()
	rules := referee.Standard()
	out := rules.Standings([]string{"Ann", "Bob"}, []referee.Result{{Scores: []int{0, 5}, WentOut: 0}, {Scores: []int{5, 0}, WentOut: 1}})
	if en := Say("en", out.Why); en != out.Reason || !strings.Contains(en, "Ann") {
		t.Errorf("Say(en) = %q, want the referee's %q", en, out.Reason)
	}
	da := Say("da", out.Why)
	if da == out.Reason || strings.Contains(da, "tied") || !strings.Contains(da, "Ann") || strings.HasPrefix(da, "[") {
		t.Errorf("Say(da) = %q, want it in Danish (English: %q)", da, out.Reason)
	}
}

// TestSimpleMessagesAsTheirTemplates checks the short way a message that
// only fills in parameters is worded against the template it is: every
// such message of every language, the referee's and the app's, with
// strings, numbers and tiles.
func TestSimpleMessagesAsTheirTemplates(t *testing.T) {
	app, err := Load(os.DirFS("../../views"), "locales")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Catalog{referees, app} {
		if n := checkSimple(t, c); n < 30 {
			t.Fatalf("only %d simple messages checked: the short way is not taken", n)
		}
	}
}

func checkSimple(t *testing.T, c *Catalog) (n int) {
	for _, tag := range c.Supported() {
		l := c.get(tag)
		for key, segs := range l.simple {
			for _, value := range []func(string) any{
				func(f string) any { return "«" + f + "»" },
				func(f string) any { return len(f) * 7 },
				func(f string) any { return referee.NewTile(9, len(f)%10) },
			} {
				p := map[string]any{}
				for _, sg := range segs {
					if sg.field != "" {
						p[sg.field] = value(sg.field)
					}
				}
				want, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: p, TemplateParser: l.parser})
				if err != nil {
					t.Fatalf("%s %s: %v", tag, key, err)
				}
				if got := l.text(key, p); got != want {
					t.Errorf("%s %s = %q, its template gives %q", tag, key, got, want)
				}
				var kv []any
				for name, v := range p {
					kv = append(kv, name, v)
				}
				if got := c.TextPairs(tag, key, kv...); got != want {
					t.Errorf("%s %s from pairs = %q, its template gives %q", tag, key, got, want)
				}
				n++
			}
		}
	}
	return n
}

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []segment
		ok   bool
	}{
		{"{{.Tile}}, fits", []segment{{field: "Tile"}, {text: ", fits"}}, true},
		{"Round {{ .N }} · {{.Double}}", []segment{{text: "Round "}, {field: "N"}, {text: " · "}, {field: "Double"}}, true},
		{"{{count .N \"tile\"}} each", nil, false},
		{"{{.A}} and {{and .Names}}", nil, false},
		{"{{.A.B}}", nil, false},
	} {
		got, ok := segments(tc.in)
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("segments(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	if _, ok := fill([]segment{{field: "N"}}, map[string]any{}); ok {
		t.Error("a missing parameter was filled in, not left to the template to refuse")
	}
}

// TestTextPairs: pairs word every kind of message as a map of them does:
// plain, simple, templated, with a phrase to word first, a missing
// parameter, a name given twice (the last wins) and a name that is not a
// string (left out).
func TestTextPairs(t *testing.T) {
	app, err := Load(os.DirFS("../../views"), "locales")
	if err != nil {
		t.Fatal(err)
	}
	tile := referee.NewTile(7, 3)
	for _, tc := range []struct {
		c   *Catalog
		key string
		kv  []any
	}{
		{app, "ui.table.zoom-out", nil},
		{app, "ui.table.take-back", []any{"Name", "Ann"}},
		{app, "ui.table.take-back", []any{"Name", "Ann", "Name", "Bob"}},
		{app, "ui.table.take-back", []any{7, "Ann", "Name", "Cy"}},
		{app, "ui.table.take-back", []any{"Name"}},
		{app, "ui.table.tile-fits", []any{"Tile", tile}},
		{app, "ui.table.log", []any{"N", 3}},
		{app, "owes.spinner", []any{"N", 3, "Tile", tile}},
		{referees, "bad-seat", []any{"Seat", 9, "Players", 4}},
		{referees, "bad-tile.drawn", []any{"Tile", tile, "Set", referee.Set(9)}},
	} {
		for _, tag := range tc.c.Supported() {
			want := tc.c.Text(tag, tc.key, pairsMap(tc.kv))
			if len(tc.kv) > 1 && strings.HasPrefix(want, "[") {
				t.Fatalf("%s %s: %q: the test needs a message that words", tag, tc.key, want)
			}
			if got := tc.c.TextPairs(tag, tc.key, tc.kv...); got != want {
				t.Errorf("%s %s %v: from pairs %q, from a map %q", tag, tc.key, tc.kv, got, want)
			}
		}
	}
	if got := referees.TextPairs("en", "bad-tile.drawn", "Tile", tile, "Set", referee.Set(9)); !strings.Contains(got, "double-9") {
		t.Errorf("a set from pairs is worded %q, want it named double-9", got)
	}
}

// TestWordingsKept: a templated message worded once is answered from the
// store, and only for the same parameters: another value, the same
// digits as another type, or one parameter more each get their own
// wording. A message with a parameter that is not a plain value is never
// kept, and the store starts afresh when full.
func TestWordingsKept(t *testing.T) {
	app, err := Load(os.DirFS("../../views"), "locales")
	if err != nil {
		t.Fatal(err)
	}
	l := app.get("en")
	const key = "ui.table.tile-said" // {{.Tile}}{{if .Owed}}, owed{{end}}…
	if _, ok := l.simple[key]; ok {
		t.Fatalf("%s is a simple message; the test needs a templated one", key)
	}
	said := func(owed, open bool, needs any) map[string]any {
		return map[string]any{"Tile": "7-3", "Owed": owed, "Open": open, "Needs": needs, "Last": false}
	}
	base := said(false, true, 3)
	for i, c := range []struct {
		p    map[string]any
		want string
	}{
		{base, "7-3, open, needs 3"},
		{base, "7-3, open, needs 3"},
		{said(true, true, 3), "7-3, owed, open, needs 3"},
		{said(false, true, "3!"), "7-3, open, needs 3!"},
		{said(false, false, 3), "7-3"},
		{base, "7-3, open, needs 3"},
	} {
		if got := l.text(key, c.p); got != c.want {
			t.Errorf("%d: %v worded %q, want %q", i, c.p, got, c.want)
		}
	}
	if k := wordingKey(key, base); k == "" {
		t.Fatal("plain parameters give no key")
	} else if _, ok := l.said.get(k); !ok {
		t.Error("the wording was not kept")
	}
	if wordingKey(key, map[string]any{"Tile": referee.NewTile(7, 3)}) != "" {
		t.Error("a parameter that is not a plain value gives a key: its wording could be kept")
	}
	if wordingKey(key, map[string]any{"N": 3}) == wordingKey(key, map[string]any{"N": "3"}) {
		t.Error("3 and \"3\" share a key")
	}
	var w wordings
	for i := range wordingsKept + 1 {
		w.keep(strconv.Itoa(i), "x")
	}
	if _, ok := w.get("0"); ok {
		t.Error("the store kept growing past wordingsKept")
	}
	if _, ok := w.get(strconv.Itoa(wordingsKept)); !ok {
		t.Error("the wording kept as the store started afresh is gone")
	}
}
