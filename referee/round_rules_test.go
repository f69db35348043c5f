package referee

import (
	"slices"
	"testing"
)

// TestAfterStart: after the starting double the next player plays, or
// under AfterStartSetter the setter plays again.
func TestAfterStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule        AfterStartRule
		turn, other int
	}{
		{AfterStartNext, 2, 1},
		{AfterStartSetter, 1, 2},
	}
	for _, tt := range tests {
		t.Run(string(tt.rule), func(t *testing.T) {
			t.Parallel()
			rules := rulesOn(6, func(r *Rules) { r.AfterStart = tt.rule })
			r := newRound(t, rules, 6, dealOf(t, "5-5 5-4 5-3", "6-6 6-5 6-4", "6-3 6-2 4-4"))
			mustAct(t, r, play(1, "6-6", ""))
			if r.Turn() != tt.turn || r.Setter() != 1 {
				t.Fatalf("after seat 1 sets 6-6: Turn() = %d, Setter() = %d, want %d, 1", r.Turn(), r.Setter(), tt.turn)
			}
			refused(t, r, play(tt.other, map[int]string{1: "6-5", 2: "6-3"}[tt.other], "6-6"), CodeNotYourTurn)
			mustAct(t, r, play(tt.turn, map[int]string{1: "6-5", 2: "6-3"}[tt.turn], "6-6"))
			if want := (tt.turn + 1) % 3; r.Turn() != want {
				t.Fatalf("after the first arm: Turn() = %d, want %d", r.Turn(), want)
			}

			// Drawn for: whoever finds it sets it, and the rule goes on.
			r = newRound(t, rules, 6, Deal{Players: 3, HandSize: 5})
			mustAct(t, r, drawOf(t, 0, "0-0"), drawOf(t, 1, "6-6"), play(1, "6-6", ""))
			if r.Turn() != tt.turn {
				t.Fatalf("after seat 1 draws and sets 6-6: Turn() = %d, want %d", r.Turn(), tt.turn)
			}
		})
	}
}

// coverHands: seat 1 lays 4-4 on the 6-4 arm and holds 4-1 to cover it;
// seat 0 holds 4-0.
var coverHands = []string{"6-6 6-5 6-3 4-0 0-0 1-1", "6-4 6-2 4-4 4-1 2-2 3-3"}

var coverScript = []Action{
	play(0, "6-6", ""), play(1, "6-4", "6-6"), play(0, "6-5", "6-6"), play(1, "6-2", "6-6"), play(0, "6-3", "6-6"),
}

// TestCoverDouble: a new double is covered by the next player, or under
// CoverLayer by the player who laid it. The starting double is not
// covered: AfterStart decides who plays after it.
func TestCoverDouble(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule  CoverRule
		cover int
	}{
		{CoverNext, 0},
		{CoverLayer, 1},
	}
	for _, tt := range tests {
		t.Run(string(tt.rule), func(t *testing.T) {
			t.Parallel()
			rules := rulesOn(6, func(r *Rules) { r.CoverDouble = tt.rule })
			r := newRound(t, rules, 6, dealOf(t, coverHands...))
			mustAct(t, r, coverScript[0])
			if r.Turn() != 1 {
				t.Fatalf("after the starting double: Turn() = %d, want 1", r.Turn())
			}
			mustAct(t, r, coverScript[1:]...)
			mustAct(t, r, play(1, "4-4", "6-4"))
			if r.Turn() != tt.cover {
				t.Fatalf("after seat 1 lays 4-4: Turn() = %d, want %d", r.Turn(), tt.cover)
			}
			toe := map[int]string{0: "4-0", 1: "4-1"}
			refused(t, r, play(1-tt.cover, toe[1-tt.cover], "4-4"), CodeNotYourTurn)
			mustAct(t, r, play(tt.cover, toe[tt.cover], "4-4"))
			if want := 1 - tt.cover; r.Turn() != want {
				t.Fatalf("after the first toe: Turn() = %d, want %d", r.Turn(), want)
			}

			// A layer with no toe to lay draws, like anyone else.
			r = newRound(t, rules, 6, dealOf(t, coverHands...))
			mustAct(t, r, coverScript...)
			mustAct(t, r, play(1, "2-2", "6-2"))
			if tt.rule == CoverLayer {
				refused(t, r, act(1, ActPass), CodeMustDraw)
				mustAct(t, r, drawOf(t, 1, "5-5"), act(1, ActPass))
			}
			if r.Turn() != 0 {
				t.Fatalf("Turn() = %d, want 0", r.Turn())
			}
		})
	}
}

