package views

import (
	"context"
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
	Straight   []RuleHelp // Straight's house rules, its night's choices checked
	PerSet     DealTables // the hand sizes of each set, from one source
	Double9    DealTables // another source's hand sizes for double-9
	Set        int
	Arms       int
}

// RuleHelp is one house rule as the rules page explains it, in the section
// its Topic names.
type RuleHelp struct {
	Field   string       // its JSON name, which names its words in the catalog
	Game    referee.Game // the game whose rule it is
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

// saidWords says where a statement comes from in the page's language:
// "all five sources", "one Danish source".
func saidWords(ctx context.Context, s Said) string { return s.Say(Lang(ctx)) }

// sourceHeading names a source as the page's list of sources does:
// "Danish", "English: the video".
func sourceHeading(ctx context.Context, s Sources) string { return s.Heading(Lang(ctx)) }

// setName words a set the handlers name in English ("double-9") in the
// page's language.
func setName(ctx context.Context, set string) string {
	n, ok := strings.CutPrefix(set, "double-")
	if !ok {
		return set
	}
	return T(ctx, "set", "N", n)
}

// The words of a house rule come from the catalog by the rule's JSON name
// and its values, the stable names the view model carries (see
// referee.HouseRule.Say).

// house is the group's house rule: Chickenfoot's by the field, another
// game's by its own name.
func (g RuleGroup) house() referee.HouseRule {
	if g.Rule == "" {
		h, _ := referee.LookupHouseRule(g.Field)
		return h
	}
	h, _ := referee.LookupHouseRuleFor(g.Game, g.Rule)
	return h
}

// houseText is part of a house rule's description: its "title",
// "meaning" or "source".
func houseText(ctx context.Context, field, part string) string {
	h, _ := referee.LookupHouseRule(field)
	return h.Say(Lang(ctx), part)
}

// choiceLabel names one value of a house rule; a set by its size.
func choiceLabel(ctx context.Context, field, value string) string {
	h, _ := referee.LookupHouseRule(field)
	return h.SayChoice(Lang(ctx), value, "label")
}

// choiceAbout says what one value of a house rule does; a set by its
// number of tiles.
func choiceAbout(ctx context.Context, field, value string) string {
	h, _ := referee.LookupHouseRule(field)
	return h.SayChoice(Lang(ctx), value, "about")
}

// wayLabel names an open number's reading i: 0 and what it means, or the
// other values up to the rule's limit.
func wayLabel(ctx context.Context, field string, i int) string {
	h, _ := referee.LookupHouseRule(field)
	if i == 0 {
		return T(ctx, "ui.rules.way-zero", "Zero", h.Say(Lang(ctx), "zero"))
	}
	var max any
	if h.Span != nil {
		max = h.Span.MaxName
	}
	return h.SayRest(Lang(ctx), max)
}

// wayChosen is the game's value of an open number read way i: what 0
// means, or the number as the handlers give it.
func wayChosen(ctx context.Context, field string, i int, chosen string) string {
	if i == 0 {
		h, _ := referee.LookupHouseRule(field)
		return h.Say(Lang(ctx), "zero")
	}
	return chosen
}

// straightRow is a Straight house rule by its JSON name.
func straightRow(field string) referee.HouseRule {
	h, _ := referee.LookupHouseRuleFor(referee.Straight, field)
	return h
}
