package referee

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Sources is a set of the five published rule sets the rules are written from, one bit each.
type Sources uint8

// The five sources, described on the rules page in our own words.
const (
	MixedPage Sources = 1 << iota // an English page that mixes in another game
	Afrikaans                     // an Afrikaans rule set
	Video                         // an English video's rules
	Danish                        // a Danish rule set
	PlayPage                      // an English domino-play page

	AllSources = MixedPage | Afrikaans | Video | Danish | PlayPage
)

// sourceNames are each source's language and, for the English ones that
// share it, the short name that tells them apart; in the order of the bits.
var sourceNames = []struct{ lang, name string }{
	{"English", "the mixed page"},
	{"Afrikaans", ""},
	{"English", "the video"},
	{"Danish", ""},
	{"English", "the domino-play page"},
}

// Unsourced says why a statement no source makes is on the page at all.
type Unsourced uint8

// Why a statement has no source.
const (
	Sourced  Unsourced = iota // the statement's By names its sources
	Custom                    // a house rule some tables play
	Follows                   // no rule of its own: the tiles and the rules make it so
	LeftOpen                  // the sources leave it open, and a house rule settles it
)

// Said is where a statement of the rules comes from: the sources that say
// it, or when By is empty, why it is there anyway. The zero Said says
// nothing, which the rules page never shows.
type Said struct {
	By  Sources
	Not Unsourced
}

// Words says where a statement comes from as a player reads it after
// "Sources:": "all five sources", "most sources (4 of 5)", "one Danish
// source", "two English sources (the video, the domino-play page)", or
// why no source is named.
func (s Said) Words() string {
	switch s.Not {
	case Custom:
		return "none; a house rule some tables play"
	case Follows:
		return "none needed; it follows from the tiles and the rules"
	case LeftOpen:
		return "none; they leave this open"
	}
	switch n := bits.OnesCount8(uint8(s.By & AllSources)); {
	case n == 0:
		return ""
	case n == 5:
		return "all five sources"
	case n >= 3:
		return "most sources (" + strconv.Itoa(n) + " of 5)"
	}
	return s.By.few()
}

// few words one or two sources by language: "one Danish source", "one
// Afrikaans and one English source (the video)".
func (s Sources) few() string {
	var langs, names []string
	for i, n := range sourceNames {
		if s&(1<<i) == 0 {
			continue
		}
		langs = append(langs, n.lang)
		if n.name != "" {
			names = append(names, n.name)
		}
	}
	slices.Sort(langs)
	words := "one " + strings.Join(langs, " and one ") + " source"
	if len(langs) == 2 && langs[0] == langs[1] {
		words = "two " + langs[0] + " sources"
	}
	if len(names) > 0 {
		words += " (" + strings.Join(names, ", ") + ")"
	}
	return words
}

// Heading names the source as the page's list of sources does: "Danish",
// "English: the video".
func (s Sources) Heading() string {
	i := bits.TrailingZeros8(uint8(s))
	if i >= len(sourceNames) {
		return ""
	}
	if n := sourceNames[i]; n.name != "" {
		return n.lang + ": " + n.name
	}
	return sourceNames[i].lang
}
