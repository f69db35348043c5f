package referee

// NextLeader is the seat that leads the hand after one that leader led at
// a table of players, from how it ended (see StraightHand.NextLeader):
// out is the seat that went out, or -1 when the hand was blocked, and
// pips each seat's spots left in hand as counted at the table. Whoever
// went out leads; in a blocked hand the seat of the winning side with the
// fewest spots, the first in turn from the leader on a tie; when nobody
// won a blocked hand, the same leader again. A score sheet kept without
// the live table knows no more than this of a hand, so it works the
// leader out here too; a leader of -1 (not known) is kept when the rule
// needs it, and counts from seat 0 otherwise.
func (s StraightRules) NextLeader(players, leader, out int, pips []int) int {
	if out >= 0 {
		return out
	}
	a := s.Blocked(pips)
	if len(a.Winners) != 1 {
		return leader
	}
	from, best := max(leader, 0), -1
	partners := s.Partnered(players)
	for k := range players {
		seat := (from + k) % players
		if SideOf(seat, players, partners) == a.Winners[0] && (best < 0 || pips[seat] < pips[best]) {
			best = seat
		}
	}
	return best
}
