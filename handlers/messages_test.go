package handlers

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// keyUse finds a catalog key written as a literal where the handlers ask
// for a message: text("key", invalid(field, "key", and the prefixes of
// keys built from a value, like text("owes."+kind).
var keyUse = regexp.MustCompile(`(?:text|invalid\([a-z_"]+,)\s*\(?"([a-z.-]+)"(\s*\+)?`)

// dynamicKeys are the keys built from a value, by prefix: every value
// the code can give.
var dynamicKeys = map[string][]string{
	"unheld.":      {"burn", "draw-all", "reshuffle", "lower-return"},
	"renewed.":     {"edit", "view"},
	"start-draw.":  {"draw", "draw-all", "burn", "reshuffle", "lower-return"},
	"penalty.":     {"draw-penalty", "skip-turn"},
	"owes.":        {string(referee.Spinner), string(referee.Chickie)},
	"stuck.":       {string(referee.Spinner), string(referee.Chickie)},
	"log.":         {string(referee.ActDraw), string(referee.ActPass), string(referee.ActTakeBack), string(referee.ActPenalty)},
	"game-name.":   {"too-long", "unreadable", "angle", "control"},
	"player-name.": {"too-long", "unreadable", "angle", "control"},
	"join-name.":   {"too-long", "unreadable", "angle", "control"},
	"missed.":      {string(referee.MissedHighest), string(referee.MissedAverage), string(referee.MissedZero)},
}

// TestMessageKeys: every key the handlers use is in the catalog, and every
// message in the catalog is used, so neither a typo nor a dead sentence
// survives.
func TestMessageKeys(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("*.go")
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
	for key := range used {
		if !messages.Has(key) {
			t.Errorf("the handlers use message %q, which the catalog lacks", key)
		}
	}
	keys := messages.Keys()
	slices.Sort(keys)
	for _, key := range keys {
		if !used[key] {
			t.Errorf("message %q is in the catalog but nothing uses it", key)
		}
	}
}
