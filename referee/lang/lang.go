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
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
	"text/template/parse"

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

// referees is the referee's catalog.
var referees = mustLoad(locales, "locales")

// A Catalog is a set of messages in every language it has a file for:
// dir/TAG.json, or several files dir/TAG/*.json whose keys are merged.
type Catalog struct {
	bundle     *i18n.Bundle
	localizers map[string]*localizer
	supported  []string // the default first, then the others by tag
}

// Load reads the catalog of the message files under dir of fsys.
func Load(fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{bundle: i18n.NewBundle(language.English), localizers: map[string]*localizer{}}
	c.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		tag, files := strings.TrimSuffix(e.Name(), ".json"), []string{path.Join(dir, e.Name())}
		if e.IsDir() {
			if files, err = fs.Glob(fsys, path.Join(dir, e.Name(), "*.json")); err != nil {
				return nil, err
			}
		} else if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		keys := map[string]json.RawMessage{}
		for _, name := range files {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			var more map[string]json.RawMessage
			if err := json.Unmarshal(data, &more); err != nil {
				return nil, fmt.Errorf("lang: %s: %v", name, err)
			}
			for k, v := range more {
				if _, twice := keys[k]; twice {
					return nil, fmt.Errorf("lang: %s: message %q is in another file of %s too", name, k, tag)
				}
				keys[k] = v
			}
			// go-i18n takes the language from the file's name.
			if _, err := c.bundle.ParseMessageFileBytes(data, tag+".json"); err != nil {
				return nil, fmt.Errorf("lang: %s: %v", name, err)
			}
		}
		c.localizers[tag] = c.newLocalizer(tag, keys)
		c.supported = append(c.supported, tag)
	}
	slices.SortFunc(c.supported, func(a, b string) int {
		switch {
		case a == Default:
			return -1
		case b == Default:
			return 1
		}
		return strings.Compare(a, b)
	})
	return c, nil
}

