package referee

import (
	"errors"
	"testing"
)

func tiles(t *testing.T, texts ...string) []Tile {
	t.Helper()
	out := make([]Tile, len(texts))
	for i, s := range texts {
		tile, err := ParseTile(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = tile
	}
	return out
}

func tp(t *testing.T, s string) *Tile {
	t.Helper()
	tile := tiles(t, s)[0]
	return &tile
}

func play(seat int, tile, on string) Action {
	t, _ := ParseTile(tile)
	if on == "" {
		return Action{Seat: seat, Kind: ActPlay, Move: Move{Tile: t, Start: true}}
	}
	o, _ := ParseTile(on)
	return Action{Seat: seat, Kind: ActPlay, Move: Move{Tile: t, On: o}}
}

func act(seat int, kind ActionKind) Action { return Action{Seat: seat, Kind: kind} }

// mustAct applies actions that the test expects to be accepted.
func mustAct(t *testing.T, r *Round, actions ...Action) {
	t.Helper()
	for _, a := range actions {
		if err := r.Act(a); err != nil {
			t.Fatalf("Act(%s) = %v, want accepted", a, err)
		}
	}
}

// refused checks that a is refused with code and changes nothing.
func refused(t *testing.T, r *Round, a Action, code Code) {
	t.Helper()
	before, turn, bone, logLen := r.Layout().String(), r.Turn(), r.Boneyard(), len(r.Log())
	err := r.Act(a)
	var re *RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("Act(%s) = %v, want %s", a, err, code)
	}
	if r.Layout().String() != before || r.Turn() != turn || r.Boneyard() != bone || len(r.Log()) != logLen {
		t.Fatalf("refused Act(%s) changed the round", a)
	}
}

func newRound(t *testing.T, rules Rules, double int, deal Deal) *Round {
	t.Helper()
	r, err := NewRound(rules, double, deal)
	if err != nil {
		t.Fatalf("NewRound: %v", err)
	}
	return r
}

func TestRoundUnknownHands(t *testing.T) {
	t.Parallel()
	r := newRound(t, Standard(), 9, Deal{Players: 3, HandSize: 10})
	if r.Boneyard() != 25 || r.Turn() != -1 {
		t.Fatalf("new round: boneyard %d turn %d, want 25 and -1", r.Boneyard(), r.Turn())
	}
	refused(t, r, act(0, ActPass), CodeNotStarted)
	refused(t, r, play(0, "9-3", "9-9"), CodeWrongStart)
	// Nobody holds 9-9: seats draw for it, then seat 2 sets it.
	mustAct(t, r, act(0, ActDraw), act(1, ActDraw), act(2, ActDraw), play(2, "9-9", ""))
	if r.Setter() != 2 || r.Turn() != 0 || r.Boneyard() != 22 || r.HandCount(2) != 10 {
		t.Fatalf("after set: setter %d turn %d boneyard %d hand %d, want 2, 0, 22, 10", r.Setter(), r.Turn(), r.Boneyard(), r.HandCount(2))
	}
	refused(t, r, play(1, "9-3", "9-9"), CodeNotYourTurn)
	refused(t, r, act(0, ActPass), CodeMustDraw)
	refused(t, r, act(7, ActPass), CodeBadSeat)
	refused(t, r, Action{Seat: 0, Kind: "shout"}, CodeBadAction)
	mustAct(t, r, act(0, ActDraw))
	refused(t, r, act(0, ActDraw), CodeAlreadyDrew)
	mustAct(t, r, act(0, ActPass), play(1, "9-3", "9-9"))
	refused(t, r, play(2, "3-4", "9-3"), CodeSpinnerFirst)
	if r.Turn() != 2 || r.HandCount(0) != 12 || r.HandCount(1) != 10 {
		t.Fatalf("turn %d, hands %d/%d, want seat 2, 12 and 10", r.Turn(), r.HandCount(0), r.HandCount(1))
	}
}

func TestTakeBack(t *testing.T) {
	t.Parallel()
	r := newRound(t, Standard(), 9, Deal{Players: 2, HandSize: 5})
	mustAct(t, r, play(0, "9-9", ""), play(1, "9-3", "9-9"))
	refused(t, r, act(0, ActTakeBack), CodeNoTakeBack)
	mustAct(t, r, act(1, ActTakeBack))
	if r.Turn() != 1 || r.HandCount(1) != 5 || r.Layout().String() != "9-9" {
		t.Fatalf("after take-back: turn %d hand %d layout %q, want 1, 5, 9-9", r.Turn(), r.HandCount(1), r.Layout().String())
	}
	refused(t, r, act(0, ActTakeBack), CodeNoTakeBack)
	refused(t, r, act(1, ActTakeBack), CodeNoTakeBack) // no chain of take-backs
	mustAct(t, r, play(1, "9-4", "9-9"), act(0, ActDraw))
	refused(t, r, act(1, ActTakeBack), CodeNoTakeBack) // the next player has acted
	if n := len(r.Log()); n != 5 {
		t.Fatalf("log has %d actions, want 5 (take-backs are logged)", n)
	}
	never := Standard()
	never.TakeBack = TakeBackNever
	r = newRound(t, never, 9, Deal{Players: 2, HandSize: 5})
	mustAct(t, r, play(0, "9-9", ""))
	refused(t, r, act(0, ActTakeBack), CodeNoTakeBack)
}

