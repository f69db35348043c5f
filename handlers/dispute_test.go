package handlers

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// refereeRefusesTile is the referee's refusal of tile on on after layout
// under rules, which must be for the rule code.
func refereeRefusesTile(t *testing.T, rules referee.Rules, layout, tile, on string, code referee.Code) *app.Error {
	t.Helper()
	moves, err := referee.ParseMoves(layout)
	if err != nil {
		t.Fatal(err)
	}
	l, err := referee.NewLayout(rules, moves[0].Tile.Hi)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Apply(moves); err != nil {
		t.Fatal(err)
	}
	_, err = l.Resolve(tile, on)
	return refusalOf(t, err, code)
}

// impossibleUnder says, in the catalog's words, why the referee finds
// layout could not have been laid under rules.
func impossibleUnder(t *testing.T, rules referee.Rules, layout string) string {
	t.Helper()
	moves, err := referee.ParseMoves(layout)
	if err != nil {
		t.Fatal(err)
	}
	l, err := referee.NewLayout(rules, moves[0].Tile.Hi)
	if err != nil {
		t.Fatal(err)
	}
	k, err := l.Apply(moves)
	var re *referee.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("layout %q under %+v: %v, want a refusal", layout, rules, err)
	}
	return say("layout-bad-move", referee.Params{"K": k + 1, "Move": moves[k].String(), "Reason": re.Reason()})
}

// expectVerdict fails unless the verdict answers yes or no, and a no
// names the rule with a link to it.
func expectVerdict(t *testing.T, what string, v elems, legal bool, rule referee.Code) {
	t.Helper()
	if yes, no := len(v.testid("verdict-yes")), len(v.testid("verdict-no")); yes+no != 1 || (yes == 1) != legal {
		t.Fatalf("%s: verdict says yes %d times and no %d times, want legal = %v", what, yes, no, legal)
	}
	link := v.testid("rule")
	switch {
	case legal && len(link) > 0:
		t.Fatalf("%s: a yes names rule %q", what, link.text())
	case !legal && (link.attr("data-code") != string(rule) || link.text() != ruleHeading(rule) || !strings.HasSuffix(link.attr("href"), "/rules#"+rule.Section())):
		t.Fatalf("%s: verdict names rule %q (%s) at %q, want %q (%s) at #%s", what, link.text(), link.attr("data-code"), link.attr("href"), ruleHeading(rule), rule, rule.Section())
	}
}

// expectVariant fails unless the verdict says what another house rule
// would.
func expectVariant(t *testing.T, what string, v elems, want string) {
	t.Helper()
	if got := v.testid("variant").texts(); !slices.Contains(got, want) {
		t.Fatalf("%s: the other house rules say %q, want %q", what, got, want)
	}
}

// dispute is the rules the dispute page judges under.
func dispute(set, arms int, stuck referee.ImpossibleRule) referee.Rules {
	r := referee.Standard()
	r.Set, r.SpinnerArms, r.Impossible = referee.Set(set), arms, stuck
	return r
}