func mustLoad(fsys fs.FS, dir string) *Catalog {
	c, err := Load(fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Supported lists the language tags the referee speaks, English first.
func Supported() []string { return referees.Supported() }

// IsSupported reports whether tag is one of Supported.
func IsSupported(tag string) bool { return referees.IsSupported(tag) }

// Text fills in the referee's message key with p in the language tag (in
// English if the tag is not supported). Like the referee's catalog, a
// missing key or parameter says so in the text.
func Text(tag, key string, p referee.Params) string { return referees.Text(tag, key, p) }

// Reason words a refusal of the referee in the language tag: its message
// key filled in with its parameters. An error without a key, or with a
// key the referee does not have, keeps its own Reason.
func Reason(tag string, err *referee.RuleError) string {
	if err == nil {
		return ""
	}
	l := referees.get(tag)
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
func Keys(tag string) []string { return referees.Keys(tag) }

// Supported lists the catalog's language tags, the default first.
func (c *Catalog) Supported() []string { return slices.Clone(c.supported) }

// IsSupported reports whether the catalog has the language tag.
func (c *Catalog) IsSupported(tag string) bool { return c.localizers[tag] != nil }

// Text fills in message key with p in the language tag, or in the
// default language where the tag or the key is missing from it.
func (c *Catalog) Text(tag, key string, p map[string]any) string {
	l := c.get(tag)
	if !l.has(key) {
		l = c.get(Default)
	}
	return l.text(key, p)
}

// TextPairs is Text with the parameters as name, value pairs, the way a
// template passes them. A message that only fills in plain values is
// worded from the pairs as they are; only a message that needs its
// template gets them as a map.
func (c *Catalog) TextPairs(tag, key string, kv ...any) string {
	l := c.get(tag)
	if !l.has(key) {
		l = c.get(Default)
	}
	if s, ok := l.plain[key]; ok {
		return s
	}
	if segs, ok := l.simple[key]; ok && plainPairs(kv) {
		if s, ok := fillWith(segs, func(name string) (any, bool) { return pairValue(kv, name) }); ok {
			return s
		}
	}
	return l.text(key, pairsMap(kv))
}

// pairsMap is the name, value pairs kv as a map; a name that is not a
// string, and a name without a value, are left out.
func pairsMap(kv []any) map[string]any {
	if len(kv) < 2 {
		return nil
	}
	p := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if name, ok := kv[i].(string); ok {
			p[name] = kv[i+1]
		}
	}
	return p
}

// pairValue is the value named name in the pairs kv, the last one where
// the name comes twice, as in the map.
func pairValue(kv []any, name string) (v any, ok bool) {
	for i := 0; i+1 < len(kv); i += 2 {
		if n, isName := kv[i].(string); isName && n == name {
			v, ok = kv[i+1], true
		}
	}
	return v, ok
}

// plainPairs reports whether no value of the pairs needs wording in the
// language first (see localizer.worded).
func plainPairs(kv []any) bool {
	for i := 1; i < len(kv); i += 2 {
		switch kv[i].(type) {
		case referee.Phrase, referee.Set, []referee.Phrase:
			return false
		}
	}
	return true
}

// Has reports whether the language tag has message key.
func (c *Catalog) Has(tag, key string) bool {
	l := c.localizers[tag]
	return l != nil && l.has(key)
}

// Keys lists the message keys of the language tag, sorted.
func (c *Catalog) Keys(tag string) []string {
	l := c.localizers[tag]
	if l == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(l.keys))
}

// Complete reports whether the language tag has every message of the
// default language.
func (c *Catalog) Complete(tag string) bool {
	l := c.localizers[tag]
	if l == nil {
		return false
	}
	for key := range c.localizers[Default].keys {
		if !l.has(key) {
			return false
		}
	}
	return true
}

// Differences lists how the catalog's languages differ from the
// default's messages: a key missing or extra, a message naming other
// parameters, or one that does not parse. A translation must have none.
func (c *Catalog) Differences() []string {
	var out []string
	params := func(tag string) map[string][]string {
		m := map[string][]string{}
		for key, raw := range c.localizers[tag].keys {
			names, err := paramsOf(key, raw)
			if err != nil {
				out = append(out, fmt.Sprintf("%s: %v", tag, err))
			}
			m[key] = names
		}
		return m
	}
	def := params(Default)
	for _, tag := range c.supported[1:] {
		other := params(tag)
		for _, key := range slices.Sorted(maps.Keys(def)) {
			if got, ok := other[key]; !ok {
				out = append(out, fmt.Sprintf("%s: message %q is missing", tag, key))
			} else if !slices.Equal(got, def[key]) {
				out = append(out, fmt.Sprintf("%s: message %q uses parameters %v; %s uses %v", tag, key, got, Default, def[key]))
			}
		}
		for _, key := range slices.Sorted(maps.Keys(other)) {
			if _, ok := def[key]; !ok {
				out = append(out, fmt.Sprintf("%s: message %q is not in %s", tag, key, Default))
			}
		}
	}
	return out
}

// paramsOf lists the parameters a message (all of its plural forms)
// names, sorted.
func paramsOf(key string, raw json.RawMessage) ([]string, error) {
	var forms map[string]string
	var one string
	if json.Unmarshal(raw, &one) == nil {
		forms = map[string]string{"other": one}
	} else if err := json.Unmarshal(raw, &forms); err != nil {
		return nil, fmt.Errorf("%q is neither a text nor plural forms: %v", key, err)
	}
	if _, ok := forms["other"]; !ok {
		return nil, fmt.Errorf("%q has no other form", key)
	}
	names := map[string]bool{}
	for form, text := range forms {
		trees, err := parse.Parse(key, text, "{{", "}}", funcNames)
		if err != nil {
			return nil, fmt.Errorf("%q (%s) does not parse: %v", key, form, err)
		}
		for _, tree := range trees {
			fields(tree.Root, names)
		}
	}
	return slices.Sorted(maps.Keys(names)), nil
}

// funcNames are the functions a message may call.
var funcNames = map[string]any{"count": fmt.Sprint, "plural": fmt.Sprint, "and": fmt.Sprint, "or": fmt.Sprint, "printf": fmt.Sprintf}

// fields adds the names of the parameters node uses to names.
func fields(node parse.Node, names map[string]bool) {
	switch n := node.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			fields(c, names)
		}
	case *parse.ActionNode:
		fields(n.Pipe, names)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			fields(c, names)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			fields(a, names)
		}
	case *parse.FieldNode:
		names[strings.Join(n.Ident, ".")] = true
	case *parse.IfNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.WithNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.RangeNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	}
}

