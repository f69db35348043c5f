// Package lang words the referee's messages in the languages of the
// table: English, Afrikaans and Danish.
//
// Each language is one message file in locales, named by its language tag
// (en.json, af.json, da.json), holding every message key of the referee
// with the same named parameters as the referee's own English catalog.
// Adding a language is adding its file.
//
// A message is a text/template with these functions:
//
//	{{count .N "tile"}}   the count with its noun: the plural forms of the
//	                      key count.tile, by the language's CLDR rules
//	{{plural .N "is"}}    a word that agrees with a count: the key plural.is
//	{{and .Names}}        names joined as a sentence does: list.and, list.comma
//	{{or .Names}}         choices joined as a sentence does: list.or, list.comma
package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"text/template"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	itemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"

	"chickenfoot/referee"
)

// Default is the language of the referee's own catalog, used for a tag
// that is not supported.
const Default = "en"

//go:embed locales/*.json
var locales embed.FS

var (
	bundle     = i18n.NewBundle(language.English)
	localizers = map[string]*localizer{}
	supported  []string
)

func init() {
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	files, err := fs.Glob(locales, "locales/*.json")
	if err != nil {
		panic(err)
	}
	for _, name := range files {
		if _, err := bundle.LoadMessageFileFS(locales, name); err != nil {
			panic(fmt.Sprintf("lang: %v", err))
		}
		data, _ := locales.ReadFile(name) // it was just read
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(data, &keys); err != nil {
			panic(fmt.Sprintf("lang: %s: %v", name, err))
		}
		tag := strings.TrimSuffix(path.Base(name), ".json")
		localizers[tag] = newLocalizer(tag, keys)
		supported = append(supported, tag)
	}
	// The default language first, then the others by tag.
	slices.SortFunc(supported, func(a, b string) int {
		switch {
		case a == Default:
			return -1
		case b == Default:
			return 1
		}
		return strings.Compare(a, b)
	})
}

// Supported lists the language tags the referee speaks, English first.
func Supported() []string { return slices.Clone(supported) }

// IsSupported reports whether tag is one of Supported.
func IsSupported(tag string) bool { return localizers[tag] != nil }

// Text fills in the referee's message key with p in the language tag (in
// English if the tag is not supported). Like the referee's catalog, a
// missing key or parameter says so in the text.
func Text(tag, key string, p referee.Params) string {
	return get(tag).text(key, p)
}

// Reason words a refusal of the referee in the language tag: its message
// key filled in with its parameters. An error without a key, or with a
// key the referee does not have, keeps its own Reason.
func Reason(tag string, err *referee.RuleError) string {
	if err == nil {
		return ""
	}
	l := get(tag)
	if err.Key == "" || !l.has(err.Key) {
		return err.Reason
	}
	p := err.Params
	if cause, ok := p["Cause"].(*referee.RuleError); ok {
		// A message that quotes another refusal quotes it in the same language.
		p = maps.Clone(p)
		p["Reason"] = Reason(tag, cause)
	}
	return l.text(err.Key, p)
}

// Keys lists the message keys of the language tag's file, sorted.
func Keys(tag string) []string {
	l := localizers[tag]
	if l == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(l.keys))
}

func get(tag string) *localizer {
	if l := localizers[tag]; l != nil {
		return l
	}
	return localizers[Default]
}

// A localizer is one language's messages with the template functions
// that word counts and lists in it.
type localizer struct {
	tag    string
	keys   map[string]json.RawMessage // the file's messages, by key
	loc    *i18n.Localizer
	parser itemplate.Parser
}

func newLocalizer(tag string, keys map[string]json.RawMessage) *localizer {
	l := &localizer{tag: tag, keys: keys, loc: i18n.NewLocalizer(bundle, tag)}
	l.parser = &itemplate.TextParser{Option: "missingkey=error", Funcs: template.FuncMap{
		"count":  l.count,
		"plural": l.plural,
		"and":    func(names []string) (string, error) { return l.join("list.and", names) },
		"or":     func(names []string) (string, error) { return l.join("list.or", names) },
	}}
	return l
}

func (l *localizer) has(key string) bool { _, ok := l.keys[key]; return ok }

func (l *localizer) text(key string, p referee.Params) string {
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: p, TemplateParser: l.parser})
	if err != nil {
		return fmt.Sprintf("[message %s: %v]", key, err)
	}
	return s
}

// count gives n with the noun of the key count.noun in the plural form
// the language's rules give n.
func (l *localizer) count(n int, noun string) (string, error) {
	return l.loc.Localize(&i18n.LocalizeConfig{MessageID: "count." + noun, PluralCount: n,
		TemplateData: map[string]any{"N": n}, TemplateParser: l.parser})
}

// plural gives the word of the key plural.word that agrees with n.
func (l *localizer) plural(n int, word string) (string, error) {
	return l.loc.Localize(&i18n.LocalizeConfig{MessageID: "plural." + word, PluralCount: n, TemplateParser: l.parser})
}

// join joins names with the language's comma, and the last two with the
// pattern of key: "Ann, Bob and Cy", "Ann, Bob en Cy", "Ann, Bob og Cy".
func (l *localizer) join(key string, names []string) (string, error) {
	if len(names) <= 1 {
		return strings.Join(names, ""), nil
	}
	comma, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: "list.comma", TemplateParser: l.parser})
	if err != nil {
		return "", err
	}
	head := strings.Join(names[:len(names)-1], comma)
	return l.loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateParser: l.parser,
		TemplateData: map[string]any{"Head": head, "Last": names[len(names)-1]}})
}
