package lang

import (
	"maps"
	"strings"

	"golang.org/x/text/feature/plural"
)

// The functions a message of one language calls, and the wording of the
// parameters it is given, in that language.

// say is Text within the language l: for phrases inside a message.
func (l *lang) say(key string, p map[string]any) string {
	m := l.msgs[key]
	if m == nil {
		return "[missing message " + key + "]"
	}
	return l.text(key, m, p)
}

// worded is p with its Worders, Sayers and Wordlists worded in the
// language l.
func (l *lang) worded(p map[string]any) map[string]any {
	var out map[string]any
	for k, v := range p {
		var said any
		switch w := v.(type) {
		case Worder:
			said = l.word(w)
		case Sayer:
			said = w.Say(l.name)
		case Wordlist:
			list := w.Worders()
			words := make([]string, len(list))
			for i, w := range list {
				words[i] = l.word(w)
			}
			said = words
		default:
			continue
		}
		if out == nil {
			out = maps.Clone(p)
		}
		out[k] = said
	}
	if out == nil {
		return p
	}
	return out
}

// word words w in the language l.
func (l *lang) word(w Worder) string {
	key, p := w.Words()
	if key == "" {
		return ""
	}
	return l.say(key, p)
}

// form is the CLDR plural form the language gives the count n.
func (l *lang) form(n int) string {
	if n < 0 {
		n = -n
	}
	switch plural.Cardinal.MatchPlural(l.tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// count gives n with the noun of the key count.noun in the plural form
// the language gives n.
func (l *lang) count(n int, noun string) (string, error) {
	return l.counted("count."+noun, n, map[string]any{"N": n})
}

// plural gives the word of the key plural.word that agrees with n.
func (l *lang) plural(n int, word string) (string, error) {
	return l.counted("plural."+word, n, nil)
}

// join joins names with the language's comma, and the last two with the
// pattern of key: "Ann, Bob and Cy", "Ann, Bob en Cy", "Ann, Bob og Cy".
func (l *lang) join(key string, names []string) (string, error) {
	if len(names) <= 1 {
		return strings.Join(names, ""), nil
	}
	head := strings.Join(names[:len(names)-1], l.say("list.comma", nil))
	return l.say(key, map[string]any{"Head": head, "Last": names[len(names)-1]}), nil
}
