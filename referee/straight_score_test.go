package referee

import (
	"slices"
	"testing"
)

func TestRoundToFive(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n               int
		nearest, up, dn int
	}{
		{0, 0, 0, 0}, {1, 0, 5, 0}, {2, 0, 5, 0}, {3, 5, 5, 0}, {4, 5, 5, 0}, {5, 5, 5, 5},
		{12, 10, 15, 10}, {13, 15, 15, 10}, {14, 15, 15, 10}, {16, 15, 20, 15}, {27, 25, 30, 25},
		{28, 30, 30, 25}, {100, 100, 100, 100}, {-3, 0, 0, 0},
	}
	for _, tt := range tests {
		for rule, want := range map[RoundingRule]int{RoundNearest: tt.nearest, RoundUp: tt.up, RoundDown: tt.dn} {
			if got := RoundToFive(tt.n, rule); got != want {
				t.Errorf("RoundToFive(%d, %s) = %d, want %d", tt.n, rule, got, want)
			}
		}
	}
}

func TestCountedAndPlayPoints(t *testing.T) {
	t.Parallel()
	s := StandardStraight().Straight
	f := s
	f.Count = CountFives
	for _, tt := range []struct{ ends, points, fives int }{
		{0, 0, 0}, {5, 5, 1}, {8, 0, 0}, {10, 10, 2}, {15, 15, 3}, {20, 20, 4}, {23, 0, 0}, {-5, 0, 0},
	} {
		if got := s.PlayPoints(tt.ends); got != tt.points {
			t.Errorf("PlayPoints(%d) = %d, want %d", tt.ends, got, tt.points)
		}
		if got := f.PlayPoints(tt.ends); got != tt.fives {
			t.Errorf("PlayPoints(%d) one per five = %d, want %d", tt.ends, got, tt.fives)
		}
	}
}

func TestSides(t *testing.T) {
	t.Parallel()
	if got := Sides(4, true); !slices.EqualFunc(got, [][]int{{0, 2}, {1, 3}}, slices.Equal) {
		t.Errorf("Sides(4, partners) = %v", got)
	}
	if got := Sides(3, true); !slices.EqualFunc(got, [][]int{{0}, {1}, {2}}, slices.Equal) {
		t.Errorf("Sides(3, partners) = %v: partners play four-handed only", got)
	}
	for seat, want := range []int{0, 1, 0, 1} {
		if got := SideOf(seat, 4, true); got != want {
			t.Errorf("SideOf(%d, 4, partners) = %d, want %d", seat, got, want)
		}
	}
	if SideOf(2, 4, false) != 2 {
		t.Error("SideOf(2, 4, no partners) is not seat 2")
	}
}

