package referee_test

import (
	"errors"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// sheetCategories maps each code these tests expect to its category,
// written out here rather than taken from Unwrap so that Unwrap is checked
// too.
var sheetCategories = map[referee.Code]error{
	referee.CodeBadValue:        referee.ErrInvalid,
	referee.CodeUnknown:         referee.ErrUnknown,
	referee.CodeRoundClosed:     referee.ErrStale,
	referee.CodeStale:           referee.ErrStale,
	referee.CodeTwoOut:          referee.ErrScore,
	referee.CodeTwoDoubleBlanks: referee.ErrScore,
	referee.CodeDuplicateTile:   referee.ErrScore,
	referee.CodeOpenerInHand:    referee.ErrScore,
	referee.CodeTooManyPips:     referee.ErrScore,
	referee.CodeMissingEntries:  referee.ErrScore,
	referee.CodeNoSkip:          referee.ErrScore,
	referee.CodeTableStarted:    referee.ErrScore,
	referee.CodeWrongStart:      referee.ErrPlacement,
	referee.CodeSpinnerFirst:    referee.ErrPlacement,
	referee.CodeNotYourTurn:     referee.ErrTurn,
	referee.CodeNoTakeBack:      referee.ErrTurn,
}

// A wantErr is the refusal a case expects: its code, the input to fix for
// CodeBadValue, and optionally the catalog key that tells refusals of one
// code apart and words the reason must contain. The zero wantErr expects
// no error.
type wantErr struct {
	code    referee.Code
	field   string
	key     string
	mention string
}

var accepted = wantErr{}

func fails(code referee.Code) wantErr { return wantErr{code: code} }

func badInput(field string) wantErr { return wantErr{code: referee.CodeBadValue, field: field} }

func (w wantErr) keyed(key string) wantErr { w.key = key; return w }

func (w wantErr) saying(words string) wantErr { w.mention = words; return w }

func (w wantErr) String() string {
	if w.code == "" {
		return "nil"
	}
	if w.field != "" {
		return string(w.code) + " (field " + w.field + ")"
	}
	return string(w.code)
}

// checkErr checks err against want. call names the call for the message,
// as in "TypedEntry(-1, false)".
func checkErr(t *testing.T, call string, err error, want wantErr) {
	t.Helper()
	if want.code == "" {
		if err != nil {
			t.Fatalf("%s = %v, want nil", call, err)
		}
		return
	}
	var re *referee.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s = %v, want %s", call, err, want)
	}
	if re.Code != want.code || re.Field != want.field {
		t.Fatalf("%s = %s (field %q), want %s", call, re.Code, re.Field, want)
	}
	if want.key != "" && re.Key != want.key {
		t.Errorf("%s key = %q, want %q", call, re.Key, want.key)
	}
	if cat := sheetCategories[want.code]; cat == nil {
		t.Errorf("no category for %s in sheetCategories", want.code)
	} else if !errors.Is(err, cat) {
		t.Errorf("errors.Is(%s, %v) = false, want true", call, cat)
	}
	if re.Reason() == "" || strings.HasPrefix(re.Reason(), "[") {
		t.Errorf("%s reason = %q, want a sentence from the catalog", call, re.Reason())
	}
	if !strings.Contains(re.Reason(), want.mention) {
		t.Errorf("%s reason = %q, want it to say %q", call, re.Reason(), want.mention)
	}
}
