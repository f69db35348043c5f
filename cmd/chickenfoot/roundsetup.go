package main

// Reading the round form's setup: who sits where, what was dealt and the
// list of actions. Anything wrong here is input the command can't judge
// (exit 2); what the players did wrong is judged by the referee.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"chickenfoot/referee"
)

// A seating is the table of a round: names in turn order and the deal.
type seating struct {
	seats []string
	index map[string]int
	deal  referee.Deal
}

func parseRound(raw json.RawMessage, rules referee.Rules, double int) (seating, []actionInput, error) {
	var in roundInput
	if !isObject(raw) {
		return seating{}, nil, refuse("cli.round.not-object")
	}
	if err := decodeStrict(raw, &in, "round."); err != nil {
		if errors.Is(err, errUnknownField) {
			err = refuse("cli.round.unknown-field", "Err", err)
		}
		return seating{}, nil, err
	}
	table, err := seatsOf(in.Seats)
	if err != nil {
		return table, nil, err
	}
	if table.deal, err = dealOf(in, rules, double, table); err != nil {
		return table, nil, err
	}
	actions, err := actionsOf(in.Actions)
	return table, actions, err
}

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}

func seatsOf(names []string) (seating, error) {
	t := seating{seats: names, index: map[string]int{}}
	if len(names) < 2 {
		return t, refuse("cli.round.too-few", "N", len(names))
	}
	for s, name := range names {
		if strings.TrimSpace(name) == "" {
			return t, refuse("cli.round.empty-seat", "I", s)
		}
		if _, dup := t.index[name]; dup {
			return t, refuse("cli.round.seat-twice", "Name", name)
		}
		t.index[name] = s
	}
	return t, nil
}

// dealOf checks the deal: without one, only the hand size is known; with
// one, every seat has a hand of the same size, and a boneyard, when given,
// is exactly the rest of the set. Where the starting double is set in the
// middle before the deal (first_player "rotate"), the first seat plays
// first and the double is in no hand and not in the boneyard.
func dealOf(in roundInput, rules referee.Rules, double int, t seating) (referee.Deal, error) {
	set := rules.Set
	deal := referee.Deal{Players: len(t.seats), Names: t.seats}
	if in.Deal == nil {
		if in.Boneyard != nil {
			return deal, refuse("cli.round.boneyard")
		}
		var err error
		deal.HandSize, err = handSize(in.HandSize, rules, len(t.seats))
		return deal, err
	}
	hands, err := dealtHands(in.Deal, set, t)
	if err != nil {
		return deal, err
	}
	deal.Hands, deal.HandSize = hands, len(hands[0])
	if in.HandSize != nil && *in.HandSize != deal.HandSize {
		return deal, refuse("cli.round.hand-size", "Size", *in.HandSize, "Dealt", deal.HandSize)
	}
	if in.Boneyard != nil {
		return deal, checkBoneyard(in.Boneyard, hands, rules, double)
	}
	return deal, nil
}

func handSize(given *int, rules referee.Rules, players int) (int, error) {
	set, dealable := rules.Set, rules.Dealable()
	if players > dealable {
		return 0, refuse("cli.round.too-many", "N", players, "Tiles", dealable, "Set", set)
	}
	if given == nil {
		h, err := referee.SuggestHand(set, players)
		return h.Tiles, err
	}
	if n := *given; n < 1 || n*players > dealable {
		return 0, refuse("cli.round.hand-size-range", "Size", n, "N", players, "Most", dealable/players, "Tiles", dealable, "Set", set)
	}
	return *given, nil
}

