package referee

import (
	"errors"
	"slices"
	"testing"
)

// lays is a lay by seat in the notation of moveOf.
func lays(t *testing.T, seat int, f string) StraightAction {
	t.Helper()
	return StraightAction{Seat: seat, Kind: ActPlay, Move: moveOf(t, f)}
}

// TestStraightHandDrawing: who may draw and pass under each draw rule.
func TestStraightHandDrawing(t *testing.T) {
	t.Parallel()
	// Ann leads 6-6; Bob holds no 6, so he draws: the boneyard is
	// everything else, 6-0 its only 6 but for the hands'.
	deal := StraightDeal{Players: 2, Names: []string{"Ann", "Bob"}, Hands: [][]Tile{
		handOf(t, "6-6 6-5 6-4 6-3 6-2 6-1 5-5"), handOf(t, "4-4 4-3 3-3 3-2 2-2 2-1 1-1")}}
	code := func(err error) Code {
		var re *RuleError
		if errors.As(err, &re) {
			return re.Code
		}
		return ""
	}
	for _, draw := range []StraightDrawRule{StraightDrawUntil, StraightDrawOne} {
		r := StandardStraight()
		r.Straight.Draw = draw
		h, err := ReplayStraight(r, deal, []StraightAction{lays(t, 0, "6-6")})
		if err != nil {
			t.Fatal(err)
		}
		if got := code(h.Act(StraightAction{Seat: 1, Kind: ActPass})); got != CodeMustDraw {
			t.Errorf("%s: a pass before drawing: %s, want must-draw", draw, got)
		}
		if got := code(h.Act(StraightAction{Seat: 1, Kind: ActDraw})); got != CodeBadAction {
			t.Errorf("%s: a draw naming no tile with the hands known: %s", draw, got)
		}
		if got := code(h.Act(StraightAction{Seat: 1, Kind: ActDraw, Drawn: &Tile{6, 5}})); got != CodeNotInBoneyard {
			t.Errorf("%s: drawing a tile from Ann's hand: %s", draw, got)
		}
		if err := h.Act(StraightAction{Seat: 1, Kind: ActDraw, Drawn: &Tile{5, 0}}); err != nil {
			t.Fatalf("%s: %v", draw, err)
		}
		pass := h.Clone().Act(StraightAction{Seat: 1, Kind: ActPass})
		again := h.Clone().Act(StraightAction{Seat: 1, Kind: ActDraw, Drawn: &Tile{6, 0}})
		switch draw {
		case StraightDrawUntil:
			if code(pass) != CodeMustDraw || again != nil {
				t.Errorf("until-playable after one miss: pass %v, draw again %v", pass, again)
			}
			h.Act(StraightAction{Seat: 1, Kind: ActDraw, Drawn: &Tile{6, 0}})
			if got := code(h.Act(StraightAction{Seat: 1, Kind: ActDraw, Drawn: &Tile{0, 0}})); got != CodeCanPlay {
				t.Errorf("drawing on with 6-0 in hand: %s, want can-play", got)
			}
			if got := code(h.Act(StraightAction{Seat: 1, Kind: ActPass})); got != CodeCanPlay {
				t.Errorf("passing with 6-0 in hand: %s, want can-play", got)
			}
		case StraightDrawOne:
			if pass != nil || code(again) != CodeAlreadyDrew {
				t.Errorf("draw-one after one miss: pass %v, draw again %v", pass, again)
			}
		}
	}
}

