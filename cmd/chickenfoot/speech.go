package main

// The command line's words. Every message it prints is a message of the
// catalog (package lang), worded in the language CHICKENFOOT_LANG names,
// English unless it is set; the referee's --lang picks it for that
// command. An error of ours, the referee's or the store's carries its
// message key and parameters up to where it is printed, and is worded
// there (voice.tell).

import (
	"errors"
	"fmt"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee/lang"
	"chickenfoot/views"
)

// A voice words the command line's messages in one language of the
// catalog, named by its tag.
type voice string

// english is the command line's voice where no language is chosen.
const english voice = lang.Default

// voiceOf is the language CHICKENFOOT_LANG names in getenv's environment,
// and whether the catalog has it; an empty one is English, and so is one
// the catalog lacks (run refuses that first).
func voiceOf(getenv func(string) string) (voice, bool) {
	tag := getenv("CHICKENFOOT_LANG")
	switch {
	case tag == "":
		return english, true
	case !views.Words().IsSupported(tag):
		return english, false
	}
	return voice(tag), true
}

// say words the message key with the parameters as name, value pairs.
func (v voice) say(key string, kv ...any) string { return views.Words().Pairs(string(v), key, kv...) }

// tell words err for a person: the refusal of the referee's, the store's
// or the command line's it is or wraps, in v's language; any other error
// as it says itself.
func (v voice) tell(err error) string { return tell(string(v), err) }

// A sayer words itself in a language: the referee's refusals, the
// store's, and the command line's own notes.
type sayer interface {
	Say(tag string) string
}

func tell(tag string, err error) string {
	var e *app.Error // the store's: its words are the app's
	if errors.As(err, &e) && e.Rule == nil {
		return views.Words().Text(tag, e.Key, e.Params)
	}
	var s sayer
	if errors.As(err, &s) {
		return s.Say(tag)
	}
	return err.Error()
}

// A note is a message of the command line's as an error: its key and its
// parameters as name, value pairs, which may be errors that word
// themselves. Error words it in English, Say in any language.
type note struct {
	key string
	kv  []any
}

// phrase is the note of the message key with the pairs kv.
func phrase(key string, kv ...any) *note { return &note{key: key, kv: kv} }

// refuse is phrase as an error.
func refuse(key string, kv ...any) error { return phrase(key, kv...) }

func (n *note) Error() string { return n.Say(lang.Default) }

// Say words the note in the language tag.
func (n *note) Say(tag string) string { return views.Words().Pairs(tag, n.key, n.kv...) }

// A sayFunc words itself in a language by calling itself.
type sayFunc func(tag string) string

// Say words it in the language tag.
func (f sayFunc) Say(tag string) string { return f(tag) }

// A placed error is one found at a place in the input, which it names as
// the JSON does ("round.deal.Ann: …"), or while doing what a note says
// ("reading the input: …").
type placed struct {
	where any // a string, or a sayer
	err   error
}

// at is err found at where, a string or a sayer.
func within(where any, err error) error { return &placed{where: where, err: err} }

func (p *placed) Error() string { return p.Say(lang.Default) }

// Say words the error in the language tag after its place.
func (p *placed) Say(tag string) string {
	where, ok := p.where.(sayer)
	if !ok {
		return fmt.Sprint(p.where) + ": " + tell(tag, p.err)
	}
	return where.Say(tag) + ": " + tell(tag, p.err)
}

// Unwrap returns the error found.
func (p *placed) Unwrap() error { return p.err }

// tags lists the catalog's languages, joined by sep: "en, af, da".
func tags(sep string) string { return strings.Join(views.Words().Supported(), sep) }

// named lists the catalog's languages with the name each gives itself:
// "en (English), af (Afrikaans), da (Dansk)".
func named() string {
	var out []string
	for _, tag := range views.Words().Supported() {
		out = append(out, tag+" ("+views.Words().Text(tag, "lang.name", nil)+")")
	}
	return strings.Join(out, ", ")
}
