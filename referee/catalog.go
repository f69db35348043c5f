package referee

import (
	"fmt"
	"strings"
	"text/template"
)

// Params are the named values a message is filled in with: {{.Name}},
// {{.Tile}}, {{.N}}.
type Params map[string]any

// A Catalog holds the user-facing sentences of one package, keyed by a
// stable message key (usually a rule code, or code.variant) and written as
// text/template with named parameters, so that a translation is a second
// catalog with the same keys and parameters. Plurals are written with the
// count function: {{count .N "tile" "tiles"}} gives "1 tile" or "3 tiles".
type Catalog struct {
	tmpl *template.Template
	keys []string
}

// catalogFuncs are the helpers a message may use.
var catalogFuncs = template.FuncMap{
	"count":  Count,
	"plural": func(n int, one, many string) string { return pluralWord(n, one, many) },
	"and":    JoinAnd,
	"or":     JoinOr,
	"isAre":  func(n int) string { return pluralWord(n, "is", "are") },
}

// NewCatalog parses messages, keyed by message key. A message that does
// not parse is a programming error: it panics, at start.
func NewCatalog(messages map[string]string) *Catalog {
	c := &Catalog{tmpl: template.New("").Option("missingkey=error").Funcs(catalogFuncs)}
	for key, text := range messages {
		template.Must(c.tmpl.New(key).Parse(text))
		c.keys = append(c.keys, key)
	}
	return c
}

// Has reports whether the catalog holds a message for key.
func (c *Catalog) Has(key string) bool { return c.tmpl.Lookup(key) != nil }

// Keys lists the catalog's message keys, in no particular order.
func (c *Catalog) Keys() []string { return append([]string(nil), c.keys...) }

// Text fills in the message key with p. A missing key or parameter is a
// programming error, and says so in the text rather than failing a
// request.
func (c *Catalog) Text(key string, p Params) string {
	t := c.tmpl.Lookup(key)
	if t == nil {
		return "[missing message " + key + "]"
	}
	var b strings.Builder
	if err := t.Execute(&b, p); err != nil {
		return fmt.Sprintf("[message %s: %v]", key, err)
	}
	return b.String()
}

// Count writes a count with its noun in the right number: "1 tile",
// "0 tiles", "3 tiles".
func Count(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, pluralWord(n, one, many))
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JoinAnd joins names as a sentence does: "Ann", "Ann and Bob",
// "Ann, Bob and Cy".
func JoinAnd(names []string) string {
	if len(names) <= 2 {
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// JoinOr joins choices as a sentence does: "a or b", "a, b or c".
func JoinOr(names []string) string {
	if len(names) <= 2 {
		return strings.Join(names, " or ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// refusal builds a RuleError whose reason is the catalog's message key
// filled in with p. The tile and place, when p has them, are copied into
// the error's Tile and On.
func refusal(code Code, key string, p Params) *RuleError {
	e := &RuleError{Code: code, Key: key, Params: p, Reason: messages.Text(key, p)}
	if t, ok := p["Tile"]; ok {
		e.Tile = fmt.Sprint(t)
	}
	if on, ok := p["On"]; ok {
		e.On = fmt.Sprint(on)
	}
	return e
}

// Invalid reports input that can't be read or is out of range: field
// names the input to fix and reason says how, in the catalog's words of
// the package that read it.
func Invalid(field, key, reason string, p Params) *RuleError {
	return &RuleError{Code: CodeInvalid, Field: field, Key: key, Params: p, Reason: reason}
}

// NotFound reports that the game, round or seat asked for does not exist.
func NotFound(what string) *RuleError {
	return refusal(CodeNotFound, "not-found", Params{"What": what})
}

// ViewOnly refuses a change asked for through a game's view-only link.
func ViewOnly() *RuleError { return refusal(CodeViewOnly, "view-only", nil) }

// Conflict reports a request made on a state that has changed since; key
// names the catalog message that says what changed.
func Conflict(key string, p Params) *RuleError { return refusal(CodeConflict, key, p) }

// UnknownSeat refuses an action by a seat named name, which is not one of
// the table's seats, names.
func UnknownSeat(name string, names []string) *RuleError {
	return refusal(CodeBadSeat, "bad-seat.name", Params{"Seat": name, "Names": names})
}

// A Phrase is a sentence of the referee's not yet worded: its message key
// and parameters, which may be phrases themselves. String words it in
// English; package lang words it in another language.
type Phrase struct {
	Key    string
	Params Params
}

func (p Phrase) String() string {
	if p.Key == "" {
		return ""
	}
	return messages.Text(p.Key, p.Params)
}
