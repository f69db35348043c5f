package referee_test

import (
	"slices"
	"testing"

	"chickenfoot/referee"
)

func TestSheetRounds(t *testing.T) {
	t.Parallel()
	s := newSheet(t, stdOn(6, nil), 3).played(6, "out", "10", "5").playing(5, "4").sheet()
	if got := s.Current(); got == nil || got.Number != 2 {
		t.Errorf("Current() = %+v, want round 2", got)
	}
	for _, n := range []int{0, 3, -1} {
		if got := s.Round(n); got != nil {
			t.Errorf("Round(%d) = %+v, want nil", n, got)
		}
	}
	if got := s.Round(1); got == nil || got.Number != 1 || !got.Closed {
		t.Errorf("Round(1) = %+v, want the closed round 1", got)
	}
	done := newSheet(t, stdOn(6, nil), 3).played(6, "out", "10", "5").finished().sheet()
	if got := done.Current(); got != nil {
		t.Errorf("Current() after the last round closed = %+v, want nil", got)
	}
	if got := (&referee.Sheet{}).Current(); got != nil {
		t.Errorf("Current() of an empty sheet = %+v, want nil", got)
	}
}

func TestSheetRoundDouble(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name            string
		planned, opened int
		want            int
	}{
		{"not opened yet", 6, -1, 6},
		{"opened as planned", 6, 6, 6},
		{"opened lower", 6, 4, 4},
		{"the 0-0 round", 0, -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := referee.SheetRound{Planned: tc.planned, Opened: tc.opened, Setter: -1}
			if got := r.Double(); got != tc.want {
				t.Errorf("SheetRound{Planned: %d, Opened: %d}.Double() = %d, want %d", tc.planned, tc.opened, got, tc.want)
			}
		})
	}
}

func TestSheetRoundUntouched(t *testing.T) {
	t.Parallel()
	rules := stdOn(6, nil)
	tests := []struct {
		name  string
		round *sheetBuilder
		want  bool
	}{
		{"nothing recorded", newSheet(t, rules, 3).playing(6), true},
		{"an entry", newSheet(t, rules, 3).playing(6, "-", "12"), false},
		{"a went-out entry", newSheet(t, rules, 3).playing(6, "out"), false},
		{"a setter", newSheet(t, rules, 3).playing(6).setBy(2), false},
		{"tiles on the table", newSheet(t, rules, 3).playing(6).tracked(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.round.last().Untouched(); got != tc.want {
				t.Errorf("Untouched() = %t, want %t", got, tc.want)
			}
		})
	}
}

func TestSheetResult(t *testing.T) {
	t.Parallel()
	std := stdOn(6, nil)
	lowestZero := stdOn(6, func(r *referee.Rules) { r.Blocked = referee.BlockedLowestZero })
	doubleOut := stdOn(6, func(r *referee.Rules) { r.DoubleOut = 50 })
	tests := []struct {
		name    string
		rules   referee.Rules
		entries []string
		scores  []int
		wentOut int
	}{
		{"went out, the others score their hands", std, []string{"out", "10", "5"}, []int{0, 10, 5}, 0},
		{"blocked, everyone scores", std, []string{"10", "4", "7"}, []int{10, 4, 7}, -1},
		{"blocked under lowest-zero", lowestZero, []string{"10", "4", "7"}, []int{10, 0, 7}, -1},
		{"blocked under lowest-zero, lowest tied", lowestZero, []string{"4", "10", "4"}, []int{0, 10, 0}, -1},
		{"lowest-zero left alone when someone went out", lowestZero, []string{"10", "out", "4"}, []int{10, 0, 4}, 1},
		{"out on a double under double_out 50", doubleOut, []string{"10", "out*", "5"}, []int{10, 50, 5}, 1},
		{"out on a double under double_out 0", std, []string{"10", "out*", "5"}, []int{10, 0, 5}, 1},
		{"out on another tile under double_out 50", doubleOut, []string{"10", "out", "5"}, []int{10, 0, 5}, 1},
		{"out with an empty tapped hand", doubleOut, []string{"[]", "10", "5"}, []int{0, 10, 5}, 0},
		{"0-0 left in hand", std, []string{"out", "3+00", "[2-1]"}, []int{0, 53, 3}, 0},
		{"no entry scores 0", std, []string{"-", "10", "out"}, []int{0, 10, 0}, 2},
		{"no entries at all", std, nil, []int{0, 0, 0}, -1},
	}
	for _, tc := range tests {
		s := newSheet(t, tc.rules, 3).playing(6, tc.entries...).sheet()
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := s.Result(s.Rounds[0])
			if !slices.Equal(got.Scores, tc.scores) || got.WentOut != tc.wentOut {
				t.Errorf("Result(%v) = %v out %d, want %v out %d", tc.entries, got.Scores, got.WentOut, tc.scores, tc.wentOut)
			}
		})
	}
}

