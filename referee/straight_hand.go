package referee

import (
	"fmt"
	"slices"
)

// ActMuggins claims the score the previous player left uncalled, under
// muggins; Straight only.
const ActMuggins ActionKind = "muggins"

// TargetReached ends a Straight hand the moment a side's total reaches
// the target, when the house ends the game at once.
const TargetReached Ending = "target"

// StraightHandSize is how many tiles each player draws for a hand.
const StraightHandSize = 7

// A StraightDeal says how a hand of Straight was dealt and where the game
// stands as it starts.
type StraightDeal struct {
	Players  int      // 2, 3 or 4
	HandSize int      // 0: StraightHandSize
	Hands    [][]Tile // by seat; nil when unknown (real tiles on a real table)
	Names    []string // by seat, for the referee's messages; optional
	Leader   int      // the seat that leads (see FirstLeader and NextLeader)
	// Totals is each side's total before the hand, in the rules' count,
	// so that reaching the target can end the game at once; nil is 0.
	Totals []int
}

// A StraightAction is one entry of a Straight hand's log.
type StraightAction struct {
	Seat  int
	Kind  ActionKind // ActPlay, ActDraw, ActPass, ActTakeBack or ActMuggins
	Move  StraightMove
	Drawn *Tile // ActDraw: required when the hands are known
	// Call is, under muggins, the score called with a lay, as the ends
	// count it (0: none called). Without muggins every play scores
	// anyway and Call is not looked at.
	Call int
}

// String writes the action for logs: "seat 2 lays 6-3@6-6".
func (a StraightAction) String() string {
	s := fmt.Sprintf("seat %d ", a.Seat)
	switch a.Kind {
	case ActPlay:
		return s + "lays " + a.Move.String()
	case ActDraw:
		if a.Drawn != nil {
			return s + "draws " + a.Drawn.String()
		}
		return s + "draws"
	case ActPass:
		return s + "passes"
	case ActTakeBack:
		return s + "takes back"
	case ActMuggins:
		return s + "claims muggins"
	}
	return s + string(a.Kind)
}

// A StraightHand is one hand of Straight played by seats 0 to Players-1:
// the line, the turn, the boneyard, the hands (known or only counted),
// the points made in play and the log of accepted actions. Seats act
// through Act; ReplayStraight rebuilds a hand from its log.
type StraightHand struct {
	line     *StraightLine
	deal     StraightDeal
	known    bool
	holder   []int // by Tile.index: the seat holding it, or -1 (known hands)
	count    []int // tiles in hand by seat
	boneyard int
	turn     int
	drew     int  // tiles drawn by the seat to act this turn
	drawn    Tile // the last of them, when seen
	seen     bool
	passes   int   // passes in a row made with the boneyard empty
	points   []int // by seat: points made in play, in the rules' count
	log      []StraightAction
	undo     *StraightHand // the hand before the last lay, while it may be taken back
	layer    int           // the seat that may take it back, or -1
	scored   int           // what the last accepted action scored, in the rules' count
	uncalled int           // under muggins: the last lay's score left uncalled, as the ends count it
	claimer  int           // the seat that may claim it, or -1
	ending   Ending
	out      int // the seat that went out, or -1
}

// NewStraightHand starts a hand of Straight under rules. It fails when the
// rules are not a valid Straight night's, the table is not of 2 to 4, the
// hands don't fit the set, or known hands are the wrong size or share a
// tile.
func NewStraightHand(rules Rules, deal StraightDeal) (*StraightHand, error) {
	line, err := NewStraightLine(rules)
	if err != nil {
		return nil, err
	}
	if deal.HandSize == 0 {
		deal.HandSize = StraightHandSize
	}
	size := rules.Set.Size()
	switch {
	case deal.Players < 2 || deal.Players > 4:
		return nil, badDeal("rules.deal.straight-players", Params{"N": deal.Players})
	case deal.HandSize < 1 || deal.Players*deal.HandSize > size:
		return nil, badDeal("rules.deal.too-big", Params{"N": deal.Players, "Size": deal.HandSize, "Set": rules.Set, "Tiles": size})
	case deal.Leader < 0 || deal.Leader >= deal.Players:
		return nil, badDeal("rules.deal.lead", Params{"Seat": deal.Leader, "N": deal.Players})
	case deal.Totals != nil && len(deal.Totals) != len(Sides(deal.Players, rules.Straight.Partnered(deal.Players))):
		return nil, badDeal("rules.deal.totals", Params{"Totals": len(deal.Totals), "Sides": len(Sides(deal.Players, rules.Straight.Partnered(deal.Players)))})
	}
	h := &StraightHand{line: line, deal: deal, count: make([]int, deal.Players), points: make([]int, deal.Players),
		boneyard: size - deal.Players*deal.HandSize, turn: deal.Leader, layer: -1, claimer: -1, out: -1}
	for s := range h.count {
		h.count[s] = deal.HandSize
	}
	if deal.Hands != nil {
		if err := h.seat(deal.Hands); err != nil {
			return nil, err
		}
	}
	return h, nil
}

