package referee

import "strconv"

// An ActionKind is what a seat does on its turn.
type ActionKind string

// The actions of a round.
const (
	// ActPlay lays Move.Tile; with Move.Start it sets the starting double.
	ActPlay ActionKind = "play"
	// ActDraw takes a tile from the boneyard: to look for an unheld
	// starting double before it is set, or for want of a play.
	ActDraw ActionKind = "draw"
	// ActPass ends the turn without laying a tile.
	ActPass ActionKind = "pass"
	// ActTakeBack lifts the last tile laid, by the seat that laid it,
	// before anyone else acts.
	ActTakeBack ActionKind = "take-back"
	// ActPenalty makes a seat caught not announcing its last tile draw one,
	// under LastTilePenalty.
	ActPenalty ActionKind = "penalty"
)

// An Action is one entry of a round's log.
type Action struct {
	Seat int
	Kind ActionKind
	Move Move // ActPlay
	// Drawn is the tile drawn (ActDraw, ActPenalty). It is required when
	// hands are known and optional otherwise; when given with unknown hands
	// it lets the draw rules that depend on it be checked.
	Drawn *Tile
}

// String writes the action for logs: "seat 2 plays 9-3@9-9".
func (a Action) String() string {
	s := "seat " + strconv.Itoa(a.Seat) + " "
	drawn := ""
	if a.Drawn != nil {
		drawn = " " + a.Drawn.String()
	}
	switch a.Kind {
	case ActPlay:
		return s + "plays " + a.Move.String()
	case ActDraw:
		return s + "draws" + drawn
	case ActPass:
		return s + "passes"
	case ActTakeBack:
		return s + "takes back"
	case ActPenalty:
		return s + "draws a penalty tile" + drawn
	}
	return s + string(a.Kind)
}

// Act checks a and, if the rules allow it, carries it out and adds it to
// the log. A refused action is a *RuleError and changes nothing.
func (r *Round) Act(a Action) error {
	if a.Seat < 0 || a.Seat >= r.deal.Players {
		return refusal(CodeBadSeat, "bad-seat", Params{"Seat": a.Seat, "Players": r.deal.Players})
	}
	var err error
	switch a.Kind {
	case ActPlay:
		err = r.play(a)
	case ActDraw:
		err = r.draw(a)
	case ActPass:
		err = r.pass(a)
	case ActTakeBack:
		err = r.takeBack(a)
	case ActPenalty:
		err = r.penalty(a)
	default:
		err = refusal(CodeBadAction, "bad-action", Params{"Action": string(a.Kind)})
	}
	if err != nil {
		return err
	}
	r.log = append(r.log, a)
	return nil
}

// open refuses any action once the round is over.
func (r *Round) open() error {
	switch r.ending {
	case Domino:
		return refusal(CodeRoundOver, "round-over.domino", Params{"Name": r.who(r.winner)})
	case Blocked:
		return refusal(CodeRoundOver, "round-over.blocked", nil)
	}
	return nil
}

// onTurn refuses an action of the started round by a seat other than the
// one to act.
func (r *Round) onTurn(a Action) error {
	if a.Seat != r.turn {
		return refusal(CodeNotYourTurn, "not-your-turn", Params{"Turn": r.who(r.turn), "Name": r.who(a.Seat)})
	}
	return nil
}

func (r *Round) play(a Action) error {
	if err := r.open(); err != nil {
		return err
	}
	m := a.Move
	if r.turn >= 0 { // before the start anyone may set the double; Check refuses the rest
		if err := r.onTurn(a); err != nil {
			return err
		}
	}
	lower := m.Start && r.layout.Len() == 0 && m.Tile != r.layout.Double() && r.mayOpenOn(m.Tile)
	if !lower {
		if err := r.layout.Check(m); err != nil {
			return err
		}
	}
	if r.known && r.holder[m.Tile.index()] != a.Seat {
		return refusal(CodeNotInHand, "not-in-hand", Params{"Name": r.who(a.Seat), "Tile": m.Tile.String()})
	}
	if r.drew > 0 && r.layout.rules.Draw == DrawOneThenPass {
		return refusal(CodeMustPass, "must-pass", Params{"Name": r.who(a.Seat)})
	}
	r.last = &lastPlay{seat: a.Seat, before: r.turnState}
	if lower {
		r.layout.double = m.Tile.Hi
	}
	r.layout.apply(m)
	if r.known {
		r.holder[m.Tile.index()] = -1
	}
	r.count[a.Seat]--
	if m.Start {
		r.setter = a.Seat
	}
	r.nextTurn(a.Seat, r.playsAgain(m), 0)
	r.settle(a.Seat)
	return nil
}

// playsAgain says whether the seat that laid m plays again: after setting
// the starting double under AfterStartSetter, and after laying a new
// double under CoverLayer.
func (r *Round) playsAgain(m Move) bool {
	rules := r.layout.rules
	if m.Start {
		return rules.AfterStart == AfterStartSetter
	}
	return m.Tile.Double() && rules.CoverDouble == CoverLayer
}

// nextTurn passes the turn on from seat (or keeps it there, again), past
// any player who misses a turn, and starts the new turn afresh; passes is
// the count of passes in a row so far.
func (r *Round) nextTurn(seat int, again bool, passes int) {
	t, skips := seat, r.skips
	if !again {
		t = (seat + 1) % r.deal.Players
		for skips.has(t) {
			skips = skips.without(t)
			t = (t + 1) % r.deal.Players
			passes = 0 // a missed turn proves nothing about what that player holds
		}
	}
	r.turnState = turnState{turn: t, skips: skips, passes: passes, startNext: -1}
}

// settle ends the round as every round ends: a hand is empty, or the
// boneyard is empty and nobody can lay a tile. A table where nothing can
// ever be laid again (an unfinishable obligation that stays owed, say)
// still plays on until the boneyard is drawn. With unknown hands the proof
// that nobody can play is a full turn of passes by players who had
// nothing to draw; a pass after a draw proves nothing under the
// draw-one-may-play rule.
func (r *Round) settle(seat int) {
	switch {
	case seat >= 0 && r.count[seat] == 0:
		r.ending, r.winner = Domino, seat
	case r.boneyard > 0 || r.turn < 0:
	case r.known && !r.anyoneCanPlay(), !r.known && r.passes >= r.deal.Players:
		r.ending = Blocked
	}
}

func (r *Round) anyoneCanPlay() bool {
	for i, s := range r.holder {
		if s >= 0 && r.layout.Fits(tileAt(i)) {
			return true
		}
	}
	return false
}

func (r *Round) holdsFit(seat int) (Tile, bool) {
	for i, s := range r.holder {
		if s == seat && r.layout.Fits(tileAt(i)) {
			return tileAt(i), true
		}
	}
	return Tile{}, false
}