func (c *Catalog) get(tag string) *localizer {
	if l := c.localizers[tag]; l != nil {
		return l
	}
	return c.localizers[Default]
}

// A localizer is one language's messages with the template functions
// that word counts and lists in it.
type localizer struct {
	tag    string
	keys   map[string]json.RawMessage // the file's messages, by key
	loc    *i18n.Localizer
	parser itemplate.Parser
	plain  map[string]string    // the messages with nothing to fill in, as they are
	simple map[string][]segment // the messages that only fill in parameters, cut up
	said   wordings             // the other messages, as their templates worded them
}

// wordings keeps what the other messages' templates said: a message's
// wording depends only on its key and parameters, and a template costs
// far more to run than a lookup ("7-3, open, needs 3" is worded once per
// tile drawn). Only messages whose parameters are all plain values are
// kept, and the store starts afresh once it holds wordingsKept of them,
// so names typed at the table can't make it grow without bound.
type wordings struct {
	m sync.Map // wordingKey: string
	n atomic.Int64
}

const wordingsKept = 4096

// wordingKey is the key and its parameters in order of name, or "" when
// a parameter is not a plain value.
func wordingKey(key string, p map[string]any) string {
	names := make([]string, 0, 8)
	for k := range p {
		names = append(names, k)
	}
	slices.Sort(names)
	b := make([]byte, 0, 64)
	b = append(b, key...)
	for _, k := range names {
		b = append(b, 0)
		b = append(b, k...)
		switch v := p[k].(type) {
		case string:
			b = append(b, 's')
			b = append(b, v...)
		case int:
			b = append(b, 'i')
			b = strconv.AppendInt(b, int64(v), 10)
		case bool:
			b = append(b, 'b')
			b = strconv.AppendBool(b, v)
		default:
			return ""
		}
	}
	return string(b)
}

func (w *wordings) get(key string) (string, bool) {
	if v, ok := w.m.Load(key); ok {
		return v.(string), true
	}
	return "", false
}

func (w *wordings) keep(key, s string) {
	if w.n.Add(1) > wordingsKept {
		w.m.Clear()
		w.n.Store(1)
	}
	w.m.Store(key, s)
}

// A segment of a simple message: its text as it is, or the parameter
// named field.
type segment struct{ text, field string }

