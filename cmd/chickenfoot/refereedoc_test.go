package main

// docs/REFEREE.md's code lists, house-rules table and turn-code examples
// are made here from the code and compared with the doc.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

const refereeDoc = "../../docs/REFEREE.md"

// A codeGroup is one block of referee.Code constants: its doc comment
// and its codes, in the order they are declared.
type codeGroup struct {
	about string
	codes []codeDoc
}

type codeDoc struct {
	code    referee.Code
	meaning string // the constant's doc comment, without its name
}

// refereeCodes reads the rule codes the referee publishes: every exported
// constant of type referee.Code in package referee, grouped by its const
// block, with the doc comments that say what each means. Codes that are
// no rule of the game (what became of a request) are left out. This is
// the one place that knows where the codes are declared.
func refereeCodes(t *testing.T) []codeGroup {
	t.Helper()
	files, err := filepath.Glob("../../referee/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var groups []codeGroup
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g := codeBlock(t, d); len(g.codes) > 0 {
				groups = append(groups, g)
			}
		}
	}
	if len(groups) == 0 {
		t.Fatal("found no referee.Code constants in package referee")
	}
	return groups
}

// codeBlock reads the rule codes of one declaration, if it declares any.
func codeBlock(t *testing.T, d ast.Decl) codeGroup {
	t.Helper()
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.CONST {
		return codeGroup{}
	}
	g := codeGroup{about: oneLine(gd.Doc.Text())}
	for _, s := range gd.Specs {
		spec := s.(*ast.ValueSpec)
		if id, ok := spec.Type.(*ast.Ident); !ok || id.Name != "Code" {
			continue
		}
		for i, name := range spec.Names {
			lit, ok := spec.Values[i].(*ast.BasicLit)
			if !ok || !name.IsExported() {
				t.Fatalf("referee.%s: want an exported constant with a string literal", name.Name)
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			code := referee.Code(v)
			if !isRuleCode(code) {
				continue
			}
			meaning := strings.TrimPrefix(oneLine(spec.Doc.Text()), name.Name+": ")
			g.codes = append(g.codes, codeDoc{code, meaning})
		}
	}
	return g
}

// isRuleCode reports a code of a rule of the game, by its category: a
// code that says what became of a request instead is in none of these.
func isRuleCode(c referee.Code) bool {
	err := &referee.RuleError{Code: c}
	for _, category := range []error{referee.ErrNotation, referee.ErrPlacement, referee.ErrTurn, referee.ErrScore} {
		if errors.Is(err, category) {
			return true
		}
	}
	return false
}

// isTurnCode reports a code about the order of play in a whole round.
func isTurnCode(c referee.Code) bool {
	return errors.Is(&referee.RuleError{Code: c}, referee.ErrTurn)
}

// TestDocRuleCodes checks docs/REFEREE.md's lists of rule codes.
func TestDocRuleCodes(t *testing.T) {
	checkGenerated(t, refereeDoc, "rule-codes", ruleCodesText(refereeCodes(t)))
}

// ruleCodesText writes each block of codes as its doc comment and a table
// of the codes with the section of the rules page that explains them.
func ruleCodesText(groups []codeGroup) string {
	var b strings.Builder
	for i, g := range groups {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n\n| code | rules section | refused because |\n|---|---|---|\n", g.about)
		for _, c := range g.codes {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", c.code, c.code.Section(), cell(c.meaning))
		}
	}
	return b.String()
}

// TestDocHouseRules checks docs/REFEREE.md's house-rules table.
func TestDocHouseRules(t *testing.T) {
	checkGenerated(t, refereeDoc, "house-rules", houseRulesText())
}

// houseRulesText is the table of the rules object: the preset, then one
// line per row of referee.HouseRules.
func houseRulesText() string {
	var b strings.Builder
	b.WriteString("| field | values | default | meaning | source |\n|---|---|---|---|---|\n")
	presets := referee.Presets()
	var names []string
	for _, p := range presets {
		names = append(names, "`"+p.Name+"`")
	}
	fmt.Fprintf(&b, "| `preset` | %s | `%s` | %s |  |\n", strings.Join(names, ", "), presets[0].Name,
		"Start from a named set of house rules (listed below the table); the other fields override it")
	for _, h := range referee.HouseRules() {
		values := "`0` " + strings.TrimPrefix(h.Range(), "0 ")
		if h.Span == nil {
			var vs []string
			for _, c := range h.Choices {
				vs = append(vs, fmt.Sprintf("`%s` %s", c.Value, strings.ToLower(c.Label[:1])+c.Label[1:]))
			}
			values = strings.Join(vs, "; ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s |\n", h.JSON, cell(values), h.Default(), cell(h.Meaning), cell(h.Source))
	}
	b.WriteString("\nThe presets:\n")
	for _, p := range presets {
		fmt.Fprintf(&b, "- `%s`: %s\n", p.Name, p.About)
	}
	return b.String()
}

// cell escapes the pipes of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

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