func TestDisputePage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	if f := expectTestID(t, "form", a.get("/check"), http.StatusOK, "check-form", "").named("layout"); len(f) != 1 || f[0].Data != "textarea" {
		t.Fatalf("form: %d layout fields, want one box to type it in", len(f))
	}
	ask := func(q string) response { return a.get("/check?" + q) }
	const fiveArms = "9-9+9-1@9-9+9-2@9-9+9-3@9-9+9-4@9-9"
	layout := strings.ReplaceAll(fiveArms, "+", " ")
	v := expectTestID(t, "fifth arm, four arms", ask("layout="+fiveArms+"&tile=9-5&on=9-9&set=9&arms=4&impossible=blocked"), http.StatusOK, "verdict", "")
	expectVerdict(t, "fifth arm, four arms", v, false, referee.CodeEndClosed)
	expectVariant(t, "fifth arm, four arms", v, say("verdict.alt-yes", referee.Params{"Variant": say("variant.six-arms", nil)}))
	v = expectTestID(t, "fifth arm, six arms", ask("layout="+fiveArms+"&tile=9-5&on=9-9&set=9&arms=6&impossible=blocked"), http.StatusOK, "verdict", "")
	expectVerdict(t, "fifth arm, six arms", v, true, "")
	four := refereeRefusesTile(t, dispute(9, 4, referee.ImpossibleStaysOwed), layout, "9-5", "9-9", referee.CodeEndClosed)
	expectVariant(t, "fifth arm, six arms", v, say("verdict.alt-no", referee.Params{"Variant": say("variant.four-arms", nil), "Reason": worded(four)}))

	const stuck = "6-6+6-0@6-6+6-1@6-6+6-2@6-6+6-3@6-6+0-3@6-0+1-3@6-1+2-3@6-2+3-4@0-3+3-5@1-3+3-3@6-3"
	q := "layout=" + stuck + "&tile=5-0&on=5-3&set=6&arms=4"
	v = expectTestID(t, "stuck chickie blocks", ask(q+"&impossible=blocked"), http.StatusOK, "verdict", "")
	expectVerdict(t, "stuck chickie blocks", v, false, referee.CodeChickieFirst)
	expectVariant(t, "stuck chickie blocks", v, say("verdict.alt-yes", referee.Params{"Variant": say("variant.release", nil)}))
	v = expectTestID(t, "stuck chickie let go", ask(q+"&impossible=release"), http.StatusOK, "verdict", "")
	expectVerdict(t, "stuck chickie let go", v, true, "")
	blocks := refereeRefusesTile(t, dispute(6, 4, referee.ImpossibleStaysOwed), strings.ReplaceAll(stuck, "+", " "), "5-0", "5-3", referee.CodeChickieFirst)
	expectVariant(t, "stuck chickie let go", v,
		say("verdict.alt-no", referee.Params{"Variant": say("variant.block", nil), "Reason": worded(blocks)}))

	_, err := referee.ParseMoves("9-9 x@9-9")
	unreadable := refusalOf(t, err, referee.CodeBadTile)
	expectProblem(t, "bad notation", ask("layout=9-9+x@9-9&tile=9-5&on=9-9&set=9&arms=4"), http.StatusBadRequest,
		say("check.layout", referee.Params{"Reason": worded(unreadable)}))
	impossible := impossibleUnder(t, dispute(9, 4, referee.ImpossibleStaysOwed), "9-9 3-4@9-9")
	expectProblem(t, "impossible layout", ask("layout=9-9+3-4@9-9&tile=9-5&on=9-9&set=9&arms=4"), http.StatusUnprocessableEntity,
		say("check.impossible", referee.Params{"Reason": impossible}))
	expectProblem(t, "no tile", ask("layout=9-9&tile=&on=9-9&set=9&arms=4"), http.StatusBadRequest, say("check.tile", nil))
	expectProblem(t, "bad set", ask("layout=9-9&tile=9-5&on=9-9&set=10&arms=4"), http.StatusBadRequest, say("check.set", nil))
}

// TestDisputeAnyStartAndSpacedAt: the layout may be written with spaces
// around the "@", and an empty table may open on any double.
func TestDisputeAnyStartAndSpacedAt(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.get("/check?" + url.Values{"layout": {"9-9 9-3 @ 9-9"}, "tile": {"3-4"}, "on": {"9-3"}, "set": {"9"}, "arms": {"4"}}.Encode())
	expectTestID(t, "spaced @", r, http.StatusOK, "verdict-no", "")
	r = a.get("/check?" + url.Values{"tile": {"5-5"}, "start": {"5"}, "set": {"9"}, "arms": {"4"}}.Encode())
	expectTestID(t, "5-5 may start a round opening on 5-5", r, http.StatusOK, "verdict-yes", "")
	r = a.get("/check?" + url.Values{"tile": {"5-5"}, "start": {"12"}, "set": {"9"}, "arms": {"4"}}.Encode())
	expectProblem(t, "a double outside the set", r, http.StatusBadRequest, say("check.start", referee.Params{"Set": "double-9", "Max": 9}))
}
