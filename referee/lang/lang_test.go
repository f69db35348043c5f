package lang

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// refereeWords is the rules library's own catalog, read from its files.
func refereeWords(tb testing.TB) *Catalog {
	tb.Helper()
	c, err := Load(os.DirFS("../locales"))
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestSameKeysAndParameters checks every language of the rules library
// has the English files' keys, no others, and uses the same parameters in
// each message, so adding a language is adding its directory and nothing
// in it can go missing unnoticed. The app checks its own catalog the same
// way.
func TestSameKeysAndParameters(t *testing.T) {
	t.Parallel()
	c := refereeWords(t)
	if got, want := c.Supported(), []string{"en", "af", "da"}; !slices.Equal(got, want) {
		t.Errorf("Supported() = %v, want %v", got, want)
	}
	if c.IsSupported("xx") || !c.IsSupported("da") || !c.Complete("da") {
		t.Error("IsSupported or Complete is wrong")
	}
	for _, d := range c.Differences() {
		t.Error(d)
	}
}

// testCatalog is a small catalog in two languages, one with a message
// missing and one with other parameters.
func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load(fstest.MapFS{
		"en/a.json": {Data: []byte(`{"hi": "Hello", "greet": "Hello {{.Name}}", "list.and": "{{.Head}} and {{.Last}}", "list.comma": ", ",
			"count.tile": {"one": "{{.N}} tile", "other": "{{.N}} tiles"}, "plural.is": {"one": "is", "other": "are"},
			"left": "{{count .N \"tile\"}} {{plural .N \"is\"}} left for {{and .Names}}", "quote": "{{.Name}} said: {{.Said}}"}`)},
		"da/a.json": {Data: []byte(`{"hi": "Hej", "greet": "Hej {{.Who}}", "list.and": "{{.Head}} og {{.Last}}", "list.comma": ", ",
			"count.tile": {"one": "{{.N}} brik", "other": "{{.N}} brikker"}, "plural.is": {"one": "er", "other": "er"},
			"left": "{{count .N \"tile\"}} {{plural .N \"is\"}} tilbage til {{and .Names}}"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDifferences(t *testing.T) {
	t.Parallel()
	got := testCatalog(t).Differences()
	want := []string{
		`da: message "greet" uses parameters [Who]; en uses [Name]`,
		`da: message "quote" is missing`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Differences() = %q,\nwant %q", got, want)
	}
}

// phrase is a Worder: a message inside another, worded in its language.
type phrase string

func (p phrase) Words() (string, map[string]any) { return string(p), nil }

// tagged is a Sayer: it words itself as the tag of the message's language.
type tagged struct{}

func (tagged) Say(tag string) string { return "<" + tag + ">" }

func TestText(t *testing.T) {
	t.Parallel()
	c := testCatalog(t)
	for _, tc := range []struct {
		tag, key string
		p        map[string]any
		want     string
	}{
		{"en", "hi", nil, "Hello"},
		{"da", "hi", nil, "Hej"},
		{"xx", "hi", nil, "Hello"},
		{"en", "greet", map[string]any{"Name": "Ann"}, "Hello Ann"},
		{"en", "left", map[string]any{"N": 1, "Names": []string{"Ann"}}, "1 tile is left for Ann"},
		{"en", "left", map[string]any{"N": 0, "Names": []string{"Ann", "Bob", "Cy"}}, "0 tiles are left for Ann, Bob and Cy"},
		{"da", "left", map[string]any{"N": 1, "Names": []string{"Ann", "Bob"}}, "1 brik er tilbage til Ann og Bob"},
		{"da", "left", map[string]any{"N": 3, "Names": []string{"Ann"}}, "3 brikker er tilbage til Ann"},
		{"da", "quote", map[string]any{"Name": "Ann", "Said": phrase("hi")}, "Ann said: Hello"},
		{"en", "quote", map[string]any{"Name": "Ann", "Said": phrase("hi")}, "Ann said: Hello"},
		{"da", "greet", map[string]any{"Who": tagged{}}, "Hej <da>"},
		{"da", "quote", map[string]any{"Name": "Ann", "Said": tagged{}}, "Ann said: <en>"},
		{"en", "count.tile", map[string]any{"N": 2}, "2 tiles"},
		{"en", "count.tile", map[string]any{"N": 1}, "1 tile"},
		{"da", "count.tile", map[string]any{"N": 1}, "1 brik"},
		{"en", "nope", nil, "[missing message nope]"},
	} {
		if got := c.Text(tc.tag, tc.key, tc.p); got != tc.want {
			t.Errorf("Text(%s, %s, %v) = %q, want %q", tc.tag, tc.key, tc.p, got, tc.want)
		}
	}
	if got := c.Text("en", "greet", nil); !strings.HasPrefix(got, "[message greet:") {
		t.Errorf("a missing parameter is worded %q, want it named", got)
	}
	if _, m := c.message("da", "quote"); m == nil {
		t.Error("a message missing in Danish is not found in English")
	}
}

// TestSimpleMessagesAsTheirTemplates checks the short way a message that
// only fills in parameters is worded against the template it is: every
// such message of every language, with strings and numbers.
func TestSimpleMessagesAsTheirTemplates(t *testing.T) {
	n := 0
	c := refereeWords(t)
	for _, tag := range c.Supported() {
		l := c.langs[tag]
		for key, m := range l.msgs {
			if m.segs == nil {
				continue
			}
			for _, value := range []func(string) any{
				func(f string) any { return "«" + f + "»" },
				func(f string) any { return len(f) * 7 },
			} {
				p := map[string]any{}
				for _, sg := range m.segs {
					if sg.field != "" {
						p[sg.field] = value(sg.field)
					}
				}
				want, err := execute(m.tmpl, p)
				if err != nil {
					t.Fatalf("%s %s: %v", tag, key, err)
				}
				if got := l.text(key, m, p); got != want {
					t.Errorf("%s %s = %q, its template gives %q", tag, key, got, want)
				}
				var kv []any
				for name, v := range p {
					kv = append(kv, name, v)
				}
				if got := c.Pairs(tag, key, kv...); got != want {
					t.Errorf("%s %s from pairs = %q, its template gives %q", tag, key, got, want)
				}
				n++
			}
		}
	}
	if n < 30 {
		t.Fatalf("only %d simple messages checked: the short way is not taken", n)
	}
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
	if _, ok := fill([]segment{{field: "N"}}, func(string) (any, bool) { return nil, false }); ok {
		t.Error("a missing parameter was filled in, not left to the template to refuse")
	}
}

// TestPairs: pairs word every kind of message as a map of them does:
// plain, simple, templated, with a Worder to word first, a missing
// parameter, a name given twice (the last wins) and a name that is not a
// string (left out).
func TestPairs(t *testing.T) {
	c := refereeWords(t)
	for _, tc := range []struct {
		key string
		kv  []any
	}{
		{"sheet.unknown", nil},
		{"sheet.left-already", []any{"Name", "Ann"}},
		{"sheet.left-already", []any{"Name", "Ann", "Name", "Bob"}},
		{"sheet.left-already", []any{7, "Ann", "Name", "Cy"}},
		{"sheet.left-already", []any{"Name"}},
		{"sheet.left-already", []any{"Name", phrase("sheet.unknown")}},
		{"count.action", []any{"N", 3}},
		{"can-play", []any{"Name", "Ann", "Tile", "9-9"}},
		{"bad-seat", []any{"Seat", 9, "Players", 4}},
	} {
		for _, tag := range c.Supported() {
			want := c.Text(tag, tc.key, pairsMap(tc.kv))
			if len(tc.kv) > 1 && strings.HasPrefix(want, "[") {
				t.Fatalf("%s %s: %q: the test needs a message that words", tag, tc.key, want)
			}
			if got := c.Pairs(tag, tc.key, tc.kv...); got != want {
				t.Errorf("%s %s %v: from pairs %q, from a map %q", tag, tc.key, tc.kv, got, want)
			}
		}
	}
}

// TestLoadRefuses: a message in two files of one language, a file that
// is not JSON, a plural message without its other form, a template that
// does not parse and a catalog without English are refused at load.
func TestLoadRefuses(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"twice":    {"en/a.json": {Data: []byte(`{"a": "x"}`)}, "en/b.json": {Data: []byte(`{"a": "y"}`)}},
		"not JSON": {"en/a.json": {Data: []byte(`{"a": `)}},
		"no other": {"en/a.json": {Data: []byte(`{"a": {"one": "x"}}`)}},
		"parse":    {"en/a.json": {Data: []byte(`{"a": "{{.A"}`)}},
		"no en":    {"da/a.json": {Data: []byte(`{"a": "x"}`)}},
	} {
		if _, err := Load(fsys); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// TestWordingsKept: a templated message worded once is answered from the
// store, and only for the same parameters: another value, the same
// digits as another type, or one parameter more each get their own
// wording. A message with a parameter that is not a plain value is never
// kept, and the store starts afresh when full.
func TestWordingsKept(t *testing.T) {
	const key = "tile-said"
	c, err := Load(fstest.MapFS{"en/a.json": {Data: []byte(`{"tile-said": "{{.Tile}}{{if .Owed}}, owed{{end}}{{if .Open}}, open, needs {{.Needs}}{{end}}{{if .Last}}, last laid{{end}}"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	l := c.langs["en"]
	m := l.msgs[key]
	if m.segs != nil || m.plain {
		t.Fatalf("%s is not a templated message; the test needs one", key)
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
		if got := l.text(key, m, c.p); got != c.want {
			t.Errorf("%d: %v worded %q, want %q", i, c.p, got, c.want)
		}
	}
	if k := wordingKey(key, base); k == "" {
		t.Fatal("plain parameters give no key")
	} else if _, ok := l.said.get(k); !ok {
		t.Error("the wording was not kept")
	}
	if wordingKey(key, map[string]any{"Tile": phrase("hi")}) != "" {
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

// BenchmarkLoad reads the rules library's catalog, as every program that
// imports it does once when it starts.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(os.DirFS("../locales")); err != nil {
			b.Fatal(err)
		}
	}
}
