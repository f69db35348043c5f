package referee

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	if err := Standard().Validate(); err != nil {
		t.Fatalf("Standard().Validate() = %v", err)
	}
	for _, p := range Presets() {
		if err := p.Rules.Validate(); err != nil {
			t.Errorf("preset %s: Validate() = %v", p.Name, err)
		}
		if got, ok := PresetRules(p.Name); !ok || got != p.Rules {
			t.Errorf("PresetRules(%q) = %+v, %v, want the preset's rules", p.Name, got, ok)
		}
	}
	for _, v := range []int{0, 25, 50, 100} {
		r := Standard()
		r.DoubleBlank = v
		if err := r.Validate(); err != nil {
			t.Errorf("Validate(double_blank %d) = %v, want nil", v, err)
		}
	}
	if _, ok := PresetRules("nope"); ok {
		t.Error(`PresetRules("nope") found a preset`)
	}
	tests := []struct {
		field string
		edit  func(*Rules)
	}{
		{"set", func(r *Rules) { r.Set = 10 }},
		{"spinner_arms", func(r *Rules) { r.SpinnerArms = 5 }},
		{"double_blank", func(r *Rules) { r.DoubleBlank = 30 }},
		{"double_blank", func(r *Rules) { r.DoubleBlank = 75 }},
		{"blank_half", func(r *Rules) { r.BlankHalf = 10 }},
		{"double_out", func(r *Rules) { r.DoubleOut = -50 }},
		{"draw", func(r *Rules) { r.Draw = "twice" }},
		{"unheld_double", func(r *Rules) { r.Unheld = "" }},
		{"blocked_round", func(r *Rules) { r.Blocked = "nobody" }},
		{"last_tile", func(r *Rules) { r.LastTile = "uno" }},
		{"take_back", func(r *Rules) { r.TakeBack = "always" }},
		{"tie_break", func(r *Rules) { r.TieBreak = "coin" }},
		{"impossible_chickie", func(r *Rules) { r.Impossible = "ignore" }},
		{"rounds", func(r *Rules) { r.Rounds = 11 }},
		{"rounds", func(r *Rules) { r.Rounds = -1 }},
		{"loss_threshold", func(r *Rules) { r.LossLimit = -5 }},
		{"loss_threshold", func(r *Rules) { r.Rounds, r.LossLimit = 5, 200 }},
	}
	for _, tt := range tests {
		r := Standard()
		tt.edit(&r)
		err := r.Validate()
		var re *RulesError
		if !errors.As(err, &re) || re.Field != tt.field || !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), tt.field) {
			t.Errorf("Validate(bad %s) = %v, want a RulesError naming %s", tt.field, err, tt.field)
		}
	}
}

func TestLadder(t *testing.T) {
	t.Parallel()
	climb := func(r Rules, burned map[int]bool) []int {
		var opened []int
		for len(opened) < 40 {
			d, ok := r.NextDouble(opened)
			if !ok {
				break
			}
			if burned[d] {
				d--
			}
			opened = append(opened, d)
		}
		return opened
	}
	std := Standard()
	if got := climb(std, nil); !slices.Equal(got, []int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}) || std.RoundCount() != 10 {
		t.Errorf("double-9 ladder = %v (RoundCount %d), want 9 down to 0, 10 rounds", got, std.RoundCount())
	}
	if got := climb(std, map[int]bool{8: true}); !slices.Equal(got, []int{9, 7, 6, 5, 4, 3, 2, 1, 0}) {
		t.Errorf("ladder with 8-8 burned = %v, want 9 7 6 ... 0", got)
	}
	fixed := std
	fixed.Rounds = 3
	if got := climb(fixed, nil); !slices.Equal(got, []int{9, 8, 7}) || fixed.RoundCount() != 3 {
		t.Errorf("3-round ladder = %v, want 9 8 7", got)
	}
	loss := rulesWith(6, 4)
	loss.LossLimit = 150
	if got := climb(loss, nil)[:9]; !slices.Equal(got, []int{6, 5, 4, 3, 2, 1, 0, 6, 5}) || loss.RoundCount() != 0 {
		t.Errorf("loss-threshold ladder = %v, want it to wrap after 0", got)
	}
	if loss.GameOver([]int{6, 5}, []int{149, 20}) || !loss.GameOver([]int{6, 5}, []int{150, 20}) {
		t.Error("GameOver under a 150 threshold is wrong at 149 or 150")
	}
	if std.GameOver([]int{9, 8}, nil) || !std.GameOver(climb(std, nil), nil) {
		t.Error("GameOver on the double-9 ladder is wrong")
	}
}

