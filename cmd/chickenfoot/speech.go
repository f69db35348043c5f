package main

// The command line's words. Every message it prints is a message of the
// catalog (package lang), worded in the language CHICKENFOOT_LANG names,
// English unless it is set; the referee's --lang picks it for that
// command. An error of ours, the referee's or the store's carries its
// message key and parameters up to where it is printed, and is worded
// there (voice.tell).

import (
	"errors"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
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

func tell(tag string, err error) string {
	var e *app.Error // the store's: its words are the app's
	if errors.As(err, &e) && e.Rule == nil {
		return views.Words().Text(tag, e.Key, e.Params)
	}
	var s lang.Sayer // the referee's refusals
	if errors.As(err, &s) {
		return s.Say(tag)
	}
	return err.Error()
}

// phrase is the command line's message key with its parameters as name,
// value pairs (which may be errors or phrases that word themselves), as
// the app's one error type: an invalid request, worded where it is told.
func phrase(key string, kv ...any) *app.Error {
	p := referee.Params{}
	for i := 0; i+1 < len(kv); i += 2 {
		if name, ok := kv[i].(string); ok {
			p[name] = kv[i+1]
		}
	}
	return &app.Error{Code: app.CodeInvalid, Key: key, Params: p}
}

// refuse is phrase as an error.
func refuse(key string, kv ...any) error { return phrase(key, kv...) }

// within is err found at a place in the input, which where names as the
// JSON does ("round.deal.Ann: …"), or while doing what a phrase says
// ("reading the input: …"): a string, a phrase or a lang.SayFunc. errors.Is
// and errors.As see err through it.
func within(where any, err error) error {
	e := phrase("cli.at", "Where", where, "Err", err)
	e.Err = err
	return e
}

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
