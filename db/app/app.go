// Package app holds what the store and the web handlers share: the values
// they pass (a night and its sheet, the live table, a Straight sheet, a
// group's records, an archive, the news of a committed write) and one
// error type for a request that did not go through, whose code says what
// became of it (invalid, not found, conflict, view-only, unavailable,
// full) or which rule of the game refused it. The store fills the values
// from its file; the handlers depend on them and on the few services each
// of their files declares, never on the store itself.
//
// The rules library, package referee, knows nothing of requests: it refuses
// with its own rule codes. An *Error wraps such a refusal, and CodeOf reads
// any error as one of this package's codes, so the handlers keep one table
// from a code to an HTTP status and the store never speaks HTTP.
//
// What the store refuses of a file or an address a person hands it (an
// archive to import, a replica) is an invalid *Error too: a message of the
// catalog, which the command line words in its language.
package app

import (
	"errors"

	"chickenfoot/referee"
)

// A Code says what became of a request. Besides the six request codes
// below, an error may carry any of the referee's rule codes.
type Code = referee.Code

// The request codes.
const (
	// CodeInvalid: the input can't be read or is out of range; the error's
	// Field names the input to fix.
	CodeInvalid Code = "invalid"
	// CodeNotFound: the game, round, player or link does not exist.
	CodeNotFound Code = "not-found"
	// CodeConflict: the state changed since the request was made (another
	// phone closed the round or saved the entry first).
	CodeConflict Code = "conflict"
	// CodeViewOnly: the change was asked for through a view-only link, which
	// shows a game but changes nothing.
	CodeViewOnly Code = "view-only"
	// CodeUnavailable: the store takes no writes now (its file is gone);
	// trying again later will not help until it is started again.
	CodeUnavailable Code = "unavailable"
	// CodeFull: the disk is full; nothing was written.
	CodeFull Code = "full"
)

// An Error is a request the app refused. Key and Params are the catalog
// message that says why, worded in the reader's language by whoever shows
// it (its parameters may be errors that word themselves); Rule is the
// referee's refusal it wraps, if any, and Err the category it is one of
// (errors.Is), if any.
type Error struct {
	Code   Code
	Field  string         // for CodeInvalid: the input to fix
	Key    string         // the message's key in the catalog
	Params referee.Params // the values the message is filled in with
	Rule   *referee.RuleError
	Err    error
}

func (e *Error) Error() string {
	if e.Rule != nil {
		return e.Rule.Error()
	}
	if e.Field != "" {
		return string(e.Code) + ": " + e.Field + ": " + e.Key
	}
	return string(e.Code) + ": " + e.Key
}

// Unwrap returns the referee's refusal the error wraps, or the category
// it is one of, if any.
func (e *Error) Unwrap() error {
	if e.Rule != nil {
		return e.Rule
	}
	return e.Err
}

// Words lets a message quote the error in its own language.
func (e *Error) Words() (string, map[string]any) { return e.Key, e.Params }

// Refuse reports a file or an address handed to the store that it won't
// take as it is, one of the category of (nil for none): the message key
// with p says why.
func Refuse(of error, key string, p referee.Params) *Error {
	return &Error{Code: CodeInvalid, Key: key, Params: p, Err: of}
}

// Invalid reports input that can't be read or is out of range: field
// names the input to fix, and the message key with p says how.
func Invalid(field, key string, p referee.Params) *Error {
	return &Error{Code: CodeInvalid, Field: field, Key: key, Params: p}
}

// NotFound reports that the game, round, player or link asked for does not
// exist; what names it for the message.
func NotFound(what string) *Error {
	return &Error{Code: CodeNotFound, Key: "not-found", Params: referee.Params{"What": what}}
}

// Conflict reports a request made on a state that has changed since; key
// names the catalog message that says what changed.
func Conflict(key string, p referee.Params) *Error {
	return &Error{Code: CodeConflict, Key: key, Params: p}
}

// ViewOnly refuses a change asked for through a view-only link.
func ViewOnly() *Error { return &Error{Code: CodeViewOnly, Key: "view-only"} }

// Unavailable reports a store that takes no writes now; key names the
// message that says why.
func Unavailable(key string) *Error { return &Error{Code: CodeUnavailable, Key: key} }

// Full reports a write refused because the disk is full; key names the
// message that says so.
func Full(key string) *Error { return &Error{Code: CodeFull, Key: key} }

// requestCodes are the referee's refusals that are about the request
// rather than a rule broken at the table: a value out of range, a round or
// player the sheet does not have, a sheet that moved on.
var requestCodes = map[referee.Code]Code{
	referee.CodeBadValue:    CodeInvalid,
	referee.CodeUnknown:     CodeNotFound,
	referee.CodeRoundClosed: CodeConflict,
	referee.CodeGameOver:    CodeConflict,
	referee.CodeLeftAlready: CodeConflict,
	referee.CodeStale:       CodeConflict,
}

// requestWords are the app's own sentences for the referee's words about
// a sheet that moved on or a value a player taps rather than types: the
// referee states the fact ("round 3 is closed"), the app tells a player at
// a phone what happened and what to do.
var requestWords = map[string]string{
	"sheet.seen-ahead":    "seq",
	"rules.bad-value":     "setup.unknown-choice", // a value a form offers as a choice: say which it may be
	"pips-zero":           "pips-zero-tap",
	"setter":              "setter-tap",
	"sheet.unknown":       "not-found",
	"sheet.round-closed":  "round-closed",
	"sheet.game-over":     "game-over",
	"sheet.left-already":  "left-already",
	"sheet.table-changed": "table-changed",
	"sheet.log-stale":     "log-stale",
}

// From reads err as an *Error: itself when it is one, a referee refusal
// wrapped with its request code (or its rule code when it broke a rule),
// a house rule with a bad value (*referee.RulesError) as invalid input
// naming the rule, or nil when err is none of these, a fault of the app's
// own.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var rules *referee.RulesError
	if errors.As(err, &rules) {
		key, p := rules.Words()
		if app, ok := requestWords[key]; ok {
			key = app
		}
		return &Error{Code: CodeInvalid, Field: rules.Field, Key: key, Params: p}
	}
	var re *referee.RuleError
	if !errors.As(err, &re) {
		return nil
	}
	code, ok := requestCodes[re.Code]
	if !ok {
		code = re.Code
	}
	key, ok := requestWords[re.Key]
	if !ok {
		key = re.Key
	}
	return &Error{Code: code, Field: re.Field, Key: key, Params: re.Params, Rule: re}
}

// CodeOf is the code of err, or "" when it has none.
func CodeOf(err error) Code {
	if e := From(err); e != nil {
		return e.Code
	}
	return ""
}
