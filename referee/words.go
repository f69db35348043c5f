package referee

import (
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
func (e *RuleError) Say(tag string) string { return words().Text(tag, e.Key, e.Params) }

// Words lets a message quote the refusal in its own language.
func (e *RuleError) Words() (string, map[string]any) { return e.Key, e.Params }

// A Phrase is a sentence not yet worded, the referee's or the store's:
// its message key and parameters, which may be phrases themselves.
type Phrase struct {
	Key    string
	Params Params
}

// Say words the phrase in the language tag.
func (p Phrase) Say(tag string) string {
	if p.Key == "" {
		return ""
	}
	return words().Text(tag, p.Key, p.Params)
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
func Text(key string, p Params) string { return words().Text(lang.Default, key, p) }

// Reason says in English why the winners won.
func (o Outcome) Reason() string { return o.Why.String() }

// Say is the preset's one-line description in the language tag.
func (p Preset) Say(tag string) string { return words().Text(tag, "rules.preset."+p.Name, nil) }

// Error words the refusal of the rules in English.
func (e *RulesError) Error() string { return e.Say(lang.Default) }

// Say words the refusal of the rules in the language tag.
func (e *RulesError) Say(tag string) string {
	key, p := e.Words()
	return words().Text(tag, key, p)
}

// Words lets a message quote the refusal in its own language.
func (e *RulesError) Words() (string, map[string]any) {
	if e.Key == "" {
		return "rules.bad-value", map[string]any{"Field": e.Field, "Value": e.Value, "Want": e.Want}
	}
	return e.Key, e.Params
}

// WantIn says in the language tag what the house rule at fault accepts:
// Want, worded in that language.
func (e *RulesError) WantIn(tag string) string {
	if w, ok := e.Params["Want"].(lang.Sayer); ok {
		return w.Say(tag)
	}
	return e.Want
}

// Error names the category in English.
func (c *category) Error() string { return c.Say(lang.Default) }

// Say names the category in the language tag.
func (c *category) Say(tag string) string { return words().Text(tag, c.key, nil) }

// wanted says which values a house rule accepts, in the language it is
// given: "4 or 6", `one of "draw", "burn"`.
type wanted = lang.SayFunc

// literally is a value wanted, the same in every language: "6".
func literally(s string) wanted { return func(string) string { return s } }

// badRule refuses value, bad for the house rule field, which wants want.
func badRule(field string, value any, want wanted) *RulesError {
	return &RulesError{Field: field, Value: value, Want: want(lang.Default), Key: "rules.bad-value",
		Params: Params{"Field": field, "Value": value, "Want": want}}
}

// noRounds is what a losing total must be with a fixed number of rounds.
func noRounds(tag string) string { return words().Text(tag, "rules.want.no-rounds", nil) }

// unknownRule refuses a house rule called name, which is none.
func unknownRule(name string) error {
	return &RulesError{Key: "rules.unknown", Params: Params{"Name": strconv.Quote(name)}}
}

// gameWant says which games there are.
func gameWant(tag string) string {
	names := make([]string, len(Games))
	for i, g := range Games {
		names[i] = strconv.Quote(g.Name())
	}
	return words().Text(tag, "rules.want.one-of", map[string]any{"Values": strings.Join(names, ", ")})
}

// setsWant says which sets there are: "6, 9, 12, 15 or 18".
func setsWant(tag string) string {
	sizes := make([]string, len(Sets))
	for i, s := range Sets {
		sizes[i] = strconv.Itoa(int(s))
	}
	return words().Text(tag, "rules.want.either", map[string]any{"Values": sizes})
}

// straightPlayers says how many play Straight.
func straightPlayers(tag string) string { return words().Text(tag, "rules.want.straight-players", nil) }

// partnersFour says that partners play four-handed, for a table of n.
func partnersFour(n int) wanted {
	return func(tag string) string {
		return words().Text(tag, "rules.want.partners-four", map[string]any{"N": n})
	}
}
