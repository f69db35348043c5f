package main

// docs/REFEREE.md's code lists and house-rules table are made here from
// the code and compared with the doc.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
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

// TestDocStraightHouseRules checks docs/REFEREE.md's table of Straight's
// house rules.
func TestDocStraightHouseRules(t *testing.T) {
	checkGenerated(t, refereeDoc, "straight-house-rules", straightRulesText())
}

// straightRulesText is the table of a Straight night's rules: one line
// per row of referee.HouseRulesFor(referee.Straight).
func straightRulesText() string {
	var b strings.Builder
	b.WriteString("| field | values | default | meaning | source |\n|---|---|---|---|---|\n")
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s |\n", h.JSON, cell(ruleValues(h)), h.Default(), cell(h.Say("en", "meaning")), cell(h.Say("en", "source")))
	}
	return b.String()
}

// ruleValues lists a row's values with their labels, or an open number's
// range.
func ruleValues(h referee.HouseRule) string {
	if h.Span != nil {
		return "`0` " + strings.TrimPrefix(h.Range(), "0 ")
	}
	var vs []string
	for _, c := range h.Choices {
		label := h.SayChoice("en", c.Value, "label")
		vs = append(vs, fmt.Sprintf("`%s` %s", c.Value, strings.ToLower(label[:1])+label[1:]))
	}
	return strings.Join(vs, "; ")
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
		fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s | %s |\n", h.JSON, cell(ruleValues(h)), h.Default(), cell(h.Say("en", "meaning")), cell(h.Say("en", "source")))
	}
	b.WriteString("\nThe presets:\n")
	for _, p := range presets {
		fmt.Fprintf(&b, "- `%s`: %s\n", p.Name, p.Say("en"))
	}
	return b.String()
}

// cell escapes the pipes of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
