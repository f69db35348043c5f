package referee

import (
	"errors"
	"slices"
	"testing"
)

// fourNight is a night of Ann, Bob and Cy where Dee joined from round 2
// and Bob left after round 2; rounds 1 and 2 are closed, round 3 is open.
func fourNight(missed Missed) Sheet {
	s := Sheet{Rules: Standard(), Players: []string{"Ann", "Bob", "Cy", "Dee"}, HandSize: 10,
		Seats: []Stay{{From: 1}, {From: 1, Until: 2, Missed: missed}, {From: 1}, {From: 2, Missed: missed}}}
	typed := func(pips int) *Entry { return &Entry{Pips: pips, Score: pips} }
	out := &Entry{WentOut: true}
	s.Rounds = []SheetRound{
		{Number: 1, Planned: 9, Opened: 9, Setter: 0, Closed: true, Entries: []*Entry{out, typed(10), typed(21), nil}},
		{Number: 2, Planned: 8, Opened: 8, Setter: 1, Closed: true, Entries: []*Entry{typed(5), typed(30), out, typed(14)}},
		{Number: 3, Planned: 7, Opened: -1, Setter: -1, Entries: make([]*Entry, 4)},
	}
	return s
}

func TestMissedRounds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		missed Missed
		// round 1: Dee missed it (Ann 0, Bob 10, Cy 21); round 3 is open,
		// and Bob's fill there is from nothing entered yet.
		totals []int
	}{
		// Dee gets 21 for round 1: the highest of 0, 10 and 21.
		{MissedHighest, []int{5, 40, 21, 35}},
		// (0+10+21)/3 = 10.33: 10.
		{MissedAverage, []int{5, 40, 21, 24}},
		{MissedZero, []int{5, 40, 21, 14}},
	} {
		t.Run(string(tc.missed), func(t *testing.T) {
			s := fourNight(tc.missed)
			if got := s.Totals(); !slices.Equal(got, tc.totals) {
				t.Errorf("Totals() = %v, want %v", got, tc.totals)
			}
			res := s.Result(s.Rounds[0])
			if !slices.Equal(res.Away, []int{3}) || res.WentOut != 0 {
				t.Errorf("round 1: Away %v, WentOut %d; want [3] and 0", res.Away, res.WentOut)
			}
		})
	}
	// The average rounds half up: 7 and 8 make 7.5, counted 8.
	if got := MissedAverage.fill([]int{7, 8}); got != 8 {
		t.Errorf("average of 7 and 8 = %d, want 8", got)
	}
}

// A player who missed a blocked round never wins it, even on nothing.
func TestMissedBlockedRound(t *testing.T) {
	t.Parallel()
	s := Sheet{Rules: Standard(), Players: []string{"Ann", "Bob", "Cy"}, HandSize: 10,
		Seats: []Stay{{From: 1}, {From: 1}, {From: 2, Missed: MissedZero}}}
	s.Rules.Blocked = BlockedLowestZero
	s.Rounds = []SheetRound{{Number: 1, Planned: 9, Opened: 9, Setter: 0, Closed: true,
		Entries: []*Entry{{Pips: 4, Score: 4}, {Pips: 9, Score: 9}, nil}}}
	res := s.Result(s.Rounds[0])
	// Ann is lowest among those who played: 0 under the house rule; Cy, away, counts 0 too.
	if !slices.Equal(res.Scores, []int{0, 9, 0}) {
		t.Errorf("Scores = %v, want [0 9 0]", res.Scores)
	}
	if w := res.Winners(); !slices.Equal(w, []int{0}) {
		t.Errorf("Winners() = %v, want Ann's seat only", w)
	}
}

func TestSeatedTable(t *testing.T) {
	t.Parallel()
	s := fourNight(MissedHighest)
	for n, want := range map[int][]int{1: {0, 1, 2}, 2: {0, 1, 2, 3}, 3: {0, 2, 3}} {
		if got := s.Seated(n); !slices.Equal(got, want) {
			t.Errorf("Seated(%d) = %v, want %v", n, got, want)
		}
	}
	d := s.Deal(3)
	if d.Players != 3 || !slices.Equal(d.Names, []string{"Ann", "Cy", "Dee"}) {
		t.Errorf("Deal(3) = %d players %v, want Ann, Cy and Dee", d.Players, d.Names)
	}
	if s.TableSeat(3, 3) != 2 || s.TableSeat(3, 1) != -1 || s.SheetSeat(3, 2) != 3 || s.SheetSeat(3, 3) != -1 {
		t.Error("round 3: Dee sits at table seat 2, Bob at none")
	}
	// Dee sets 7-7 down at the table (table seat 2): the sheet records her seat, 3.
	_, eff, err := s.Act(3, nil, Action{Seat: 2, Kind: ActPlay, Move: Move{Tile: NewTile(7, 7), Start: true}})
	if err != nil || eff.Setter != 3 {
		t.Fatalf("Dee starts round 3: setter %d, %v; want 3", eff.Setter, err)
	}
	// Recorded so, the start replays as Dee's: Ann (table seat 0) is next.
	s.Rounds[2].Setter = 3
	rr, err := s.Replay(3, []Action{{Seat: 0, Kind: ActPlay, Move: Move{Tile: NewTile(7, 7), Start: true}}})
	if err != nil || rr.Turn() != 0 {
		t.Fatalf("replayed round 3: turn %d, %v; want table seat 0 (Ann)", rr.Turn(), err)
	}
	// Bob left: he has no entry for round 3, and none is needed to close it.
	if err := s.CheckEntry(3, 1, Entry{Pips: 3, Score: 3}); !isCode(err, CodeNotPlaying) {
		t.Errorf("Bob's entry for round 3: %v, want %s", err, CodeNotPlaying)
	}
	if err := s.CheckOpening(3, 7, 1); !isCode(err, CodeNotPlaying) {
		t.Errorf("Bob sets round 3's double: %v, want %s", err, CodeNotPlaying)
	}
	for _, seat := range []int{0, 2, 3} {
		s.Rounds[2].Entries[seat] = &Entry{Pips: 2, Score: 2}
	}
	s.Rounds[2].Entries[0] = &Entry{WentOut: true}
	if err := s.CloseProblem(3); err != nil {
		t.Errorf("round 3 with Ann, Cy and Dee entered: %v, want it closable", err)
	}
}