func (h *StraightHand) seat(hands [][]Tile) error {
	set := h.line.rules.Set
	if len(hands) != h.deal.Players {
		return badDeal("rules.deal.hands", Params{"Hands": len(hands), "N": h.deal.Players})
	}
	h.known = true
	h.holder = slices.Repeat([]int{-1}, set.Size())
	for s, hand := range hands {
		if len(hand) != h.deal.HandSize {
			return badDeal("rules.deal.hand-size", Params{"Seat": s, "Held": len(hand), "Size": h.deal.HandSize})
		}
		for _, t := range hand {
			if !set.Contains(t) {
				return badDeal("rules.deal.not-in-set", Params{"Seat": s, "Tile": t.String(), "Set": set})
			}
			if h.holder[t.index()] >= 0 {
				return badDeal("rules.deal.twice", Params{"Tile": t.String()})
			}
			h.holder[t.index()] = s
		}
	}
	return nil
}

// ReplayStraight rebuilds a hand from its deal and log, as a live table
// stores it; it fails on the first action the rules refuse.
func ReplayStraight(rules Rules, deal StraightDeal, log []StraightAction) (*StraightHand, error) {
	h, err := NewStraightHand(rules, deal)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if err := h.Act(a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i+1, a, err)
		}
	}
	return h, nil
}

// Act checks a and, if the rules allow it, carries it out and adds it to
// the log. A refused action is a *RuleError and changes nothing.
func (h *StraightHand) Act(a StraightAction) error {
	if a.Seat < 0 || a.Seat >= h.deal.Players {
		return refusal(CodeBadSeat, "bad-seat", Params{"Seat": a.Seat, "Players": h.deal.Players})
	}
	var err error
	switch a.Kind {
	case ActPlay:
		err = h.lay(a)
	case ActDraw:
		err = h.draw(a)
	case ActPass:
		err = h.pass(a)
	case ActTakeBack:
		err = h.takeBack(a)
	case ActMuggins:
		err = h.claim(a)
	default:
		err = refusal(CodeBadAction, "straight.bad-action", Params{"Action": string(a.Kind)})
	}
	if err != nil {
		return err
	}
	h.log = append(h.log, a)
	return nil
}

// who names a seat in messages: the player's name, else "seat 2".
func (h *StraightHand) who(seat int) any {
	if seat >= 0 && seat < len(h.deal.Names) && h.deal.Names[seat] != "" {
		return h.deal.Names[seat]
	}
	return Phrase{"seat", Params{"Seat": seat}}
}

// open refuses any action once the hand is over.
func (h *StraightHand) open() error {
	switch h.ending {
	case Domino:
		return refusal(CodeRoundOver, "straight.over.domino", Params{"Name": h.who(h.out)})
	case Blocked:
		return refusal(CodeRoundOver, "straight.over.blocked", nil)
	case TargetReached:
		side, _ := h.Winner()
		return refusal(CodeRoundOver, "straight.over.target", Params{"Name": h.who(h.Sides()[side][0]), "Goal": h.line.rules.Straight.Goal()})
	}
	return nil
}