func TestKnownHands(t *testing.T) {
	t.Parallel()
	rules := rulesWith(6, 4)
	hands := [][]Tile{tiles(t, "6-6", "5-1", "0-0"), tiles(t, "6-5", "4-2", "3-1")}
	r := newRound(t, rules, 6, Deal{Players: 2, HandSize: 3, Hands: hands})
	refused(t, r, play(1, "6-6", ""), CodeNotInHand)
	mustAct(t, r, play(0, "6-6", ""))
	refused(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "2-2")}, CodeCanPlay)
	refused(t, r, act(1, ActPass), CodeCanPlay)
	refused(t, r, play(1, "6-4", "6-6"), CodeNotInHand)
	mustAct(t, r, play(1, "6-5", "6-6"))
	refused(t, r, act(0, ActDraw), CodeBadAction) // with known hands the drawn tile is named
	refused(t, r, Action{Seat: 0, Kind: ActDraw, Drawn: tp(t, "4-2")}, CodeNotInBoneyard)
	refused(t, r, Action{Seat: 0, Kind: ActDraw, Drawn: tp(t, "6-5")}, CodeAlreadyPlayed)
	mustAct(t, r, Action{Seat: 0, Kind: ActDraw, Drawn: tp(t, "6-0")})
	// One-may-play: the drawn 6-0 fits, but passing is allowed.
	mustAct(t, r, act(0, ActPass))
	if got := FormatMoves(r.LegalMoves(1)); got != "" {
		t.Fatalf("LegalMoves(1) = %q, want none", got)
	}
	if h := r.Hand(0); len(h) != 3 || h[0] != NewTile(6, 0) {
		t.Fatalf("Hand(0) = %v, want 6-0 5-1 0-0", h)
	}
}

func TestDrawRules(t *testing.T) {
	t.Parallel()
	hands := [][]Tile{tiles(t, "6-6", "5-1"), tiles(t, "4-2", "3-1")}
	setup := func(draw DrawRule) *Round {
		rules := rulesWith(6, 4)
		rules.Draw = draw
		r := newRound(t, rules, 6, Deal{Players: 2, HandSize: 2, Hands: hands})
		mustAct(t, r, play(0, "6-6", ""))
		return r
	}
	r := setup(DrawOneMustPlay)
	mustAct(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "6-3")})
	refused(t, r, act(1, ActPass), CodeMustPlayDrawn)
	mustAct(t, r, play(1, "6-3", "6-6"))

	r = setup(DrawUntilPlayable)
	mustAct(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "2-2")})
	refused(t, r, act(1, ActPass), CodeMustDraw)
	mustAct(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "6-1")})
	refused(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "0-0")}, CodeCanPlay)
	refused(t, r, act(1, ActPass), CodeMustPlayDrawn)
	mustAct(t, r, play(1, "6-1", "6-6"))
	if r.HandCount(1) != 3 {
		t.Fatalf("HandCount(1) = %d, want 3", r.HandCount(1))
	}
}