// TestStraightHandPartners plays a four-handed partnership hand out with
// the hands unknown (so no boneyard: everyone holds seven): the points
// made in play are the side's, and the side of the seat that goes out
// scores the opponents' spots, not the partner's.
func TestStraightHandPartners(t *testing.T) {
	t.Parallel()
	r := StandardStraight()
	r.Straight.Partners = Yes
	h, err := NewStraightHand(r, StraightDeal{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	plays := []struct {
		lay          string
		ends, points int
	}{
		{"5-5", 10, 10},     // the spinner bare on both sides
		{"5-0@5-5", 10, 10}, // bare on one side
		{"5-1@5-5", 1, 0},   // both sides covered
		{"5-2@5-5", 3, 0},   // an end
		{"5-3@5-5", 6, 0},   // the other end
		{"0-0@5-0", 6, 0},   // a blank double crosswise
		{"1-1@5-1", 7, 0},   // a crosswise double counts both halves
	}
	for i, p := range plays {
		if err := h.Act(lays(t, 0, p.lay)); err != nil {
			t.Fatalf("%s: %v", p.lay, err)
		}
		if h.Line().Ends() != p.ends || h.Scored() != p.points {
			t.Errorf("%s: ends %d, scored %d; want %d, %d", p.lay, h.Line().Ends(), h.Scored(), p.ends, p.points)
		}
		if i < len(plays)-1 {
			for _, seat := range []int{1, 2, 3} {
				if err := h.Act(StraightAction{Seat: seat, Kind: ActPass}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if h.Ending() != Domino || h.WentOut() != 0 {
		t.Fatalf("seat 0 laid its last tile: ending %q, out %d", h.Ending(), h.WentOut())
	}
	if got := h.Totals(); !slices.Equal(got, []int{20, 0}) {
		t.Errorf("totals %v, want [20 0] made in play", got)
	}
	if _, ok := h.Award(); ok {
		t.Error("an award from hands nobody entered")
	}
	// Left: seat 1 10, seat 2 (the partner) 30, seat 3 12: 22 rounds to 20.
	a := h.AwardFrom([]int{0, 10, 30, 12})
	if !slices.Equal(a.Held, []int{30, 22}) || !slices.Equal(a.Points, []int{20, 0}) {
		t.Errorf("award %+v", a)
	}
	if h.NextLeader([]int{0, 10, 30, 12}) != 0 {
		t.Errorf("next leader %d, want seat 0 who went out", h.NextLeader(nil))
	}
}

// TestStraightMuggins: a score not called may be claimed by the next
// player only, before anything else happens.
func TestStraightMuggins(t *testing.T) {
	t.Parallel()
	r := StandardStraight()
	r.Straight.Muggins = On
	deal := StraightDeal{Players: 3, Names: []string{"Ann", "Bob", "Cy"}}
	h, err := NewStraightHand(r, deal)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Act(StraightAction{Seat: 0, Kind: ActPlay, Move: moveOf(t, "5-5"), Call: 10}); err != nil || h.Points(0) != 10 {
		t.Fatalf("a called lead: %v, %d", err, h.Points(0))
	}
	if err := h.Act(StraightAction{Seat: 1, Kind: ActPlay, Move: moveOf(t, "5-0@5-5")}); err != nil || h.Points(1) != 0 || h.Uncalled() != 10 {
		t.Fatalf("an uncalled 10: %v, points %d, uncalled %d", err, h.Points(1), h.Uncalled())
	}
	if err := h.Act(StraightAction{Seat: 0, Kind: ActMuggins}); errorCode(err) != CodeNoClaim {
		t.Errorf("Ann claims out of turn: %v", err)
	}
	if err := h.Act(StraightAction{Seat: 2, Kind: ActMuggins}); err != nil || h.Points(2) != 10 || h.Scored() != 10 {
		t.Fatalf("Cy claims: %v, points %d", err, h.Points(2))
	}
	if err := h.Act(StraightAction{Seat: 2, Kind: ActMuggins}); errorCode(err) != CodeNoClaim {
		t.Errorf("a second claim: %v", err)
	}
	if err := h.Act(StraightAction{Seat: 1, Kind: ActTakeBack}); errorCode(err) != CodeNoTakeBack {
		t.Errorf("a take-back after the claim: %v", err)
	}
	if err := h.Act(StraightAction{Seat: 2, Kind: ActPlay, Move: moveOf(t, "5-3@5-5"), Call: 5}); errorCode(err) != CodeWrongCount {
		t.Errorf("calling 5 for a count of 3: %v", err)
	}
}

// TestStraightTargetAtOnce: the play that reaches the target ends the
// game there under "at-once", and not under "hand-end".
func TestStraightTargetAtOnce(t *testing.T) {
	t.Parallel()
	for _, reached := range []ReachedRule{ReachedAtOnce, ReachedHandEnd} {
		r := StandardStraight()
		r.Straight.Reached = reached
		h, err := ReplayStraight(r, StraightDeal{Players: 2, Totals: []int{245, 100}}, []StraightAction{lays(t, 0, "6-4")})
		if err != nil {
			t.Fatal(err)
		}
		side, won := h.Winner()
		switch reached {
		case ReachedAtOnce:
			if h.Ending() != TargetReached || !won || side != 0 || h.Turn() != -1 {
				t.Errorf("at-once: ending %q, winner %d %v", h.Ending(), side, won)
			}
			if _, ok := h.Award(); ok {
				t.Error("a game won at once has a hand award")
			}
		case ReachedHandEnd:
			if h.Over() || won {
				t.Errorf("hand-end: over %v, won %v", h.Over(), won)
			}
		}
	}
}

func TestFirstLeader(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		drawn string
		want  int
	}{
		{"6-5 2-2 6-6", 2}, {"6-5 1-1", 1}, {"6-5 6-4", 0}, {"5-4 6-3", 1}, {"6-3 5-4", 0}, {"0-0 6-5", 0},
		{"6-5 6-5", -1}, {"6-5", -1},
	} {
		if got := FirstLeader(handOf(t, tt.drawn)); got != tt.want {
			t.Errorf("FirstLeader(%s) = %d, want %d", tt.drawn, got, tt.want)
		}
	}
}

// TestStraightNextLeader: after a block the seat of the winning side with
// the fewest spots leads; after a tie nobody scores, the same leader.
func TestStraightNextLeader(t *testing.T) {
	t.Parallel()
	h := blockedHand(t) // four, no partners, led by seat 0
	if got := h.NextLeader([]int{9, 3, 7, 8}); got != 1 {
		t.Errorf("blocked, seat 1 fewest: next %d", got)
	}
	if got := h.NextLeader([]int{9, 3, 3, 8}); got != 0 {
		t.Errorf("blocked tie: next %d, want the same leader", got)
	}
	r := StandardStraight()
	r.Straight.Partners = Yes
	var log []StraightAction
	log = append(log, lays(t, 2, "6-6"))
	for _, s := range []int{3, 0, 1, 2} {
		log = append(log, StraightAction{Seat: s, Kind: ActPass})
	}
	p, err := ReplayStraight(r, StraightDeal{Players: 4, Leader: 2}, log)
	if err != nil || p.Ending() != Blocked {
		t.Fatalf("%v, %q", err, p.Ending())
	}
	// Sides: 0+2 hold 4, 1+3 hold 10; seat 2 holds fewer than seat 0.
	if got := p.NextLeader([]int{3, 5, 1, 5}); got != 2 {
		t.Errorf("partners blocked: next %d, want seat 2", got)
	}
	if a := p.AwardFrom([]int{3, 5, 1, 5}); !slices.Equal(a.Points, []int{10, 0}) {
		t.Errorf("partners blocked award %v", a.Points)
	}
}

// TestStraightTakeBack: the last tile laid comes back to its player's
// hand with its points, once, before anyone else acts; a clone acts
// without touching the hand it came from.
func TestStraightTakeBack(t *testing.T) {
	t.Parallel()
	deal := StraightDeal{Players: 2, Hands: [][]Tile{
		handOf(t, "5-5 5-0 6-6 6-5 6-4 6-3 6-2"), handOf(t, "4-4 4-3 3-3 3-2 2-2 2-1 5-1")}}
	h, err := ReplayStraight(StandardStraight(), deal, []StraightAction{lays(t, 0, "5-5"), lays(t, 1, "5-1@5-5")})
	if err != nil {
		t.Fatal(err)
	}
	c := h.Clone()
	if err := c.Act(StraightAction{Seat: 1, Kind: ActTakeBack}); err != nil {
		t.Fatal(err)
	}
	if c.Scored() != 0 || c.Turn() != 1 || c.HandCount(1) != 7 || c.Line().Ends() != 10 || c.Points(0) != 10 || len(c.Log()) != 3 {
		t.Errorf("after the take-back: scored %d, turn %d, count %d, ends %d, points %d, log %v",
			c.Scored(), c.Turn(), c.HandCount(1), c.Line().Ends(), c.Points(0), c.Log())
	}
	if c.CanTakeBack(0) || c.Act(StraightAction{Seat: 0, Kind: ActTakeBack}) == nil {
		t.Error("the lay before the one taken back can be taken back too")
	}
	if h.Line().Len() != 2 || h.HandCount(1) != 6 || len(h.Log()) != 2 || !h.CanTakeBack(1) {
		t.Errorf("the clone's take-back changed the hand: %d tiles laid, log %v", h.Line().Len(), h.Log())
	}
	if err := h.Act(StraightAction{Seat: 0, Kind: ActTakeBack}); errorCode(err) != CodeNoTakeBack {
		t.Errorf("taking back the other player's tile: %v", err)
	}
}
