package referee

import (
	"strings"
	"testing"
)

// dealOf builds a known deal from one string of tiles a seat.
func dealOf(t *testing.T, hands ...string) Deal {
	t.Helper()
	d := Deal{Players: len(hands)}
	for _, h := range hands {
		d.Hands = append(d.Hands, tiles(t, strings.Fields(h)...))
	}
	d.HandSize = len(d.Hands[0])
	return d
}

// drawOf is seat drawing the named tile.
func drawOf(t *testing.T, seat int, tile string) Action {
	t.Helper()
	return Action{Seat: seat, Kind: ActDraw, Drawn: tp(t, tile)}
}

// rulesOn is the standard rules on a set, changed by edit.
func rulesOn(set Set, edit func(*Rules)) Rules {
	r := rulesWith(set, 4)
	edit(&r)
	return r
}

// owedHands deal double-6 so that owedScript lays 3-3 as a chickie that
// can't be finished: only 3-2 (in the boneyard) and 5-3 (seat 1) still
// carry a 3, for three toes. Besides its toes, 6-2 (open 2) and 3-4 (open
// 4) are open ends.
var owedHands = []string{
	"6-6 6-1 6-3 1-3 3-3 2-4 5-5 0-0",
	"6-0 6-2 0-3 3-4 5-3 4-1 5-0 1-1",
}

// owedBoneyard is the boneyard of owedHands, 3-2 last.
var owedBoneyard = strings.Fields("1-0 2-0 2-1 2-2 4-0 4-4 5-1 5-2 5-4 6-4 6-5 3-2")

var owedScript = []Action{
	play(0, "6-6", ""), play(1, "6-0", "6-6"), play(0, "6-1", "6-6"), play(1, "6-2", "6-6"),
	play(0, "6-3", "6-6"), play(1, "0-3", "6-0"), play(0, "1-3", "6-1"), play(1, "3-4", "0-3"),
	play(0, "3-3", "6-3"),
}

// owedRound plays owedScript under impossible, with known hands or not.
func owedRound(t *testing.T, impossible ImpossibleRule, known bool) *Round {
	t.Helper()
	deal := Deal{Players: 2, HandSize: 8}
	if known {
		deal = dealOf(t, owedHands...)
	}
	r := newRound(t, rulesOn(6, func(r *Rules) { r.Impossible = impossible }), 6, deal)
	mustAct(t, r, owedScript...)
	o := r.Layout().Pending()
	if o.Kind != Chickie || o.Tile != NewTile(3, 3) || o.Missing != 3 || !o.Impossible {
		t.Fatalf("Pending() = %+v, want the chickie 3-3 missing 3 toes, impossible", o)
	}
	if o.Released != (impossible == ImpossibleReleased) {
		t.Fatalf("Pending().Released = %t under %s", o.Released, impossible)
	}
	return r
}