// onTurn refuses an action by a seat other than the one to act, and
// anything but the lead before it.
func (h *StraightHand) onTurn(a StraightAction) error {
	if a.Seat != h.turn {
		if h.line.Len() == 0 {
			return refusal(CodeNotYourTurn, "straight.lead-turn", Params{"Turn": h.who(h.turn), "Name": h.who(a.Seat)})
		}
		return refusal(CodeNotYourTurn, "not-your-turn", Params{"Turn": h.who(h.turn), "Name": h.who(a.Seat)})
	}
	if h.line.Len() == 0 && a.Kind != ActPlay {
		return refusal(CodeLeadFirst, "straight.lead-act", Params{"Name": h.who(a.Seat)})
	}
	return nil
}

func (h *StraightHand) lay(a StraightAction) error {
	if err := h.open(); err != nil {
		return err
	}
	if err := h.onTurn(a); err != nil {
		return err
	}
	m := a.Move
	if err := h.line.Check(m); err != nil {
		return err
	}
	if h.known && h.holder[m.Tile.index()] != a.Seat {
		return refusal(CodeNotInHand, "not-in-hand", Params{"Name": h.who(a.Seat), "Tile": m.Tile.String()})
	}
	muggins := h.line.rules.Straight.Muggins == On
	if muggins && a.Call != 0 {
		try := h.line.clone()
		s, _ := try.Play(m)
		if a.Call != tablePoints(s) {
			return refusal(CodeWrongCount, "straight.wrong-count", Params{"Name": h.who(a.Seat), "Called": a.Call, "Ends": s.Ends})
		}
	}
	before := h.state()
	before.undo, before.layer = nil, -1 // once taken back, nothing earlier can be
	s, _ := h.line.Play(m)
	if h.known {
		h.holder[m.Tile.index()] = -1
	}
	h.count[a.Seat]--
	h.scored, h.uncalled, h.claimer = s.Points, 0, -1
	if muggins && a.Call == 0 && s.Points > 0 {
		h.scored, h.uncalled, h.claimer = 0, tablePoints(s), (a.Seat+1)%h.deal.Players
	}
	h.points[a.Seat] += h.scored
	h.undo, h.layer = before, a.Seat
	h.drew, h.seen, h.passes = 0, false, 0
	h.turn = (a.Seat + 1) % h.deal.Players
	h.settle(a.Seat)
	return nil
}

// tablePoints is what a play's score is as the ends count it, before the
// rules' count: 15 for a score of 15, or of 3 counting fives.
func tablePoints(s Score) int {
	if s.Points == 0 {
		return 0
	}
	return s.Ends
}

func (h *StraightHand) draw(a StraightAction) error {
	if err := h.open(); err != nil {
		return err
	}
	if err := h.onTurn(a); err != nil {
		return err
	}
	if h.boneyard == 0 {
		return refusal(CodeBoneyardEmpty, "boneyard-empty", nil)
	}
	if t, ok := h.holdsFit(a.Seat); ok {
		return refusal(CodeCanPlay, "can-play", Params{"Name": h.who(a.Seat), "Tile": t.String()})
	}
	if !h.known && h.seen && h.line.Fits(h.drawn) {
		return refusal(CodeCanPlay, "can-play.drawn", Params{"Tile": h.drawn.String()})
	}
	if h.drew > 0 && h.line.rules.Straight.Draw == StraightDrawOne {
		return refusal(CodeAlreadyDrew, "already-drew", nil)
	}
	if err := h.checkDrawn(a); err != nil {
		return err
	}
	h.boneyard--
	h.count[a.Seat]++
	if h.known {
		h.holder[a.Drawn.index()] = a.Seat
	}
	h.drew++
	h.drawn, h.seen = Tile{}, a.Drawn != nil
	if a.Drawn != nil {
		h.drawn = *a.Drawn
	}
	h.acted()
	h.settle(-1)
	return nil
}

func (h *StraightHand) checkDrawn(a StraightAction) error {
	if a.Drawn == nil {
		if h.known {
			return refusal(CodeBadAction, "bad-action.drawn", nil)
		}
		return nil
	}
	t, set := *a.Drawn, h.line.rules.Set
	switch {
	case !set.Contains(t):
		return refusal(CodeBadTile, "bad-tile.drawn", Params{"Tile": t.String(), "Set": set})
	case h.line.Placed(t):
		return refusal(CodeAlreadyPlayed, "already-played.drawn", Params{"Tile": t.String()})
	case h.known && h.holder[t.index()] >= 0:
		return refusal(CodeNotInBoneyard, "not-in-boneyard", Params{"Tile": t.String(), "Name": h.who(h.holder[t.index()])})
	}
	return nil
}

