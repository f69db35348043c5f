package referee

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"chickenfoot/referee/lang"
)

// The words of the house rules and of where the rules come from, in the
// catalog under each rule's JSON name and each source's id; like
// words.go, the only other file of the package that knows the catalog.

// Say words part of the house rule in the language tag: its "title",
// "meaning" or "source" line, or for an open number what 0 means
// ("zero").
func (h HouseRule) Say(tag, part string) string {
	return words().Text(tag, h.Key()+part, nil)
}

// Key is the start of the catalog keys of the rule's words:
// "house.draw." for Chickenfoot, "house.straight.draw." for
// Straight.
func (h HouseRule) Key() string {
	if h.Game == Straight {
		return "house.straight." + h.JSON + "."
	}
	return "house." + h.JSON + "."
}

// SayRest words the values of an open number other than 0, up to max, in
// the language tag: "A count from 1 to N+1".
func (h HouseRule) SayRest(tag string, max any) string {
	return words().Text(tag, h.Key()+"rest", map[string]any{"Max": max})
}

// SayChoice words the "label" or the "about" line of the rule's value in
// the language tag; a set is named by its size and says its tiles.
func (h HouseRule) SayChoice(tag, value, part string) string {
	if h.JSON != "set" || h.Game != Chickenfoot {
		return words().Text(tag, h.Key()+value+"."+part, nil)
	}
	if part == "label" {
		return words().Text(tag, "set", map[string]any{"N": value})
	}
	n, _ := strconv.Atoi(value)
	return words().Text(tag, "house.set.about", map[string]any{"Tiles": Set(n).Size()})
}

// Label words the rule's value in r in English, as the setup form does:
// the chosen value's label, or for an open number the meaning of 0 or
// the number.
func (h HouseRule) Label(r Rules) string {
	v := h.get(r)
	if h.Span != nil && v == "0" {
		return h.Say(lang.Default, "zero")
	}
	if slices.ContainsFunc(h.Choices, func(c Choice) bool { return c.Value == v }) {
		return h.SayChoice(lang.Default, v, "label")
	}
	return v
}

// Want says in English which values the rule allows in r, as a
// *RulesError words it: "4 or 6", `one of "draw", "burn"`, "0 (off) or a
// positive total up to 100000".
func (h HouseRule) Want(r Rules) string { return h.wanted(r)(lang.Default) }

// WantIn is Want in the language tag.
func (h HouseRule) WantIn(tag string, r Rules) string { return h.wanted(r)(tag) }

// wanted says which values the rule allows in r, in any language.
func (h HouseRule) wanted(r Rules) wanted {
	if h.Span != nil {
		max := h.Span.Max(r)
		return func(tag string) string { return h.span(tag, max) }
	}
	vals := make([]string, len(h.Choices))
	for i, c := range h.Choices {
		vals[i] = c.Value
	}
	switch {
	case h.plain:
	case !h.number:
		for i, v := range vals {
			vals[i] = strconv.Quote(v)
		}
	default:
		slices.SortFunc(vals, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
		return func(tag string) string { return words().Text(tag, "rules.want.either", map[string]any{"Values": vals}) }
	}
	return func(tag string) string {
		return words().Text(tag, "rules.want.one-of", map[string]any{"Values": strings.Join(vals, ", ")})
	}
}

// Range says in English which values an open number allows with any set;
// it is "" for a choice rule.
func (h HouseRule) Range() string {
	if h.Span == nil {
		return ""
	}
	return h.span(lang.Default, h.Span.MaxName)
}

// span words an open number's values up to max in the language tag.
func (h HouseRule) span(tag string, max any) string {
	rest := lowerFirst(h.SayRest(tag, max))
	return words().Text(tag, "rules.want.span", map[string]any{"Zero": h.Say(tag, "zero"), "Rest": rest})
}

// lowerFirst is a sentence's words put within another: its first word
// lowercased, after an article written with an apostrophe ("'n Getal"
// becomes "'n getal").
func lowerFirst(s string) string {
	at := 0
	for _, w := range strings.SplitAfter(s, " ") {
		if !strings.HasPrefix(w, "'") {
			break
		}
		at += len(w)
	}
	if at == len(s) {
		return s
	}
	r, n := utf8.DecodeRuneInString(s[at:])
	return s[:at] + string(unicode.ToLower(r)) + s[at+n:]
}

// Say words where a statement comes from in the language tag, as a
// player reads it after "Sources:": "all five sources", "most sources
// (4 of 5)", "one Danish source", "two English sources (the video, the
// domino-play page)", or why no source is named.
func (s Said) Say(tag string) string {
	switch s.Not {
	case Custom:
		return words().Text(tag, "sources.said.custom", nil)
	case Follows:
		return words().Text(tag, "sources.said.follows", nil)
	case LeftOpen:
		return words().Text(tag, "sources.said.left-open", nil)
	}
	switch n := bits.OnesCount8(uint8(s.By & AllSources)); {
	case n == 0:
		return ""
	case n == 5:
		return words().Text(tag, "sources.said.all", nil)
	case n >= 3:
		return words().Text(tag, "sources.said.most", map[string]any{"N": n})
	}
	return s.By.few(tag)
}

// Words is Say in English.
func (s Said) Words() string { return s.Say(lang.Default) }

// few words one or two sources by language, the short names of the
// English ones after them.
func (s Sources) few(tag string) string {
	var langs, names []string
	for i, src := range sourceIDs {
		if s&(1<<i) == 0 {
			continue
		}
		langs = append(langs, src.lang)
		if src.lang == "en" {
			names = append(names, words().Text(tag, "sources.source."+src.id+".name", nil))
		}
	}
	slices.Sort(langs) // af, da, en: the order of their English names
	name := func(l string) string { return words().Text(tag, "sources.lang."+l, nil) }
	var said string
	switch {
	case len(langs) == 1:
		said = words().Text(tag, "sources.said.one", map[string]any{"Lang": name(langs[0])})
	case langs[0] == langs[1]:
		said = words().Text(tag, "sources.said.two", map[string]any{"Langs": words().Text(tag, "sources.langs."+langs[0], nil)})
	default:
		said = words().Text(tag, "sources.said.one-and-one", map[string]any{"Lang": name(langs[0]), "Other": name(langs[1])})
	}
	if len(names) > 0 {
		said = words().Text(tag, "sources.said.named", map[string]any{"Said": said, "Names": strings.Join(names, words().Text(tag, "list.comma", nil))})
	}
	return said
}

// Heading names the source in the language tag as the page's list of
// sources does: "Danish", "English: the video".
func (s Sources) Heading(tag string) string {
	i := bits.TrailingZeros8(uint8(s))
	if i >= len(sourceIDs) {
		return ""
	}
	return words().Text(tag, "sources.source."+sourceIDs[i].id+".heading", nil)
}
