package referee

import (
	"fmt"
	"testing"
)

// TestLowerStartKnown: under the burn and lower-return rules, with known
// hands where nobody holds the round's double, the round opens on the next
// lower double someone holds, is played through to its end, and scores.
func TestLowerStartKnown(t *testing.T) {
	t.Parallel()
	for _, rule := range []UnheldRule{UnheldBurn, UnheldLowerReturn} {
		t.Run(string(rule), func(t *testing.T) {
			t.Parallel()
			// Nobody holds 6-6; seat 0 holds 5-5, the highest double held.
			r := newRound(t, rulesOn(6, func(r *Rules) { r.Unheld = rule }), 6, dealOf(t, "5-5 5-1", "5-2 4-4"))
			refused(t, r, drawOf(t, 0, "0-0"), CodeCanPlay)   // nobody draws
			refused(t, r, play(1, "5-5", ""), CodeNotInHand)  // only its holder sets it
			refused(t, r, play(1, "4-4", ""), CodeWrongStart) // not the highest held
			refused(t, r, play(0, "6-6", ""), CodeNotInHand)
			mustAct(t, r, play(0, "5-5", ""))
			if r.Layout().Double() != NewTile(5, 5) || r.Setter() != 0 || r.Turn() != 1 {
				t.Fatalf("after 5-5: Double(), Setter(), Turn() = %s, %d, %d, want 5-5, 0, 1", r.Layout().Double(), r.Setter(), r.Turn())
			}
			mustAct(t, r, play(1, "5-2", "5-5"), play(0, "5-1", "5-5"))
			if r.Ending() != Domino || r.WentOut() != 0 {
				t.Fatalf("Ending(), WentOut() = %q, %d, want domino, 0", r.Ending(), r.WentOut())
			}
			if got, ok := r.Scores(); !ok || got[0] != 0 || got[1] != 8 {
				t.Fatalf("Scores() = %v, %t, want [0 8]", got, ok)
			}
		})
	}
}

// TestLowerStartUnknown: with unknown hands the table says which double
// opens the round by setting it: a lower one under the burn and
// lower-return rules (those the deal allows, when it says), also after a
// draw for the round's own double, never under the other rules, and never
// in place of 0-0.
func TestLowerStartUnknown(t *testing.T) {
	t.Parallel()
	deal := Deal{Players: 3, HandSize: 5}
	burn := rulesOn(6, func(r *Rules) { r.Unheld = UnheldBurn })
	r := newRound(t, burn, 6, deal)
	refused(t, r, play(1, "6-5", ""), CodeWrongStart)
	mustAct(t, r, play(1, "4-4", ""))
	if r.Layout().Double() != NewTile(4, 4) || r.Turn() != 2 {
		t.Fatalf("Double(), Turn() = %s, %d, want 4-4, 2", r.Layout().Double(), r.Turn())
	}

	r = newRound(t, burn, 6, deal)
	mustAct(t, r, act(0, ActDraw), play(1, "4-4", "")) // the draw may have brought it

	ladder := deal
	ladder.Lower = []int{4, 2}
	r = newRound(t, rulesOn(6, func(r *Rules) { r.Unheld = UnheldLowerReturn }), 6, ladder)
	refused(t, r, play(0, "5-5", ""), CodeWrongStart) // already played in an earlier round
	mustAct(t, r, play(0, "2-2", ""))

	for _, rule := range []UnheldRule{UnheldDraw, UnheldDrawAll, UnheldReshuffle} {
		r := newRound(t, rulesOn(6, func(r *Rules) { r.Unheld = rule }), 6, deal)
		refused(t, r, play(0, "5-5", ""), CodeWrongStart)
	}
	r = newRound(t, burn, 0, deal)
	refused(t, r, play(0, "1-1", ""), CodeWrongStart)
}

// TestOpenings: the doubles a round may open on, its own first.
func TestOpenings(t *testing.T) {
	t.Parallel()
	burn := rulesOn(6, func(r *Rules) { r.Unheld = UnheldBurn })
	tests := []struct {
		name string
		r    *Round
		want string
	}{
		{"draw rule", newRound(t, rulesWith(6, 4), 6, Deal{Players: 2, HandSize: 5}), "6-6"},
		{"burn, unknown hands", newRound(t, burn, 4, Deal{Players: 2, HandSize: 5}), "4-4 3-3 2-2 1-1 0-0"},
		{"burn, the ladder's choice", newRound(t, burn, 4, Deal{Players: 2, HandSize: 5, Lower: []int{2, 1}}), "4-4 2-2 1-1"},
		{"burn, known hands", newRound(t, burn, 6, dealOf(t, "5-5 5-1", "5-2 4-4")), "6-6 5-5"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(tt.r.Openings()); got != "["+tt.want+"]" {
			t.Errorf("%s: Openings() = %s, want [%s]", tt.name, got, tt.want)
		}
	}
	r := newRound(t, burn, 6, Deal{Players: 2, HandSize: 5})
	mustAct(t, r, play(0, "3-3", ""))
	if got := r.Openings(); got != nil {
		t.Errorf("after the start: Openings() = %v, want none", got)
	}
}
