package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// refereeIn runs the referee command with args on input, and decodes its
// moves.
func refereeIn(t *testing.T, input string, args ...string) []moveOutput {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"referee"}, args...), strings.NewReader(input), &stdout, &stderr); code != 0 {
		t.Fatalf("referee %v: exit %d, stderr %q", args, code, stderr.String())
	}
	var out struct{ Moves []moveOutput }
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out.Moves
}

func TestRefereeLang(t *testing.T) {
	t.Parallel()
	// 8-3 has no 9, so it can't go on the starting 9-9.
	input := `{"moves": [{"tile": "9-9"}, {"tile": "8-3", "on": "9-9"}]}`
	want := map[string]string{
		"":   "8-3 has no 9, so it can't go on 9-9, where the open number is 9.",
		"en": "8-3 has no 9, so it can't go on 9-9, where the open number is 9.",
		"da": "8-3 har ingen 9, så den kan ikke lægges på 9-9, hvor det åbne tal er 9.",
		"af": "8-3 het geen 9 nie, dus kan dit nie op 9-9 gaan nie, waar die oop getal 9 is.",
	}
	for tag, msg := range want {
		var args []string
		if tag != "" {
			args = []string{"--lang", tag}
		}
		moves := refereeIn(t, input, args...)
		if len(moves) != 2 {
			t.Fatalf("--lang %s: %d moves, want 2", tag, len(moves))
		}
		if got := moves[1]; got.OK || got.Rule != "mismatch" || got.Message != msg {
			t.Errorf("--lang %s: got ok=%v rule=%q message=%q,\nwant the mismatch rule and %q", tag, got.OK, got.Rule, got.Message, msg)
		}
	}
}

func TestRefereeLangUnknown(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := run([]string{"referee", "--lang", "fr"}, strings.NewReader(`{"moves": []}`), &stdout, &stderr)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if msg := stderr.String(); !strings.Contains(msg, `"fr"`) || !strings.Contains(msg, "en, af, da") {
		t.Errorf("stderr %q should name the language asked for and the ones spoken", msg)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", stdout.String())
	}
}