func (h *StraightHand) pass(a StraightAction) error {
	if err := h.open(); err != nil {
		return err
	}
	if err := h.onTurn(a); err != nil {
		return err
	}
	if t, ok := h.holdsFit(a.Seat); ok {
		return refusal(CodeCanPlay, "can-play.pass", Params{"Name": h.who(a.Seat), "Tile": t.String()})
	}
	if !h.known && h.seen && h.line.Fits(h.drawn) {
		return refusal(CodeMustPlayDrawn, "must-play-drawn", Params{"Tile": h.drawn.String()})
	}
	if h.boneyard > 0 {
		switch {
		case h.drew == 0:
			return refusal(CodeMustDraw, "must-draw", Params{"N": h.boneyard})
		case h.line.rules.Straight.Draw == StraightDrawUntil:
			return refusal(CodeMustDraw, "must-draw.keep-drawing", Params{"N": h.boneyard})
		}
	}
	if h.boneyard == 0 {
		h.passes++
	} else {
		h.passes = 0
	}
	h.acted()
	h.drew, h.seen = 0, false
	h.turn = (a.Seat + 1) % h.deal.Players
	h.settle(-1)
	return nil
}

// acted ends what only the next action may do: take back the last lay,
// and claim its uncalled score.
func (h *StraightHand) acted() {
	h.undo, h.layer, h.scored, h.uncalled, h.claimer = nil, -1, 0, 0, -1
}

func (h *StraightHand) takeBack(a StraightAction) error {
	if h.undo == nil || h.layer != a.Seat {
		return refusal(CodeNoTakeBack, "no-take-back", nil)
	}
	log := h.log
	*h = *h.undo
	h.log, h.scored = log, 0
	return nil
}

// claim scores the last lay's uncalled points for the next player, under
// muggins.
func (h *StraightHand) claim(a StraightAction) error {
	if h.line.rules.Straight.Muggins != On {
		return refusal(CodeNoClaim, "straight.no-claim.off", nil)
	}
	if h.uncalled == 0 || a.Seat != h.claimer {
		return refusal(CodeNoClaim, "straight.no-claim", Params{"Name": h.who(a.Seat)})
	}
	got := h.line.rules.Straight.Counted(h.uncalled)
	h.acted()
	h.points[a.Seat] += got
	h.scored = got
	if h.ending == Playing {
		h.settle(-1)
	} else if h.reached() {
		h.ending = TargetReached
	}
	return nil
}

// settle ends the hand: a side reaching the target when that ends the
// game at once, a hand emptied, or the boneyard empty and nobody able to
// lay a tile. With unknown hands the proof that nobody can play is a full
// turn of passes with the boneyard empty.
func (h *StraightHand) settle(seat int) {
	switch {
	case h.reached():
		h.ending = TargetReached
	case seat >= 0 && h.count[seat] == 0:
		h.ending, h.out = Domino, seat
	case h.boneyard > 0:
	case h.known && !h.anyoneCanPlay(), !h.known && h.passes >= h.deal.Players:
		h.ending = Blocked
	}
}

// reached says whether a side's total has reached the target and the
// house ends the game there and then.
func (h *StraightHand) reached() bool {
	s := h.line.rules.Straight
	if s.Reached != ReachedAtOnce {
		return false
	}
	_, won := s.Winner(h.Totals(), false)
	return won
}

func (h *StraightHand) anyoneCanPlay() bool {
	for i, s := range h.holder {
		if s >= 0 && h.line.Fits(tileAt(i)) {
			return true
		}
	}
	return false
}

// holdsFit finds a tile seat holds that could be laid now, when the hands
// are known.
func (h *StraightHand) holdsFit(seat int) (Tile, bool) {
	if !h.known {
		return Tile{}, false
	}
	for i, s := range h.holder {
		if s == seat && h.line.Fits(tileAt(i)) {
			return tileAt(i), true
		}
	}
	return Tile{}, false
}

