package referee

import (
	"fmt"
	"strconv"
	"strings"

	"chickenfoot/referee/lang"
)

// The referee's wording layer: this file and houserules_words.go are the
// only ones of the package that know the catalog (package lang).
// Everything else returns message keys and typed parameters; here they
// become sentences, in English unless a language is asked for.

func (e *RuleError) Error() string { return string(e.Code) + ": " + e.Reason() }

// Reason is the refusal in one plain English sentence a player at the
// table can read.
func (e *RuleError) Reason() string { return e.Say(lang.Default) }

// Say words the refusal in the language tag.
func (e *RuleError) Say(tag string) string { return words.Text(tag, e.Key, e.Params) }

// Words lets a message quote the refusal in its own language.
func (e *RuleError) Words() (string, map[string]any) { return e.Key, e.Params }

// A Phrase is a sentence of the referee's not yet worded: its message key
// and parameters, which may be phrases themselves.
type Phrase struct {
	Key    string
	Params Params
}

// Say words the phrase in the language tag.
func (p Phrase) Say(tag string) string {
	if p.Key == "" {
		return ""
	}
	return words.Text(tag, p.Key, p.Params)
}

// String words the phrase in English.
func (p Phrase) String() string { return p.Say(lang.Default) }

// Words lets a message hold the phrase, worded in its own language.
func (p Phrase) Words() (string, map[string]any) { return p.Key, p.Params }

// Phrases are a list of phrases a message ranges over.
type Phrases []Phrase

// Worders lets a message range over the phrases, each worded in its own
// language.
func (ps Phrases) Worders() []lang.Worder {
	out := make([]lang.Worder, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Words names the set in the message's language: "double-9".
func (s Set) Words() (string, map[string]any) { return "set", map[string]any{"N": int(s)} }

// Text words the message key with p in English.
func Text(key string, p Params) string { return words.Text(lang.Default, key, p) }

// Reason says in English why the winners won.
func (o Outcome) Reason() string { return o.Why.String() }

// Say is the preset's one-line description in the language tag.
func (p Preset) Say(tag string) string { return words.Text(tag, "rules.preset."+p.Name, nil) }

func (e *RulesError) Error() string {
	return words.Text(lang.Default, "rules.bad-value", map[string]any{"Field": e.Field, "Value": e.Value, "Want": e.Want})
}

// noRounds is what a losing total must be with a fixed number of rounds.
func noRounds() string { return words.Text(lang.Default, "rules.want.no-rounds", nil) }

// unknownRule refuses a house rule called name, which is none.
func unknownRule(name string) error {
	return fmt.Errorf("%s: %w", words.Text(lang.Default, "rules.unknown", map[string]any{"Name": strconv.Quote(name)}), ErrRules)
}

// gameWant says in English which games there are, as a *RulesError words
// it.
func gameWant() string {
	names := make([]string, len(Games))
	for i, g := range Games {
		names[i] = strconv.Quote(g.Name())
	}
	return words.Text(lang.Default, "rules.want.one-of", map[string]any{"Values": strings.Join(names, ", ")})
}

// straightPlayers says in English how many play Straight, as a
// *RulesError words it.
func straightPlayers() string { return words.Text(lang.Default, "rules.want.straight-players", nil) }

// partnersFour says in English that partners play four-handed, for a
// table of n.
func partnersFour(n int) string {
	return words.Text(lang.Default, "rules.want.partners-four", map[string]any{"N": n})
}