func TestOpening(t *testing.T) {
	t.Parallel()
	holds := func(ds ...int) (held [MaxPips + 1]bool) {
		for _, d := range ds {
			held[d] = true
		}
		return held
	}
	burn := Standard()
	burn.Unheld = UnheldBurn
	tests := []struct {
		name  string
		rules Rules
		want  int
		held  [MaxPips + 1]bool
		got   int
		ok    bool
	}{
		{"held", Standard(), 8, holds(8), 8, true},
		{"draw for it", Standard(), 8, holds(7), 8, false},
		{"burn to next held", burn, 8, holds(5, 3), 5, true},
		{"burn finds nothing", burn, 4, holds(7), 4, false},
		{"0-0 never burned", burn, 0, holds(), 0, false},
		{"burn down to 0-0", burn, 2, holds(0), 0, true},
	}
	for _, tt := range tests {
		if got, ok := tt.rules.Opening(tt.want, tt.held); got != tt.got || ok != tt.ok {
			t.Errorf("%s: Opening(%d) = %d, %v, want %d, %v", tt.name, tt.want, got, ok, tt.got, tt.ok)
		}
	}
}

// TestLadders: the doubles each round opens on, the rounds left and the
// doubles skipped for good, under each ladder and unheld-double rule,
// from the doubles the rounds really opened on.
func TestLadders(t *testing.T) {
	t.Parallel()
	with := func(set Set, f func(*Rules)) Rules { r := Standard(); r.Set = set; f(&r); return r }
	downUp := with(6, func(r *Rules) { r.Ladder = LadderDownUp })
	burn := with(9, func(r *Rules) { r.Unheld = UnheldBurn })
	back := with(9, func(r *Rules) { r.Unheld = UnheldLowerReturn })
	loss := with(6, func(r *Rules) { r.LossLimit = 100 })
	downUp9 := with(9, func(r *Rules) { r.Ladder = LadderDownUp })
	downUpBack := with(6, func(r *Rules) { r.Ladder, r.Unheld = LadderDownUp, UnheldLowerReturn })
	downUpBurn := with(6, func(r *Rules) { r.Ladder, r.Unheld = LadderDownUp, UnheldBurn })
	tests := []struct {
		name    string
		rules   Rules
		opened  []int
		next    int
		more    bool
		left    int
		skipped []int
	}{
		{"down-up turns at 0-0", downUp, []int{6, 5, 4, 3, 2, 1, 0}, 1, true, 6, nil},
		{"down-up ends at the top", downUp, []int{6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6}, 0, false, 0, nil},
		{"down-up plans 13 rounds on double-6", downUp, nil, 6, true, 13, nil},
		{"down-up plans 19 rounds on double-9", downUp9, nil, 9, true, 19, nil},
		{"down-up, a returned double comes next", downUpBack, []int{5}, 6, true, 12, nil},
		{"down-up, returned on the way up", downUpBack, []int{6, 5, 4, 3, 2, 1, 0, 1, 3}, 2, true, 4, nil},
		{"down-up, burned on the way down", downUpBurn, []int{6, 4}, 3, true, 10, []int{5}},
		{"burned doubles are gone", burn, []int{9, 7}, 6, true, 7, []int{8}},
		{"two burned", burn, []int{7}, 6, true, 7, []int{9, 8}},
		{"a returned double comes next", back, []int{8}, 9, true, 9, nil},
		{"then the ladder goes on", back, []int{8, 9}, 7, true, 8, nil},
		{"every double once", back, []int{8, 9, 7, 6, 5, 4, 3, 2, 0, 1}, 0, false, 0, nil},
		{"a loss threshold starts again after 0-0", loss, []int{6, 5, 4, 3, 2, 1, 0}, 6, true, 0, nil},
		{"a loss threshold passes a burned double", loss, []int{6, 4}, 3, true, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			next, more := tt.rules.NextDouble(tt.opened)
			if next != tt.next || more != tt.more {
				t.Errorf("NextDouble(%v) = %d, %v, want %d, %v", tt.opened, next, more, tt.next, tt.more)
			}
			if got := tt.rules.RoundsLeft(tt.opened); got != tt.left {
				t.Errorf("RoundsLeft(%v) = %d, want %d", tt.opened, got, tt.left)
			}
			if got := tt.rules.Skipped(tt.opened); !slices.Equal(got, tt.skipped) {
				t.Errorf("Skipped(%v) = %v, want %v", tt.opened, got, tt.skipped)
			}
		})
	}
}

