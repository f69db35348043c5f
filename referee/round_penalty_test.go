package referee

import (
	"slices"
	"testing"
)

// turns acts each action and lists the seat to act after each.
func turns(t *testing.T, r *Round, actions ...Action) []int {
	t.Helper()
	var out []int
	for _, a := range actions {
		mustAct(t, r, a)
		out = append(out, r.Turn())
	}
	return out
}

// TestLastTileSkip: under LastTileSkip a player caught not announcing
// their last tile misses their next turn, or this one when caught on
// their own turn before drawing; nothing is drawn, and a second penalty
// is refused while one is pending. The other rules, for contrast.
func TestLastTileSkip(t *testing.T) {
	t.Parallel()
	deal := Deal{Players: 3, HandSize: 2} // double-9: 49 to draw
	rules := func(rule LastTileRule) Rules {
		r := Standard()
		r.LastTile = rule
		return r
	}
	drawPass := func(seat int) []Action { return []Action{act(seat, ActDraw), act(seat, ActPass)} }
	t.Run("caught off turn", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTileSkip), 9, deal)
		mustAct(t, r, play(0, "9-9", ""))
		refused(t, r, act(1, ActPenalty), CodeNoPenalty) // seat 1 holds 2
		mustAct(t, r, act(0, ActPenalty))
		if !r.Skips(0) || r.HandCount(0) != 1 || r.Boneyard() != 49 || r.Turn() != 1 {
			t.Fatalf("after the penalty: Skips(0) %t, hand %d, boneyard %d, turn %d, want true, 1, 49, 1",
				r.Skips(0), r.HandCount(0), r.Boneyard(), r.Turn())
		}
		refused(t, r, act(0, ActPenalty), CodeNoPenalty) // one is pending
		got := turns(t, r, slices.Concat([]Action{play(1, "9-1", "9-9"), play(2, "9-2", "9-9")}, drawPass(1), drawPass(2))...)
		if want := []int{2, 1, 1, 2, 2, 0}; !slices.Equal(got, want) {
			t.Fatalf("turns = %v, want %v (seat 0 missed one)", got, want)
		}
		if r.Skips(0) {
			t.Fatal("Skips(0) = true after the missed turn")
		}
	})
	t.Run("caught on its turn", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTileSkip), 9, deal)
		mustAct(t, r, play(0, "9-9", ""))
		mustAct(t, r, slices.Concat(drawPass(1), drawPass(2))...)
		got := turns(t, r, slices.Concat([]Action{act(0, ActPenalty)}, drawPass(1), drawPass(2))...)
		if want := []int{1, 1, 2, 2, 0}; !slices.Equal(got, want) || r.Skips(0) {
			t.Fatalf("turns = %v, Skips(0) = %t, want %v, false (this turn missed at once)", got, r.Skips(0), want)
		}
	})
	t.Run("caught on its turn, caught again", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTileSkip), 9, deal)
		mustAct(t, r, play(0, "9-9", ""))
		mustAct(t, r, slices.Concat(drawPass(1), drawPass(2))...)
		mustAct(t, r, act(0, ActPenalty))
		refused(t, r, act(0, ActPenalty), CodeNoPenalty)
	})
	t.Run("a take-back restores the pending turn", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTileSkip), 9, deal)
		mustAct(t, r, play(0, "9-9", ""), act(0, ActPenalty), play(1, "9-1", "9-9"), play(2, "9-2", "9-9"))
		if r.Turn() != 1 || r.Skips(0) {
			t.Fatalf("Turn(), Skips(0) = %d, %t, want 1, false", r.Turn(), r.Skips(0))
		}
		mustAct(t, r, act(2, ActTakeBack))
		if r.Turn() != 2 || !r.Skips(0) {
			t.Fatalf("after the take-back: Turn(), Skips(0) = %d, %t, want 2, true", r.Turn(), r.Skips(0))
		}
	})
	t.Run(string(LastTilePenalty), func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTilePenalty), 9, deal)
		mustAct(t, r, play(0, "9-9", ""), act(0, ActPenalty))
		if r.HandCount(0) != 2 || r.Boneyard() != 48 || r.Skips(0) {
			t.Fatalf("after the penalty: hand %d, boneyard %d, Skips(0) %t, want 2, 48, false", r.HandCount(0), r.Boneyard(), r.Skips(0))
		}
		refused(t, r, act(0, ActPenalty), CodeNoPenalty) // seat 0 holds 2 now
		got := turns(t, r, play(1, "9-1", "9-9"), play(2, "9-2", "9-9"))
		if want := []int{2, 0}; !slices.Equal(got, want) {
			t.Fatalf("turns = %v, want %v (nobody misses a turn)", got, want)
		}
	})
	t.Run(string(LastTileCourtesy), func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rules(LastTileCourtesy), 9, deal)
		mustAct(t, r, play(0, "9-9", ""))
		refused(t, r, act(0, ActPenalty), CodeNoPenalty)
	})
}

