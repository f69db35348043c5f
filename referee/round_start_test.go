package referee

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestFirstRotates: under FirstRotates the round's double is set in the
// middle before the deal, so it is in no hand and not in the boneyard,
// and Deal.First plays first.
func TestFirstRotates(t *testing.T) {
	t.Parallel()
	rotate := func(set Set) Rules { return rulesOn(set, func(r *Rules) { r.FirstPlayer = FirstRotates }) }
	counts := []struct {
		set               Set
		players, hand     int
		holder, rotateBay int // boneyard under each rule: size − players×hand, one fewer
	}{
		{9, 4, 10, 15, 14},
		{6, 2, 7, 14, 13},
		{6, 3, 9, 1, 0},
		{12, 8, 9, 19, 18},
	}
	for _, c := range counts {
		deal := Deal{Players: c.players, HandSize: c.hand}
		if r := newRound(t, rulesWith(c.set, 4), int(c.set), deal); r.Boneyard() != c.holder {
			t.Errorf("double-%d, %d×%d, holder starts: Boneyard() = %d, want %d", c.set, c.players, c.hand, r.Boneyard(), c.holder)
		}
		if r := newRound(t, rotate(c.set), int(c.set), deal); r.Boneyard() != c.rotateBay {
			t.Errorf("double-%d, %d×%d, set aside: Boneyard() = %d, want %d", c.set, c.players, c.hand, r.Boneyard(), c.rotateBay)
		}
	}

	r := newRound(t, rotate(9), 5, Deal{Players: 4, HandSize: 10, First: 2})
	if r.Turn() != 2 || r.Layout().String() != "5-5" {
		t.Fatalf("Turn(), Layout() = %d, %q, want 2, 5-5 set", r.Turn(), r.Layout())
	}
	for s := range 4 {
		if r.MayDrawForStart(s) {
			t.Errorf("MayDrawForStart(%d) = true with the double set before the deal", s)
		}
	}
	refused(t, r, play(0, "5-3", "5-5"), CodeNotYourTurn)
	refused(t, r, play(2, "5-5", ""), CodeAlreadyPlayed)
	refused(t, r, act(1, ActDraw), CodeNotYourTurn)
	mustAct(t, r, play(2, "5-3", "5-5"))
	if r.Turn() != 3 {
		t.Fatalf("after seat 2's arm: Turn() = %d, want 3", r.Turn())
	}

	// Under the default the same deal waits for the holder; First is unused.
	if r := newRound(t, rulesWith(9, 4), 5, Deal{Players: 4, HandSize: 10, First: 2}); r.Turn() != -1 || r.Layout().Len() != 0 {
		t.Fatalf("holder starts: Turn(), Len() = %d, %d, want -1, 0", r.Turn(), r.Layout().Len())
	}
}

// TestFirstRotatesDeal: known hands may not hold the double set aside, and
// every other tile is in a hand or the boneyard.
func TestFirstRotatesDeal(t *testing.T) {
	t.Parallel()
	rotate := rulesOn(6, func(r *Rules) { r.FirstPlayer = FirstRotates })
	held := dealOf(t, "6-6 5-1", "4-2 3-1")
	if _, err := NewRound(rotate, 6, held); !errors.Is(err, ErrRules) {
		t.Errorf("NewRound(set aside 6-6, a hand holding it) = %v, want ErrRules", err)
	}
	if _, err := NewRound(rulesWith(6, 4), 6, held); err != nil {
		t.Errorf("NewRound(holder starts, a hand holding 6-6) = %v, want a round", err)
	}
	bad := []Deal{
		{Players: 2, HandSize: 14},           // 28 tiles, but only 27 to deal
		{Players: 2, HandSize: 7, First: 2},  // no seat 2
		{Players: 2, HandSize: 7, First: -1}, // no seat -1
	}
	for _, d := range bad {
		if _, err := NewRound(rotate, 6, d); !errors.Is(err, ErrRules) {
			t.Errorf("NewRound(set aside, %+v) = %v, want ErrRules", d, err)
		}
	}
	r := newRound(t, rotate, 6, dealOf(t, "5-1 4-2", "6-5 3-1"))
	bone := r.BoneyardTiles()
	if len(bone) != 23 || r.Boneyard() != 23 || slices.Contains(bone, NewTile(6, 6)) {
		t.Fatalf("BoneyardTiles() = %d tiles (Boneyard() %d), want the 23 not dealt, without 6-6", len(bone), r.Boneyard())
	}
	refused(t, r, drawOf(t, 0, "6-6"), CodeAlreadyPlayed)
	mustAct(t, r, drawOf(t, 0, "2-2"), act(0, ActPass), play(1, "6-5", "6-6"))
}

// mayDraw lists the seats MayDrawForStart allows, as "0 2".
func mayDraw(r *Round) string {
	out := ""
	for s := range r.Players() {
		if r.MayDrawForStart(s) {
			out += fmt.Sprint(s, " ")
		}
	}
	return out
}

