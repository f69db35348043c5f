package referee_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/referee/refereetest"
)

// playersFor is a typical table for each set.
var playersFor = map[referee.Set]int{6: 4, 9: 6, 12: 8, 15: 12, 18: 16}

// randomRound plays a whole random round with known hands.
func randomRound(tb testing.TB, rules referee.Rules, players int, rng *rand.Rand) refereetest.Played {
	tb.Helper()
	p, err := refereetest.RandomRound(rules, players, rng)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func setRules(set referee.Set) referee.Rules {
	r := referee.Standard()
	r.Set = set
	return r
}

// BenchmarkPlay measures one checked play and its take-back on the layout
// of a finished round: about 15 tiles for double-6, over 100 for double-18.
func BenchmarkPlay(b *testing.B) {
	for _, set := range []referee.Set{6, 18} {
		b.Run(set.String(), func(b *testing.B) {
			var d refereetest.Played
			for seed := uint64(1); d.Round == nil || d.Round.Layout().Len() < 12*int(set)/6; seed++ {
				d = randomRound(b, setRules(set), playersFor[set], rand.New(rand.NewPCG(seed, 1)))
			}
			layout := d.Round.Layout()
			last, _ := layout.TakeBack()
			for b.Loop() {
				if err := layout.Play(last); err != nil {
					b.Fatal(err)
				}
				layout.TakeBack()
			}
			b.ReportMetric(float64(layout.Len()), "tiles")
		})
	}
}

// BenchmarkReplay rebuilds a whole double-12 round of 8 players from its log.
func BenchmarkReplay(b *testing.B) {
	d := randomRound(b, setRules(12), 8, rand.New(rand.NewPCG(7, 7)))
	log := d.Round.Log()
	for b.Loop() {
		if _, err := referee.Replay(d.Rules, d.Double, d.Deal, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "actions")
}

// BenchmarkRound deals and plays a full random round per set size.
func BenchmarkRound(b *testing.B) {
	for _, set := range referee.Sets {
		b.Run(fmt.Sprintf("%s/%d-players", set, playersFor[set]), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				randomRound(b, setRules(set), playersFor[set], rng)
			}
		})
	}
}
