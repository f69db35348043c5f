package referee

import (
	"fmt"
	"slices"
	"testing"
)

func TestTileScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		blank, half int
		tile        Tile
		want        int
	}{
		{50, 0, Tile{}, 50},
		{100, 0, Tile{}, 100},
		{100, 25, Tile{}, 100},
		{25, 0, Tile{}, 25},
		{0, 0, Tile{}, 0},
		{50, 0, Tile{9, 3}, 12},
		{50, 25, Tile{5, 0}, 30},
		{50, 25, Tile{}, 50},
		{50, 25, Tile{12, 12}, 24},
	}
	for _, tt := range tests {
		r := Standard()
		r.DoubleBlank, r.BlankHalf = tt.blank, tt.half
		if got := r.TileScore(tt.tile); got != tt.want {
			t.Errorf("TileScore(%s) with 0-0=%d, blank half=%d = %d, want %d", tt.tile, tt.blank, tt.half, got, tt.want)
		}
	}
	r := Standard()
	if got := r.HandScore([]Tile{{}, {4, 3}}); got != 57 {
		t.Errorf("HandScore(0-0 4-3) = %d, want 57", got)
	}
	if got := r.TypedScore(7, true); got != 57 {
		t.Errorf("TypedScore(7, 0-0 held) = %d, want 57", got)
	}
}

func TestAdjust(t *testing.T) {
	t.Parallel()
	r := Standard()
	if got := r.Adjust([]int{12, 3, 3}, -1, false); !slices.Equal(got, []int{12, 3, 3}) {
		t.Errorf("Adjust under all-score = %v, want unchanged", got)
	}
	r.Blocked = BlockedLowestZero
	if got := r.Adjust([]int{12, 3, 3}, -1, false); !slices.Equal(got, []int{12, 0, 0}) {
		t.Errorf("Adjust blocked lowest-zero = %v, want [12 0 0]", got)
	}
	if got := r.Adjust([]int{12, 0, 3}, 1, true); !slices.Equal(got, []int{12, 0, 3}) {
		t.Errorf("Adjust with no double-out rule = %v, want unchanged", got)
	}
	r.DoubleOut = 50
	if got := r.Adjust([]int{12, 0, 3}, 1, true); !slices.Equal(got, []int{12, 50, 3}) {
		t.Errorf("Adjust out on a double = %v, want [12 50 3]", got)
	}
	if got := r.RoundScores([][]Tile{{{0, 0}}, {}}, 1, false); !slices.Equal(got, []int{50, 0}) {
		t.Errorf("RoundScores = %v, want [50 0]", got)
	}
}

func TestRoundWinners(t *testing.T) {
	t.Parallel()
	if got := (Result{Scores: []int{5, 0, 9}, WentOut: 1}).Winners(); !slices.Equal(got, []int{1}) {
		t.Errorf("Winners(went out) = %v, want [1]", got)
	}
	if got := (Result{Scores: []int{5, 7, 5}, WentOut: -1}).Winners(); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("Winners(blocked) = %v, want [0 2]", got)
	}
}

func TestStandings(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Bob", "Cy"}
	res := func(out int, scores ...int) Result { return Result{Scores: scores, WentOut: out} }
	tests := []struct {
		name    string
		tie     TieBreak
		results []Result
		winners []int
		places  string // place of each seat
		reason  string
	}{
		{"clear win", TieZeroRounds, []Result{res(0, 0, 12, 30), res(1, 20, 0, 5)},
			[]int{1}, "Ann:2 Bob:1 Cy:3", "Bob is lowest with 12, 8 ahead of Ann."},
		{"zero rounds decide", TieZeroRounds, []Result{res(0, 0, 5, 50), res(1, 10, 0, 50), res(0, 0, 5, 9)},
			[]int{0}, "Ann:1 Bob:2 Cy:3", "Ann and Bob tied on 10; Ann had 2 zero rounds, Bob 1."},
		{"lowest round decides", TieZeroRounds, []Result{res(0, 0, 4, 9), res(1, 7, 0, 9), res(-1, 3, 6, 9)},
			[]int{0}, "Ann:1 Bob:2 Cy:3", "Ann and Bob tied on 10; each with 1 zero round, so the lowest non-zero round decides: Ann's was 3, Bob's 4."},
		{"still level", TieZeroRounds, []Result{res(0, 0, 5, 9), res(1, 5, 0, 9)},
			[]int{0, 1}, "Ann:1 Bob:1 Cy:3", "Ann and Bob tied on 5, and the tie-break (most zero rounds, then lowest round) leaves them level, so they share first place."},
		{"shared", TieShared, []Result{res(0, 0, 10, 50), res(1, 10, 0, 50), res(0, 0, 0, 9)},
			[]int{0, 1}, "Ann:1 Bob:1 Cy:3", "Ann and Bob tied on 10 and share first place."},
		{"most out", TieMostOut, []Result{res(0, 0, 3, 50), res(0, 0, 4, 50), res(1, 7, 0, 9)},
			[]int{0}, "Ann:1 Bob:2 Cy:3", "Ann and Bob tied on 7; Ann went out in 2 rounds, Bob in 1."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := Standard()
			r.TieBreak = tt.tie
			got := r.Standings(names, tt.results)
			if !slices.Equal(got.Winners, tt.winners) {
				t.Errorf("Winners = %v, want %v", got.Winners, tt.winners)
			}
			places := map[string]int{}
			for _, s := range got.Standings {
				places[s.Name] = s.Place
			}
			if p := fmt.Sprintf("Ann:%d Bob:%d Cy:%d", places["Ann"], places["Bob"], places["Cy"]); p != tt.places {
				t.Errorf("places = %s, want %s", p, tt.places)
			}
			if got.Reason() != tt.reason {
				t.Errorf("Reason = %q,\nwant %q", got.Reason(), tt.reason)
			}
		})
	}
}
