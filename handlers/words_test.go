package handlers

import (
	"net/http"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// ruleHeading is the English name of the rule code's section of the rules
// page, as a refusal or a verdict names it.
func ruleHeading(code referee.Code) string { return ruleHeadingIn("en", code) }

// ruleHeadingIn is ruleHeading in the language tag.
func ruleHeadingIn(tag string, code referee.Code) string {
	return views.Text(tag, "ui.rules."+code.Section()+".heading", nil)
}

// TestRuleNamedInWords: a refusal on the table and a verdict name the
// rule broken by its name in the page's language, never by its code; the
// code stays in the markup for scripts.
func TestRuleNamedInWords(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	table := g + "/rounds/1/table"
	a.lay(table, "0", "9-9", "")
	a.lay(table, "1", "9-3", "9-9")
	for _, tag := range []string{"en", "af", "da"} {
		r := a.getIn(g+"/rounds/1/check?tile=3-4&on=9-3", tag)
		expectTestID(t, tag+": the verdict", r, http.StatusOK, "verdict-no", "")
		link := r.testid("rule")
		want := views.Text(tag, "ui.rules.spinner.heading", nil)
		if got := link.text(); got != want || link.attr("data-code") != string(referee.CodeSpinnerFirst) {
			t.Errorf("%s: the verdict names its rule %q (%s), want %q (%s)", tag, got, link.attr("data-code"), want, referee.CodeSpinnerFirst)
		}
	}
}
