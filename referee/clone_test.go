package referee_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"chickenfoot/referee"
)

// TestCloneActsLikeTheRound: at every step of random rounds, a clone of
// the round takes the next action, a take-back and a refused action
// exactly as a replay would have it, and the round it was cloned from is
// left as it was.
func TestCloneActsLikeTheRound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		set     referee.Set
		players int
		arms    int
	}{{6, 4, 4}, {9, 6, 4}, {12, 8, 6}} {
		rules := setRules(tc.set)
		rules.SpinnerArms = tc.arms
		for seed := uint64(1); seed <= 3; seed++ {
			d := randomRound(t, rules, tc.players, rand.New(rand.NewPCG(seed, uint64(tc.set))))
			log := d.Round.Log()
			replay := func(k int) *referee.Round {
				r, err := referee.Replay(d.Rules, d.Double, d.Deal, log[:k])
				if err != nil {
					t.Fatalf("double-%d seed %d: replaying %d actions: %v", tc.set, seed, k, err)
				}
				return r
			}
			for k := range log {
				r, as := replay(k), replay(k)
				c := r.Clone()
				if err := c.Act(referee.Action{Seat: tc.players, Kind: referee.ActPass}); err == nil {
					t.Fatalf("double-%d seed %d step %d: a pass from a seat off the table was taken", tc.set, seed, k)
				}
				if !reflect.DeepEqual(c, r) {
					t.Fatalf("double-%d seed %d step %d: a refused action changed the clone", tc.set, seed, k)
				}
				if err := c.Act(log[k]); err != nil {
					t.Fatalf("double-%d seed %d step %d: the clone refuses %v: %v", tc.set, seed, k, log[k], err)
				}
				if want := replay(k + 1); !reflect.DeepEqual(c, want) {
					t.Fatalf("double-%d seed %d step %d: after %v the clone differs from the replay", tc.set, seed, k, log[k])
				}
				if seat := log[k].Seat; log[k].Kind == referee.ActPlay && c.CanTakeBack(seat) {
					back := c.Clone()
					if err := back.Act(referee.Action{Seat: seat, Kind: referee.ActTakeBack}); err != nil {
						t.Fatalf("double-%d seed %d step %d: the clone refuses a take-back: %v", tc.set, seed, k, err)
					}
					if !reflect.DeepEqual(c, replay(k+1)) {
						t.Fatalf("double-%d seed %d step %d: a take-back on a clone of a clone changed the clone", tc.set, seed, k)
					}
					if back.Layout().String() != r.Layout().String() || back.Turn() != r.Turn() {
						t.Fatalf("double-%d seed %d step %d: the take-back left %q, turn %d; want %q, turn %d",
							tc.set, seed, k, back.Layout().String(), back.Turn(), r.Layout().String(), r.Turn())
					}
				}
				if !reflect.DeepEqual(r, as) {
					t.Fatalf("double-%d seed %d step %d: acting on the clone changed the round it came from", tc.set, seed, k)
				}
			}
		}
	}
}
