package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A HouseRule describes one field of Rules once, so that the setup form,
// the rules page, "rules in play", the referee command's documentation and
// Validate are all produced from the same row.
type HouseRule struct {
	Field   string   // the Rules field: "SpinnerArms"
	JSON    string   // its JSON name and form field: "spinner_arms"
	Title   string   // its name in the setup form: "Starting double"
	Meaning string   // what it decides, in one line
	Source  string   // which rule sources agree, or that it is a house rule
	Topic   string   // the part of the game it belongs to: the rules page's section id
	More    bool     // the setup form folds it away under "more house rules"
	Choices []Choice // the values of a choice rule; nil for an open number
	Span    *Span    // the values of an open number; nil for a choice rule

	access
}

// A Choice is one value of a choice rule, in the words of the setup form.
type Choice struct {
	Value string // as Rules.Value gives it: "4", "one-may-play"
	Label string // "Four arms"
	About string // one line on what it does
	Said  Said   // which sources play it this way, or why none is named
}

// A Span is the values of an open number: 0, which has a meaning of its
// own, or a number from 1 up to a limit.
type Span struct {
	Zero    string        // what 0 means: "one per double"
	Rest    string        // the other values, with %v for the limit: "a count from 1 to %v"
	Max     func(Set) int // the limit with a set
	MaxName string        // the limit for any set, in words: "N+1"
	// Where 0 and the other values come from.
	ZeroSaid, RestSaid Said
}

// access reads and writes the row's Rules field as text.
type access struct {
	get    func(Rules) string
	put    func(*Rules, string) // only ever given an allowed value
	number bool                 // the field is a number, so errors carry an int
	want   func(Rules) string   // overrides the wording made from Choices or Span
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

// HouseRules lists every house rule in a stable order: the set, how long
// the game runs, then the setup form's choices as it shows them. The rows
// share their Choices with the table; do not modify them.
func HouseRules() []HouseRule { return slices.Clone(houseRules) }

// LookupHouseRule returns the house rule with the JSON name json.
func LookupHouseRule(json string) (HouseRule, bool) {
	i := slices.IndexFunc(houseRules, func(h HouseRule) bool { return h.JSON == json })
	if i < 0 {
		return HouseRule{}, false
	}
	return houseRules[i], true
}

// Value returns the house rule named json (its JSON name) as text: "4",
// "one-may-play". It is "" for a name that is no house rule.
func (r Rules) Value(json string) string {
	if h, ok := LookupHouseRule(json); ok {
		return h.get(r)
	}
	return ""
}

// SetValue sets the house rule named json from its text, as Value gives
// it. A value the rule does not allow is refused with a *RulesError and
// leaves r as it was; a rounds count is checked against r's set.
func (r *Rules) SetValue(json, value string) error {
	h, ok := LookupHouseRule(json)
	if !ok {
		return fmt.Errorf("rules: there is no house rule called %q: %w", json, ErrRules)
	}
	if h.number {
		n, err := strconv.Atoi(value)
		if err != nil {
			return &RulesError{Field: h.JSON, Value: strconv.Quote(value), Want: h.Want(*r)}
		}
		value = strconv.Itoa(n)
	}
	if err := h.refuse(*r, value); err != nil {
		return err
	}
	h.put(r, value)
	return nil
}

// Default is the rule's value in Standard().
func (h HouseRule) Default() string { return h.get(Standard()) }

// Label words the rule's value in r as the setup form does: the chosen
// value's label, or for an open number the meaning of 0 or the number.
func (h HouseRule) Label(r Rules) string {
	v := h.get(r)
	if h.Span != nil && v == "0" {
		return h.Span.Zero
	}
	for _, c := range h.Choices {
		if c.Value == v {
			return c.Label
		}
	}
	return v
}

// Want says which values the rule allows in r, as a *RulesError words it:
// "4 or 6", `one of "draw", "burn"`, "0 (off) or a positive total up to 100000".
func (h HouseRule) Want(r Rules) string {
	switch {
	case h.want != nil:
		return h.want(r)
	case h.Span != nil:
		return fmt.Sprintf("0 (%s) or "+h.Span.Rest, h.Span.Zero, h.Span.Max(r.Set))
	}
	vals := make([]string, len(h.Choices))
	for i, c := range h.Choices {
		vals[i] = strconv.Quote(c.Value)
	}
	if !h.number {
		return "one of " + strings.Join(vals, ", ")
	}
	nums := make([]int, len(h.Choices))
	for i, c := range h.Choices {
		nums[i], _ = strconv.Atoi(c.Value)
	}
	slices.Sort(nums)
	for i, n := range nums {
		vals[i] = strconv.Itoa(n)
	}
	return orList(vals)
}

// Range says which values an open number allows with any set; it is ""
// for a choice rule.
func (h HouseRule) Range() string {
	if h.Span == nil {
		return ""
	}
	return fmt.Sprintf("0 (%s) or "+h.Span.Rest, h.Span.Zero, h.Span.MaxName)
}

// refuse returns the *RulesError for v, the rule's value as text, or nil
// when the rule allows it in r.
func (h HouseRule) refuse(r Rules, v string) error {
	ok := slices.ContainsFunc(h.Choices, func(c Choice) bool { return c.Value == v })
	if h.Span != nil {
		n, err := strconv.Atoi(v)
		ok = err == nil && n >= 0 && n <= h.Span.Max(r.Set)
	}
	if ok {
		return nil
	}
	var value any = strconv.Quote(v)
	if n, err := strconv.Atoi(v); h.number && err == nil {
		value = n
	}
	return &RulesError{Field: h.JSON, Value: value, Want: h.Want(r)}
}

// orList joins "a", "b", "c" as "a, b or c".
func orList(vals []string) string {
	if len(vals) < 2 {
		return strings.Join(vals, "")
	}
	return strings.Join(vals[:len(vals)-1], ", ") + " or " + vals[len(vals)-1]
}
