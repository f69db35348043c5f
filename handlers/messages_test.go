package handlers

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

// keyUse finds a catalog key written as a literal where the handlers ask
// for a message: text(ctx, "key", words(ctx, "key", invalid(field, "key",
// app.Invalid(field, "key", a refusal's Key: "key", the app's sentence
// for a referee's in db/app's requestWords ("sheet.x": "key"), and the
// prefixes of keys built from a value, like text(ctx, "owes."+kind).
var keyUse = regexp.MustCompile(`(?m)(?:text\(\w+,|words\(\w+,|Key:|(?:app\.Invalid|invalid)\(\s*[a-z_"]+,|unreadable\([a-z_"]+,|^\t"[a-z.-]+":)\s*\(?"([a-z.-]+)"(\s*\+)?`)

// nounUse finds the count nouns and agreeing words a message asks for:
// {{count .N "tile"}} needs count.tile, {{plural .N "was"}} plural.was.
// (Quotes in the catalog's JSON are escaped.)
var nounUse = regexp.MustCompile(`\{\{(count|plural) \.\w+ \\"([a-z-]+)\\"\}\}`)

// catalog is the English of the catalog's file name: its messages by
// key. The handlers' own are in messages.json.
func catalog(t *testing.T, name string) map[string]json.RawMessage {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "views", "locales", lang.Default, name))
	more, _ := filepath.Glob(filepath.Join("..", "referee", "locales", lang.Default, name))
	files = append(files, more...)
	m := map[string]json.RawMessage{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var more map[string]json.RawMessage
		if err := json.Unmarshal(data, &more); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		maps.Copy(m, more)
	}
	return m
}

// dynamicKeys are the keys built from a value, by prefix: every value
// the code can give.
var dynamicKeys = map[string][]string{
	"unheld.":      {"burn", "draw-all", "reshuffle", "lower-return"},
	"renewed.":     {"edit", "view"},
	"start-draw.":  {"draw", "draw-all", "burn", "reshuffle"},
	"penalty.":     {"draw-penalty", "skip-turn"},
	"owes.":        {string(referee.Spinner), string(referee.Chickie)},
	"stuck.":       {string(referee.Spinner), string(referee.Chickie)},
	"game-name.":   {"too-long", "unreadable", "angle", "control"},
	"player-name.": {"too-long", "unreadable", "angle", "control"},
	"join-name.":   {"too-long", "unreadable", "angle", "control"},
	"missed.":      {string(referee.MissedHighest), string(referee.MissedAverage), string(referee.MissedZero)},
	"status.":      statusKeys(),
	// A Straight place is named by the spinner's end; a refusal on the
	// Straight table by its part of the game.
	"straight-table.spinner-end.": {"1", "2", "3", "4"},
	"straight-table.rule.":        referee.StraightSections,
}

// statusKeys are the statuses an error page names in the catalog's words.
func statusKeys() []string {
	var out []string
	for _, s := range titledStatuses {
		out = append(out, strconv.Itoa(s))
	}
	return out
}

// TestMessageKeys: every key the handlers use is in the catalog, and every
// message in the catalog is used, so neither a typo nor a dead sentence
// survives.
func TestMessageKeys(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("*.go")
	// The store names, by key, the sentences of a form it reads and of
	// the refusals it answers, for the handlers to word.
	files = append(files, filepath.Join("..", "db", "score.go"), filepath.Join("..", "db", "groups.go"), filepath.Join("..", "db", "app", "app.go"))
	used := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "messages.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
			key, built := m[1], m[2] != ""
			if !built {
				used[key] = true
				continue
			}
			suffixes, ok := dynamicKeys[key]
			if !ok {
				t.Errorf("%s builds a message key from %q: list its values in dynamicKeys", f, key)
			}
			for _, s := range suffixes {
				used[key+s] = true
			}
		}
	}
	messages, all := catalog(t, "messages.json"), catalog(t, "*.json")
	for key := range used {
		if _, ok := all[key]; !ok {
			t.Errorf("the handlers use message %q, which the catalog lacks", key)
		}
	}
	// The catalog's messages ask for count nouns and agreeing words of
	// their own, or of the app's shared words (plural.is).
	for _, key := range slices.Sorted(maps.Keys(messages)) {
		for _, m := range nounUse.FindAllStringSubmatch(string(messages[key]), -1) {
			noun := m[1] + "." + m[2]
			used[noun] = true
			if _, ok := all[noun]; !ok {
				t.Errorf("message %q asks for %q, which the catalog lacks", key, noun)
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(messages)) {
		if !used[key] {
			t.Errorf("message %q is in the catalog but nothing uses it", key)
		}
	}
}

// english is the context of a request that asks for no language: its
// pages are in English.
var english = context.Background()

// say is the catalog's English message key filled in with p.
func say(key string, p referee.Params) string { return text(english, key, p) }

// worded is a refused request as an English page says it.
func worded(e *app.Error) string { return say(e.Key, e.Params) }