// TestStaysOwed: a chickie that can't be finished stays owed by default.
// The tiles still out that carry its number go on its toes and nowhere
// else; everyone else draws and passes; the round ends only when the
// boneyard is empty and nobody can play.
func TestStaysOwed(t *testing.T) {
	t.Parallel()
	t.Run("known hands", func(t *testing.T) {
		t.Parallel()
		r := owedRound(t, ImpossibleStaysOwed, true)
		refused(t, r, play(1, "4-1", "3-4"), CodeChickieFirst)
		refused(t, r, drawOf(t, 1, "1-0"), CodeCanPlay) // 5-3 fits the chickie
		refused(t, r, act(1, ActPass), CodeCanPlay)
		if got := FormatMoves(r.LegalMoves(1)); got != "5-3@3-3" {
			t.Fatalf("LegalMoves(1) = %q, want 5-3@3-3", got)
		}
		mustAct(t, r, play(1, "5-3", "3-3"))
		refused(t, r, play(0, "2-4", "6-2"), CodeChickieFirst)
		refused(t, r, act(0, ActPass), CodeMustDraw)
		mustAct(t, r, drawOf(t, 0, "4-4"), act(0, ActPass))
		mustAct(t, r, drawOf(t, 1, "3-2"), play(1, "3-2", "3-3"))
		if !r.Layout().Stuck() || r.Over() {
			t.Fatalf("with every 3 laid: Stuck() = %t, Over() = %t, want true, false", r.Layout().Stuck(), r.Over())
		}
		left := r.BoneyardTiles()
		for i, tile := range left {
			seat := r.Turn()
			mustAct(t, r, Action{Seat: seat, Kind: ActDraw, Drawn: &tile})
			if i < len(left)-1 {
				if r.Over() {
					t.Fatalf("the round ended with %d tiles in the boneyard", r.Boneyard())
				}
				mustAct(t, r, act(seat, ActPass))
			}
		}
		if r.Ending() != Blocked || r.WentOut() != -1 {
			t.Fatalf("after the last draw: Ending() = %q, want blocked at once (nobody can play)", r.Ending())
		}
	})
	t.Run("known hands, a drawn fit kept", func(t *testing.T) {
		t.Parallel()
		r := owedRound(t, ImpossibleStaysOwed, true)
		mustAct(t, r, play(1, "5-3", "3-3"))
		for i, s := range owedBoneyard { // 3-2 is drawn last, by seat 1
			seat := r.Turn()
			mustAct(t, r, drawOf(t, seat, s), act(seat, ActPass))
			if i == len(owedBoneyard)-1 && (seat != 1 || r.Over()) {
				t.Fatalf("seat %d drew 3-2 and passed: Over() = %t, want seat 1 and false (3-2 fits)", seat, r.Over())
			}
		}
		mustAct(t, r, act(0, ActPass)) // the boneyard is empty and seat 0 has no 3
		if r.Over() {
			t.Fatalf("Ending() = %q while seat 1 holds 3-2, which fits", r.Ending())
		}
		refused(t, r, act(1, ActPass), CodeCanPlay)
		mustAct(t, r, play(1, "3-2", "3-3"))
		if r.Ending() != Blocked {
			t.Fatalf("Ending() = %q with the boneyard empty and no 3 left, want blocked", r.Ending())
		}
	})
	t.Run("unknown hands", func(t *testing.T) {
		t.Parallel()
		r := owedRound(t, ImpossibleStaysOwed, false)
		refused(t, r, play(1, "4-1", "3-4"), CodeChickieFirst)
		mustAct(t, r, play(1, "5-3", "3-3"))
		refused(t, r, play(0, "2-4", "6-2"), CodeChickieFirst)
		refused(t, r, act(0, ActPass), CodeMustDraw)
		mustAct(t, r, act(0, ActDraw), act(0, ActPass), drawOf(t, 1, "3-2"), play(1, "3-2", "3-3"))
		for r.Boneyard() > 0 {
			if r.Over() {
				t.Fatalf("the round ended with %d tiles in the boneyard", r.Boneyard())
			}
			seat := r.Turn()
			mustAct(t, r, act(seat, ActDraw), act(seat, ActPass))
		}
		// The pass after the last draw proves nothing; then a full turn.
		mustAct(t, r, act(r.Turn(), ActPass))
		if r.Over() {
			t.Fatal("blocked after one pass without drawing, want a full turn of them")
		}
		mustAct(t, r, act(r.Turn(), ActPass))
		if r.Ending() != Blocked {
			t.Fatalf("Ending() = %q after every player passed with the boneyard empty, want blocked", r.Ending())
		}
	})
	for _, known := range []bool{true, false} {
		name := map[bool]string{true: "released, known hands", false: "released, unknown hands"}[known]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := owedRound(t, ImpossibleReleased, known)
			mustAct(t, r, play(1, "4-1", "3-4"), play(0, "2-4", "6-2"))
			if r.Layout().Pending().Binding() {
				t.Fatal("a released chickie still binds play")
			}
		})
	}
}
