package referee

import "fmt"

// draw takes a tile from the boneyard. Before the starting double is set
// any seat may draw, looking for it; after that only the seat to act, and
// only when it has nothing to lay.
func (r *Round) draw(a Action) error {
	if err := r.open(a); err != nil {
		return err
	}
	started := r.turn >= 0
	if started {
		if err := r.onTurn(a, "draw"); err != nil {
			return err
		}
	}
	if r.boneyard == 0 {
		return ruleErr(CodeBoneyardEmpty, "", "", "The boneyard is empty: there is nothing left to draw, so pass instead.")
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
			return ruleErr(CodeCanPlay, t.String(), "", fmt.Sprintf("%s holds %s, which can be laid now, so there is no need to draw.", r.who(a.Seat), t))
		}
	} else if r.seen && r.layout.Fits(r.drawn) {
		return ruleErr(CodeCanPlay, r.drawn.String(), "", fmt.Sprintf("The tile just drawn, %s, can be laid now, so there is no need to draw again.", r.drawn))
	}
	if r.drew > 0 && rules.Draw != DrawUntilPlayable {
		return ruleErr(CodeAlreadyDrew, "", "", "Under this table's rules a player draws one tile a turn; lay it if it fits, or pass.")
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
	return ruleErr(CodeCanPlay, d.String(), "", fmt.Sprintf("%s holds %s and sets it down; nobody draws for it.", r.who(r.holder[d.index()]), d))
}

// checkDrawn checks the named drawn tile is really in the boneyard.
func (r *Round) checkDrawn(a Action) error {
	if a.Drawn == nil {
		if r.known {
			return ruleErr(CodeBadAction, "", "", "With the hands entered, say which tile was drawn.")
		}
		return nil
	}
	t := *a.Drawn
	switch {
	case !r.layout.rules.Set.Contains(t):
		return ruleErr(CodeBadTile, t.String(), "", fmt.Sprintf("%s is not in a %s set.", t, r.layout.rules.Set))
	case r.layout.Placed(t):
		return ruleErr(CodeAlreadyPlayed, t.String(), "", fmt.Sprintf("%s is on the table, so it can't be drawn.", t))
	case r.known && r.holder[t.index()] >= 0:
		return ruleErr(CodeNotInBoneyard, t.String(), "", fmt.Sprintf("%s is in %s's hand, not in the boneyard.", t, r.who(r.holder[t.index()])))
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
	if err := r.open(a); err != nil {
		return err
	}
	if err := r.onTurn(a, "pass"); err != nil {
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
		return ruleErr(CodeMustPlayDrawn, r.drawn.String(), "", fmt.Sprintf("The tile just drawn, %s, fits, and under this table's rules it has to be laid.", r.drawn))
	}
	if r.known && !drawnFits {
		if t, ok := r.holdsFit(a.Seat); ok {
			return ruleErr(CodeCanPlay, t.String(), "", fmt.Sprintf("%s holds %s, which can be laid now; passing is only for a player with no play.", r.who(a.Seat), t))
		}
	}
	if r.boneyard > 0 && (r.drew == 0 || rules.Draw == DrawUntilPlayable && !drawnFits) {
		if rules.Draw == DrawUntilPlayable && r.drew > 0 {
			return ruleErr(CodeMustDraw, "", "", fmt.Sprintf("Under this table's rules you keep drawing until a tile fits; %d tiles are left in the boneyard.", r.boneyard))
		}
		return ruleErr(CodeMustDraw, "", "", fmt.Sprintf("With nothing to lay, draw a tile before passing; %d tiles are left in the boneyard.", r.boneyard))
	}
	return nil
}

// takeBack lifts the last tile laid, if its player asks before anyone
// else has acted.
func (r *Round) takeBack(a Action) error {
	if r.layout.rules.TakeBack == TakeBackNever {
		return ruleErr(CodeNoTakeBack, "", "", "Under this table's rules a tile once laid stays laid.")
	}
	if r.last == nil || r.last.seat != a.Seat {
		return ruleErr(CodeNoTakeBack, "", "", "Only the last tile laid can be taken back, by the player who laid it, before anyone else acts.")
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
	if err := r.open(a); err != nil {
		return err
	}
	switch {
	case r.layout.rules.LastTile != LastTilePenalty:
		return ruleErr(CodeNoPenalty, "", "", "At this table announcing the last tile is a courtesy; there is no penalty draw.")
	case r.count[a.Seat] != 1:
		return ruleErr(CodeNoPenalty, "", "", fmt.Sprintf("The penalty is for a player with one tile left; %s holds %d.", r.who(a.Seat), r.count[a.Seat]))
	case r.boneyard == 0:
		return ruleErr(CodeBoneyardEmpty, "", "", "The boneyard is empty, so there is no tile to draw as a penalty.")
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
