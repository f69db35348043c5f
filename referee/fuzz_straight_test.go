package referee_test

import (
	"testing"

	"chickenfoot/referee"
)

// FuzzStraightLine lays the tiles the bytes name (each byte pair a tile,
// an on and an end) on a Straight line under rules the first byte picks,
// and holds it to the model of playout_straight_test.go: a play is taken
// exactly when the model takes it, the count of the ends is the model's,
// what it scores is that count when it is a multiple of five, a refused
// play changes nothing, and taking every tile back empties the line.
func FuzzStraightLine(f *testing.F) {
	f.Add([]byte{0, 27, 0, 0, 20, 27, 0, 18, 27, 0, 19, 27, 3})
	f.Add([]byte{1, 5, 0, 0, 9, 5, 0, 2, 9, 1})
	f.Add([]byte{2, 0, 0, 0, 1, 0, 2, 3, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		rules := referee.StandardStraight()
		if data[0]&1 != 0 {
			rules.Straight.Spinner = referee.SpinnerAnyTime
		}
		if data[0]&2 != 0 {
			rules.Straight.Lead = referee.No
		}
		set := setTiles(6)
		line, err := referee.NewStraightLine(rules)
		if err != nil {
			t.Fatal(err)
		}
		model := newSModel(rules)
		for i := 1; i+2 < len(data); i += 3 {
			tile, on := set[int(data[i])%len(set)], set[int(data[i+1])%len(set)]
			lead := line.Len() == 0
			m := referee.StraightMove{Tile: tile, On: on, Lead: lead}
			before := line.Ends()
			score, err := line.Play(m)
			legal := lead || model.legal(tile, on)
			switch {
			case err != nil && legal:
				t.Fatalf("%s refused: %v; the model takes it", m, err)
			case err == nil && !legal:
				t.Fatalf("%s taken; the model refuses it", m)
			case err != nil:
				if line.Ends() != before {
					t.Fatalf("a refused %s changed the count", m)
				}
				continue
			}
			if lead {
				model.lead(tile)
			} else {
				model.lay(tile, on)
			}
			want := model.count()
			if score.Ends != want || line.Ends() != want {
				t.Fatalf("after %s: count %d, the model %d", m, score.Ends, want)
			}
			if points := model.points(want, lead); score.Points != points {
				t.Fatalf("after %s: scored %d, want %d", m, score.Points, points)
			}
		}
		for line.Len() > 0 {
			if _, ok := line.TakeBack(); !ok {
				t.Fatal("TakeBack failed on a line with tiles")
			}
		}
		if line.Ends() != 0 || len(line.OpenEnds()) != 0 {
			t.Fatal("an empty line still counts")
		}
	})
}