func TestStraightAwards(t *testing.T) {
	t.Parallel()
	std := StandardStraight().Straight
	with := func(edit func(*StraightRules)) StraightRules { s := std; edit(&s); return s }
	partners := with(func(s *StraightRules) { s.Partners = Yes })
	each := with(func(s *StraightRules) { s.Tie = TieEach })
	fives := with(func(s *StraightRules) { s.Count = CountFives })
	up := with(func(s *StraightRules) { s.Rounding = RoundUp })
	tests := []struct {
		name    string
		rules   StraightRules
		pips    []int
		out     int // the seat that went out, or -1 for a blocked hand
		held    []int
		raw     []int
		points  []int
		tie     bool
		winners []int
	}{
		{"two players, 13 left rounds to 15", std, []int{0, 13}, 0, []int{0, 13}, []int{13, 0}, []int{15, 0}, false, []int{0}},
		{"three players, opponents' pips add up", std, []int{7, 0, 5}, 1, []int{7, 0, 5}, []int{0, 12, 0}, []int{0, 10, 0}, false, []int{1}},
		{"partner's pips not counted", partners, []int{0, 8, 30, 9}, 0, []int{30, 17}, []int{17, 0}, []int{15, 0}, false, []int{0}},
		{"partners, seat 3 goes out", partners, []int{4, 20, 4, 0}, 3, []int{8, 20}, []int{0, 8}, []int{0, 10}, false, []int{1}},
		{"partners off with four: everyone for themselves", std, []int{0, 8, 30, 9}, 0, []int{0, 8, 30, 9}, []int{47, 0, 0, 0}, []int{45, 0, 0, 0}, false, []int{0}},
		{"one per five", fives, []int{0, 13}, 0, []int{0, 13}, []int{13, 0}, []int{3, 0}, false, []int{0}},
		{"rounding up", up, []int{0, 11}, 0, []int{0, 11}, []int{11, 0}, []int{15, 0}, false, []int{0}},
		{"two spots round to nothing", std, []int{0, 2}, 0, []int{0, 2}, []int{2, 0}, []int{0, 0}, false, []int{0}},
		{"blocked: fewest scores the others", std, []int{6, 9, 12}, -1, []int{6, 9, 12}, []int{21, 0, 0}, []int{20, 0, 0}, false, []int{0}},
		{"blocked: the lowest's own pips are not scored", std, []int{14, 3}, -1, []int{14, 3}, []int{0, 14}, []int{0, 15}, false, []int{1}},
		{"blocked tie, nobody scores", std, []int{6, 6, 12}, -1, []int{6, 6, 12}, []int{0, 0, 0}, []int{0, 0, 0}, true, nil},
		{"blocked tie, each tied scores the rest", each, []int{6, 6, 12}, -1, []int{6, 6, 12}, []int{18, 18, 0}, []int{20, 20, 0}, true, []int{0, 1}},
		{"blocked, partners by sides' totals", partners, []int{2, 9, 10, 1}, -1, []int{12, 10}, []int{0, 12}, []int{0, 10}, false, []int{1}},
		{"blocked, partners tie", partners, []int{5, 9, 6, 2}, -1, []int{11, 11}, []int{0, 0}, []int{0, 0}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a Award
			if tt.out >= 0 {
				a = tt.rules.WentOut(tt.pips, tt.out)
			} else {
				a = tt.rules.Blocked(tt.pips)
			}
			if !slices.Equal(a.Held, tt.held) || !slices.Equal(a.Raw, tt.raw) || !slices.Equal(a.Points, tt.points) || a.Tie != tt.tie {
				t.Errorf("award = %+v, want held %v raw %v points %v tie %v", a, tt.held, tt.raw, tt.points, tt.tie)
			}
			if !slices.Equal(a.Winners, tt.winners) {
				t.Errorf("Winners = %v, want %v", a.Winners, tt.winners)
			}
		})
	}
}

func TestStraightWinner(t *testing.T) {
	t.Parallel()
	std := StandardStraight().Straight
	end := std
	end.Reached = ReachedHandEnd
	tests := []struct {
		name     string
		rules    StraightRules
		totals   []int
		handOver bool
		side     int
		won      bool
	}{
		{"nobody there yet", std, []int{240, 245}, false, -1, false},
		{"reached mid-hand wins at once", std, []int{250, 200}, false, 0, true},
		{"over the target", std, []int{100, 265, 90}, false, 1, true},
		{"mid-hand under hand-end", end, []int{260, 200}, false, -1, false},
		{"hand over, highest over the target", end, []int{255, 270}, true, 1, true},
		{"hand over, level at the top plays on", end, []int{255, 255}, true, -1, false},
		{"hand over, nobody there", end, []int{200, 10}, true, -1, false},
	}
	for _, tt := range tests {
		if side, won := tt.rules.Winner(tt.totals, tt.handOver); side != tt.side || won != tt.won {
			t.Errorf("%s: Winner(%v, %v) = %d, %v, want %d, %v", tt.name, tt.totals, tt.handOver, side, won, tt.side, tt.won)
		}
	}
	fives := std
	fives.Count = CountFives
	if _, won := fives.Winner([]int{60, 0}, false); won {
		t.Error("60 wins a game to 61 counting fives")
	}
	if side, won := fives.Winner([]int{0, 61}, false); !won || side != 1 {
		t.Error("61 does not win a game counting fives")
	}
}

func TestLeader(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		totals   []int
		side, by int
	}{
		{[]int{10, 25, 5}, 1, 15}, {[]int{30, 30}, -1, 0}, {[]int{0, 0, 5}, 2, 5}, {[]int{40}, 0, 0}, {nil, -1, 0},
		{[]int{30, 30, 40}, 2, 10},
	} {
		if side, by := Leader(tt.totals); side != tt.side || by != tt.by {
			t.Errorf("Leader(%v) = %d by %d, want %d by %d", tt.totals, side, by, tt.side, tt.by)
		}
	}
}
