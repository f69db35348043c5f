// Package refereetest plays random rounds of Chickenfoot for tests and
// benchmarks, as net/http/httptest serves them for net/http.
package refereetest

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"chickenfoot/referee"
)

// Played is a round RandomRound dealt and played, with what Replay needs
// to rebuild it.
type Played struct {
	Rules  referee.Rules
	Double int
	Deal   referee.Deal
	Round  *referee.Round
}

// RandomRound deals rules' set to players, hands of the suggested size
// shuffled by rng, and plays the round to its end: the holder of the
// highest double sets it (players draw for it in turn when nobody holds
// it), then each player lays a random legal tile, or draws one and lays it
// if it fits, or passes. observe, when not nil, sees every action once the
// referee has accepted it; an error from it stops the round.
func RandomRound(rules referee.Rules, players int, rng *rand.Rand, observe func(referee.Action) error) (Played, error) {
	stock := rules.Set.Tiles()
	rng.Shuffle(len(stock), func(i, j int) { stock[i], stock[j] = stock[j], stock[i] })
	hs, err := referee.SuggestHand(rules.Set, players)
	if err != nil {
		return Played{}, err
	}
	p := Played{Rules: rules, Double: int(rules.Set), Deal: referee.Deal{Players: players, HandSize: hs.Tiles, Hands: make([][]referee.Tile, players)}}
	for s := range p.Deal.Hands {
		p.Deal.Hands[s], stock = stock[:hs.Tiles], stock[hs.Tiles:]
	}
	if p.Round, err = referee.NewRound(rules, p.Double, p.Deal); err != nil {
		return p, err
	}
	act := func(a referee.Action) error {
		if err := p.Round.Act(a); err != nil {
			return fmt.Errorf("%s: %w", a, err)
		}
		if observe != nil {
			return observe(a)
		}
		return nil
	}
	draw := func(seat int) error {
		t := stock[0]
		stock = stock[1:]
		return act(referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: &t})
	}
	start := referee.NewTile(p.Double, p.Double)
	setter := slices.IndexFunc(p.Deal.Hands, func(h []referee.Tile) bool { return slices.Contains(h, start) })
	for seat := 0; setter < 0; seat = (seat + 1) % players {
		if stock[0] == start {
			setter = seat
		}
		if err := draw(seat); err != nil {
			return p, err
		}
	}
	if err := act(referee.Action{Seat: setter, Kind: referee.ActPlay, Move: referee.Move{Tile: start, Start: true}}); err != nil {
		return p, err
	}
	for !p.Round.Over() {
		if err := turn(p.Round, rng, act, draw); err != nil {
			return p, err
		}
	}
	return p, nil
}

// turn plays one turn of the seat to act.
func turn(r *referee.Round, rng *rand.Rand, act func(referee.Action) error, draw func(int) error) error {
	seat := r.Turn()
	moves := r.LegalMoves(seat)
	if len(moves) == 0 && r.Boneyard() > 0 {
		if err := draw(seat); err != nil {
			return err
		}
		moves = r.LegalMoves(seat)
	}
	if len(moves) == 0 {
		return act(referee.Action{Seat: seat, Kind: referee.ActPass})
	}
	return act(referee.Action{Seat: seat, Kind: referee.ActPlay, Move: moves[rng.IntN(len(moves))]})
}
