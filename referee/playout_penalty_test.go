package referee_test

import (
	"math/rand/v2"

	"chickenfoot/referee"
)

// The last-tile penalty in the playout model.

// penaltyLegal: only under a last-tile penalty, for a player holding one
// tile. Under the draw rule they draw one, named from the boneyard; under
// the skip rule nothing is drawn, and a player is caught once for one
// silence: not again until they have laid or drawn a tile.
func (m *model) penaltyLegal(seat int, drawn *referee.Tile) bool {
	if m.over() || !m.seatOK(seat) || len(m.hand(seat)) != 1 {
		return false
	}
	switch m.rules.LastTile {
	case referee.LastTilePenalty:
		return drawn != nil && m.where(*drawn) == inBoneyard
	case referee.LastTileSkip:
		return !m.caught[seat]
	}
	return false
}

// penalize carries out a penalty the model judged legal. The drawn tile
// joins the hand (and the last tile drawn may leave nobody able to play);
// a missed turn is this one when the player is caught on their turn before
// drawing, else their next.
func (m *model) penalize(seat int, drawn *referee.Tile) {
	m.undo = nil
	if m.rules.LastTile == referee.LastTilePenalty {
		m.loc[key(*drawn)] = seat
		if m.started() {
			m.settle()
		}
		return
	}
	m.caught[seat] = true
	if m.started() && seat == m.turn && m.drew == 0 {
		m.turn = m.nextSeat(seat)
		return
	}
	m.skips[seat] = true
}

// penaltyCode is the code for a refused penalty where the rules settle
// it: none at a courteous table, none for a player not down to one tile,
// none twice for one silence. Under the draw rule what is wrong with the
// tile named as drawn decides.
func (m *model) penaltyCode(seat int) (referee.Code, bool) {
	if m.rules.LastTile == referee.LastTilePenalty && len(m.hand(seat)) == 1 {
		return "", false
	}
	return referee.CodeNoPenalty, true
}

// catch now and then catches a player down to one tile who did not
// announce it; it reports whether the rules allow it. It returns no
// action when it passes this time or nobody holds one tile.
func catch(rng *rand.Rand, m *model) (referee.Action, bool) {
	if m.rules.LastTile == referee.LastTileCourtesy || rng.IntN(2) > 0 {
		return referee.Action{}, false
	}
	var one []int
	for s := range m.players {
		if len(m.hand(s)) == 1 {
			one = append(one, s)
		}
	}
	if len(one) == 0 {
		return referee.Action{}, false
	}
	a := referee.Action{Seat: pick(rng, one), Kind: referee.ActPenalty}
	if yard := m.boneyard(); len(yard) > 0 {
		d := pick(rng, yard)
		a.Drawn = &d
	}
	return a, m.penaltyLegal(a.Seat, a.Drawn)
}
