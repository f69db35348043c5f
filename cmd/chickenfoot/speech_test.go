package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chickenfoot/views"
)

// TestMisuseWorded: a command it does not know, a flag it can't read and
// a call for help are worded in the language CHICKENFOOT_LANG (or the
// referee's --lang) picks, on standard error, with exit 2 (0 for help)
// and nothing on standard output.
func TestMisuseWorded(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.db")
	for _, tt := range []struct {
		name, env string
		args      []string
		code      int
		says      []string
	}{
		{"unknown command", "da", []string{"bogus"}, 2,
			[]string{`chickenfoot: ukendt kommando "bogus"`, "brug: chickenfoot referee [--lang " + strings.Join(views.Words().Supported(), "|") + "] [FILE]", "vis denne hjælp"}},
		{"unknown command in English", "", []string{"bogus"}, 2,
			[]string{`chickenfoot: unknown command "bogus"`, "usage: chickenfoot backup [--db FILE] OUT", "show this help"}},
		{"serve's unknown flag", "af", []string{"serve", "--bogus"}, 2,
			[]string{"chickenfoot: die vlag bestaan nie: --bogus", "gebruik: chickenfoot [serve] [--addr ADDR] [--db FILE]", "  --addr ADDR", "(verstek :8080)"}},
		{"a flag first is serve's", "da", []string{"--bogus"}, 2,
			[]string{"chickenfoot: flaget findes ikke: --bogus", "brug: chickenfoot [serve]"}},
		{"backup's unknown flag", "da", []string{"backup", "--to", out}, 2,
			[]string{"chickenfoot backup: flaget findes ikke: --to", "brug: chickenfoot backup [--db FILE] OUT"}},
		{"restore's flag without its value", "da", []string{"restore", "--at"}, 2,
			[]string{"chickenfoot restore: flaget mangler en værdi: --at", "brug: chickenfoot restore"}},
		{"a value serve can't read", "da", []string{"serve", "--write-rate", "many"}, 2,
			[]string{`chickenfoot: ugyldig værdi "many" for flaget --write-rate`}},
		{"export's unknown flag", "", []string{"export", "--nope"}, 2,
			[]string{"chickenfoot: flag provided but not defined: --nope", "usage: chickenfoot export"}},
		{"import's unknown flag", "af", []string{"import", "--nope"}, 2,
			[]string{"chickenfoot: die vlag bestaan nie: --nope", "gebruik: chickenfoot import [--db FILE] EXPORT.json"}},
		{"rotate-secret's bad syntax", "da", []string{"rotate-secret", "---db"}, 2,
			[]string{"chickenfoot rotate-secret: forkert flagsyntaks: ---db", "brug: chickenfoot rotate-secret"}},
		{"the referee's unknown flag", "da", []string{"referee", "--bogus"}, 2,
			[]string{"chickenfoot referee: flaget findes ikke: --bogus", "brug: chickenfoot referee"}},
		{"the referee's --lang picks", "", []string{"referee", "--lang", "da", "--bogus"}, 2,
			[]string{"chickenfoot referee: flaget findes ikke: --bogus", "--lang LANG\n        sproget for beskederne: en, af, da"}},
		{"help on a command", "da", []string{"rotate-secret", "-h"}, 0,
			[]string{"brug: chickenfoot rotate-secret [--db FILE]\n  --db DB\n        "}},
		{"a language it lacks", "xx", []string{"help"}, 2,
			[]string{`chickenfoot: CHICKENFOOT_LANG="xx" is not a language the app speaks; use one of en, af, da`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CHICKENFOOT_LANG", tt.env)
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
			if code != tt.code || stdout.Len() > 0 {
				t.Errorf("run(%q) = %d, stdout %q; want %d and nothing", tt.args, code, stdout.String(), tt.code)
			}
			for _, s := range tt.says {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("run(%q): stderr does not say %q:\n%s", tt.args, s, stderr.String())
				}
			}
		})
	}
}

// TestHelpWorded: help lists every command in each language of the
// catalog, and the languages --lang takes are the catalog's.
func TestHelpWorded(t *testing.T) {
	for _, tag := range views.Words().Supported() {
		var out bytes.Buffer
		voice(tag).help(&out)
		help := out.String()
		if strings.Contains(help, "[missing") || strings.Contains(help, "[message") {
			t.Errorf("%s: help lacks a message:\n%s", tag, help)
		}
		if want := "[--lang " + strings.Join(views.Words().Supported(), "|") + "]"; !strings.Contains(help, want) {
			t.Errorf("%s: help does not offer %s:\n%s", tag, want, help)
		}
		for _, c := range []string{"[serve]", "referee", "export", "import", "backup", "restore", "rotate-secret", "help"} {
			if !strings.Contains(help, "chickenfoot "+c) {
				t.Errorf("%s: help does not list %s", tag, c)
			}
		}
	}
}

