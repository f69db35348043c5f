package handlers

import (
	"context"

	"chickenfoot/referee"
	"chickenfoot/referee/lang"
	"chickenfoot/views"
)

// The web app's own sentences, every one the handlers put on a page, are
// in the app's catalog (views/locales/TAG/messages.json), keyed by message
// key with named parameters. The referee's refusals are worded from the
// referee's catalog (see reason).

// text fills in the message key of the web app's catalog in the language
// of the request ctx belongs to.
func text(ctx context.Context, key string, p referee.Params) string {
	return views.Text(views.Lang(ctx), key, p)
}

// words is text with the parameters as name, value pairs: a message that
// only fills in plain values is worded without building a map.
func words(ctx context.Context, key string, kv ...any) string {
	return views.T(ctx, key, kv...)
}

// invalid reports a form field that can't be read, in the catalog's words
// and the request's language.
func invalid(ctx context.Context, field, key string, p referee.Params) error {
	return referee.Invalid(field, key, text(ctx, key, p), p)
}

// reason words a refusal in the request's language: a refusal of the
// referee from its key and parameters, one of the handlers' own (worded
// when it was made, already in that language) as it is, and one the store
// named by a key of the app's catalog without wording it (a form it read)
// from that catalog.
func reason(ctx context.Context, re *referee.RuleError) string {
	if s := lang.Reason(views.Lang(ctx), re); s != "" || re == nil || re.Key == "" {
		return s
	}
	return text(ctx, re.Key, re.Params)
}
