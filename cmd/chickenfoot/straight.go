package main

// The Straight forms of the referee command: "game": "straight" at the top
// level. A layout of moves, judged by the referee's StraightLine, or a
// whole hand of seats and actions, judged by its StraightHand.
// docs/REFEREE.md documents both.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

type straightInput struct {
	Game  string               `json:"game"`
	Rules json.RawMessage      `json:"rules"`
	Moves []*straightMoveInput `json:"moves"`
	Round json.RawMessage      `json:"round"`
}

type straightMoveInput struct {
	Tile string `json:"tile"`
	On   string `json:"on"`
	At   int    `json:"at"`
}

type straightOutput struct {
	Game     string                `json:"game"`
	Rules    referee.StraightRules `json:"rules"`
	Goal     int                   `json:"goal"`
	Moves    []straightVerdict     `json:"moves"`
	Actions  []straightVerdict     `json:"actions,omitzero"` // the round form only
	Round    *straightRoundOutput  `json:"round,omitzero"`   // the round form only
	Ends     int                   `json:"ends"`
	Spinner  *string               `json:"spinner"`
	OpenEnds []straightEndOutput   `json:"open_ends"`
}

// A straightVerdict is the answer to one move or action: what it asked,
// whether the referee took it, and the count of the ends after it with
// the points it scored.
type straightVerdict struct {
	Seat    string `json:"seat,omitempty"`
	Act     string `json:"act,omitempty"`
	Tile    string `json:"tile,omitempty"`
	On      string `json:"on,omitempty"`
	At      int    `json:"at,omitempty"`
	OK      bool   `json:"ok"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
	Ends    int    `json:"ends"`
	Points  int    `json:"points"`
}

type straightEndOutput struct {
	On   string `json:"on"`
	At   int    `json:"at"`
	Pips int    `json:"pips"`
}

type straightRoundInput struct {
	Seats    []string            `json:"seats"`
	Deal     map[string][]string `json:"deal"`
	Boneyard []string            `json:"boneyard"`
	HandSize *int                `json:"hand_size"`
	Leader   string              `json:"leader"`
	Totals   map[string]int      `json:"totals"`
	Actions  []json.RawMessage   `json:"actions"`
}

type straightActionInput struct {
	Seat string `json:"seat"`
	Act  string `json:"act"`
	Tile string `json:"tile"`
	On   string `json:"on"`
	At   int    `json:"at"`
	Call int    `json:"call"`
}

type straightRoundOutput struct {
	Turn       *string        `json:"turn"`
	Over       bool           `json:"over"`
	End        *string        `json:"end"`
	Out        *string        `json:"out"`
	Leader     string         `json:"leader"`
	NextLeader *string        `json:"next_leader"`
	Boneyard   int            `json:"boneyard"`
	Hands      map[string]int `json:"hands"`
	Points     map[string]int `json:"points"`
	Uncalled   int            `json:"uncalled"`
	Sides      []sideOutput   `json:"sides"`
	Award      *awardOutput   `json:"award"`
	Winner     []string       `json:"winner"`
}

// A sideOutput is one side of the table: a seat, or with partners two.
type sideOutput struct {
	Seats  []string `json:"seats"`
	Points int      `json:"points"`         // made in play this hand
	Held   *int     `json:"held,omitempty"` // spots left in hand, once the hand is over and the hands known
	Award  int      `json:"award"`          // what the end of the hand scores it
	Total  int      `json:"total"`          // the totals given, plus the hand
}

type awardOutput struct {
	To  [][]string `json:"to"`  // the sides that win the hand
	Tie bool       `json:"tie"` // a blocked hand with a tie for fewest spots
}

// straightActs maps the contract's action words to the referee's.
var straightActs = map[string]referee.ActionKind{
	"lay":       referee.ActPlay,
	"play":      referee.ActPlay,
	"draw":      referee.ActDraw,
	"pass":      referee.ActPass,
	"take-back": referee.ActTakeBack,
	"muggins":   referee.ActMuggins,
}

// gameOf reads the input's top-level "game": absent or "chickenfoot" is
// Chickenfoot.
func gameOf(data []byte) (referee.Game, error) {
	var peek struct {
		Game json.RawMessage `json:"game"`
	}
	if json.Unmarshal(data, &peek) != nil || len(peek.Game) == 0 || string(peek.Game) == "null" {
		return referee.Chickenfoot, nil // a malformed input is reported by its form's reader
	}
	var name string
	if err := json.Unmarshal(peek.Game, &name); err != nil {
		return "", refuse("cli.straight.game-type", "Raw", string(bytes.TrimSpace(peek.Game)))
	}
	g, ok := referee.ParseGame(name)
	if !ok {
		return "", refuse("cli.straight.game", "Game", name)
	}
	return g, nil
}

// judgeStraight reads a Straight input and judges it.
func judgeStraight(data []byte, tag string) (straightOutput, error) {
	var in straightInput
	if err := decodeStrict(data, &in, ""); err != nil {
		if errors.Is(err, errUnknownField) {
			err = refuse("cli.straight.unknown-field", "Err", err)
		}
		return straightOutput{}, err
	}
	for i, m := range in.Moves {
		if m == nil {
			return straightOutput{}, refuse("cli.referee.null-move", "I", i)
		}
	}
	rules, err := parseStraightRules(in.Rules)
	if err != nil {
		return straightOutput{}, err
	}
	round := len(in.Round) > 0 && string(in.Round) != "null"
	if round && in.Moves != nil {
		return straightOutput{}, refuse("cli.round.both")
	}
	line, err := referee.NewStraightLine(rules)
	if err != nil {
		return straightOutput{}, err
	}
	out := straightOutput{Game: referee.Straight.Name(), Rules: rules.Straight, Goal: rules.Straight.Goal(), Moves: []straightVerdict{}}
	if round {
		var hand *referee.StraightHand
		if hand, out.Actions, out.Round, err = judgeStraightRound(in.Round, rules, tag); err != nil {
			return out, err
		}
		line = hand.Line()
	} else {
		for _, m := range in.Moves {
			v := straightVerdict{Tile: m.Tile, On: m.On, At: m.At, OK: true}
			move, err := line.Resolve(m.Tile, m.On, m.At)
			var s referee.Score
			if err == nil {
				s, err = line.Play(move)
			}
			if !verdict(&v, err, tag) {
				return out, err
			}
			v.Ends, v.Points = line.Ends(), s.Points
			out.Moves = append(out.Moves, v)
		}
	}
	out.Ends = line.Ends()
	if sp, ok := line.Spinner(); ok {
		name := sp.String()
		out.Spinner = &name
	}
	out.OpenEnds = []straightEndOutput{}
	for _, e := range line.OpenEnds() {
		out.OpenEnds = append(out.OpenEnds, straightEndOutput{On: e.On.String(), At: e.At, Pips: e.Pips})
	}
	return out, nil
}

// verdict records a refusal in v; it is false for an error that is no
// refusal, which the caller returns.
func verdict(v *straightVerdict, err error, tag string) bool {
	var re *referee.RuleError
	switch {
	case errors.As(err, &re):
		v.OK, v.Rule, v.Message = false, string(re.Code), re.Say(tag)
	case err != nil:
		return false
	}
	return true
}

// parseStraightRules reads a rules object of Straight's house rules by
// their names: strings, numbers, and true or false for a yes/no or on/off
// rule. Absent rules take StandardStraight's values.
func parseStraightRules(raw json.RawMessage) (referee.Rules, error) {
	r := referee.StandardStraight()
	if len(raw) == 0 || string(raw) == "null" {
		return r, nil
	}
	if !isObject(raw) {
		return r, refuse("cli.straight.rules-object")
	}
	var fields map[string]json.RawMessage
	if err := decodeStrict(raw, &fields, "rules."); err != nil {
		return r, err
	}
	var names []string
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		names = append(names, h.JSON)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range fields {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range keys {
		value := fields[name]
		if name == "set" {
			if n, err := strconv.Atoi(string(bytes.TrimSpace(value))); err != nil || n != 6 {
				return r, refuse("cli.straight.set", "Set", string(bytes.TrimSpace(value)))
			}
			continue
		}
		h, ok := referee.LookupHouseRuleFor(referee.Straight, name)
		if !ok {
			return r, refuse("cli.straight.rule-unknown", "Name", name, "Names", strings.Join(names, ", "))
		}
		text, err := ruleText(h, value)
		if err != nil {
			return r, err
		}
		if err := r.SetValue(name, text); err != nil {
			return r, err
		}
	}
	return r, r.Validate()
}

// ruleText is a rule's JSON value as SetValue takes it.
func ruleText(h referee.HouseRule, raw json.RawMessage) (string, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case bool:
		for _, pair := range [][2]string{{"yes", "no"}, {"on", "off"}} {
			if slices.ContainsFunc(h.Choices, func(c referee.Choice) bool { return c.Value == pair[0] }) {
				if v {
					return pair[0], nil
				}
				return pair[1], nil
			}
		}
		return "", refuse("cli.straight.rule-bool", "Name", h.JSON, "Want", lang.SayFunc(func(tag string) string { return h.WantIn(tag, referee.StandardStraight()) }))
	}
	return "", refuse("cli.straight.rule-type", "Name", h.JSON, "Raw", string(bytes.TrimSpace(raw)))
}

// judgeStraightRound plays a whole hand's actions in order and reports
// each verdict and where the hand stands after the last.
func judgeStraightRound(raw json.RawMessage, rules referee.Rules, tag string) (*referee.StraightHand, []straightVerdict, *straightRoundOutput, error) {
	var in straightRoundInput
	if !isObject(raw) {
		return nil, nil, nil, refuse("cli.round.not-object")
	}
	if err := decodeStrict(raw, &in, "round."); err != nil {
		if errors.Is(err, errUnknownField) {
			err = refuse("cli.straight.round-field", "Err", err)
		}
		return nil, nil, nil, err
	}
	table, err := seatsOf(in.Seats)
	if err != nil {
		return nil, nil, nil, err
	}
	deal, err := straightDeal(in, rules, table)
	if err != nil {
		return nil, nil, nil, err
	}
	actions, err := straightActions(in.Actions)
	if err != nil {
		return nil, nil, nil, err
	}
	hand, err := referee.NewStraightHand(rules, deal)
	if err != nil {
		return nil, nil, nil, within("round", err)
	}
	verdicts := []straightVerdict{}
	for _, a := range actions {
		v := straightVerdict{Seat: a.Seat, Act: a.Act, Tile: a.Tile, On: a.On, At: a.At, OK: true}
		err := straightAct(hand, table, a)
		if !verdict(&v, err, tag) {
			return nil, nil, nil, err
		}
		v.Ends = hand.Line().Ends()
		if err == nil {
			v.Points = hand.Scored()
		}
		verdicts = append(verdicts, v)
	}
	return hand, verdicts, straightState(hand, table.seats), nil
}

// straightDeal checks the hand's setup: 2 to 4 seats; a deal of the same
// size for each, with a boneyard, when given, exactly the rest of the set;
// or without a deal only the hand size; the leader and the totals by name.
func straightDeal(in straightRoundInput, rules referee.Rules, t seating) (referee.StraightDeal, error) {
	n := len(t.seats)
	deal := referee.StraightDeal{Players: n, Names: t.seats}
	if n > 4 {
		return deal, refuse("cli.straight.players", "N", n)
	}
	if rules.Straight.Partners == referee.Yes && n != 4 {
		return deal, refuse("cli.straight.partners", "N", n)
	}
	set := rules.Set
	if in.Deal == nil {
		if in.Boneyard != nil {
			return deal, refuse("cli.round.boneyard")
		}
		deal.HandSize = referee.StraightHandSize
		if in.HandSize != nil {
			deal.HandSize = *in.HandSize
		}
		if deal.HandSize < 1 || deal.HandSize*n > set.Size() {
			return deal, refuse("cli.straight.hand-size", "Size", deal.HandSize, "N", n, "Most", set.Size()/n)
		}
	} else {
		hands, err := dealtHands(in.Deal, set, t)
		if err != nil {
			return deal, err
		}
		deal.Hands, deal.HandSize = hands, len(hands[0])
		if in.HandSize != nil && *in.HandSize != deal.HandSize {
			return deal, refuse("cli.round.hand-size", "Size", *in.HandSize, "Dealt", deal.HandSize)
		}
		if in.Boneyard != nil {
			if err := checkBoneyard(in.Boneyard, hands, rules, 0); err != nil {
				return deal, err
			}
		}
	}
	if in.Leader != "" {
		seat, ok := t.index[in.Leader]
		if !ok {
			return deal, refuse("cli.straight.leader", "Name", in.Leader)
		}
		deal.Leader = seat
	}
	if in.Totals != nil {
		partnered := rules.Straight.Partnered(n)
		deal.Totals = make([]int, len(referee.Sides(n, partnered)))
		for _, name := range slices.Sorted(mapKeys(in.Totals)) {
			seat, ok := t.index[name]
			if !ok {
				return deal, refuse("cli.straight.totals", "Name", name)
			}
			deal.Totals[referee.SideOf(seat, n, partnered)] = in.Totals[name]
		}
	}
	return deal, nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func straightActions(raws []json.RawMessage) ([]straightActionInput, error) {
	actions := make([]straightActionInput, len(raws))
	for i, raw := range raws {
		at := fmt.Sprintf("round.actions[%d]", i)
		if !isObject(raw) {
			return nil, refuse("cli.round.action-type", "At", at, "Raw", string(bytes.TrimSpace(raw)))
		}
		if err := decodeStrict(raw, &actions[i], at+"."); err != nil {
			if errors.Is(err, errUnknownField) {
				err = refuse("cli.straight.action-field", "Err", err)
			}
			return nil, err
		}
		a := actions[i]
		kind, known := straightActs[a.Act]
		switch {
		case !known:
		case (a.On != "" || a.At != 0) && kind != referee.ActPlay:
			return nil, refuse("cli.round.no-on", "At", at, "Act", a.Act)
		case a.Tile != "" && kind != referee.ActPlay && kind != referee.ActDraw:
			return nil, refuse("cli.round.no-tile", "At", at, "Act", a.Act)
		}
	}
	return actions, nil
}

// straightAct turns one action of the input into the referee's and asks it.
func straightAct(h *referee.StraightHand, table seating, a straightActionInput) error {
	seat, ok := table.index[a.Seat]
	if !ok {
		return badSeat(a.Seat, table.seats)
	}
	kind, ok := straightActs[a.Act]
	if !ok {
		kind = referee.ActionKind(a.Act)
	}
	action := referee.StraightAction{Seat: seat, Kind: kind, Call: a.Call}
	switch kind {
	case referee.ActPlay:
		t, err := referee.ParseTile(a.Tile)
		if err != nil {
			return err
		}
		action.Move = referee.StraightMove{Tile: t, At: a.At, Lead: strings.TrimSpace(a.On) == ""}
		if !action.Move.Lead {
			on, err := referee.ParseTile(a.On)
			if err != nil {
				_, err = h.Line().Resolve(a.Tile, a.On, a.At) // worded as the rule it would break
				return err
			}
			action.Move.On = on
		}
	case referee.ActDraw:
		if strings.TrimSpace(a.Tile) != "" {
			t, err := referee.ParseTile(a.Tile)
			if err != nil {
				return err
			}
			action.Drawn = &t
		}
	}
	return h.Act(action)
}

func straightState(h *referee.StraightHand, seats []string) *straightRoundOutput {
	out := &straightRoundOutput{Over: h.Over(), Leader: seats[h.Leader()], Boneyard: h.Boneyard(),
		Hands: map[string]int{}, Points: map[string]int{}, Uncalled: h.Uncalled(), Sides: []sideOutput{}}
	if s := h.Turn(); s >= 0 {
		out.Turn = &seats[s]
	}
	if h.Over() {
		end := map[referee.Ending]string{referee.Domino: "went-out", referee.Blocked: "blocked", referee.TargetReached: "target"}[h.Ending()]
		out.End = &end
	}
	if s := h.WentOut(); s >= 0 {
		out.Out = &seats[s]
	}
	for s, name := range seats {
		out.Hands[name] = h.HandCount(s)
		out.Points[name] = h.Points(s)
	}
	award, known := h.Award()
	totals := h.Totals()
	names := func(side []int) []string {
		var out []string
		for _, s := range side {
			out = append(out, seats[s])
		}
		return out
	}
	for i, side := range h.Sides() {
		o := sideOutput{Seats: names(side), Total: totals[i]}
		for _, s := range side {
			o.Points += h.Points(s)
		}
		if known {
			o.Held, o.Award = &award.Held[i], award.Points[i]
		}
		out.Sides = append(out.Sides, o)
	}
	if known {
		out.Award = &awardOutput{To: [][]string{}, Tie: award.Tie}
		for _, w := range award.Winners {
			out.Award.To = append(out.Award.To, names(h.Sides()[w]))
		}
	}
	if known || h.Ending() == referee.Domino {
		next := seats[h.NextLeader(nil)]
		out.NextLeader = &next
	}
	if side, won := h.Winner(); won {
		out.Winner = names(h.Sides()[side])
	}
	return out
}