// simpleField is a message's "{{.Name}}": a parameter filled in as it is.
var simpleField = regexp.MustCompile(`\{\{\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// segments cuts a message that does nothing but fill in parameters into
// its text and its parameters; ok is false for any other message.
func segments(s string) (out []segment, ok bool) {
	at := 0
	for _, m := range simpleField.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > at {
			out = append(out, segment{text: s[at:m[0]]})
		}
		out = append(out, segment{field: s[m[2]:m[3]]})
		at = m[1]
	}
	if at < len(s) {
		out = append(out, segment{text: s[at:]})
	}
	for _, sg := range out {
		if sg.field == "" && strings.Contains(sg.text, "{{") {
			return nil, false
		}
	}
	return out, true
}

// fill is a simple message with p filled in, as its template would give
// it; ok is false when p lacks one of its parameters, left for the
// template to refuse.
func fill(segs []segment, p map[string]any) (string, bool) {
	return fillWith(segs, func(name string) (any, bool) { v, ok := p[name]; return v, ok })
}

// fillWith is fill with the parameters looked up by get.
func fillWith(segs []segment, get func(name string) (any, bool)) (string, bool) {
	var b strings.Builder
	size := 0
	for _, sg := range segs {
		size += len(sg.text) + 8 // room for a name or a number in each field
	}
	b.Grow(size)
	for _, sg := range segs {
		if sg.field == "" {
			b.WriteString(sg.text)
			continue
		}
		v, ok := get(sg.field)
		switch v := v.(type) {
		case nil:
			if !ok {
				return "", false
			}
			b.WriteString("<no value>")
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	return b.String(), true
}

// A parsedOnce parser keeps each message's parsed template: go-i18n
// parses a template with functions again on every call, which costs more
// than the rest of a page's words together. The functions are the
// localizer's own, so what it parsed stays right for it.
type parsedOnce struct {
	itemplate.TextParser
	parsed sync.Map // source: itemplate.ParsedTemplate
}

func (p *parsedOnce) Parse(src, left, right string) (itemplate.ParsedTemplate, error) {
	key := left + "\x00" + right + "\x00" + src
	if t, ok := p.parsed.Load(key); ok {
		return t.(itemplate.ParsedTemplate), nil
	}
	t, err := p.TextParser.Parse(src, left, right)
	if err == nil {
		p.parsed.Store(key, t)
	}
	return t, err
}

func (c *Catalog) newLocalizer(tag string, keys map[string]json.RawMessage) *localizer {
	l := &localizer{tag: tag, keys: keys, loc: i18n.NewLocalizer(c.bundle, tag), plain: map[string]string{}, simple: map[string][]segment{}}
	for key, raw := range keys {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			continue // a message with plural forms
		}
		if !strings.Contains(s, "{{") {
			l.plain[key] = s
		} else if segs, ok := segments(s); ok {
			l.simple[key] = segs
		}
	}
	l.parser = &parsedOnce{TextParser: itemplate.TextParser{Option: "missingkey=error", Funcs: template.FuncMap{
		"count":  l.count,
		"plural": l.plural,
		"and":    func(names []string) (string, error) { return l.join("list.and", names) },
		"or":     func(names []string) (string, error) { return l.join("list.or", names) },
	}}}
	return l
}

func (l *localizer) has(key string) bool { _, ok := l.keys[key]; return ok }

func (l *localizer) text(key string, p map[string]any) string {
	if s, ok := l.plain[key]; ok {
		return s
	}
	p = l.worded(p)
	if segs, ok := l.simple[key]; ok {
		if s, ok := fill(segs, p); ok {
			return s
		}
	}
	wk := wordingKey(key, p)
	if wk != "" {
		if s, ok := l.said.get(wk); ok {
			return s
		}
	}
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: p, TemplateParser: l.parser})
	if err != nil {
		return fmt.Sprintf("[message %s: %v]", key, err)
	}
	if wk != "" {
		l.said.keep(wk, s)
	}
	return s
}

// worded is p with its phrases (see referee.Phrase) worded in the
// localizer's language. plainPairs names the same types.
func (l *localizer) worded(p map[string]any) map[string]any {
	var out map[string]any
	for k, v := range p {
		var w any
		switch v := v.(type) {
		case referee.Phrase:
			w = l.say(v)
		case referee.Set: // "double-9", as the language names a set
			w = l.text("set", map[string]any{"N": int(v)})
		case []referee.Phrase:
			s := make([]string, len(v))
			for i, ph := range v {
				s[i] = l.say(ph)
			}
			w = s
		default:
			continue
		}
		if out == nil {
			out = maps.Clone(p)
		}
		out[k] = w
	}
	if out == nil {
		return p
	}
	return out
}

func (l *localizer) say(p referee.Phrase) string {
	if p.Key == "" {
		return ""
	}
	return l.text(p.Key, p.Params)
}

// Say words one of the referee's phrases in the language tag.
func Say(tag string, p referee.Phrase) string { return referees.get(tag).say(p) }

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