// TestBadRoundWorded: a round the referee can't set up is refused on
// standard error in the language --lang (or CHICKENFOOT_LANG) picks.
func TestBadRoundWorded(t *testing.T) {
	seats := make([]string, 70)
	for i := range seats {
		seats[i] = fmt.Sprintf("P%d", i)
	}
	big, _ := json.Marshal(map[string]any{"rules": map[string]any{"set": 18}, "round": map[string]any{"seats": seats, "hand_size": 1}})
	for _, tt := range []struct {
		name, env, input string
		args             []string
		want             string
	}{
		{"70 players", "", string(big), []string{"--lang", "en"}, "round: a round takes at most 64 players, not 70"},
		{"70 players in Danish", "", string(big), []string{"--lang", "da"}, "round: en runde har højst 64 spillere, ikke 70"},
		{"70 players in Afrikaans", "", string(big), []string{"--lang", "af"}, "round: 'n rondte neem hoogstens 64 spelers, nie 70 nie"},
		{"70 players by the environment", "da", string(big), nil, "round: en runde har højst 64 spillere, ikke 70"},
		{"a hand too big", "", `{"round": {"seats": ["Ann", "Bob"], "hand_size": 40}}`, []string{"--lang", "da"},
			"round.hand_size er 40, men 2 spillere kan få 1 til 27 brikker hver af de 55 brikker i et dobbelt-9-sæt, der kan deles ud"},
		{"a hand too big in English", "", `{"round": {"seats": ["Ann", "Bob"], "hand_size": 40}}`, nil,
			"round.hand_size is 40, but 2 players can take 1 to 27 tiles each from the 55 tiles of a double-9 set to deal"},
		{"a bad house rule", "", `{"rules": {"spinner_arms": 5}, "moves": []}`, []string{"--lang", "da"},
			"regler: spinner_arms er 5, men skal være 4 eller 6"},
		{"a tile twice", "", `{"round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["9-9"], "Bob": ["9-8"]}, "boneyard": ["9-9"]}}`, []string{"--lang", "da"},
			"round.boneyard: 9-9 er også i round.deal; hver brik er med én gang i spillet"},
		{"a tile in the middle", "", `{"rules": {"first_player": "rotate"}, "round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["9-8"], "Bob": ["9-7"]}, "boneyard": ["9-9"]}}`, []string{"--lang", "da"},
			"round.boneyard: 9-9 er også i midten, lagt før uddelingen; hver brik er med én gang i spillet"},
		{"an unreadable tile", "", `{"round": {"seats": ["Ann", "Bob"], "deal": {"Ann": ["x"], "Bob": ["9-8"]}}}`, []string{"--lang", "da"},
			`round.deal.Ann: "x" er ikke en brik: skriv to tal med bindestreg imellem, fx 9-3.`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CHICKENFOOT_LANG", tt.env)
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"referee"}, tt.args...), strings.NewReader(tt.input), &stdout, &stderr)
			if want := "chickenfoot referee: " + tt.want + "\n"; code != 2 || stderr.String() != want || stdout.Len() > 0 {
				t.Errorf("referee %v = %d, stdout %q,\nstderr %q;\nwant 2 and %q", tt.args, code, stdout.String(), stderr.String(), want)
			}
		})
	}
}

// TestImportRefusedWorded: an archive the store refuses is refused in the
// command line's language.
func TestImportRefusedWorded(t *testing.T) {
	t.Setenv("CHICKENFOOT_LANG", "da")
	file := filepath.Join(t.TempDir(), "other.json")
	if err := os.WriteFile(file, []byte(`{"format": "other", "version": 1, "nights": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"import", "--db", filepath.Join(t.TempDir(), "x.db"), file}, nil, &stdout, &stderr)
	if want := "chickenfoot: filens format er \"other\", ikke \"chickenfoot-archive\"; intet blev importeret\n"; code != 2 || stderr.String() != want {
		t.Errorf("import of another format = %d, %q; want 2, %q", code, stderr.String(), want)
	}
}

// TestReplicaURLWorded: a replica address this build can't use is refused
// in the command line's language, the store's reason in it too.
func TestReplicaURLWorded(t *testing.T) {
	t.Parallel()
	env := map[string]string{"CHICKENFOOT_LANG": "da"}
	getenv := func(k string) string { return env[k] }
	for _, parse := range []func() (voice, error){
		func() (voice, error) {
			cfg, err := parseServe([]string{"--replica", "ftp://host/x"}, getenv, io.Discard)
			return cfg.voice, err
		},
		func() (voice, error) {
			cfg, err := parseRestore([]string{"--replica", "ftp://host/x", "out.db"}, getenv, io.Discard)
			return cfg.voice, err
		},
	} {
		v, err := parse()
		want := `replikaen "ftp://host/x" kan ikke bruges: en replika er file:///MAPPE eller s3://SPAND/STI, ikke ftp://`
		if err == nil || v.tell(err) != want {
			t.Errorf("--replica ftp://host/x = %v,\nwant %q", err, want)
		}
	}
}