// dealtHands reads every seat's hand, in seat order.
func dealtHands(deal map[string][]string, set referee.Set, t seating) ([][]referee.Tile, error) {
	var strangers []string
	for name := range deal {
		if _, ok := t.index[name]; !ok {
			strangers = append(strangers, name)
		}
	}
	if len(strangers) > 0 {
		slices.Sort(strangers)
		return nil, refuse("cli.round.stranger", "Name", strangers[0])
	}
	dealt := map[referee.Tile]any{}
	hands := make([][]referee.Tile, len(t.seats))
	for s, name := range t.seats {
		texts, ok := deal[name]
		if !ok {
			return nil, refuse("cli.round.no-hand", "Name", name)
		}
		if first := t.seats[0]; len(texts) != len(deal[first]) {
			return nil, refuse("cli.round.uneven", "First", first, "N", len(deal[first]), "Name", name, "M", len(texts))
		}
		var err error
		if hands[s], err = readTiles(texts, set, "round.deal."+name, dealt); err != nil {
			return nil, err
		}
	}
	if len(hands[0]) == 0 {
		return nil, refuse("cli.round.no-tiles")
	}
	return hands, nil
}

// readTiles reads tiles of set written at where, refusing any tile already
// in seen, and adds them to seen. seen names where each tile is: a place
// in the input, or a note saying where.
func readTiles(texts []string, set referee.Set, where string, seen map[referee.Tile]any) ([]referee.Tile, error) {
	tiles := make([]referee.Tile, 0, len(texts))
	for _, text := range texts {
		t, err := set.Parse(text)
		if err != nil {
			return nil, within(where, err)
		}
		if first, dup := seen[t]; dup {
			return nil, refuse("cli.round.tile-twice", "Where", where, "Tile", t.String(), "First", first)
		}
		seen[t] = where
		tiles = append(tiles, t)
	}
	return tiles, nil
}

// checkBoneyard checks that the deal and the boneyard together are the
// whole set, each tile once. The starting double counts like any tile: in
// a hand, or in the boneyard when nobody was dealt it; but where it is set
// in the middle before the deal, it is in neither.
func checkBoneyard(boneyard []string, hands [][]referee.Tile, rules referee.Rules, double int) error {
	set := rules.Set
	seen := map[referee.Tile]any{}
	if rules.FirstPlayer == referee.FirstRotates {
		seen[referee.NewTile(double, double)] = phrase("cli.round.middle")
	}
	for _, h := range hands {
		for _, t := range h {
			seen[t] = "round.deal"
		}
	}
	if _, err := readTiles(boneyard, set, "round.boneyard", seen); err != nil {
		return err
	}
	var missing []string
	for _, t := range set.Tiles() {
		if _, ok := seen[t]; !ok {
			missing = append(missing, t.String())
		}
	}
	if len(missing) > 0 {
		return refuse("cli.round.missing", "Held", len(seen)-(set.Size()-rules.Dealable()), "Tiles", rules.Dealable(),
			"Set", set, "Missing", strings.Join(missing, ", "))
	}
	return nil
}

func actionsOf(raws []json.RawMessage) ([]actionInput, error) {
	actions := make([]actionInput, len(raws))
	for i, raw := range raws {
		at := fmt.Sprintf("round.actions[%d]", i)
		if !isObject(raw) {
			return nil, refuse("cli.round.action-type", "At", at, "Raw", string(bytes.TrimSpace(raw)))
		}
		if err := decodeStrict(raw, &actions[i], at+"."); err != nil {
			if errors.Is(err, errUnknownField) {
				err = refuse("cli.round.action-field", "Err", err)
			}
			return nil, err
		}
		if err := checkShape(actions[i], at); err != nil {
			return nil, err
		}
	}
	return actions, nil
}

// checkShape refuses a tile or a place the action can't use, rather than
// judging the action as if they were not there.
func checkShape(a actionInput, at string) error {
	kind, known := acts[a.Act]
	switch {
	case !known:
		return nil // the referee refuses the action itself
	case a.On != "" && kind != referee.ActPlay:
		return refuse("cli.round.no-on", "At", at, "Act", a.Act)
	case a.Tile != "" && (kind == referee.ActPass || kind == referee.ActTakeBack):
		return refuse("cli.round.no-tile", "At", at, "Act", a.Act)
	}
	return nil
}