// TestSkippable: the doubles a round may open on when nobody holds the
// planned one, and the rounds left, under each rule and ladder.
func TestSkippable(t *testing.T) {
	t.Parallel()
	with := func(f func(*Rules)) Rules { r := Standard(); r.Set = 6; f(&r); return r }
	burn := with(func(r *Rules) { r.Unheld = UnheldBurn })
	burnUp := with(func(r *Rules) { r.Unheld, r.Ladder = UnheldBurn, LadderDownUp })
	back := with(func(r *Rules) { r.Unheld = UnheldLowerReturn })
	backUp := with(func(r *Rules) { r.Unheld, r.Ladder = UnheldLowerReturn, LadderDownUp })
	fixed := with(func(r *Rules) { r.Unheld, r.Rounds = UnheldBurn, 7 })
	lossBack := with(func(r *Rules) { r.Unheld, r.LossLimit = UnheldLowerReturn, 100 })
	tests := []struct {
		name   string
		rules  Rules
		opened []int
		want   []int
		left   int
	}{
		{"burn, down to 0-0 and no further", burn, []int{6, 5, 4}, []int{2, 1, 0}, 4},
		{"no skip under the draw rule", Standard(), nil, nil, 10},
		{"0-0's round is never skipped", burn, []int{6, 5, 4, 3, 2, 1}, nil, 1},
		{"burn on the way up: higher doubles", burnUp, []int{6, 5, 4, 3, 2, 1, 0, 1, 2}, []int{4, 5, 6}, 4},
		{"burn on the way down stops at 0-0", burnUp, []int{6, 5}, []int{3, 2, 1, 0}, 11},
		{"skipped double back: lower ones still to play", back, []int{5}, []int{4, 3, 2, 1, 0}, 6},
		{"back, on the way up", backUp, []int{6, 5, 4, 3, 2, 1, 0, 1, 2}, []int{4, 5, 6}, 4},
		{"a fixed count caps the rounds left", fixed, []int{5}, []int{3, 2, 1, 0}, 5},
		{"a loss threshold goes round again", lossBack, []int{6, 5, 4, 3, 2, 1, 0}, []int{5, 4, 3, 2, 1, 0}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.rules.Skippable(tt.opened); !slices.Equal(got, tt.want) {
				t.Errorf("Skippable(%v) = %v, want %v", tt.opened, got, tt.want)
			}
			if got := tt.rules.RoundsLeft(tt.opened); got != tt.left {
				t.Errorf("RoundsLeft(%v) = %d, want %d", tt.opened, got, tt.left)
			}
		})
	}
}

// TestLadderOpened: the doubles a game's rounds open on, from NextDouble
// and Skippable, when some doubles are unheld the times they come up: under
// UnheldBurn one round is lost per burned double, under UnheldLowerReturn
// none, and a double never opens twice on the down ladder.
func TestLadderOpened(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		ladder  LadderRule
		unheld  UnheldRule
		missing map[int][]int // double: the times it comes up unheld, from 1
		opened  []int         // nil: only the last, 6-6, is checked
		skipped []int
	}{
		{"down, burn", LadderDown, UnheldBurn, map[int][]int{4: {1}}, []int{6, 5, 3, 2, 1, 0}, []int{4}},
		{"down, lower-return", LadderDown, UnheldLowerReturn, map[int][]int{4: {1}}, []int{6, 5, 3, 4, 2, 1, 0}, nil},
		{"down-up, burn on the way down", LadderDownUp, UnheldBurn, map[int][]int{5: {1}},
			[]int{6, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6}, []int{5}},
		{"down-up, lower-return", LadderDownUp, UnheldLowerReturn, map[int][]int{5: {1}},
			[]int{6, 4, 5, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6}, nil},
		{"down, lower-return, unheld twice", LadderDown, UnheldLowerReturn, map[int][]int{5: {1, 2}},
			[]int{6, 4, 3, 5, 2, 1, 0}, nil},
		{"down-up, burn on the way up", LadderDownUp, UnheldBurn, map[int][]int{5: {2}},
			nil, []int{5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rules := rulesOn(6, func(r *Rules) { r.Ladder, r.Unheld = tt.ladder, tt.unheld })
			times := map[int]int{}
			var opened []int
			for len(opened) < 30 {
				want, more := rules.NextDouble(opened)
				if !more {
					break
				}
				times[want]++
				asked := times[want]
				d := want
				if slices.Contains(tt.missing[want], asked) { // nobody holds it: the next double offered
					next := rules.Skippable(opened)
					if len(next) == 0 {
						t.Fatalf("Skippable(%v) = none, want a double to open on instead of %d", opened, want)
					}
					d = next[0]
				}
				opened = append(opened, d)
			}
			switch {
			case tt.opened == nil && (len(opened) == 0 || opened[len(opened)-1] != 6):
				t.Errorf("rounds opened on %v, want the last on 6", opened)
			case tt.opened != nil && !slices.Equal(opened, tt.opened):
				t.Errorf("rounds opened on %v, want %v", opened, tt.opened)
			}
			if got := rules.Skipped(opened); !slices.Equal(got, tt.skipped) {
				t.Errorf("Skipped(%v) = %v, want %v", opened, got, tt.skipped)
			}
		})
	}
}