func TestRoundEndings(t *testing.T) {
	t.Parallel()
	t.Run("domino", func(t *testing.T) {
		t.Parallel()
		hands := [][]Tile{tiles(t, "6-6", "0-0"), tiles(t, "6-5", "4-2")}
		r := newRound(t, rulesWith(6, 4), 6, Deal{Players: 2, HandSize: 2, Hands: hands})
		mustAct(t, r, play(0, "6-6", ""), play(1, "6-5", "6-6"))
		mustAct(t, r, Action{Seat: 0, Kind: ActDraw, Drawn: tp(t, "6-0")}, play(0, "6-0", "6-6"))
		mustAct(t, r, Action{Seat: 1, Kind: ActDraw, Drawn: tp(t, "6-2")}, play(1, "6-2", "6-6"))
		mustAct(t, r, Action{Seat: 0, Kind: ActDraw, Drawn: tp(t, "6-4")}, play(0, "6-4", "6-6"))
		mustAct(t, r, play(1, "4-2", "6-2"))
		if r.Ending() != Domino || r.WentOut() != 1 || r.Turn() != -1 {
			t.Fatalf("Ending() = %q, WentOut() = %d, want domino by seat 1", r.Ending(), r.WentOut())
		}
		scores, ok := r.Scores()
		if !ok || scores[0] != 50 || scores[1] != 0 {
			t.Fatalf("Scores() = %v, %v, want [50 0]", scores, ok)
		}
		refused(t, r, act(0, ActPass), CodeRoundOver)
		mustAct(t, r, act(1, ActTakeBack))
		if r.Over() {
			t.Fatal("taking back the last tile did not reopen the round")
		}
	})
	t.Run("blocked by passes", func(t *testing.T) {
		t.Parallel()
		r := newRound(t, rulesWith(6, 4), 6, Deal{Players: 2, HandSize: 14})
		mustAct(t, r, play(0, "6-6", ""), act(1, ActPass))
		if r.Over() {
			t.Fatal("blocked after one pass, want two in a row")
		}
		mustAct(t, r, act(0, ActPass))
		if r.Ending() != Blocked {
			t.Fatalf("Ending() = %q, want blocked", r.Ending())
		}
		if _, ok := r.Scores(); ok {
			t.Fatal("Scores() reported scores for unknown hands")
		}
	})
	t.Run("a stuck chickie stays owed until the boneyard is drawn", func(t *testing.T) {
		t.Parallel()
		// 2 players of 12 on double-6 leave 4 in the boneyard. Once 3-3 is
		// laid no tile off the table shows a 3, so nothing can ever be
		// laid: still, the round ends only when the boneyard is empty and
		// a full turn of players has passed.
		r := newRound(t, rulesWith(6, 4), 6, Deal{Players: 2, HandSize: 12})
		moves, _ := ParseMoves(stuckChickie)
		for i, m := range moves {
			mustAct(t, r, Action{Seat: i % 2, Kind: ActPlay, Move: m})
		}
		if !r.Layout().Stuck() || !r.Layout().Pending().Impossible {
			t.Fatal("the chickie 3-3 is not seen as unfinishable")
		}
		for r.Boneyard() > 0 {
			if r.Over() {
				t.Fatalf("the round ended with %d tiles in the boneyard", r.Boneyard())
			}
			seat := r.Turn()
			mustAct(t, r, act(seat, ActDraw), act(seat, ActPass))
		}
		mustAct(t, r, act(r.Turn(), ActPass))
		if r.Over() {
			t.Fatal("blocked after one pass with the boneyard empty, want a full turn of them")
		}
		mustAct(t, r, act(r.Turn(), ActPass))
		if r.Ending() != Blocked {
			t.Fatalf("Ending() = %q after everyone passed with the boneyard empty, want blocked", r.Ending())
		}
	})
}

func TestPenalty(t *testing.T) {
	t.Parallel()
	rules := rulesWith(6, 4)
	r := newRound(t, rules, 6, Deal{Players: 2, HandSize: 2})
	mustAct(t, r, play(0, "6-6", ""))
	refused(t, r, act(0, ActPenalty), CodeNoPenalty)
	rules.LastTile = LastTilePenalty
	r = newRound(t, rules, 6, Deal{Players: 2, HandSize: 2})
	mustAct(t, r, play(0, "6-6", ""))
	refused(t, r, act(1, ActPenalty), CodeNoPenalty) // seat 1 holds two
	mustAct(t, r, act(0, ActPenalty))
	if r.HandCount(0) != 2 || r.Boneyard() != 23 || r.Turn() != 1 {
		t.Fatalf("after penalty: hand %d boneyard %d turn %d, want 2, 23, 1", r.HandCount(0), r.Boneyard(), r.Turn())
	}
}

func TestNewRoundErrors(t *testing.T) {
	t.Parallel()
	bad := []Deal{
		{Players: 1, HandSize: 7},
		{Players: 4, HandSize: 8},
		{Players: 2, HandSize: 0},
		{Players: 2, HandSize: 1, Hands: [][]Tile{{{6, 6}}}},
		{Players: 2, HandSize: 1, Hands: [][]Tile{{{6, 6}}, {{6, 6}}}},
		{Players: 2, HandSize: 1, Hands: [][]Tile{{{6, 6}}, {{7, 1}}}},
		{Players: 2, HandSize: 1, Hands: [][]Tile{{{6, 6}}, {}}},
	}
	for _, d := range bad {
		if _, err := NewRound(rulesWith(6, 4), 6, d); !errors.Is(err, ErrRules) {
			t.Errorf("NewRound(%+v) error = %v, want ErrRules", d, err)
		}
	}
}

func TestReplay(t *testing.T) {
	t.Parallel()
	r := newRound(t, Standard(), 9, Deal{Players: 3, HandSize: 8})
	mustAct(t, r, play(0, "9-9", ""), play(1, "9-3", "9-9"), act(2, ActDraw), act(2, ActPass),
		play(0, "9-4", "9-9"), act(0, ActTakeBack), play(0, "9-5", "9-9"))
	again, err := Replay(Standard(), 9, Deal{Players: 3, HandSize: 8}, r.Log())
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if again.Layout().String() != r.Layout().String() || again.Turn() != r.Turn() || again.Boneyard() != r.Boneyard() {
		t.Fatalf("Replay gives %q turn %d boneyard %d, want %q turn %d boneyard %d",
			again.Layout(), again.Turn(), again.Boneyard(), r.Layout(), r.Turn(), r.Boneyard())
	}
	log := append(r.Log(), play(0, "1-1", "9-9"))
	_, err = Replay(Standard(), 9, Deal{Players: 3, HandSize: 8}, log)
	var re *RuleError
	if !errors.As(err, &re) || re.Code != CodeNotYourTurn {
		t.Fatalf("Replay of a bad log = %v, want not-your-turn", err)
	}
}
