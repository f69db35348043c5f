package views

import (
	"context"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"chickenfoot/referee"
)

// RulesPage explains every rule and house-rule variant; with a game, that
// game's choices are marked.
type RulesPage struct {
	Meta
	Back       string
	Game       string     // the game's name, or "" for the general page
	HouseRules []RuleHelp // every house rule, in the referee's order
	PerSet     DealTables // the hand sizes of each set, from one source
	Double9    DealTables // another source's hand sizes for double-9
	Set        int
	Arms       int
}

// RuleHelp is one house rule as the rules page explains it, in the section
// its Topic names.
type RuleHelp struct {
	Field   string // its JSON name
	Title   string
	Meaning string
	Source  string       // which sources agree, in a sentence
	Topic   string       // the section it belongs to
	Options []RuleChoice // a choice rule's values, the game's checked
	Ways    []RuleWay    // an open number's 0 and its other values
	Chosen  string       // an open number's value in the game, in words; "" without a game
}

// RuleChoice is one value of a choice rule and where it comes from.
type RuleChoice struct {
	RuleOption
	Said Said
}

// RuleWay is one reading of an open number, 0 or any other value, and
// where it comes from.
type RuleWay struct {
	Label  string // "0: one per double"
	Said   Said
	Chosen string // the game's value, in words, when it is read this way
}

// DealTables is one source's hand sizes: tiles each by players, per set.
type DealTables struct {
	Said   Said
	Tables []DealTable
}

// DealTable is the hand sizes of one set: Tiles[i] each for Players[i].
type DealTable struct {
	Set     string
	Players []int
	Tiles   []int
}

// The sources of a rule, as the referee names them (see referee.Said).
type (
	Sources   = referee.Sources
	Unsourced = referee.Unsourced
	Said      = referee.Said
)

// The five sources and the reasons a statement has none, for the rules
// page's statements.
const (
	MixedPage  = referee.MixedPage
	Afrikaans  = referee.Afrikaans
	Video      = referee.Video
	Danish     = referee.Danish
	PlayPage   = referee.PlayPage
	AllSources = referee.AllSources
	HouseRule  = referee.Custom
	Follows    = referee.Follows
	LeftOpen   = referee.LeftOpen
)

// sourceIDs name the five sources in the catalog, in the order of their
// bits, with the language each is written in.
var sourceIDs = []struct{ id, lang string }{
	{"mixed", "en"}, {"af", "af"}, {"video", "en"}, {"da", "da"}, {"play", "en"},
}

// saidWords says where a statement comes from in the page's language, as
// Said.Words does in English: "all five sources", "one Danish source",
// "two English sources (the video, the domino-play page)".
func saidWords(ctx context.Context, s Said) string {
	switch s.Not {
	case HouseRule:
		return T(ctx, "ui.rules.said.custom")
	case Follows:
		return T(ctx, "ui.rules.said.follows")
	case LeftOpen:
		return T(ctx, "ui.rules.said.left-open")
	}
	switch n := bits.OnesCount8(uint8(s.By & AllSources)); {
	case n == 0:
		return ""
	case n == 5:
		return T(ctx, "ui.rules.said.all")
	case n >= 3:
		return T(ctx, "ui.rules.said.most", "N", n)
	}
	return fewSources(ctx, s.By)
}

// fewSources words one or two sources by language, the short names of
// the English ones after them.
func fewSources(ctx context.Context, s Sources) string {
	var langs, names []string
	for i, src := range sourceIDs {
		if s&(1<<i) == 0 {
			continue
		}
		langs = append(langs, src.lang)
		if src.lang == "en" {
			names = append(names, T(ctx, "ui.rules.source."+src.id+".name"))
		}
	}
	slices.Sort(langs) // af, da, en: the order of their English names
	var words string
	switch {
	case len(langs) == 1:
		words = T(ctx, "ui.rules.said.one", "Lang", T(ctx, "ui.rules.lang."+langs[0]))
	case langs[0] == langs[1]:
		words = T(ctx, "ui.rules.said.two", "Langs", T(ctx, "ui.rules.langs."+langs[0]))
	default:
		words = T(ctx, "ui.rules.said.one-and-one", "Lang", T(ctx, "ui.rules.lang."+langs[0]),
			"Other", T(ctx, "ui.rules.lang."+langs[1]))
	}
	if len(names) > 0 {
		words = T(ctx, "ui.rules.said.named", "Said", words, "Names", strings.Join(names, T(ctx, "list.comma")))
	}
	return words
}

// sourceHeading names a source as the page's list of sources does:
// "Danish", "English: the video".
func sourceHeading(ctx context.Context, s Sources) string {
	i := bits.TrailingZeros8(uint8(s))
	if i >= len(sourceIDs) {
		return ""
	}
	return T(ctx, "ui.rules.source."+sourceIDs[i].id+".heading")
}

// setName words a set the handlers name in English ("double-9") in the
// page's language.
func setName(ctx context.Context, set string) string {
	n, ok := strings.CutPrefix(set, "double-")
	if !ok {
		return set
	}
	return T(ctx, "ui.rules.set", "N", n)
}

// The words of a house rule come from the catalog by the rule's JSON name
// and its values, the stable names the view model carries, so the
// handlers' English labels are not needed here.

// houseText is part of a house rule's description: its "title",
// "meaning" or "source".
func houseText(ctx context.Context, field, part string) string {
	return T(ctx, "ui.house."+field+"."+part)
}

// choiceLabel names one value of a house rule; a set by its size.
func choiceLabel(ctx context.Context, field, value string) string {
	if field == "set" {
		return T(ctx, "ui.rules.set", "N", value)
	}
	return T(ctx, "ui.house."+field+"."+value+".label")
}

// choiceAbout says what one value of a house rule does; a set by its
// number of tiles.
func choiceAbout(ctx context.Context, field, value string) string {
	if field == "set" {
		n, _ := strconv.Atoi(value)
		return T(ctx, "ui.house.set.about", "Tiles", referee.Set(n).Size())
	}
	return T(ctx, "ui.house."+field+"."+value+".about")
}

// wayLabel names an open number's reading i: 0 and what it means, or the
// other values up to the rule's limit.
func wayLabel(ctx context.Context, field string, i int) string {
	if i == 0 {
		return T(ctx, "ui.rules.way-zero", "Zero", T(ctx, "ui.house."+field+".zero"))
	}
	var max string
	if h, ok := referee.LookupHouseRule(field); ok && h.Span != nil {
		max = h.Span.MaxName
	}
	return T(ctx, "ui.house."+field+".rest", "Max", max)
}

// wayChosen is the game's value of an open number read way i: what 0
// means, or the number as the handlers give it.
func wayChosen(ctx context.Context, field string, i int, chosen string) string {
	if i == 0 {
		return T(ctx, "ui.house."+field+".zero")
	}
	return chosen
}
