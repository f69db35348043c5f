// Package lang loads catalogs of words: every sentence a person reads,
// in every language there are files for.
//
// A catalog is read from one or more trees of message files. Each tree
// has a directory per language, named by its language tag (en, af, da),
// of JSON files whose keys are merged: the rules library brings its own
// tree (the refusals and the house rules' words), an app adds the trees
// of its pages and commands. A key may be in one file of one tree only,
// so each sentence is written once. Every language has the same keys with
// the same named parameters as English (see Differences), so adding a
// language is adding its directory to each tree.
//
// A message is a text, or a text per CLDR plural form ("one", "other")
// chosen by a count. A text is a text/template with these functions:
//
//	{{count .N "tile"}}   the count with its noun: the key count.tile in the
//	                      plural form the language gives N
//	{{plural .N "is"}}    a word that agrees with a count: the key plural.is
//	{{and .Names}}        names joined as a sentence does: list.and, list.comma
//	{{or .Names}}         choices joined as a sentence does: list.or, list.comma
//
// A parameter that is a Worder (a phrase not yet worded, a refusal quoted
// in another), a Sayer or a Wordlist is worded in the same language first.
package lang

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"text/template"

	"golang.org/x/text/language"
)

// Default is the language of a tag the catalog does not have, and of a
// key missing from another language.
const Default = "en"

// A Worder is a parameter worded in the language of the message it fills
// in: a phrase not yet worded, or a refusal quoted in another. Words gives
// its message key and parameters; an empty key words as "".
type Worder interface {
	Words() (key string, p map[string]any)
}

// A Sayer is a parameter that words itself in the language of the
// message it fills in, given its tag: for words no one message holds,
// such as a phrase put together from several.
type Sayer interface {
	Say(tag string) string
}

// A SayFunc is a function used as a Sayer.
type SayFunc func(tag string) string

// Say words f in the language tag by calling it.
func (f SayFunc) Say(tag string) string { return f(tag) }

// A Wordlist is a parameter worded as a list of strings, each of its
// Worders worded in turn, for a message to range over or join.
type Wordlist interface {
	Worders() []Worder
}

// A Catalog is the messages of every language it has a directory for.
// It never changes once loaded, so any number of goroutines may use it.
type Catalog struct {
	langs     map[string]*lang
	supported []string // the default first, then the others by tag
}

// lang is one language's messages.
type lang struct {
	name  string // its tag as the catalog names it: "da"
	tag   language.Tag
	msgs  map[string]*message
	said  wordings         // what its templated messages said
	funcs template.FuncMap // the functions its messages call
}

// Load reads the catalog of the message files TAG/*.json of each tree.
// A key in two files of a language, or a catalog without English, is an
// error.
func Load(trees ...fs.FS) (*Catalog, error) {
	c := &Catalog{langs: map[string]*lang{}}
	for _, tree := range trees {
		entries, err := fs.ReadDir(tree, ".")
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			tag := e.Name()
			l := c.langs[tag]
			if l == nil {
				l = newLang(tag)
				c.langs[tag] = l
				c.supported = append(c.supported, tag)
			}
			if err := l.read(tree, tag); err != nil {
				return nil, err
			}
		}
	}
	if c.langs[Default] == nil {
		return nil, fmt.Errorf("lang: no tree has a %s directory", Default)
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

// MustLoad is Load for a catalog embedded in the program, where an error
// is a mistake in its files: it panics.
func MustLoad(trees ...fs.FS) *Catalog {
	c, err := Load(trees...)
	if err != nil {
		panic(err)
	}
	return c
}

// newLang is the language tag with no messages yet.
func newLang(tag string) *lang {
	l := &lang{name: tag, tag: language.Make(tag), msgs: map[string]*message{}}
	l.funcs = template.FuncMap{
		"count":  l.count,
		"plural": l.plural,
		"and":    func(names []string) (string, error) { return l.join("list.and", names) },
		"or":     func(names []string) (string, error) { return l.join("list.or", names) },
	}
	return l
}

// read adds the message files dir/*.json of fsys.
func (l *lang) read(fsys fs.FS, dir string) error {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			return fmt.Errorf("lang: %s: %v", name, err)
		}
		for key, r := range raw {
			if l.msgs[key] != nil {
				return fmt.Errorf("lang: %s: message %q is in another file of %s too", name, key, dir)
			}
			m, err := l.parse(key, r)
			if err != nil {
				return fmt.Errorf("lang: %s: %v", name, err)
			}
			l.msgs[key] = m
		}
	}
	return nil
}

// Supported lists the language tags of the catalog, English first.
func (c *Catalog) Supported() []string { return slices.Clone(c.supported) }

// IsSupported reports whether the catalog has the language tag.
func (c *Catalog) IsSupported(tag string) bool { return c.langs[tag] != nil }

// Has reports whether the language tag has message key.
func (c *Catalog) Has(tag, key string) bool {
	l := c.langs[tag]
	return l != nil && l.msgs[key] != nil
}

// Complete reports whether the language tag has every message of English.
func (c *Catalog) Complete(tag string) bool {
	l := c.langs[tag]
	if l == nil {
		return false
	}
	for key := range c.langs[Default].msgs {
		if l.msgs[key] == nil {
			return false
		}
	}
	return true
}

// Text fills in message key with p in the language tag, or in English
// where the tag or the key is missing from it. A missing key or parameter
// is a programming error, and says so in the text rather than failing a
// request.
func (c *Catalog) Text(tag, key string, p map[string]any) string {
	l, m := c.message(tag, key)
	if m == nil {
		return "[missing message " + key + "]"
	}
	return l.text(key, m, p)
}

// Pairs is Text with the parameters as name, value pairs, the way a
// template passes them: Pairs("da", "ui.game.players", "N", 3). A message that only
// fills in plain values takes them from the pairs as they are.
func (c *Catalog) Pairs(tag, key string, kv ...any) string {
	l, m := c.message(tag, key)
	switch {
	case m == nil:
		return "[missing message " + key + "]"
	case m.plain:
		return m.text
	case m.segs != nil && plainPairs(kv):
		if s, ok := fill(m.segs, func(name string) (any, bool) { return pairValue(kv, name) }); ok {
			return s
		}
	}
	return l.text(key, m, pairsMap(kv))
}

// Differences lists how the languages differ from English: a key missing
// or extra, or a message naming other parameters. A translation must
// have none.
func (c *Catalog) Differences() []string {
	var out []string
	def := c.langs[Default]
	for _, tag := range c.supported[1:] {
		other := c.langs[tag]
		for _, key := range slices.Sorted(maps.Keys(def.msgs)) {
			want := def.msgs[key].params
			if m := other.msgs[key]; m == nil {
				out = append(out, fmt.Sprintf("%s: message %q is missing", tag, key))
			} else if !slices.Equal(m.params, want) {
				out = append(out, fmt.Sprintf("%s: message %q uses parameters %v; %s uses %v", tag, key, m.params, Default, want))
			}
		}
		for _, key := range slices.Sorted(maps.Keys(other.msgs)) {
			if def.msgs[key] == nil {
				out = append(out, fmt.Sprintf("%s: message %q is not in %s", tag, key, Default))
			}
		}
	}
	return out
}

// message is key in the language tag, or in the default language where
// the tag or the key is missing from it; nil if neither has it.
func (c *Catalog) message(tag, key string) (*lang, *message) {
	if l := c.langs[tag]; l != nil && l.msgs[key] != nil {
		return l, l.msgs[key]
	}
	l := c.langs[Default]
	return l, l.msgs[key]
}
