package handlers

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// TestHouseRulesEverywhere fails when a house rule is missing from a place
// that offers, checks or explains it. It walks every JSON field of
// referee.Rules: each must have a row in referee.HouseRules, be asked for
// on the setup form, be explained on the rules page, show on the "rules in
// play" card, have a line in docs/REFEREE.md's table, and be checked by
// Validate.
func TestHouseRulesEverywhere(t *testing.T) {
	a := newTestApp(t)
	setup, rulesPage := a.get("/new").body, a.get("/rules").body
	doc, err := os.ReadFile("../docs/REFEREE.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]referee.HouseRule{}
	for _, h := range referee.HouseRulesFor(referee.Chickenfoot) {
		rows[h.JSON] = h
	}
	rt := reflect.TypeFor[referee.Rules]()
	for i := range rt.NumField() {
		json, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name := rt.Field(i).Name; name == "Game" || name == "Straight" {
			continue // which game, and Straight's own rows: not Chickenfoot's house rules
		}
		t.Run(json, func(t *testing.T) {
			h, ok := rows[json]
			if !ok {
				t.Fatalf("Rules.%s has no row in referee.HouseRules()", rt.Field(i).Name)
			}
			if !strings.Contains(setup, `name="`+json+`"`) {
				t.Errorf("the setup form has no input named %s", json)
			}
			if !strings.Contains(rulesPage, `data-testid="rule-`+json+`"`) {
				t.Errorf("the rules page does not explain %s (topic %q)", json, h.Topic)
			}
			if !strings.Contains(string(doc), "| `"+json+"` |") {
				t.Errorf("docs/REFEREE.md's house-rules table has no line for %s", json)
			}
			checkInPlay(t, h)
			checkRulesHelp(t, h)
			checkValidates(t, i, json)
		})
	}
}

// checkInPlay changes the rule from its default and expects the "rules in
// play" card to change with it.
func checkInPlay(t *testing.T, h referee.HouseRule) {
	t.Helper()
	g := app.Game{Rules: referee.Standard(), HandSize: 10}
	before := rulesInPlay(english, g)
	v := otherValue(h)
	if err := g.Rules.SetValue(h.JSON, v); err != nil {
		t.Fatal(err)
	}
	if after := rulesInPlay(english, g); slices.Equal(before, after) {
		t.Errorf("rules in play read the same with %s = %s as with %s: %v", h.JSON, v, h.Default(), after)
	}
}

// checkRulesHelp expects the rules page of a game to mark its value.
func checkRulesHelp(t *testing.T, h referee.HouseRule) {
	t.Helper()
	r := referee.Standard()
	if err := r.SetValue(h.JSON, otherValue(h)); err != nil {
		t.Fatal(err)
	}
	helps := rulesHelp(&r)
	help := helps[slices.IndexFunc(helps, func(help views.RuleHelp) bool { return help.Field == h.JSON })]
	marked, want := help.Chosen, h.Label(r) // an open number is marked in words
	for _, o := range help.Options {
		if o.Checked {
			marked, want = o.Value, r.Value(h.JSON)
		}
	}
	if marked != want {
		t.Errorf("the rules page marks %s = %q, want %q", h.JSON, marked, want)
	}
}

// checkValidates puts a value no rule allows into field i and expects
// Validate to name the rule.
func checkValidates(t *testing.T, i int, json string) {
	t.Helper()
	r := referee.Standard()
	f := reflect.ValueOf(&r).Elem().Field(i)
	if f.Kind() == reflect.String {
		f.SetString("no-such-choice")
	} else {
		f.SetInt(-1)
	}
	var re *referee.RulesError
	if err := r.Validate(); !errors.As(err, &re) || re.Field != json {
		t.Errorf("Validate() with a bad %s = %v, want a RulesError naming it", json, err)
	}
}

// otherValue is an allowed value of the rule other than its default.
func otherValue(h referee.HouseRule) string {
	if h.Span != nil {
		return "1"
	}
	for _, c := range h.Choices {
		if c.Value != h.Default() {
			return c.Value
		}
	}
	return h.Default()
}