// TestAbleToPlay: a player holding a tile that fits must lay one, or under
// AbleMayDraw may draw and pass instead; passing still needs the draw.
func TestAbleToPlay(t *testing.T) {
	t.Parallel()
	hands := []string{"6-6 0-0 1-0", "6-5 4-2 3-1"}
	start := func(t *testing.T, rules Rules) *Round {
		r := newRound(t, rules, 6, dealOf(t, hands...))
		mustAct(t, r, play(0, "6-6", ""))
		return r
	}
	t.Run(string(AbleMustPlay), func(t *testing.T) {
		t.Parallel()
		r := start(t, rulesWith(6, 4))
		refused(t, r, drawOf(t, 1, "5-5"), CodeCanPlay)
		refused(t, r, act(1, ActPass), CodeCanPlay)
	})
	t.Run(string(AbleMayDraw), func(t *testing.T) {
		t.Parallel()
		r := start(t, rulesOn(6, func(r *Rules) { r.AbleToPlay = AbleMayDraw }))
		refused(t, r, act(1, ActPass), CodeMustDraw)
		mustAct(t, r, drawOf(t, 1, "5-5"))
		refused(t, r, drawOf(t, 1, "5-4"), CodeAlreadyDrew)
		mustAct(t, r, act(1, ActPass))
		if r.Turn() != 0 || r.HandCount(1) != 4 {
			t.Fatalf("Turn(), HandCount(1) = %d, %d, want 0, 4", r.Turn(), r.HandCount(1))
		}
	})
	t.Run(string(AbleMayDraw)+", a drawn fit under one-must-play", func(t *testing.T) {
		t.Parallel()
		r := start(t, rulesOn(6, func(r *Rules) { r.AbleToPlay, r.Draw = AbleMayDraw, DrawOneMustPlay }))
		mustAct(t, r, drawOf(t, 1, "6-1"))
		refused(t, r, act(1, ActPass), CodeMustPlayDrawn)
		mustAct(t, r, play(1, "6-1", "6-6"))
	})
	// With nothing to draw, the house rule's "draw and pass" can't be
	// done: a player holding a fit lays it, as under the default.
	allDealt := []string{
		"6-6 0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2",
		"6-5 6-4 6-3 6-2 6-1 6-0 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5",
	}
	for _, rule := range []AbleRule{AbleMustPlay, AbleMayDraw} {
		t.Run(string(rule)+", boneyard empty", func(t *testing.T) {
			t.Parallel()
			if rule == AbleMayDraw {
			}
			r := newRound(t, rulesOn(6, func(r *Rules) { r.AbleToPlay = rule }), 6, dealOf(t, allDealt...))
			mustAct(t, r, play(0, "6-6", ""))
			refused(t, r, act(1, ActPass), CodeCanPlay)
		})
	}
}

// TestEmptyBoneyard: once the boneyard is empty play goes on until nobody
// can play, or under EmptyEnds the first pass with nothing to draw ends
// the round.
func TestEmptyBoneyard(t *testing.T) {
	t.Parallel()
	// Seat 0 holds every 6; the boneyard holds 5-4 and 5-5.
	hands := []string{
		"6-6 6-5 6-4 6-3 6-2 6-1 6-0 0-0 1-0 1-1 2-0 2-1 2-2",
		"3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3",
	}
	tests := []struct {
		rule   EmptyBoneyardRule
		ending Ending
	}{
		{EmptyPlayOn, Playing},
		{EmptyEnds, Blocked},
	}
	for _, tt := range tests {
		t.Run(string(tt.rule), func(t *testing.T) {
			t.Parallel()
			rules := rulesOn(6, func(r *Rules) { r.EmptyBoneyard = tt.rule })
			r := newRound(t, rules, 6, dealOf(t, hands...))
			mustAct(t, r, play(0, "6-6", ""), drawOf(t, 1, "5-4"), act(1, ActPass))
			if r.Over() {
				t.Fatal("a pass with tiles left to draw ended the round")
			}
			mustAct(t, r, play(0, "6-5", "6-6"), drawOf(t, 1, "5-5"))
			if r.Over() || r.Boneyard() != 0 {
				t.Fatalf("after the last draw: Over() = %t, Boneyard() = %d, want false, 0 (seat 0 can play)", r.Over(), r.Boneyard())
			}
			mustAct(t, r, act(1, ActPass))
			if r.Ending() != tt.ending {
				t.Fatalf("after the pass with nothing to draw: Ending() = %q, want %q", r.Ending(), tt.ending)
			}
			if tt.ending == Blocked {
				if scores, ok := r.Scores(); !ok || scores[0] != 102 || scores[1] != 93 {
					t.Fatalf("Scores() = %v, %t, want [102 93], true: every hand counts", scores, ok)
				}
			}

			// Unknown hands, all dealt: the first pass ends it, or a full turn.
			r = newRound(t, rules, 6, Deal{Players: 2, HandSize: 14})
			mustAct(t, r, play(0, "6-6", ""), act(1, ActPass))
			if r.Ending() != tt.ending {
				t.Fatalf("unknown hands, after one pass: Ending() = %q, want %q", r.Ending(), tt.ending)
			}
		})
	}
}