func TestJoinAndLeave(t *testing.T) {
	t.Parallel()
	s := fourNight(MissedHighest)
	// Round 3 is untouched: a newcomer plays it, and a leaver leaves before it.
	if got := s.JoinRound(); got != 3 {
		t.Errorf("JoinRound() = %d, want 3", got)
	}
	if l, err := s.CheckLeave(0); err != nil || l != (Leaving{Last: 2}) {
		t.Errorf("Ann leaves: %+v, %v; want after round 2", l, err)
	}
	s.Rounds[2].Setter = 0
	if got := s.JoinRound(); got != 4 {
		t.Errorf("JoinRound() once round 3 started = %d, want 4", got)
	}
	if l, err := s.CheckLeave(3); err != nil || l != (Leaving{Last: 3}) {
		t.Errorf("Dee leaves during round 3: %+v, %v; want after round 3", l, err)
	}
	// Eve joins from round 4, then goes before playing: her seat goes.
	s.Players = append(s.Players, "Eve")
	s.Seats = append(s.Seats, Stay{From: 4})
	if l, err := s.CheckLeave(4); err != nil || !l.Remove {
		t.Errorf("Eve leaves before her first round: %+v, %v; want her seat removed", l, err)
	}
	// Two players stay at least.
	s.Seats[0].Until, s.Seats[4].Until = 3, 3
	if _, err := s.CheckLeave(2); !isCode(err, CodeTooFewLeft) {
		t.Errorf("Cy leaves with Dee alone after: %v, want %s", err, CodeTooFewLeft)
	}
}

// TestJoinHand: a player joins with the hand size as it is where the set
// has the tiles, else with the usual hand for the bigger table.
func TestJoinHand(t *testing.T) {
	t.Parallel()
	s := fourNight(MissedHighest) // round 3 is Ann, Cy and Dee's, untouched
	s.HandSize = 15               // three hands of 15 from double-9's 55
	hand, err := s.CheckJoin("Eve")
	want, _ := SuggestHand(9, 4)
	if err != nil || hand != want.Tiles || hand >= 15 {
		t.Errorf("Eve joins three hands of 15 on double-9: hand %d, %v; want the usual %d for four", hand, err, want.Tiles)
	}
	s.HandSize = 10
	if hand, err := s.CheckJoin("Eve"); err != nil || hand != 10 {
		t.Errorf("Eve joins three hands of 10: hand %d, %v; want 10 still", hand, err)
	}
	s.Rounds[2].HandSize = 12
	if d := s.Deal(3); d.HandSize != 12 {
		t.Errorf("round 3 dealt %d each, want its own 12", d.HandSize)
	}
}

func isCode(err error, c Code) bool {
	var re *RuleError
	return errors.As(err, &re) && re.Code == c
}

// seatRefusals are the refusals of joining and leaving, for
// TestRefusalMessages.
func seatRefusals(t *testing.T) []refusalCase {
	t.Helper()
	s := fourNight(MissedHighest)
	_, badMissed := ParseMissed("twice")
	over := fourNight(MissedHighest)
	over.Finished = true
	// Five at double-6 (round 3: Ann, Cy, Dee and Eve, then Fay): 28 tiles
	// hold no five hands of 6, nor of the fewest a hand may have (5) with
	// a boneyard left.
	full := fourNight(MissedHighest)
	full.Rules.Set, full.HandSize = 6, 6
	full.Players, full.Seats = append(full.Players, "Eve"), append(full.Seats, Stay{From: 3})
	join := func(s Sheet, name string) error { _, err := s.CheckJoin(name); return err }
	left := func() error { _, err := s.CheckLeave(1); return err }
	two := fourNight(MissedHighest)
	two.Seats[0].Until = 2
	tooFew := func() error { _, err := two.CheckLeave(2); return err }
	return []refusalCase{
		{"missed-round rule unknown", "missed", badMissed},
		{"join a finished night", "sheet.game-over", join(over, "Eve")},
		{"join under a name taken", "join-taken", join(s, "cy")},
		{"join a full table", "join-full", join(full, "Fay")},
		{"leave twice", "sheet.left-already", left()},
		{"leave two behind", "leave-too-few", tooFew()},
		{"score a missed round", "not-playing", s.CheckEntry(3, 1, Entry{Pips: 3, Score: 3})},
	}
}
