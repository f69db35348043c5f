package referee

import "fmt"

// draw takes a tile from the boneyard. Before the starting double is set
// any seat may draw, looking for it; after that only the seat to act, and
// only when it has nothing to lay.
func (r *Round) draw(a Action) error {
	if err := r.open(); err != nil {
		return err
	}
	started := r.turn >= 0
	if started {
		if err := r.onTurn(a); err != nil {
			return err
		}
	}
	if r.boneyard == 0 {
		return refusal(CodeBoneyardEmpty, "boneyard-empty", nil)
	}
	if started {
		if err := r.mayDraw(a); err != nil {
			return err
		}
	} else if err := r.mayDrawForStart(); err != nil {
		return err
	}
	if err := r.checkDrawn(a); err != nil {
		return err
	}
	r.take(a)
	if started {
		r.drew++
		r.drawn, r.seen = Tile{}, a.Drawn != nil
		if a.Drawn != nil {
			r.drawn = *a.Drawn
		}
	}
	return nil
}

// mayDraw applies the draw rule: no draw while holding a tile that fits,
// and under the draw-one rules only one draw a turn.
func (r *Round) mayDraw(a Action) error {
	rules := r.layout.rules
	if r.known {
		if t, ok := r.holdsFit(a.Seat); ok {
			return refusal(CodeCanPlay, "can-play", Params{"Name": r.who(a.Seat), "Tile": t.String()})
		}
	} else if r.seen && r.layout.Fits(r.drawn) {
		return refusal(CodeCanPlay, "can-play.drawn", Params{"Tile": r.drawn.String()})
	}
	if r.drew > 0 && rules.Draw != DrawUntilPlayable {
		return refusal(CodeAlreadyDrew, "already-drew", nil)
	}
	return nil
}

// mayDrawForStart refuses, with known hands, a draw for the starting
// double when a player already holds it.
func (r *Round) mayDrawForStart() error {
	d := r.layout.Double()
	if !r.known || r.holder[d.index()] < 0 {
		return nil
	}
	return refusal(CodeCanPlay, "can-play.start", Params{"Name": r.who(r.holder[d.index()]), "Tile": d.String()})
}

// checkDrawn checks the named drawn tile is really in the boneyard.
func (r *Round) checkDrawn(a Action) error {
	if a.Drawn == nil {
		if r.known {
			return refusal(CodeBadAction, "bad-action.drawn", nil)
		}
		return nil
	}
	t := *a.Drawn
	switch {
	case !r.layout.rules.Set.Contains(t):
		return refusal(CodeBadTile, "bad-tile.drawn", Params{"Tile": t.String(), "Set": r.layout.rules.Set.String()})
	case r.layout.Placed(t):
		return refusal(CodeAlreadyPlayed, "already-played.drawn", Params{"Tile": t.String()})
	case r.known && r.holder[t.index()] >= 0:
		return refusal(CodeNotInBoneyard, "not-in-boneyard", Params{"Tile": t.String(), "Name": r.who(r.holder[t.index()])})
	}
	return nil
}

// take moves a tile from the boneyard to a hand.
func (r *Round) take(a Action) {
	r.boneyard--
	r.count[a.Seat]++
	if r.known {
		r.holder[a.Drawn.index()] = a.Seat
	}
	r.last = nil
}

// pass ends the turn of a seat that has nothing to lay and has drawn what
// the house rule asks for.
func (r *Round) pass(a Action) error {
	if err := r.open(); err != nil {
		return err
	}
	if r.turn < 0 {
		return refusal(CodeNotStarted, "not-started", Params{"Double": r.layout.Double().String()})
	}
	if err := r.onTurn(a); err != nil {
		return err
	}
	if err := r.mayPass(a); err != nil {
		return err
	}
	r.last = nil
	passes := 0
	if r.drew == 0 {
		passes = r.passes + 1
	}
	r.turnState = turnState{turn: (a.Seat + 1) % r.deal.Players, passes: passes}
	r.settle(-1)
	return nil
}

func (r *Round) mayPass(a Action) error {
	rules := r.layout.rules
	drawnFits := r.drew > 0 && r.seen && r.layout.Fits(r.drawn)
	if drawnFits && rules.Draw != DrawOneMayPlay {
		return refusal(CodeMustPlayDrawn, "must-play-drawn", Params{"Tile": r.drawn.String()})
	}
	if r.known && !drawnFits {
		if t, ok := r.holdsFit(a.Seat); ok {
			return refusal(CodeCanPlay, "can-play.pass", Params{"Name": r.who(a.Seat), "Tile": t.String()})
		}
	}
	if r.boneyard > 0 && (r.drew == 0 || rules.Draw == DrawUntilPlayable && !drawnFits) {
		if rules.Draw == DrawUntilPlayable && r.drew > 0 {
			return refusal(CodeMustDraw, "must-draw.keep-drawing", Params{"N": r.boneyard})
		}
		return refusal(CodeMustDraw, "must-draw", Params{"N": r.boneyard})
	}
	return nil
}

// takeBack lifts the last tile laid, if its player asks before anyone
// else has acted.
func (r *Round) takeBack(a Action) error {
	if r.layout.rules.TakeBack == TakeBackNever {
		return refusal(CodeNoTakeBack, "no-take-back.never", nil)
	}
	if r.last == nil || r.last.seat != a.Seat {
		return refusal(CodeNoTakeBack, "no-take-back", nil)
	}
	m, _ := r.layout.TakeBack()
	if r.known {
		r.holder[m.Tile.index()] = a.Seat
	}
	r.count[a.Seat]++
	if m.Start {
		r.setter = -1
	}
	r.turnState = r.last.before
	r.last, r.ending, r.winner = nil, Playing, -1
	return nil
}

// penalty makes a seat that did not announce its last tile draw one.
func (r *Round) penalty(a Action) error {
	if err := r.open(); err != nil {
		return err
	}
	switch {
	case r.layout.rules.LastTile != LastTilePenalty:
		return refusal(CodeNoPenalty, "no-penalty.courtesy", nil)
	case r.count[a.Seat] != 1:
		return refusal(CodeNoPenalty, "no-penalty", Params{"Name": r.who(a.Seat), "N": r.count[a.Seat]})
	case r.boneyard == 0:
		return refusal(CodeBoneyardEmpty, "boneyard-empty.penalty", nil)
	}
	if err := r.checkDrawn(a); err != nil {
		return err
	}
	r.take(a)
	return nil
}

// Replay rebuilds a round from its log, checking every action as it was
// checked when it was taken. It fails with the index of the first action
// the rules refuse; errors.As finds the *RuleError.
func Replay(rules Rules, double int, deal Deal, log []Action) (*Round, error) {
	r, err := NewRound(rules, double, deal)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := r.Act(a); err != nil {
			return r, fmt.Errorf("action %d (%s): %w", i, a, err)
		}
	}
	return r, nil
}
