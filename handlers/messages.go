package handlers

import (
	"context"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// Every sentence the handlers put on a page is in the app's catalog
// (package lang), keyed by message key with named parameters; a refusal,
// the referee's or the handlers' own, is a key and parameters worded in
// the request's language when it is shown (see reason).

// text fills in the message key of the catalog in the language of the
// request ctx belongs to.
func text(ctx context.Context, key string, p referee.Params) string {
	return views.Text(views.Lang(ctx), key, p)
}

// words is text with the parameters as name, value pairs: a message that
// only fills in plain values is worded without building a map.
func words(ctx context.Context, key string, kv ...any) string {
	return views.T(ctx, key, kv...)
}

// invalid reports a form field that can't be read, worded by the
// catalog's message key with p.
func invalid(field, key string, p referee.Params) error {
	return app.Invalid(field, key, p)
}

// refusal words a refused request in the request's language.
func refusal(ctx context.Context, e *app.Error) string { return text(ctx, e.Key, e.Params) }

// ruleName names a section of the rules page in words, as its heading
// does: what a refusal or a verdict links to, for a player to read.
func ruleName(ctx context.Context, section string) string {
	return text(ctx, "ui.rules."+section+".heading", nil)
}

// reason words a refusal of the referee's in the request's language.
func reason(ctx context.Context, re *referee.RuleError) string {
	return re.Say(views.Lang(ctx))
}
