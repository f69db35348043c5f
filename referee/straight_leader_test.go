package referee

import "testing"

// TestStraightRulesNextLeader works the next hand's leader out from what a
// score sheet knows of a hand: who went out, or each seat's spots after a
// block; a leader not known (-1) counts from seat 0 where the rule needs
// an order, and is kept where nobody won.
func TestStraightRulesNextLeader(t *testing.T) {
	t.Parallel()
	solo, pairs := StandardStraight().Straight, StandardStraight().Straight
	pairs.Partners = Yes
	each := solo
	each.Tie = TieEach
	for _, c := range []struct {
		name                 string
		rules                StraightRules
		players, leader, out int
		pips                 []int
		want                 int
	}{
		{"went out", solo, 3, 1, 2, []int{5, 9, 0}, 2},
		{"blocked: the fewest", solo, 3, 0, -1, []int{12, 4, 9}, 1},
		{"blocked: the winning side's fewest", pairs, 4, 1, -1, []int{10, 20, 5, 15}, 2},
		{"blocked: a tie in the side goes to the first in turn", pairs, 4, 3, -1, []int{6, 20, 6, 15}, 0},
		{"blocked: nobody won, the same leader", solo, 2, 1, -1, []int{7, 7}, 1},
		{"blocked: each tied scores, the same leader", each, 2, 0, -1, []int{7, 7}, 0},
		{"blocked: nobody won, leader not known", solo, 2, -1, -1, []int{7, 7}, -1},
		{"blocked: leader not known, counted from seat 0", pairs, 4, -1, -1, []int{3, 20, 3, 15}, 0},
	} {
		if got := c.rules.NextLeader(c.players, c.leader, c.out, c.pips); got != c.want {
			t.Errorf("%s: NextLeader(%d, %d, %d, %v) = %d, want %d", c.name, c.players, c.leader, c.out, c.pips, got, c.want)
		}
	}
}