// TestDrawOneThenPass: under DrawOneThenPass the drawn tile waits for the
// next turn, even when it fits; by default it may be laid at once.
func TestDrawOneThenPass(t *testing.T) {
	t.Parallel()
	hands := []string{"6-6 6-5 0-0", "4-2 3-1 1-1"}
	for _, known := range []bool{true, false} {
		for _, rule := range []DrawRule{DrawOneMayPlay, DrawOneThenPass} {
			name := string(rule) + map[bool]string{true: ", known hands", false: ", unknown hands"}[known]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				deal := Deal{Players: 2, HandSize: 3}
				if known {
					deal = dealOf(t, hands...)
				}
				r := newRound(t, rulesOn(6, func(r *Rules) { r.Draw = rule }), 6, deal)
				mustAct(t, r, play(0, "6-6", ""))
				refused(t, r, act(1, ActPass), CodeMustDraw)
				mustAct(t, r, drawOf(t, 1, "6-1"))
				if rule == DrawOneMayPlay {
					refused(t, r, drawOf(t, 1, "5-5"), CodeCanPlay)
					mustAct(t, r, play(1, "6-1", "6-6"))
					return
				}
				refused(t, r, play(1, "6-1", "6-6"), CodeMustPass)
				mustAct(t, r, act(1, ActPass), play(0, "6-5", "6-6"), play(1, "6-1", "6-6"))
				if r.HandCount(1) != 3 || r.Turn() != 0 {
					t.Fatalf("HandCount(1), Turn() = %d, %d, want 3, 0", r.HandCount(1), r.Turn())
				}
			})
		}
	}
	// A second draw is refused. The drawn tile can't be laid this turn,
	// so the reason is the one draw a turn, not that it can be laid.
	t.Run("second draw", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rulesOn(6, func(r *Rules) { r.Draw = DrawOneThenPass }), 6, dealOf(t, hands...))
		mustAct(t, r, play(0, "6-6", ""), drawOf(t, 1, "6-1"))
		refused(t, r, drawOf(t, 1, "5-5"), CodeAlreadyDrew)
	})
}

// TestDoubleBlank100: under the 0-0-at-100 house rule a round ending with
// the double blank in a hand charges it 100.
func TestDoubleBlank100(t *testing.T) {
	t.Parallel()
	for _, blank := range []int{50, 100} {
		rules := rulesOn(6, func(r *Rules) { r.DoubleBlank = blank })
		r := newRound(t, rules, 6, dealOf(t, "6-6 0-0 4-4", "6-5 6-4 6-3"))
		mustAct(t, r, play(0, "6-6", ""), play(1, "6-5", "6-6"), drawOf(t, 0, "2-2"), act(0, ActPass))
		mustAct(t, r, play(1, "6-4", "6-6"), drawOf(t, 0, "3-1"), act(0, ActPass), play(1, "6-3", "6-6"))
		scores, ok := r.Scores()
		if want := []int{blank + 16, 0}; !ok || !slices.Equal(scores, want) {
			t.Errorf("0-0 at %d: Scores() = %v, %t, want %v", blank, scores, ok, want)
		}
	}
}
