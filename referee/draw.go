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
	} else if err := r.mayDrawForStart(a); err != nil {
		return err
	}
	if err := r.checkDrawn(a); err != nil {
		return err
	}
	r.take(a)
	if !started {
		r.drewForStart(a.Seat)
		return nil
	}
	r.drew++
	r.drawn, r.seen = Tile{}, a.Drawn != nil
	if a.Drawn != nil {
		r.drawn = *a.Drawn
	}
	r.settle(-1) // the last tile drawn may leave nobody able to play
	return nil
}

// mayDraw applies the draw rule: no draw while holding a tile that fits
// (unless the house rule lets a player draw anyway), and under the
// draw-one rules only one draw a turn.
func (r *Round) mayDraw(a Action) error {
	rules := r.layout.rules
	if r.drew > 0 && rules.Draw == DrawOneThenPass {
		return refusal(CodeAlreadyDrew, "already-drew", nil)
	}
	mustPlay := rules.AbleToPlay == AbleMustPlay
	if t, ok := r.holdsFit(a.Seat); mustPlay && r.known && ok {
		return refusal(CodeCanPlay, "can-play", Params{"Name": r.who(a.Seat), "Tile": t.String()})
	}
	if mustPlay && !r.known && r.seen && r.layout.Fits(r.drawn) {
		return refusal(CodeCanPlay, "can-play.drawn", Params{"Tile": r.drawn.String()})
	}
	if r.drew > 0 && rules.Draw != DrawUntilPlayable {
		return refusal(CodeAlreadyDrew, "already-drew", nil)
	}
	return nil
}

// mayDrawForStart applies the house rule for a starting double nobody
// holds: no draws under the reshuffle rule; in turn under the draw rules
// (all at once: each player once a time round); and, with known hands,
// none while a player holds it.
func (r *Round) mayDrawForStart(a Action) error {
	d := r.layout.Double()
	p := Params{"Tile": d.String(), "Name": r.who(a.Seat)}
	switch {
	case r.known && r.holder[d.index()] >= 0:
		return refusal(CodeCanPlay, "can-play.start", Params{"Name": r.who(r.holder[d.index()]), "Tile": d.String()})
	case r.lowerHeld() != nil:
		lower := *r.lowerHeld()
		return refusal(CodeCanPlay, "can-play.lower", Params{"Name": r.who(r.holder[lower.index()]), "Tile": lower.String(), "Double": d.String()})
	case r.layout.rules.Unheld == UnheldReshuffle:
		return refusal(CodeDealAgain, "deal-again", p)
	case r.layout.rules.Unheld == UnheldDrawAll:
		if r.startDrew.has(a.Seat) {
			return refusal(CodeNotYourTurn, "draw-for-start.all", p)
		}
	case r.startNext >= 0 && r.startNext != a.Seat:
		p["Turn"] = r.who(r.startNext)
		return refusal(CodeNotYourTurn, "draw-for-start.turn", p)
	}
	return nil
}

// lowerHeld is, with known hands under a rule that opens on the next
// lower double someone holds, that double; nil otherwise.
func (r *Round) lowerHeld() *Tile {
	if !r.known {
		return nil
	}
	want := r.layout.Double().Hi
	var held [MaxPips + 1]bool
	for d := 0; d <= want; d++ {
		held[d] = r.holder[NewTile(d, d).index()] >= 0
	}
	if d, ok := r.layout.rules.Opening(want, held); ok && d != want {
		t := NewTile(d, d)
		return &t
	}
	return nil
}

// drewForStart notes seat's draw for the starting double: the next seat
// draws next, and all at once, a time round ends when everyone has drawn.
func (r *Round) drewForStart(seat int) {
	r.startNext = (seat + 1) % r.deal.Players
	r.startDrew = r.startDrew.with(seat)
	if r.startDrew == 1<<r.deal.Players-1 {
		r.startDrew = 0
	}
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
		return refusal(CodeBadTile, "bad-tile.drawn", Params{"Tile": t.String(), "Set": r.layout.rules.Set})
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
	r.caught = r.caught.without(a.Seat) // no longer down to a last tile
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
	r.nextTurn(a.Seat, false, passes)
	if r.boneyard == 0 && r.layout.rules.EmptyBoneyard == EmptyEnds {
		r.ending = Blocked // nothing to lay and nothing to draw ends the round
		return nil
	}
	r.settle(-1)
	return nil
}

func (r *Round) mayPass(a Action) error {
	rules := r.layout.rules
	drawnFits := r.drew > 0 && r.seen && r.layout.Fits(r.drawn)
	if drawnFits && (rules.Draw == DrawOneMustPlay || rules.Draw == DrawUntilPlayable) {
		return refusal(CodeMustPlayDrawn, "must-play-drawn", Params{"Tile": r.drawn.String()})
	}
	// With nothing to draw, a player who may draw instead of laying has
	// to lay after all.
	mustPlay := (rules.AbleToPlay == AbleMustPlay || r.boneyard == 0 && r.drew == 0) && !(r.drew > 0 && rules.Draw == DrawOneThenPass)
	if r.known && !drawnFits && mustPlay {
		if t, ok := r.holdsFit(a.Seat); ok {
			return refusal(CodeCanPlay, "can-play.pass", Params{"Name": r.who(a.Seat), "Tile": t.String()})
		}
	}
	if r.boneyard > 0 && (r.drew == 0 || rules.Draw == DrawUntilPlayable && !drawnFits) {
		if rules.Draw == DrawUntilPlayable && r.drew > 0 {
			return refusal(CodeMustDraw, "must-draw.keep-drawing", Params{"N": r.boneyard})
		}
		if rules.AbleToPlay == AbleMayDraw {
			return refusal(CodeMustDraw, "must-draw.may", Params{"N": r.boneyard})
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

// penalty deals with a seat caught not announcing its last tile: it draws
// one, or under LastTileSkip misses its next turn.
func (r *Round) penalty(a Action) error {
	if err := r.open(); err != nil {
		return err
	}
	rule := r.layout.rules.LastTile
	switch {
	case rule == LastTileCourtesy:
		return refusal(CodeNoPenalty, "no-penalty.courtesy", nil)
	case r.count[a.Seat] != 1:
		return refusal(CodeNoPenalty, "no-penalty", Params{"Name": r.who(a.Seat), "N": r.count[a.Seat]})
	case rule == LastTileSkip && (r.skips.has(a.Seat) || r.caught.has(a.Seat)):
		return refusal(CodeNoPenalty, "no-penalty.skipped", Params{"Name": r.who(a.Seat)})
	case rule == LastTileSkip:
		r.last, r.caught = nil, r.caught.with(a.Seat)
		if r.turn == a.Seat && r.drew == 0 {
			r.nextTurn(a.Seat, false, r.passes) // caught on its turn: it misses this one
		} else {
			r.skips = r.skips.with(a.Seat)
		}
		return nil
	case r.boneyard == 0:
		return refusal(CodeBoneyardEmpty, "boneyard-empty.penalty", nil)
	}
	if err := r.checkDrawn(a); err != nil {
		return err
	}
	r.take(a)
	r.settle(-1) // the last tile drawn may leave nobody able to play
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
