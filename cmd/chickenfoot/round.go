package main

// The round form of the referee command: the seats, the deal and every
// action of a whole round, judged by the referee's Round. docs/REFEREE.md
// documents it.

import (
	"encoding/json"
	"errors"
	"strings"

	"chickenfoot/referee"
)

type roundInput struct {
	Seats    []string            `json:"seats"`
	Deal     map[string][]string `json:"deal"`
	Boneyard []string            `json:"boneyard"`
	HandSize *int                `json:"hand_size"`
	Actions  []json.RawMessage   `json:"actions"`
}

type actionInput struct {
	Seat string `json:"seat"`
	Act  string `json:"act"`
	Tile string `json:"tile"`
	On   string `json:"on"`
}

type actionOutput struct {
	Seat    string `json:"seat"`
	Act     string `json:"act"`
	Tile    string `json:"tile,omitempty"`
	On      string `json:"on,omitempty"`
	OK      bool   `json:"ok"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
}

type roundOutput struct {
	Turn     *string        `json:"turn"`
	Over     bool           `json:"over"`
	End      *string        `json:"end"`
	Out      *string        `json:"out"`
	Boneyard int            `json:"boneyard"`
	Hands    map[string]int `json:"hands"`
}

// acts maps the contract's action words to the referee's; any other word
// goes to the referee as it is, which refuses it as bad-action. "play" is
// the referee's own word for "lay", which its messages use.
var acts = map[string]referee.ActionKind{
	"lay":       referee.ActPlay,
	"play":      referee.ActPlay,
	"draw":      referee.ActDraw,
	"pass":      referee.ActPass,
	"take-back": referee.ActTakeBack,
	"penalty":   referee.ActPenalty,
}

// hasRound reports whether the input uses the round form.
func hasRound(in refereeInput) bool {
	return len(in.Round) > 0 && string(in.Round) != "null"
}

// judgeRound plays the round's actions in order through the referee and
// reports each verdict and where the round stands after the last one.
func judgeRound(in refereeInput, rules referee.Rules, double int) (refereeOutput, error) {
	switch {
	case in.Moves != nil:
		return refereeOutput{}, refuse("cli.round.both")
	case in.Hands != nil:
		return refereeOutput{}, refuse("cli.round.hands")
	}
	table, actions, err := parseRound(in.Round, rules, double)
	if err != nil {
		return refereeOutput{}, err
	}
	round, err := referee.NewRound(rules, double, table.deal)
	if err != nil {
		return refereeOutput{}, within("round", err)
	}
	out := refereeOutput{Rules: rules, Moves: []moveOutput{}, Actions: []actionOutput{},
		Scores: map[string]int{}, Problems: []problem{}}
	for _, a := range actions {
		res, err := judgeAction(round, table, a, in.Lang)
		if err != nil {
			return out, err
		}
		out.Actions = append(out.Actions, res)
	}
	out.Round = roundState(round, table.seats)
	out.Pending = pending(round.Layout().Pending())
	out.OpenEnds = openEnds(round.Layout())
	if scores, ok := round.Scores(); ok {
		for s, name := range table.seats {
			out.Scores[name] = scores[s]
		}
	}
	return out, nil
}

func judgeAction(r *referee.Round, table seating, a actionInput, tag string) (actionOutput, error) {
	res := actionOutput{Seat: a.Seat, Act: a.Act, Tile: a.Tile, On: a.On, OK: true}
	err := act(r, table, a)
	var re *referee.RuleError
	if errors.As(err, &re) {
		res.OK, res.Rule, res.Message = false, string(re.Code), re.Say(tag)
	} else if err != nil {
		return res, err
	}
	return res, nil
}

// act turns one action of the input into the referee's and asks it.
func act(r *referee.Round, table seating, a actionInput) error {
	seat, ok := table.index[a.Seat]
	if !ok {
		return badSeat(a.Seat, table.seats)
	}
	kind, ok := acts[a.Act]
	if !ok {
		kind = referee.ActionKind(a.Act)
	}
	action := referee.Action{Seat: seat, Kind: kind}
	switch kind {
	case referee.ActPlay:
		m, err := move(r.Layout(), a)
		if err != nil {
			return err
		}
		action.Move = m
	case referee.ActDraw, referee.ActPenalty:
		if strings.TrimSpace(a.Tile) != "" {
			t, err := referee.ParseTile(a.Tile)
			if err != nil {
				return err
			}
			action.Drawn = &t
		}
	}
	return r.Act(action)
}

// move reads a lay: no "on" sets the starting double. Only the notation is
// read here, so the referee judges the turn before the tile.
func move(l *referee.Layout, a actionInput) (referee.Move, error) {
	tile, errTile := referee.ParseTile(a.Tile)
	if strings.TrimSpace(a.On) == "" {
		return referee.Move{Tile: tile, Start: true}, errTile
	}
	on, errOn := referee.ParseTile(a.On)
	if errTile != nil || errOn != nil {
		// The layout words text it can't read as the rule it would break.
		if _, err := l.Resolve(a.Tile, a.On); err != nil {
			return referee.Move{}, err
		}
		return referee.Move{}, errors.Join(errTile, errOn)
	}
	return referee.Move{Tile: tile, On: on}, nil
}

// badSeat is the referee's bad-seat refusal for a name the table lacks; the
// referee's own sentence names seats by number, so the name is put here.
func badSeat(name string, seats []string) error {
	return referee.UnknownSeat(name, seats)
}

func roundState(r *referee.Round, seats []string) *roundOutput {
	out := &roundOutput{Over: r.Over(), Boneyard: r.Boneyard(), Hands: map[string]int{}}
	if s := r.Turn(); s >= 0 {
		out.Turn = &seats[s]
	}
	if r.Over() {
		end := map[referee.Ending]string{referee.Domino: "went-out", referee.Blocked: "blocked"}[r.Ending()]
		if end == "" {
			end = string(r.Ending())
		}
		out.End = &end
	}
	if s := r.WentOut(); s >= 0 {
		out.Out = &seats[s]
	}
	for s, name := range seats {
		out.Hands[name] = r.HandCount(s)
	}
	return out
}