// Line is the table of the hand. Change it only through Act.
func (h *StraightHand) Line() *StraightLine { return h.line }

// Rules returns the house rules of the hand.
func (h *StraightHand) Rules() Rules { return h.line.rules }

// Players is the number of seats.
func (h *StraightHand) Players() int { return h.deal.Players }

// Leader is the seat that leads the hand.
func (h *StraightHand) Leader() int { return h.deal.Leader }

// Partnered says whether the hand is played by two partnerships.
func (h *StraightHand) Partnered() bool { return h.line.rules.Straight.Partnered(h.deal.Players) }

// Sides lists the seats of each side (see Sides).
func (h *StraightHand) Sides() [][]int { return Sides(h.deal.Players, h.Partnered()) }

// Turn is the seat to act, or -1 once the hand is over.
func (h *StraightHand) Turn() int {
	if h.ending != Playing {
		return -1
	}
	return h.turn
}

// Boneyard is the number of tiles left to draw.
func (h *StraightHand) Boneyard() int { return h.boneyard }

// HandCount is the number of tiles seat holds.
func (h *StraightHand) HandCount(seat int) int { return h.count[seat] }

// KnownHands reports whether the players' tiles were entered.
func (h *StraightHand) KnownHands() bool { return h.known }

// Hand lists the tiles seat holds, in set order, when hands are known.
func (h *StraightHand) Hand(seat int) []Tile {
	if !h.known {
		return nil
	}
	var out []Tile
	for _, t := range h.line.rules.Set.Tiles() {
		if h.holder[t.index()] == seat {
			out = append(out, t)
		}
	}
	return out
}

// BoneyardTiles lists the tiles left to draw, in set order, when hands
// are known.
func (h *StraightHand) BoneyardTiles() []Tile {
	if !h.known {
		return nil
	}
	var out []Tile
	for _, t := range h.line.rules.Set.Tiles() {
		if h.holder[t.index()] < 0 && !h.line.Placed(t) {
			out = append(out, t)
		}
	}
	return out
}

// Pips is the spots seat holds, when hands are known.
func (h *StraightHand) Pips(seat int) int {
	n := 0
	for _, t := range h.Hand(seat) {
		n += t.Pips()
	}
	return n
}

// Points is what seat made in play this hand, in the rules' count.
func (h *StraightHand) Points(seat int) int { return h.points[seat] }

// Scored is what the last accepted action scored, in the rules' count: a
// lay's points, or a muggins claim; 0 for anything else.
func (h *StraightHand) Scored() int { return h.scored }

// Uncalled is, under muggins, the score the last lay left uncalled (as
// the ends count it), which the next player may still claim; else 0.
func (h *StraightHand) Uncalled() int { return h.uncalled }

// CanTakeBack reports whether seat may take back the last tile laid now:
// the seat that laid it, before anyone else acts.
func (h *StraightHand) CanTakeBack(seat int) bool { return h.undo != nil && h.layer == seat }

// LegalMoves lists the plays seat could make now: from its hand when
// hands are known, else from every tile still off the table. It is empty
// when it is not seat's turn.
func (h *StraightHand) LegalMoves(seat int) []StraightMove {
	if h.Over() || seat != h.turn {
		return nil
	}
	if h.known {
		return h.line.LegalMoves(h.Hand(seat))
	}
	var off []Tile
	for _, t := range h.line.rules.Set.Tiles() {
		if !h.line.Placed(t) {
			off = append(off, t)
		}
	}
	return h.line.LegalMoves(off)
}

// Log returns the accepted actions, take-backs included, in order.
func (h *StraightHand) Log() []StraightAction { return slices.Clone(h.log) }

// Over reports whether the hand has ended.
func (h *StraightHand) Over() bool { return h.ending != Playing }

// Ending says how the hand ended: Domino (went out), Blocked,
// TargetReached, or Playing.
func (h *StraightHand) Ending() Ending { return h.ending }

// WentOut is the seat that laid its last tile, or -1.
func (h *StraightHand) WentOut() int { return h.out }