func TestSheetStandings(t *testing.T) {
	t.Parallel()
	std := stdOn(6, nil)
	lowestZero := stdOn(6, func(r *referee.Rules) { r.Blocked = referee.BlockedLowestZero })
	doubleOut := stdOn(6, func(r *referee.Rules) { r.DoubleOut = 50 })
	tests := []struct {
		name    string
		sheet   *referee.Sheet
		opened  []int
		totals  []int
		order   []string
		winners []int
	}{
		{"the open round does not count",
			newSheet(t, std, 3).played(6, "out", "10", "5").played(5, "8", "out", "5").playing(4, "1", "2", "out").sheet(),
			[]int{6, 5}, []int{8, 10, 10}, []string{"Ann", "Bob", "Cy"}, []int{0}},
		{"a blocked round under lowest-zero",
			newSheet(t, lowestZero, 3).played(6, "10", "4", "7").sheet(),
			[]int{6}, []int{10, 0, 7}, []string{"Bob", "Cy", "Ann"}, []int{1}},
		{"going out on a double costs 50",
			newSheet(t, doubleOut, 3).played(6, "out*", "10", "20").played(5, "5", "out", "20").sheet(),
			[]int{6, 5}, []int{55, 10, 40}, []string{"Bob", "Cy", "Ann"}, []int{1}},
		{"players with no entry score 0",
			newSheet(t, std, 3).played(6, "-", "10", "out").sheet(),
			[]int{6}, []int{0, 10, 0}, []string{"Ann", "Cy", "Bob"}, []int{0, 2}},
		{"a burned round counts at the double it opened on",
			newSheet(t, std, 3).played(4, "out", "10", "5").planned(6).sheet(),
			[]int{4}, []int{0, 10, 5}, []string{"Ann", "Cy", "Bob"}, []int{0}},
		{"nothing closed yet",
			newSheet(t, std, 2).playing(6, "3", "out").sheet(),
			nil, []int{0, 0}, []string{"Ann", "Bob"}, []int{0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.sheet.Opened(); !slices.Equal(got, tc.opened) {
				t.Errorf("Opened() = %v, want %v", got, tc.opened)
			}
			if got := tc.sheet.Totals(); !slices.Equal(got, tc.totals) {
				t.Errorf("Totals() = %v, want %v", got, tc.totals)
			}
			if got := len(tc.sheet.Results()); got != len(tc.opened) {
				t.Errorf("len(Results()) = %d, want %d", got, len(tc.opened))
			}
			out := tc.sheet.Standings()
			var order []string
			for _, row := range out.Standings {
				order = append(order, row.Name)
				if row.Total != tc.totals[row.Seat] {
					t.Errorf("Standings() total of %s = %d, want %d", row.Name, row.Total, tc.totals[row.Seat])
				}
			}
			if !slices.Equal(order, tc.order) || !slices.Equal(out.Winners, tc.winners) {
				t.Errorf("Standings() = %v winners %v, want %v winners %v", order, out.Winners, tc.order, tc.winners)
			}
		})
	}
}
