package handlers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// ruleCodes reads every Code constant declared in referee/errors.go, so a
// code added there is checked without anyone listing it here.
func ruleCodes(t *testing.T) []referee.Code {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../referee/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []referee.Code
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		if id, ok := spec.Type.(*ast.Ident); !ok || id.Name != "Code" {
			return true
		}
		for _, v := range spec.Values {
			lit, ok := v.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Fatalf("a Code constant's value is not a string literal: %#v", v)
			}
			s, _ := strconv.Unquote(lit.Value)
			codes = append(codes, referee.Code(s))
		}
		return true
	})
	if len(codes) < 20 {
		t.Fatalf("found %d Code constants in referee/errors.go, want them all", len(codes))
	}
	return codes
}

// TestRulesPageSections follows the link of every rule code, the way a
// refusal shows it, to an element on the rules page, on its own and a
// game's.
func TestRulesPageSections(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob")
	for _, path := range []string{"/rules", g + "/rules"} {
		r := a.get(path)
		expect(t, path, r, http.StatusOK)
		for _, code := range ruleCodes(t) {
			link := "/rules#" + code.Section()
			if n := len(r.byID(code.Section())); n != 1 {
				t.Errorf("%s: %s links to %s, which is on the page %d times, want once", path, code, link, n)
			}
		}
	}
}

// TestRulesPageSources expects every statement, house rule, choice and
// hand-size table of the rules page to say where it comes from, and the
// five sources to be described.
func TestRulesPageSources(t *testing.T) {
	t.Parallel()
	r := newTestApp(t).get("/rules")
	expect(t, "rules", r, http.StatusOK)
	statements := r.testid("statement")
	if len(statements) < 30 {
		t.Errorf("the rules page has %d statements, want every rule stated", len(statements))
	}
	for _, s := range statements {
		expectSaid(t, "statement "+elems{s}.tag("p").texts()[0], elems{s})
	}
	for _, h := range referee.HouseRules() {
		row := r.testid("rule-" + h.JSON)
		if len(row) != 1 {
			t.Errorf("house rule %s is on the rules page %d times, want once", h.JSON, len(row))
			continue
		}
		if got := saidWords(row.withClass("said")[:1]); got != h.Say("en", "source") {
			t.Errorf("house rule %s: source line %q, want %q", h.JSON, got, h.Say("en", "source"))
		}
		for _, c := range h.Choices {
			expectSaid(t, h.JSON+"="+c.Value, row.testid("option-"+h.JSON+"-"+c.Value))
		}
		if h.Span != nil {
			for _, way := range row.testid("option-" + h.JSON).withClass("way") {
				expectSaid(t, h.JSON+" "+elems{way}.tag("b").text(), elems{way})
			}
		}
	}
	if tables := r.doc().withClass("deal"); len(tables) != 5 {
		t.Errorf("the rules page shows %d hand-size tables, want 4 per set and 1 for double-9", len(tables))
	}
	sources := r.byID("sources").withClass("source")
	if len(sources) != 5 {
		t.Fatalf("the rules page describes %d sources, want 5", len(sources))
	}
	for i := range sources {
		dt, dd := sources[i:i+1].tag("dt").text(), sources[i:i+1].tag("dd").text()
		if dt == "" || len(dd) < 40 {
			t.Errorf("source %q is described as %q, want a heading and a few words", dt, dd)
		}
	}
}

// expectSaid fails unless es holds one source line that names sources or
// says why there are none.
func expectSaid(t *testing.T, what string, es elems) {
	t.Helper()
	said := es.withClass("said")
	if len(said) != 1 {
		t.Errorf("%s: %d source lines, want 1", what, len(said))
		return
	}
	if saidWords(said) == "" {
		t.Errorf("%s: source line %q, want where it comes from", what, said.text())
	}
}

// saidWords is what a source line says after its "Sources" link, or "".
func saidWords(said elems) string {
	if said.tag("a").text() != "Sources" {
		return ""
	}
	_, words, _ := strings.Cut(said.text(), ": ")
	return words
}

func TestSaidWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		said views.Said
		want string
	}{
		{views.Said{}, ""},
		{views.Said{By: views.AllSources}, "all five sources"},
		{views.Said{By: views.AllSources &^ views.Danish}, "most sources (4 of 5)"},
		{views.Said{By: views.Afrikaans | views.Video | views.PlayPage}, "most sources (3 of 5)"},
		{views.Said{By: views.Danish}, "one Danish source"},
		{views.Said{By: views.Afrikaans}, "one Afrikaans source"},
		{views.Said{By: views.Video}, "one English source (the video)"},
		{views.Said{By: views.Video | views.PlayPage}, "two English sources (the video, the domino-play page)"},
		{views.Said{By: views.MixedPage | views.Afrikaans}, "one Afrikaans and one English source (the mixed page)"},
		{views.Said{By: views.Danish | views.Afrikaans}, "one Afrikaans and one Danish source"},
		{views.Said{Not: views.HouseRule}, "none; a house rule some tables play"},
		{views.Said{Not: views.Follows}, "none needed; it follows from the tiles and the rules"},
		{views.Said{Not: views.LeftOpen}, "none; they leave this open"},
	} {
		if got := tc.said.Words(); got != tc.want {
			t.Errorf("%+v.Words() = %q, want %q", tc.said, got, tc.want)
		}
	}
}

// TestGameRulesPage expects a game's own rules page to mark the game's
// choices, an open number's value on the reading that fits it (0 or a
// count), and the general page to mark none.
func TestGameRulesPage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "12", "spinner_arms", "6",
		"draw", "until-playable", "rounds", "5"))
	expect(t, "create with house rules", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	r = a.get(g + "/rules")
	expect(t, "game rules", r, http.StatusOK)
	for id, chosen := range map[string]bool{
		"option-spinner_arms-6": true, "option-spinner_arms-4": false, "option-set-12": true, "option-set-9": false,
		"option-draw-until-playable": true, "option-draw-one-may-play": false, "option-rounds": true, "option-loss_threshold": true,
	} {
		if got := expectTestID(t, "game rules", r, http.StatusOK, id, "").class("chosen"); got != chosen {
			t.Errorf("game rules: %s chosen = %v, want %v", id, got, chosen)
		}
	}
	for field, want := range map[string][2]string{"rounds": {"", "this game: 5"}, "loss_threshold": {"this game: off", ""}} {
		ways := r.testid("option-" + field).withClass("way")
		if len(ways) != 2 || ways[:1].withClass("chosen-tag").text() != want[0] || ways[1:].withClass("chosen-tag").text() != want[1] {
			t.Errorf("game rules: %s reads %q, want %q marked", field, ways.texts(), want)
		}
	}
	if chosen := a.get("/rules").doc().withClass("chosen"); len(chosen) != 0 {
		t.Errorf("the rules of no game mark %d choices as this game's", len(chosen))
	}
}