// Award is what the end of the hand scores, side by side, once it went
// out or was blocked with the hands known; false otherwise (a hand ended
// by the target scores no award).
func (h *StraightHand) Award() (Award, bool) {
	if !h.known || (h.ending != Domino && h.ending != Blocked) {
		return Award{}, false
	}
	return h.AwardFrom(h.allPips()), true
}

// AwardFrom is the award of the ended hand from each seat's spots left in
// hand as the players count them, for hands that were not entered.
func (h *StraightHand) AwardFrom(pips []int) Award {
	s := h.line.rules.Straight
	if h.ending == Domino {
		return s.WentOut(pips, h.out)
	}
	return s.Blocked(pips)
}

func (h *StraightHand) allPips() []int {
	pips := make([]int, h.deal.Players)
	for s := range pips {
		pips[s] = h.Pips(s)
	}
	return pips
}

// Totals is each side's total, in the rules' count: the deal's totals,
// the points made in play and, once known, the award.
func (h *StraightHand) Totals() []int {
	sides := h.Sides()
	out := make([]int, len(sides))
	for i, side := range sides {
		if h.deal.Totals != nil {
			out[i] = h.deal.Totals[i]
		}
		for _, seat := range side {
			out[i] += h.points[seat]
		}
	}
	if a, ok := h.Award(); ok {
		for i := range out {
			out[i] += a.Points[i]
		}
	}
	return out
}

// Winner is the side that has won the game, if one has: at once or at
// the end of the hand, as the house plays it.
func (h *StraightHand) Winner() (side int, won bool) {
	return h.line.rules.Straight.Winner(h.Totals(), h.Over())
}

// Clone returns a copy of the hand that takes actions without changing h.
func (h *StraightHand) Clone() *StraightHand {
	c := h.state()
	c.log = slices.Clone(h.log)
	return c
}

// state is a copy of the hand without its log: what a take-back restores.
func (h *StraightHand) state() *StraightHand {
	c := *h
	c.line = h.line.clone()
	c.holder = slices.Clone(h.holder)
	c.count = slices.Clone(h.count)
	c.points = slices.Clone(h.points)
	c.log = nil
	return &c
}

// FirstLeader is the seat that leads the first hand, from the tile each
// seat drew for it: the highest double, else the tile with the most
// spots, the higher half breaking a tie (6-3 before 5-4). -1 when a tile
// is drawn twice or there are fewer than two.
func FirstLeader(drawn []Tile) int {
	if len(drawn) < 2 {
		return -1
	}
	best := 0
	rank := func(t Tile) [3]int {
		d := 0
		if t.Double() {
			d = 1
		}
		return [3]int{d, t.Pips(), t.Hi}
	}
	for i, t := range drawn {
		for _, u := range drawn[:i] {
			if u == t {
				return -1
			}
		}
		if r, b := rank(t), rank(drawn[best]); slices.Compare(r[:], b[:]) > 0 {
			best = i
		}
	}
	return best
}

// NextLeader is the seat that leads the next hand: the one who went out;
// in a blocked hand the seat of the winning side with the fewest spots
// (the first in turn from the leader on a tie); and when nobody won the
// hand, the same leader again. pips is each seat's spots left in hand, as
// counted at the table; nil takes them from known hands.
func (h *StraightHand) NextLeader(pips []int) int {
	if pips == nil {
		pips = h.allPips()
	}
	switch h.ending {
	case Domino:
		return h.out
	case Blocked:
		return h.line.rules.Straight.NextLeader(h.deal.Players, h.deal.Leader, -1, pips)
	}
	return h.deal.Leader
}

// ValidateSeats checks the rules against the number of players at the
// table, which Validate does not know: Straight is played by 2, 3 or 4,
// and partners only four-handed. Chickenfoot's tables are checked
// elsewhere, so it returns nil for them.
func (r Rules) ValidateSeats(players int) error {
	if r.Game != Straight {
		return nil
	}
	if players < 2 || players > 4 {
		return badRule("players", players, straightPlayers)
	}
	if r.Straight.Partners == Yes && players != 4 {
		return badRule("partners", `"yes"`, partnersFour(players))
	}
	return nil
}