// TestLastTileSkipBlocked: with unknown hands a round is blocked when every
// player has passed in turn with the boneyard empty. A player missing a
// turn has not passed, and may still hold a tile that fits.
func TestLastTileSkipBlocked(t *testing.T) {
	t.Parallel()
	// 27 players of one tile each around 6-6 set before the deal: nothing
	// to draw. Seat 1 is caught and misses its turn.
	rules := rulesOn(6, func(r *Rules) { r.FirstPlayer, r.LastTile = FirstRotates, LastTileSkip })
	r := newRound(t, rules, 6, Deal{Players: 27, HandSize: 1})
	mustAct(t, r, act(1, ActPenalty), act(0, ActPass))
	for s := 2; s < 27; s++ {
		mustAct(t, r, act(s, ActPass))
	}
	mustAct(t, r, act(0, ActPass)) // 27 passes in a row, none by seat 1
	if r.Over() || r.Turn() != 1 {
		t.Fatalf("Ending(), Turn() = %q, %d, want the round on with seat 1 to act", r.Ending(), r.Turn())
	}
}

// TestLastTilePenaltyBlocked: a penalty tile is drawn like any other, so
// when it empties the boneyard and nobody can play, the round is over at
// once, as after an ordinary draw.
func TestLastTilePenaltyBlocked(t *testing.T) {
	t.Parallel()
	// 13 players of two tiles around 6-6, set before the deal; 1-0 is left
	// to draw. Seats 0 to 9 lay stuckChickie's tiles, one each: then no
	// tile off the table carries a 3 for the chickie 3-3, which stays owed.
	moves, _ := ParseMoves(stuckChickie)
	filler := tiles(t, "0-0", "1-1", "2-0", "2-1", "2-2", "4-0", "4-1", "4-2", "4-4", "5-0", "5-1", "5-2", "5-4", "5-5", "6-4", "6-5")
	hands := make([][]Tile, 13)
	for s := range hands {
		if s < 10 {
			hands[s] = []Tile{moves[s+1].Tile, filler[s]}
			continue
		}
		hands[s] = filler[10+2*(s-10) : 12+2*(s-10)]
	}
	rules := rulesOn(6, func(r *Rules) { r.FirstPlayer, r.LastTile = FirstRotates, LastTilePenalty })
	r := newRound(t, rules, 6, Deal{Players: 13, HandSize: 2, Hands: hands})
	for s, m := range moves[1:] {
		mustAct(t, r, Action{Seat: s, Kind: ActPlay, Move: m})
	}
	if got := r.BoneyardTiles(); len(got) != 1 || got[0] != NewTile(1, 0) || r.Over() {
		t.Fatalf("BoneyardTiles() = %v, Over() = %t, want [1-0], false", got, r.Over())
	}
	mustAct(t, r, Action{Seat: 0, Kind: ActPenalty, Drawn: tp(t, "1-0")})
	if r.Ending() != Blocked {
		t.Fatalf("after the penalty draw of the last tile: Ending() = %q, Turn() = %d, want blocked", r.Ending(), r.Turn())
	}
}
