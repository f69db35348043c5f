package refereetest

import (
	"math/rand/v2"
	"testing"

	"chickenfoot/referee"
)

func TestRandomRound(t *testing.T) {
	t.Parallel()
	for _, set := range referee.Sets {
		rules := referee.Standard()
		rules.Set = set
		p, err := RandomRound(rules, 4, rand.New(rand.NewPCG(1, uint64(set))))
		if err != nil {
			t.Fatalf("%s: %v", set, err)
		}
		r := p.Round
		if !r.Over() || len(r.Log()) == 0 {
			t.Fatalf("%s: over %v after %d actions", set, r.Over(), len(r.Log()))
		}
		if r.Ending() == referee.Domino && len(r.Hand(r.WentOut())) != 0 {
			t.Fatalf("%s: seat %d went out holding tiles", set, r.WentOut())
		}
		again, err := referee.Replay(p.Rules, p.Double, p.Deal, r.Log())
		if err != nil || again.Layout().String() != r.Layout().String() {
			t.Fatalf("%s: Replay = %v, %v", set, again, err)
		}
	}
}
