package referee

import (
	"slices"
	"strconv"
)

// A HouseRule describes one field of Rules once, so that the setup form,
// the rules page, "rules in play", the referee command's documentation and
// Validate are all produced from the same row. Its words are in the
// catalog, keyed by its JSON name and values (see Say and SayChoice).
type HouseRule struct {
	Game    Game     // the game whose rule it is
	Field   string   // the Rules field: "SpinnerArms", or for Straight the StraightRules field
	JSON    string   // its JSON name: "spinner_arms"
	Topic   string   // the part of the game it belongs to: "layout", "scoring"…
	More    bool     // a rule few tables change, which a form may keep out of the way
	Choices []Choice // the values of a choice rule; nil for an open number
	Span    *Span    // the values of an open number; nil for a choice rule

	access
}

// A Choice is one value of a choice rule and where it comes from.
type Choice struct {
	Value string // as Rules.Value gives it: "4", "one-may-play"
	Said  Said   // which sources play it this way, or why none is named
}

// A Span is the values of an open number: 0, which has a meaning of its
// own, or a number from 1 up to a limit.
type Span struct {
	Max func(Rules) int // the limit under the other rules (the set, the ladder)
	// MaxName is the limit for any rules, in words: "N+1", or a Phrase
	// worded in each language.
	MaxName any
	// Where 0 and the other values come from.
	ZeroSaid, RestSaid Said
}

// access reads and writes the row's Rules field as text.
type access struct {
	get    func(Rules) string
	put    func(*Rules, string) // only ever given an allowed value
	number bool                 // the field is a number, so errors carry an int
	plain  bool                 // its allowed values are listed as they are, not from Choices
}

func number[T ~int](f func(*Rules) *T) access {
	return access{number: true,
		get: func(r Rules) string { return strconv.Itoa(int(*f(&r))) },
		put: func(r *Rules, v string) { n, _ := strconv.Atoi(v); *f(r) = T(n) },
	}
}

func text[T ~string](f func(*Rules) *T) access {
	return access{
		get: func(r Rules) string { return string(*f(&r)) },
		put: func(r *Rules, v string) { *f(r) = T(v) },
	}
}

// HouseRules lists every house rule of Chickenfoot in a stable order: the
// set, how long the game runs, then the setup form's choices as it shows
// them. The rows share their Choices with the table; do not modify them.
func HouseRules() []HouseRule { return slices.Clone(houseRules) }

// HouseRulesFor lists the house rules of the game: HouseRules for
// Chickenfoot, the rows of StraightRules for Straight, and none for a
// game the referee does not know.
func HouseRulesFor(g Game) []HouseRule {
	switch g {
	case Chickenfoot:
		return HouseRules()
	case Straight:
		return slices.Clone(straightRules)
	}
	return nil
}

// LookupHouseRule returns the Chickenfoot house rule with the JSON name
// json.
func LookupHouseRule(json string) (HouseRule, bool) { return LookupHouseRuleFor(Chickenfoot, json) }

// LookupHouseRuleFor returns the game's house rule with the JSON name
// json.
func LookupHouseRuleFor(g Game, json string) (HouseRule, bool) {
	rows := houseRules
	switch g {
	case Chickenfoot:
	case Straight:
		rows = straightRules
	default:
		return HouseRule{}, false
	}
	i := slices.IndexFunc(rows, func(h HouseRule) bool { return h.JSON == json })
	if i < 0 {
		return HouseRule{}, false
	}
	return rows[i], true
}

// Value returns the house rule named json (its JSON name) of r's game as
// text: "4", "one-may-play". It is "" for a name that is no house rule
// of the game.
func (r Rules) Value(json string) string {
	if h, ok := LookupHouseRuleFor(r.Game, json); ok {
		return h.get(r)
	}
	return ""
}

// SetValue sets the house rule named json of r's game from its text, as
// Value gives it. A value the rule does not allow is refused with a *RulesError and
// leaves r as it was; a rounds count is checked against r's set.
func (r *Rules) SetValue(json, value string) error {
	h, ok := LookupHouseRuleFor(r.Game, json)
	if !ok {
		return unknownRule(json)
	}
	if h.number {
		n, err := strconv.Atoi(value)
		if err != nil {
			return badRule(h.JSON, strconv.Quote(value), h.wanted(*r))
		}
		value = strconv.Itoa(n)
	}
	if err := h.refuse(*r, value); err != nil {
		return err
	}
	h.put(r, value)
	return nil
}

// Default is the rule's value in its game's standard rules: Standard()
// or StandardStraight().
func (h HouseRule) Default() string { return h.get(StandardFor(h.Game)) }

// refuse returns the *RulesError for v, the rule's value as text, or nil
// when the rule allows it in r.
func (h HouseRule) refuse(r Rules, v string) error {
	ok := slices.ContainsFunc(h.Choices, func(c Choice) bool { return c.Value == v })
	if h.Span != nil {
		n, err := strconv.Atoi(v)
		ok = err == nil && n >= 0 && n <= h.Span.Max(r)
	}
	if ok {
		return nil
	}
	var value any = strconv.Quote(v)
	if n, err := strconv.Atoi(v); h.number && err == nil {
		value = n
	}
	return badRule(h.JSON, value, h.wanted(r))
}
