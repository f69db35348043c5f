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
// if it fits, or passes. The round's Log lists every action in order.
func RandomRound(rules referee.Rules, players int, rng *rand.Rand) (Played, error) {
	hs, err := referee.SuggestHand(rules.Set, players)
	if err != nil {
		return Played{}, err
	}
	g := &game{stock: rules.Set.Tiles()}
	rng.Shuffle(len(g.stock), func(i, j int) { g.stock[i], g.stock[j] = g.stock[j], g.stock[i] })
	g.Played = Played{Rules: rules, Double: int(rules.Set), Deal: referee.Deal{Players: players, HandSize: hs.Tiles, Hands: make([][]referee.Tile, players)}}
	for s := range g.Deal.Hands {
		g.Deal.Hands[s], g.stock = g.stock[:hs.Tiles], g.stock[hs.Tiles:]
	}
	if g.Round, err = referee.NewRound(rules, g.Double, g.Deal); err != nil {
		return g.Played, err
	}
	if err := g.open(); err != nil {
		return g.Played, err
	}
	for !g.Round.Over() {
		if err := g.turn(rng); err != nil {
			return g.Played, err
		}
	}
	return g.Played, nil
}

// game is a round being played: the round and the boneyard in the order
// it will be drawn.
type game struct {
	Played
	stock []referee.Tile
}

// act plays a, which the referee must accept.
func (g *game) act(a referee.Action) error {
	if err := g.Round.Act(a); err != nil {
		return fmt.Errorf("%s: %w", a, err)
	}
	return nil
}

// draw has seat draw the boneyard's next tile.
func (g *game) draw(seat int) error {
	t := g.stock[0]
	g.stock = g.stock[1:]
	return g.act(referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: &t})
}

// open sets the starting double: its holder sets it, or the players draw
// for it in turn, the holder of the highest tile first, until it turns up.
func (g *game) open() error {
	start := referee.NewTile(g.Double, g.Double)
	setter := slices.IndexFunc(g.Deal.Hands, func(h []referee.Tile) bool { return slices.Contains(h, start) })
	for seat := g.highest(); setter < 0; seat = (seat + 1) % g.Deal.Players {
		if g.stock[0] == start {
			setter = seat
		}
		if err := g.draw(seat); err != nil {
			return err
		}
	}
	return g.act(referee.Action{Seat: setter, Kind: referee.ActPlay, Move: referee.Move{Tile: start, Start: true}})
}

// highest is the seat holding the highest tile, who draws first.
func (g *game) highest() int {
	seat, best := 0, referee.Tile{}
	for s, h := range g.Deal.Hands {
		for _, t := range h {
			if referee.Higher(t, best) {
				seat, best = s, t
			}
		}
	}
	return seat
}

// turn plays one turn of the seat to act: a random legal tile, or a draw
// and the drawn tile if it fits, or a pass.
func (g *game) turn(rng *rand.Rand) error {
	r := g.Round
	seat := r.Turn()
	moves := r.LegalMoves(seat)
	if len(moves) == 0 && r.Boneyard() > 0 {
		if err := g.draw(seat); err != nil || r.Over() {
			return err // the last tile drawn may leave nobody able to play
		}
		moves = r.LegalMoves(seat)
	}
	if len(moves) == 0 {
		return g.act(referee.Action{Seat: seat, Kind: referee.ActPass})
	}
	return g.act(referee.Action{Seat: seat, Kind: referee.ActPlay, Move: moves[rng.IntN(len(moves))]})
}
