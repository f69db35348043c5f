package app_test

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

// TestFrom: a referee refusal about the request reads as its request
// code, a broken rule keeps its rule code, and the refusal stays reachable
// through the wrapper.
func TestFrom(t *testing.T) {
	sh := &referee.Sheet{Rules: referee.Standard(), Players: []string{"Ann", "Bob"}}
	_, unknownRound := sh.Close(3)
	if got := app.CodeOf(unknownRound); got != app.CodeNotFound {
		t.Errorf("closing a round the sheet lacks: code %q, want %q", got, app.CodeNotFound)
	}
	var re *referee.RuleError
	if e := app.From(unknownRound); e == nil || !errors.As(e, &re) || re.Code != referee.CodeUnknown {
		t.Errorf("From(%v) does not unwrap to the referee's refusal", unknownRound)
	}

	l, err := referee.NewLayout(referee.Standard(), 9)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := referee.ParseMoves("9-9 3-2@9-9")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Apply(moves[:1]); err != nil {
		t.Fatal(err)
	}
	mismatch := l.Play(moves[1])
	if got := app.CodeOf(fmt.Errorf("wrapped: %w", mismatch)); got != referee.CodeMismatch {
		t.Errorf("a mismatched tile: code %q, want the rule's %q", got, referee.CodeMismatch)
	}
}

// TestFromRules: a house rule with a bad value is invalid input naming
// the rule, worded by the setup form's message with what the rule takes.
func TestFromRules(t *testing.T) {
	r := referee.StandardStraight()
	r.Set = 9
	err := fmt.Errorf("starting a night: %w", r.Validate())
	e := app.From(err)
	want, _ := e.Params["Want"].(lang.Sayer) // worded in the page's language
	if e == nil || e.Code != app.CodeInvalid || e.Field != "set" || e.Key != "setup.unknown-choice" || want == nil || want.Say("en") != "6" {
		t.Fatalf("From(%v) = %+v, want invalid input naming the set, wanting 6", err, e)
	}
	words, err := lang.Load(referee.Locales(), os.DirFS("../../views/locales"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range words.Supported() {
		if !words.Has(tag, e.Key) {
			t.Errorf("%s: the catalog lacks %q", tag, e.Key)
		}
	}
}

// TestCodeOf: the app's own errors keep their code and field; errors of
// neither kind have no code, so a handler shows them as a fault.
func TestCodeOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want app.Code
	}{
		{app.Invalid("pips", "pips-blank", nil), app.CodeInvalid},
		{fmt.Errorf("saving: %w", app.Conflict("entry-changed", nil)), app.CodeConflict},
		{app.NotFound("game"), app.CodeNotFound},
		{app.ViewOnly(), app.CodeViewOnly},
		{errors.New("disk on fire"), ""},
		{nil, ""},
	} {
		if got := app.CodeOf(tc.err); got != tc.want {
			t.Errorf("CodeOf(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
	if e := app.From(app.Invalid("pips", "pips-blank", nil)); e.Field != "pips" || e.Key != "pips-blank" {
		t.Errorf("From(Invalid) = %+v, want its field and key kept", e)
	}
}