// TestMayDrawForStart: who may draw for a starting double nobody holds,
// under each rule, with hands unknown (anyone first, then seat order).
func TestMayDrawForStart(t *testing.T) {
	t.Parallel()
	type step struct {
		draw int    // the seat drawing, or -1 to draw nothing
		want string // the seats allowed after it
	}
	tests := []struct {
		rule  UnheldRule
		steps []step
		code  Code // for seat 0 drawing at the end
	}{
		{UnheldDraw, []step{{-1, "0 1 2 "}, {1, "2 "}, {2, "0 "}, {0, "1 "}}, CodeNotYourTurn},
		{UnheldBurn, []step{{-1, "0 1 2 "}, {2, "0 "}, {0, "1 "}}, CodeNotYourTurn},
		{UnheldLowerReturn, []step{{-1, "0 1 2 "}, {0, "1 "}, {1, "2 "}}, CodeNotYourTurn},
		{UnheldDrawAll, []step{{-1, "0 1 2 "}, {1, "0 2 "}, {0, "2 "}, {2, "0 1 2 "}, {0, "1 2 "}}, CodeNotYourTurn},
		{UnheldReshuffle, []step{{-1, ""}}, CodeDealAgain},
	}
	for _, tt := range tests {
		t.Run(string(tt.rule), func(t *testing.T) {
			t.Parallel()
			r := newRound(t, rulesOn(6, func(r *Rules) { r.Unheld = tt.rule }), 6, Deal{Players: 3, HandSize: 5})
			for _, s := range tt.steps {
				if s.draw >= 0 {
					mustAct(t, r, act(s.draw, ActDraw))
				}
				if got := mayDraw(r); got != s.want {
					t.Fatalf("after seat %d draws: MayDrawForStart allows %q, want %q", s.draw, got, s.want)
				}
			}
			refused(t, r, act(0, ActDraw), tt.code)
			if tt.rule != UnheldReshuffle {
				mustAct(t, r, play(0, "6-6", ""))
				if got := mayDraw(r); got != "" {
					t.Fatalf("after 6-6 is set: MayDrawForStart allows %q, want nobody", got)
				}
			}
		})
	}
	t.Run("empty boneyard", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rulesWith(6, 4), 6, Deal{Players: 2, HandSize: 14})
		if got := mayDraw(r); got != "" {
			t.Fatalf("MayDrawForStart allows %q with nothing to draw, want nobody", got)
		}
		refused(t, r, act(0, ActDraw), CodeBoneyardEmpty)
	})
}

// TestMayDrawForStartKnown: with known hands the holder of the highest tile
// draws first under the in-turn rules, then the next seats, until the
// double turns up; all at once, everyone once a time round.
func TestMayDrawForStartKnown(t *testing.T) {
	t.Parallel()
	// 5-5 and 6-4 both show 10: the double ranks first.
	hands := []string{"6-4 1-0", "2-1 3-0", "5-5 2-0"}
	tests := []struct {
		rule  UnheldRule
		first string
		after string // after the first drawer draws 0-0
	}{
		{UnheldDraw, "2 ", "0 "},
		{UnheldBurn, "", ""},        // 5-5 is held: the round opens on it, and nobody draws
		{UnheldLowerReturn, "", ""}, // likewise
		{UnheldDrawAll, "0 1 2 ", "0 1 "},
		{UnheldReshuffle, "", ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.rule), func(t *testing.T) {
			t.Parallel()
			r := newRound(t, rulesOn(6, func(r *Rules) { r.Unheld = tt.rule }), 6, dealOf(t, hands...))
			if got := mayDraw(r); got != tt.first {
				t.Fatalf("MayDrawForStart allows %q, want %q", got, tt.first)
			}
			switch tt.rule {
			case UnheldReshuffle:
				refused(t, r, drawOf(t, 2, "0-0"), CodeDealAgain)
				return
			case UnheldBurn, UnheldLowerReturn:
				refused(t, r, drawOf(t, 2, "0-0"), CodeCanPlay)
				return
			}
			if tt.rule != UnheldDrawAll {
				refused(t, r, drawOf(t, 1, "6-6"), CodeNotYourTurn)
			}
			mustAct(t, r, drawOf(t, 2, "0-0"))
			if got := mayDraw(r); got != tt.after {
				t.Fatalf("after seat 2 draws: MayDrawForStart allows %q, want %q", got, tt.after)
			}
			mustAct(t, r, drawOf(t, 0, "6-6"))
			if got := mayDraw(r); got != "" {
				t.Fatalf("with 6-6 drawn: MayDrawForStart allows %q, want nobody", got)
			}
			refused(t, r, drawOf(t, 1, "5-4"), CodeCanPlay)
			mustAct(t, r, play(0, "6-6", ""))
		})
	}
}

// TestHigherFirst: who draws first with known hands, by Higher: more pips,
// then a double above a single, then the higher number.
func TestHigherFirst(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hands []string
		first string
	}{
		{[]string{"5-4", "6-4"}, "1 "},
		{[]string{"6-4", "5-5"}, "1 "},
		{[]string{"6-1", "5-2"}, "0 "},
		{[]string{"4-3", "5-2", "6-1"}, "2 "},
		{[]string{"0-0 1-0", "2-0 1-1"}, "1 "},
	}
	for _, tt := range tests {
		r := newRound(t, rulesWith(6, 4), 6, dealOf(t, tt.hands...))
		if got := mayDraw(r); got != tt.first {
			t.Errorf("hands %q: MayDrawForStart allows %q, want %q", tt.hands, got, tt.first)
		}
	}
	pairs := []struct {
		a, b string
		want bool
	}{
		{"6-4", "5-4", true}, {"5-5", "6-4", true}, {"6-4", "5-5", false},
		{"6-1", "5-2", true}, {"5-2", "6-1", false}, {"3-3", "3-3", false}, {"1-0", "0-0", true},
	}
	for _, p := range pairs {
		a, b := tiles(t, p.a, p.b)[0], tiles(t, p.a, p.b)[1]
		if got := Higher(a, b); got != p.want {
			t.Errorf("Higher(%s, %s) = %t, want %t", a, b, got, p.want)
		}
	}
}
