package referee_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// The playout tests drive whole rounds through Round.Act with random
// actions, legal and illegal, and hold the referee to a model of the rules
// written here from the written rules alone: the model never asks the package
// whether a move is legal.

// Where a tile is in the model: a seat number, or one of these.
const (
	inBoneyard = -1
	onTable    = -2
	notInSet   = -3
)

// setTiles lists a double-n set in the order Round.Hand lists a hand.
func setTiles(n int) []referee.Tile {
	var out []referee.Tile
	for hi := n; hi >= 0; hi-- {
		for lo := hi; lo >= 0; lo-- {
			out = append(out, referee.Tile{Hi: hi, Lo: lo})
		}
	}
	return out
}

func shows(t referee.Tile, n int) bool { return t.Hi == n || t.Lo == n }

func isDouble(t referee.Tile) bool { return t.Hi == t.Lo }

// far is the half facing away when t is laid with n touching.
func far(t referee.Tile, n int) int {
	if t.Hi == n {
		return t.Lo
	}
	return t.Hi
}

func tileText(t referee.Tile) string { return strconv.Itoa(t.Hi) + "-" + strconv.Itoa(t.Lo) }

// mPlace is a tile on the model's table.
type mPlace struct {
	tile  referee.Tile
	on    referee.Tile // zero for the spinner
	open  int          // the number a tile laid on it must show
	slots int          // arms of the spinner, 3 toes, or 1
	used  int
}

// model is the round as the rules describe it.
type model struct {
	rules    referee.Rules
	n        int
	tiles    []referee.Tile
	double   referee.Tile
	players  int
	loc      []int // by key: seat, inBoneyard or onTable
	table    []mPlace
	at       []int        // by key: index in table, or -1
	owed     int          // the last double laid, while it has free places; else -1
	turn     int          // -1 before the starting double
	drew     int          // tiles drawn by the seat to act this turn
	drawn    referee.Tile // the last of them
	ending   referee.Ending
	wentOut  int
	undo     *model // the state before the last play, while it may be taken back
	undoSeat int
	setter   int // the seat that set the starting double, or -1
	// startNext draws next for an unheld starting double: first the holder
	// of the highest tile, then in seat order.
	startNext int
	// startDrew marks who has drawn for it this time round, when everyone
	// draws at once.
	startDrew []bool
	// Under LastTileSkip: skips marks who misses their next turn, caught
	// marks who was caught since they last laid or drew a tile.
	skips, caught []bool
}

// newModel deals deal for a round opening on double-double. When the
// double is set in the middle before the deal, it starts on the table and
// the deal's first seat is to play.
func newModel(rules referee.Rules, double int, deal referee.Deal) *model {
	hands := deal.Hands
	m := &model{
		rules: rules, n: int(rules.Set), tiles: setTiles(int(rules.Set)),
		double: referee.Tile{Hi: double, Lo: double}, players: len(hands),
		owed: -1, turn: -1, wentOut: -1, undoSeat: -1, setter: -1, startDrew: make([]bool, len(hands)),
		skips: make([]bool, len(hands)), caught: make([]bool, len(hands)),
	}
	m.loc, m.at = slices.Repeat([]int{inBoneyard}, len(m.tiles)), slices.Repeat([]int{-1}, len(m.tiles))
	if rules.FirstPlayer == referee.FirstRotates {
		m.lay(referee.Move{Tile: m.double, Start: true})
		m.turn = deal.First
	}
	best := referee.Tile{}
	for s, h := range hands {
		for _, t := range h {
			m.loc[key(t)] = s
			pips, bestPips := t.Hi+t.Lo, best.Hi+best.Lo
			if pips > bestPips || pips == bestPips && (isDouble(t) && !isDouble(best) || isDouble(t) == isDouble(best) && t.Hi > best.Hi) {
				best, m.startNext = t, s
			}
		}
	}
	return m
}

// key numbers the tiles of a set densely, for slices indexed by tile.
func key(t referee.Tile) int { return t.Hi*(t.Hi+1)/2 + t.Lo }

// where is the tile's place, or notInSet.
func (m *model) where(t referee.Tile) int {
	if !m.inSet(t) {
		return notInSet
	}
	return m.loc[key(t)]
}

// placeOf is the index in table of a placed tile.
func (m *model) placeOf(t referee.Tile) (int, bool) {
	if !m.inSet(t) || m.at[key(t)] < 0 {
		return 0, false
	}
	return m.at[key(t)], true
}

func (m *model) clone() *model {
	c := *m
	c.loc, c.at, c.table, c.undo = slices.Clone(m.loc), slices.Clone(m.at), slices.Clone(m.table), nil
	c.startDrew, c.skips, c.caught = slices.Clone(m.startDrew), slices.Clone(m.skips), slices.Clone(m.caught)
	return &c
}

// inSet reports whether t is a tile of the set in canonical form.
func (m *model) inSet(t referee.Tile) bool { return 0 <= t.Lo && t.Lo <= t.Hi && t.Hi <= m.n }

func (m *model) started() bool { return len(m.table) > 0 }

func (m *model) over() bool { return m.ending != referee.Playing }

func (m *model) tilesAt(where int) []referee.Tile {
	var out []referee.Tile
	for _, t := range m.tiles {
		if m.loc[key(t)] == where {
			out = append(out, t)
		}
	}
	return out
}

func (m *model) hand(seat int) []referee.Tile { return m.tilesAt(seat) }

func (m *model) boneyard() []referee.Tile { return m.tilesAt(inBoneyard) }

// offTable counts the tiles of the set showing k that are not on the table.
func (m *model) offTable(k int) int {
	c := 0
	for _, t := range m.tiles {
		if shows(t, k) && m.loc[key(t)] != onTable {
			c++
		}
	}
	return c
}

// mObligation is the spinner or chickie still owed places.
type mObligation struct {
	idx        int // in table, or -1
	missing    int
	impossible bool // fewer tiles off the table show its number than it misses
	released   bool // impossible, and the house rule lets play go elsewhere
}

func (m *model) obligation() mObligation {
	if m.owed < 0 {
		return mObligation{idx: -1}
	}
	p := m.table[m.owed]
	o := mObligation{idx: m.owed, missing: p.slots - p.used}
	o.impossible = o.missing > m.offTable(p.open)
	o.released = o.impossible && m.rules.Impossible == referee.ImpossibleReleased
	return o
}

// openNumbers marks the numbers a tile may be laid against now.
func (m *model) openNumbers() [referee.MaxPips + 1]bool {
	var open [referee.MaxPips + 1]bool
	if o := m.obligation(); o.idx >= 0 && !o.released {
		open[m.table[o.idx].open] = true
		return open
	}
	for _, p := range m.table {
		if p.used < p.slots {
			open[p.open] = true
		}
	}
	return open
}

// fits reports whether t, off the table, could be laid somewhere now.
func (m *model) fits(t referee.Tile) bool { return m.anyFits([]referee.Tile{t}) }

func (m *model) anyFits(tiles []referee.Tile) bool {
	if !m.started() {
		return false
	}
	open := m.openNumbers()
	return slices.ContainsFunc(tiles, func(t referee.Tile) bool {
		return m.where(t) != onTable && (open[t.Hi] || open[t.Lo])
	})
}

func (m *model) handFits(seat int) bool { return m.anyFits(m.hand(seat)) }

func (m *model) seatOK(seat int) bool { return seat >= 0 && seat < m.players }

// playLegal is the brute-force legality check for laying a tile.
func (m *model) playLegal(seat int, mv referee.Move) bool {
	if m.over() || !m.seatOK(seat) || m.where(mv.Tile) != seat {
		return false
	}
	if !m.started() {
		return mv.Start && mv.Tile == m.double
	}
	if mv.Start || seat != m.turn || m.drew > 0 && m.rules.Draw == referee.DrawOneThenPass {
		return false // under draw-one-then-pass the drawn tile waits for the next turn
	}
	i, ok := m.placeOf(mv.On)
	if !ok || m.table[i].used >= m.table[i].slots || !shows(mv.Tile, m.table[i].open) {
		return false
	}
	o := m.obligation()
	return o.idx < 0 || o.released || o.idx == i
}

// drawLegal: before the start only for a double nobody holds, as the
// house rule says (mayDrawForStart); after it only the seat to act, with
// nothing to lay unless the house rule lets an able player draw anyway,
// once a turn unless the house rule says draw until a tile fits.
func (m *model) drawLegal(seat int, drawn *referee.Tile) bool {
	if m.over() || !m.seatOK(seat) || drawn == nil || m.where(*drawn) != inBoneyard {
		return false
	}
	if !m.started() {
		return m.mayDrawForStart(seat)
	}
	if seat != m.turn || m.rules.AbleToPlay == referee.AbleMustPlay && m.handFits(seat) {
		return false
	}
	return m.drew == 0 || m.rules.Draw == referee.DrawUntilPlayable
}

// mayDrawForStart: before the start, while the round's double is still in
// the boneyard. Never under the reshuffle rule (the tiles are dealt again);
// all at once, each player once a time round; otherwise in turn, the
// holder of the highest tile first and then round the table.
func (m *model) mayDrawForStart(seat int) bool {
	if m.over() || m.started() || !m.seatOK(seat) || m.where(m.double) != inBoneyard {
		return false
	}
	switch m.rules.Unheld {
	case referee.UnheldReshuffle:
		return false
	case referee.UnheldDrawAll:
		return !m.startDrew[seat]
	}
	return seat == m.startNext
}

// passLegal: only with nothing to lay, or with a tile that fits when the
// rules excuse it (see excused), and only after the draws the house rule
// asks for. A drawn tile that fits is laid under the rules that say so.
func (m *model) passLegal(seat int) bool {
	if m.over() || !m.started() || seat != m.turn {
		return false
	}
	drewFit := m.drew > 0 && m.fits(m.drawn)
	if drewFit && (m.rules.Draw == referee.DrawOneMustPlay || m.rules.Draw == referee.DrawUntilPlayable) {
		return false
	}
	if m.handFits(seat) && !m.excused(drewFit) {
		return false
	}
	if len(m.boneyard()) == 0 {
		return true
	}
	return m.drew > 0 && m.rules.Draw != referee.DrawUntilPlayable
}

// excused says whether a player holding a tile that fits may pass: only
// after drawing, and then when keeping a drawn tile under draw-one-may-play,
// after any draw under draw-one-then-pass, or under the house rule that
// lets an able player draw and pass. With nothing drawn (nothing to draw,
// say) a player who can lay a tile lays one.
func (m *model) excused(drewFit bool) bool {
	switch {
	case m.drew == 0:
		return false
	case m.rules.Draw == referee.DrawOneThenPass, m.rules.AbleToPlay == referee.AbleMayDraw:
		return true
	}
	return m.rules.Draw == referee.DrawOneMayPlay && drewFit
}

func (m *model) legal(a referee.Action) bool {
	switch a.Kind {
	case referee.ActPlay:
		return m.playLegal(a.Seat, a.Move)
	case referee.ActDraw:
		return m.drawLegal(a.Seat, a.Drawn)
	case referee.ActPass:
		return m.passLegal(a.Seat)
	case referee.ActTakeBack:
		return m.rules.TakeBack == referee.TakeBackUntilNext && m.undo != nil && m.undoSeat == a.Seat
	case referee.ActPenalty:
		return m.penaltyLegal(a.Seat, a.Drawn)
	}
	return false // anything else is no action
}

// apply carries out an action the model judged legal.
func (m *model) apply(a referee.Action) {
	switch a.Kind {
	case referee.ActPlay:
		m.play(a.Seat, a.Move)
	case referee.ActDraw:
		m.loc[key(*a.Drawn)] = a.Seat
		m.undo, m.caught[a.Seat] = nil, false
		if !m.started() {
			m.drewForStart(a.Seat)
			return
		}
		m.drew, m.drawn = m.drew+1, *a.Drawn
		m.settle()
	case referee.ActPass:
		m.turn, m.drew, m.undo = m.nextSeat(m.turn), 0, nil
		if len(m.boneyard()) == 0 && m.rules.EmptyBoneyard == referee.EmptyEnds {
			m.ending = referee.Blocked // nothing to lay and nothing to draw
			return
		}
		m.settle()
	case referee.ActTakeBack:
		*m = *m.undo
	case referee.ActPenalty:
		m.penalize(a.Seat, a.Drawn)
	}
}

// nextSeat is the seat after seat to act, passing over (and so using up)
// the missed turns of players caught not announcing their last tile.
func (m *model) nextSeat(seat int) int {
	t := (seat + 1) % m.players
	for m.skips[t] {
		m.skips[t] = false
		t = (t + 1) % m.players
	}
	return t
}

// drewForStart moves the draw for the starting double on: in turn, to the
// next seat; all at once, a time round ends when everyone has drawn.
func (m *model) drewForStart(seat int) {
	m.startNext = (seat + 1) % m.players
	m.startDrew[seat] = true
	if !slices.Contains(m.startDrew, false) {
		clear(m.startDrew)
	}
}

// play lays mv from seat's hand. The next player is to act, except that
// the setter plays again after the starting double under AfterStartSetter,
// and the layer of a new double covers it under CoverLayer.
func (m *model) play(seat int, mv referee.Move) {
	undo := m.clone()
	start := !m.started()
	m.lay(mv)
	m.caught[seat] = false
	next := seat
	if !(start && m.rules.AfterStart == referee.AfterStartSetter || !start && isDouble(mv.Tile) && m.rules.CoverDouble == referee.CoverLayer) {
		next = m.nextSeat(seat)
	}
	if start {
		m.setter = seat
	}
	m.turn, m.drew, m.undo, m.undoSeat = next, 0, undo, seat
	if len(m.hand(seat)) == 0 {
		m.ending, m.wentOut = referee.Domino, seat
		return
	}
	m.settle()
}

// lay puts mv on the table.
func (m *model) lay(mv referee.Move) {
	p := mPlace{tile: mv.Tile, open: mv.Tile.Hi, slots: m.rules.SpinnerArms}
	if m.started() {
		parent := &m.table[m.at[key(mv.On)]]
		parent.used++
		p.on, p.open, p.slots = mv.On, far(mv.Tile, parent.open), 1
		if isDouble(mv.Tile) {
			p.slots = 3
		}
	}
	m.loc[key(mv.Tile)] = onTable
	m.at[key(mv.Tile)] = len(m.table)
	m.table = append(m.table, p)
	switch {
	case isDouble(mv.Tile):
		m.owed = len(m.table) - 1
	case m.owed >= 0 && m.table[m.owed].used == m.table[m.owed].slots:
		m.owed = -1
	}
}

// settle ends the round when it is blocked: the boneyard is empty and
// nothing in any hand fits. An obligation that can't be finished, or a
// table where nothing can ever be laid, ends nothing by itself: the
// players draw until the boneyard is empty. It does not count passes: a
// seat may pass holding a drawn tile that fits (see
// TestPlayoutPassWithPlayableTile).
func (m *model) settle() {
	if len(m.boneyard()) == 0 && !m.anyFits(m.held()) {
		m.ending = referee.Blocked
	}
}

// held lists the tiles in the players' hands.
func (m *model) held() []referee.Tile {
	var out []referee.Tile
	for _, t := range m.tiles {
		if l := m.loc[key(t)]; l != onTable && l != inBoneyard {
			out = append(out, t)
		}
	}
	return out
}

// layoutString writes the model's table in the layout notation.
func (m *model) layoutString() string {
	parts := make([]string, len(m.table))
	for i, p := range m.table {
		parts[i] = tileText(p.tile)
		if i > 0 {
			parts[i] += "@" + tileText(p.on)
		}
	}
	return strings.Join(parts, " ")
}

// wantPending is the obligation Layout.Pending should report.
func (m *model) wantPending() referee.Obligation {
	o := m.obligation()
	if o.idx < 0 {
		return referee.Obligation{}
	}
	kind := referee.Chickie
	if o.idx == 0 {
		kind = referee.Spinner
	}
	return referee.Obligation{Kind: kind, Tile: m.table[o.idx].tile, Missing: o.missing,
		Impossible: o.impossible, Released: o.released}
}

// why says in a phrase why the round is on or over.
func (m *model) why() string {
	switch m.ending {
	case referee.Domino:
		return fmt.Sprintf("seat %d laid their last tile", m.wentOut)
	case referee.Blocked:
		return "nobody can lay a tile"
	}
	for s := range m.players {
		for _, t := range m.hand(s) {
			if m.fits(t) {
				return fmt.Sprintf("seat %d holds %v, which fits", s, t)
			}
		}
	}
	return fmt.Sprintf("the boneyard holds %d tiles", len(m.boneyard()))
}

func (m *model) wantTurn() int {
	if m.over() {
		return -1
	}
	return m.turn
}

// legalPlays lists every play the model allows seat now.
func (m *model) legalPlays(seat int) []referee.Move {
	if !m.started() {
		if m.where(m.double) == seat {
			return []referee.Move{{Tile: m.double, Start: true}}
		}
		return nil
	}
	var out []referee.Move
	for _, t := range m.hand(seat) {
		for _, p := range m.table {
			mv := referee.Move{Tile: t, On: p.tile}
			if shows(t, p.open) && m.playLegal(seat, mv) {
				out = append(out, mv)
			}
		}
	}
	return out
}

// wantCode is the code the referee must give a refused action, in the
// cases where the documented order of its checks settles it.
func (m *model) wantCode(a referee.Action) (referee.Code, bool) {
	turnKinds := []referee.ActionKind{referee.ActPlay, referee.ActDraw, referee.ActPass}
	switch {
	case !m.seatOK(a.Seat):
		return referee.CodeBadSeat, true
	case !slices.Contains(append(turnKinds, referee.ActTakeBack, referee.ActPenalty), a.Kind):
		return referee.CodeBadAction, true
	case a.Kind == referee.ActTakeBack:
		return referee.CodeNoTakeBack, true
	case m.over():
		return referee.CodeRoundOver, true
	case a.Kind == referee.ActPenalty:
		return m.penaltyCode(a.Seat)
	case !m.started() && a.Kind == referee.ActPass:
		return referee.CodeNotStarted, true
	case !m.started() && a.Kind == referee.ActDraw:
		return m.startDrawCode(a.Seat)
	case m.started() && a.Seat != m.turn && slices.Contains(turnKinds, a.Kind):
		return referee.CodeNotYourTurn, true
	case m.started() && a.Kind == referee.ActPlay:
		return m.placementCode(a.Seat, a.Move), true
	}
	return "", false
}

// startDrawCode is the code for a refused draw before the start: an empty
// boneyard first, then the double already in a hand, then the house rule
// for an unheld double; a bad tile named as drawn is told after those.
func (m *model) startDrawCode(seat int) (referee.Code, bool) {
	switch {
	case len(m.boneyard()) == 0:
		return referee.CodeBoneyardEmpty, true
	case m.where(m.double) >= 0:
		return referee.CodeCanPlay, true
	case m.rules.Unheld == referee.UnheldReshuffle:
		return referee.CodeDealAgain, true
	case !m.mayDrawForStart(seat):
		return referee.CodeNotYourTurn, true
	}
	return "", false
}

// placementCode follows the order Layout.Check documents, then the hand.
func (m *model) placementCode(seat int, mv referee.Move) referee.Code {
	i, placed := m.placeOf(mv.On)
	o := m.obligation()
	switch {
	case !m.inSet(mv.Tile):
		return referee.CodeBadTile
	case m.where(mv.Tile) == onTable:
		return referee.CodeAlreadyPlayed
	case mv.Start || !placed:
		return referee.CodeUnknownEnd
	case m.table[i].used >= m.table[i].slots:
		return referee.CodeEndClosed
	case o.idx >= 0 && !o.released && o.idx != i && o.idx == 0:
		return referee.CodeSpinnerFirst
	case o.idx >= 0 && !o.released && o.idx != i:
		return referee.CodeChickieFirst
	case !shows(mv.Tile, m.table[i].open):
		return referee.CodeMismatch
	case m.where(mv.Tile) != seat:
		return referee.CodeNotInHand
	case m.drew > 0 && m.rules.Draw == referee.DrawOneThenPass:
		return referee.CodeMustPass
	}
	return ""
}

// A playout is one seeded round: rules, opening double and a known deal,
// after the deals given up under the reshuffle rule because nobody held
// the double.
type playout struct {
	rules   referee.Rules
	double  int
	deal    referee.Deal
	redeals []referee.Deal
}

// A variant is a set of house rules the playouts run under. With unheld
// set, the first deal leaves the round's double in the boneyard.
type variant struct {
	name   string
	seeds  int
	edit   func(*referee.Rules)
	unheld bool
}

var playoutVariants = []variant{
	{"", 4, func(*referee.Rules) {}, false}, // the standard rules
	{"release", 2, func(r *referee.Rules) { r.Impossible = referee.ImpossibleReleased }, false},
	{"one-must-play", 2, func(r *referee.Rules) { r.Draw = referee.DrawOneMustPlay }, false},
	{"until-playable", 2, func(r *referee.Rules) { r.Draw = referee.DrawUntilPlayable }, false},
	{"release-until-playable", 2, func(r *referee.Rules) {
		r.Impossible, r.Draw = referee.ImpossibleReleased, referee.DrawUntilPlayable
	}, false},
	{"after-start-setter", 1, func(r *referee.Rules) { r.AfterStart = referee.AfterStartSetter }, false},
	{"cover-layer", 1, func(r *referee.Rules) { r.CoverDouble = referee.CoverLayer }, false},
	{"able-may-draw", 2, func(r *referee.Rules) { r.AbleToPlay = referee.AbleMayDraw }, false},
	{"empty-ends", 1, func(r *referee.Rules) { r.EmptyBoneyard = referee.EmptyEnds }, false},
	{"one-then-pass", 2, func(r *referee.Rules) { r.Draw = referee.DrawOneThenPass }, false},
	{"first-rotates", 1, func(r *referee.Rules) { r.FirstPlayer = referee.FirstRotates }, false},
	{"unheld-draw", 1, func(*referee.Rules) {}, true},
	{"unheld-draw-all", 1, func(r *referee.Rules) { r.Unheld = referee.UnheldDrawAll }, true},
	{"unheld-reshuffle", 1, func(r *referee.Rules) { r.Unheld = referee.UnheldReshuffle }, true},
	{"house-mix", 2, func(r *referee.Rules) {
		r.AfterStart, r.CoverDouble, r.AbleToPlay = referee.AfterStartSetter, referee.CoverLayer, referee.AbleMayDraw
		r.Draw, r.Unheld, r.EmptyBoneyard = referee.DrawOneThenPass, referee.UnheldDrawAll, referee.EmptyEnds
		r.LastTile = referee.LastTileSkip
	}, true},
	{"last-tile-skip", 3, func(r *referee.Rules) { r.LastTile = referee.LastTileSkip }, false},
	{"last-tile-penalty", 1, func(r *referee.Rules) { r.LastTile = referee.LastTilePenalty }, false},
	{"may-draw-until-playable", 1, func(r *referee.Rules) {
		r.AbleToPlay, r.Draw = referee.AbleMayDraw, referee.DrawUntilPlayable
	}, false},
}

// playoutMaxPlayers bounds the table size per set, from the deal tables.
var playoutMaxPlayers = map[referee.Set]int{6: 4, 9: 8, 12: 8, 15: 12, 18: 16}

// forEachPlayout runs fn in a subtest per set, spinner size, variant and
// seed, named like "double-12/arms-6/seed-3" under the standard rules and
// "double-12/arms-6/release/seed-0" under a variant.
func forEachPlayout(t *testing.T, fn func(t *testing.T, p playout, rng *rand.Rand)) {
	for _, set := range referee.Sets {
		t.Run(fmt.Sprintf("double-%d", set), func(t *testing.T) {
			t.Parallel()
			for _, arms := range []int{4, 6} {
				t.Run(fmt.Sprintf("arms-%d", arms), func(t *testing.T) {
					t.Parallel()
					for vi := range playoutVariants {
						runSeeds(t, set, arms, vi, fn)
					}
				})
			}
		})
	}
}

// runSeeds runs fn once per seed of variant vi.
func runSeeds(t *testing.T, set referee.Set, arms, vi int, fn func(t *testing.T, p playout, rng *rand.Rand)) {
	v := playoutVariants[vi]
	seeds := func(t *testing.T) {
		for seed := range seedsToRun(v) {
			t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(uint64(seed), uint64(set)<<16|uint64(arms)<<8|uint64(vi)))
				fn(t, newPlayout(t, rng, set, arms, v), rng)
			})
		}
	}
	if v.name == "" {
		seeds(t)
		return
	}
	t.Run(v.name, seeds)
}

// seedsToRun is how many of v's seeds run: all of them with
// CHICKENFOOT_LONG=1, as CI runs, else the first: every variant still
// plays in a plain go test, for two thirds of the CPU.
func seedsToRun(v variant) int {
	if os.Getenv("CHICKENFOOT_LONG") != "" {
		return v.seeds
	}
	return 1
}

// newPlayout picks the table size, scoring switches, deal and opening
// double with rng; hand sizes come from SuggestHand.
func newPlayout(t *testing.T, rng *rand.Rand, set referee.Set, arms int, v variant) playout {
	t.Helper()
	rules := referee.Standard()
	rules.Set, rules.SpinnerArms = set, arms
	rules.DoubleBlank = []int{0, 25, 50, 100}[rng.IntN(4)]
	rules.BlankHalf = []int{0, 25}[rng.IntN(2)]
	v.edit(&rules)
	players := 2 + rng.IntN(playoutMaxPlayers[set]-1)
	size, err := referee.SuggestHand(set, players)
	if err != nil {
		t.Fatalf("SuggestHand(%d, %d) = %v, want a hand size", set, players, err)
	}
	tiles := setTiles(int(set))
	shuffle := func() { rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] }) }
	shuffle()
	p := playout{rules: rules, double: rng.IntN(int(set) + 1)}
	double := referee.Tile{Hi: p.double, Lo: p.double}
	rotate := rules.FirstPlayer == referee.FirstRotates
	if rotate { // set in the middle before the deal
		tiles = slices.DeleteFunc(tiles, func(t referee.Tile) bool { return t == double })
	}
	if i := slices.Index(tiles, double); v.unheld && i < players*size.Tiles {
		j := players*size.Tiles + rng.IntN(len(tiles)-players*size.Tiles)
		tiles[i], tiles[j] = tiles[j], tiles[i]
	}
	p.deal = dealOut(tiles, players, size.Tiles)
	if rotate {
		p.deal.First = rng.IntN(players)
	}
	for rules.Unheld == referee.UnheldReshuffle && slices.Index(tiles, double) >= players*size.Tiles {
		p.redeals = append(p.redeals, p.deal)
		shuffle()
		p.deal = dealOut(tiles, players, size.Tiles)
	}
	return p
}

// dealOut deals size tiles to each player from the top of tiles.
func dealOut(tiles []referee.Tile, players, size int) referee.Deal {
	hands := make([][]referee.Tile, players)
	for s := range hands {
		hands[s] = slices.Clone(tiles[s*size : (s+1)*size])
	}
	return referee.Deal{Players: players, HandSize: size, Hands: hands}
}

func pick[T any](rng *rand.Rand, from []T) T { return from[rng.IntN(len(from))] }

// sensible is an action the model allows, so the round moves on. Now and
// then a player with a tile that fits passes or draws instead, where the
// rules let them.
func sensible(rng *rand.Rand, m *model) referee.Action {
	if !m.started() {
		if s := m.where(m.double); s >= 0 {
			return referee.Action{Seat: s, Kind: referee.ActPlay, Move: referee.Move{Tile: m.double, Start: true}}
		}
		d, seat := pick(rng, m.boneyard()), m.startNext
		if m.rules.Unheld == referee.UnheldDrawAll {
			for seat = rng.IntN(m.players); m.startDrew[seat]; seat = (seat + 1) % m.players {
			}
		}
		return referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: &d}
	}
	if a, ok := catch(rng, m); ok {
		return a
	}
	seat := m.turn
	play := func(mv referee.Move) referee.Action {
		return referee.Action{Seat: seat, Kind: referee.ActPlay, Move: mv}
	}
	draw := func() (referee.Action, bool) {
		if yard := m.boneyard(); len(yard) > 0 {
			if d := pick(rng, yard); m.drawLegal(seat, &d) {
				return referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: &d}, true
			}
		}
		return referee.Action{}, false
	}
	pass := referee.Action{Seat: seat, Kind: referee.ActPass}
	if moves := m.legalPlays(seat); len(moves) > 0 {
		if rng.IntN(3) > 0 {
			return play(pick(rng, moves))
		}
		if m.passLegal(seat) {
			return pass
		}
		if a, ok := draw(); ok {
			return a
		}
		return play(pick(rng, moves))
	}
	if a, ok := draw(); ok {
		return a
	}
	return pass
}

// attempt is a random action, most often one the rules forbid.
func attempt(rng *rand.Rand, m *model) referee.Action {
	seat := m.randomSeat(rng)
	switch k := rng.IntN(20); {
	case k < 9:
		mv := referee.Move{Tile: m.randomTile(rng, seat), On: m.randomOn(rng), Start: rng.IntN(12) == 0}
		return referee.Action{Seat: seat, Kind: referee.ActPlay, Move: mv}
	case k < 13:
		return referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: m.randomDrawn(rng)}
	case k < 16:
		return referee.Action{Seat: seat, Kind: referee.ActPass}
	case k < 18:
		return referee.Action{Seat: seat, Kind: referee.ActTakeBack}
	case k < 19:
		if a, ok := catch(rng, m); ok || a.Kind != "" {
			return a
		}
		return referee.Action{Seat: seat, Kind: referee.ActPenalty, Drawn: m.randomDrawn(rng)}
	}
	return referee.Action{Seat: seat, Kind: "shuffle"}
}

func (m *model) randomSeat(rng *rand.Rand) int {
	switch k := rng.IntN(20); {
	case k < 14 && m.turn >= 0:
		return m.turn
	case k < 19:
		return rng.IntN(m.players)
	}
	return pick(rng, []int{-1, m.players, 99})
}

// junkTiles are not tiles of the set: out of range, or not canonical.
func (m *model) junkTiles() []referee.Tile {
	return []referee.Tile{{Hi: m.n + 1, Lo: 0}, {Hi: 2, Lo: 5}, {Hi: -1, Lo: -1}, {Hi: 19, Lo: 19}, {Hi: 0, Lo: -3}}
}

func (m *model) randomTile(rng *rand.Rand, seat int) referee.Tile {
	switch k := rng.IntN(10); {
	case k < 5 && m.seatOK(seat) && len(m.hand(seat)) > 0:
		return pick(rng, m.hand(seat))
	case k < 6:
		return m.double
	case k < 9:
		return pick(rng, m.tiles)
	}
	return pick(rng, m.junkTiles())
}

func (m *model) randomOn(rng *rand.Rand) referee.Tile {
	switch k := rng.IntN(10); {
	case k < 6 && m.started():
		return pick(rng, m.table).tile
	case k < 9:
		return pick(rng, m.tiles)
	}
	return pick(rng, m.junkTiles())
}

// randomDrawn names a tile as drawn. Before the start, while a seat holds
// the round's double, it never names a boneyard tile: the referee accepts
// such draws (see TestPlayoutDrawBeforeStart), which would stop the
// playout at its first step.
func (m *model) randomDrawn(rng *rand.Rand) *referee.Tile {
	var d referee.Tile
	yard := m.boneyard()
	switch k := rng.IntN(10); {
	case k < 1:
		return nil
	case !m.started() && m.where(m.double) >= 0:
		d = m.double
	case k < 7 && len(yard) > 0:
		d = pick(rng, yard)
	case k < 9:
		d = pick(rng, m.tiles)
	default:
		d = pick(rng, m.junkTiles())
	}
	return &d
}

// runPlayout plays p to the end with random actions, judging each against
// the model and, when every is set, comparing the whole round with the
// model after each one; it returns the finished round.
func runPlayout(t *testing.T, p playout, rng *rand.Rand, every bool) *referee.Round {
	t.Helper()
	r, err := referee.NewRound(p.rules, p.double, p.deal)
	if err != nil {
		t.Fatalf("NewRound(%+v, %d, deal) = %v, want a round", p.rules, p.double, err)
	}
	if _, ok := r.Scores(); ok {
		t.Errorf("Scores() before the round ends = _, true, want false")
	}
	for _, d := range p.redeals {
		checkRedeal(t, p, d, rng)
	}
	m := newModel(p.rules, p.double, p.deal)
	var trail []string
	defer func() {
		if t.Failed() {
			last := trail[max(0, len(trail)-30):]
			t.Logf("double %d-%d, deal %v\nthe last %d of %d actions tried: %s\nlayout: %s", p.double, p.double,
				p.deal.Hands, len(last), len(trail), strings.Join(last, "; "), m.layoutString())
		}
	}()
	limit := 40 * len(m.tiles)
	for step := 0; !m.over(); step++ {
		if step == limit {
			t.Fatalf("the round is not over after %d actions", limit)
		}
		a := sensible(rng, m)
		if rng.IntN(2) == 0 {
			a = attempt(rng, m)
		}
		trail = append(trail, a.String())
		if !every {
			judge(t, r, m, a)
			continue
		}
		before := fingerprint(r)
		if judge(t, r, m, a) {
			checkRound(t, r, m)
		} else if after := fingerprint(r); after != before {
			t.Errorf("after refusing %v the round changed from %s to %s", a, before, after)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	checkRound(t, r, m)
	checkEnd(t, r, m, rng)
	return r
}

// checkRedeal checks that nothing can be done with a deal where nobody
// holds the round's double under the reshuffle rule: nobody may draw for
// it (the tiles are dealt again), and every action is refused.
func checkRedeal(t *testing.T, p playout, deal referee.Deal, rng *rand.Rand) {
	t.Helper()
	r, err := referee.NewRound(p.rules, p.double, deal)
	if err != nil {
		t.Fatalf("NewRound(%+v, %d, deal) = %v, want a round", p.rules, p.double, err)
	}
	m := newModel(p.rules, p.double, deal)
	checkRound(t, r, m)
	for range 10 {
		d := pick(rng, m.boneyard())
		judge(t, r, m, referee.Action{Seat: rng.IntN(m.players), Kind: referee.ActDraw, Drawn: &d})
		judge(t, r, m, attempt(rng, m))
	}
	if len(r.Log()) != 0 {
		t.Fatalf("a deal to be dealt again logged %v, want nothing", r.Log())
	}
}

// judge acts a on the round and holds the outcome to the model: accepted
// exactly when the rules allow it, refused with a *RuleError otherwise.
// It reports whether a was accepted.
func judge(t *testing.T, r *referee.Round, m *model, a referee.Action) bool {
	t.Helper()
	legal := m.legal(a)
	err := r.Act(a)
	var re *referee.RuleError
	switch {
	case err == nil && !legal:
		t.Fatalf("Act(%v) = nil, want a rule error: the rules forbid it", a)
	case err != nil && legal:
		t.Fatalf("Act(%v) = %v, want nil: the rules allow it", a, err)
	case err != nil && !errors.As(err, &re):
		t.Fatalf("Act(%v) = %v (%T), want a *referee.RuleError", a, err, err)
	case err != nil:
		if want, ok := m.wantCode(a); ok && re.Code != want {
			t.Errorf("Act(%v) = %v, want code %s", a, err, want)
		}
	default:
		m.apply(a)
	}
	return err == nil
}

// fingerprint sums up what a refused action must leave as it was.
func fingerprint(r *referee.Round) string {
	counts := make([]int, r.Players())
	for s := range counts {
		counts[s] = r.HandCount(s)
	}
	return fmt.Sprintf("table %d, hands %v, boneyard %d, turn %d, %d logged, ending %q",
		r.Layout().Len(), counts, r.Boneyard(), r.Turn(), len(r.Log()), r.Ending())
}

// checkRound compares every observable part of the round with the model.
func checkRound(t *testing.T, r *referee.Round, m *model) {
	t.Helper()
	hands := checkConserved(t, r)
	checkObligations(t, r)
	for s, got := range hands {
		if want := m.hand(s); !slices.Equal(got, want) {
			t.Errorf("Hand(%d) = %v, want %v", s, got, want)
		}
	}
	if got, want := r.Boneyard(), len(m.boneyard()); got != want {
		t.Errorf("Boneyard() = %d, want %d", got, want)
	}
	if got, want := r.Layout().String(), m.layoutString(); got != want {
		t.Errorf("Layout().String() = %q, want %q", got, want)
	}
	checkPlaces(t, r.Layout().Places(), m)
	if got, want := r.Layout().Pending(), m.wantPending(); got != want {
		t.Errorf("Layout().Pending() = %+v, want %+v", got, want)
	}
	if got, want := r.Turn(), m.wantTurn(); got != want {
		t.Errorf("Turn() = %d, want %d", got, want)
	}
	if got, want := r.Setter(), m.setter; got != want {
		t.Errorf("Setter() = %d, want %d", got, want)
	}
	for s := range m.players {
		if got, want := r.MayDrawForStart(s), m.mayDrawForStart(s); got != want {
			t.Errorf("MayDrawForStart(%d) = %t, want %t", s, got, want)
		}
		if got, want := r.Skips(s), m.skips[s]; got != want {
			t.Errorf("Skips(%d) = %t, want %t", s, got, want)
		}
	}
	if r.Ending() != m.ending || r.WentOut() != m.wentOut {
		t.Errorf("Ending(), WentOut() = %q, %d, want %q, %d: %s", r.Ending(), r.WentOut(), m.ending, m.wentOut, m.why())
	}
}

// checkConserved checks that every tile of the set is in exactly one place:
// on the table, in one hand, or in the boneyard. It returns the hands.
func checkConserved(t *testing.T, r *referee.Round) [][]referee.Tile {
	t.Helper()
	n := int(r.Rules().Set)
	seen := make([]int, (n+1)*(n+2)/2) // by key: 0 unseen, else 3 + seat or onTable
	name := func(where int) string {
		if where == onTable {
			return "the table"
		}
		return fmt.Sprintf("seat %d's hand", where)
	}
	put := func(tile referee.Tile, where int) {
		if tile.Lo < 0 || tile.Lo > tile.Hi || tile.Hi > n {
			t.Errorf("%s holds %v, which is not a tile of a double-%d set", name(where), tile, n)
			return
		}
		if before := seen[key(tile)]; before != 0 {
			t.Errorf("%v is in two places: %s and %s", tile, name(before-3), name(where))
		}
		seen[key(tile)] = where + 3
	}
	places := r.Layout().Places()
	if got := r.Layout().Len(); got != len(places) {
		t.Errorf("Layout().Len() = %d, want %d, the tiles Places lists", got, len(places))
	}
	for _, p := range places {
		put(p.Tile, onTable)
	}
	held := 0
	hands := make([][]referee.Tile, r.Players())
	for s := range hands {
		hands[s] = r.Hand(s)
		if got := r.HandCount(s); got != len(hands[s]) {
			t.Errorf("HandCount(%d) = %d, want %d, the tiles Hand(%d) lists", s, got, len(hands[s]), s)
		}
		for _, tile := range hands[s] {
			put(tile, s)
		}
		held += len(hands[s])
	}
	size := (n + 1) * (n + 2) / 2
	if got := len(places) + held + r.Boneyard(); got != size || r.Boneyard() < 0 {
		t.Errorf("table %d + hands %d + boneyard %d = %d tiles, want %d", len(places), held, r.Boneyard(), got, size)
	}
	return hands
}

// checkObligations checks, from the table alone, that no arm or toe is a
// double and that at most one spinner or chickie binds play.
func checkObligations(t *testing.T, r *referee.Round) {
	t.Helper()
	rules := r.Rules()
	places := r.Layout().Places()
	byTile := map[referee.Tile]referee.Place{}
	var left [referee.MaxPips + 1]int // tiles off the table showing each number
	for k := range int(rules.Set) + 1 {
		left[k] = int(rules.Set) + 1 // each number is on N+1 tiles
	}
	for _, p := range places {
		byTile[p.Tile] = p
		left[p.Tile.Hi]--
		if !isDouble(p.Tile) {
			left[p.Tile.Lo]--
		}
	}
	binding := 0
	for _, p := range places {
		if parent, ok := byTile[p.On]; ok && p.Role != referee.Spinner && isDouble(parent.Tile) && isDouble(p.Tile) {
			t.Errorf("%v is an arm or toe of %v, but an arm or toe can never be a double", p.Tile, parent.Tile)
		}
		if p.Role == referee.Line || p.Slots == p.Used {
			continue
		}
		if p.Slots-p.Used <= left[p.Open] || rules.Impossible != referee.ImpossibleReleased {
			binding++
		}
	}
	if binding > 1 {
		t.Errorf("%d spinners and chickies bind play at once in %s, want at most 1", binding, r.Layout())
	}
}

// checkPlaces compares the referee's table with the model's, place by place.
func checkPlaces(t *testing.T, got []referee.Place, m *model) {
	t.Helper()
	if len(got) != len(m.table) {
		t.Errorf("len(Places()) = %d, want %d", len(got), len(m.table))
		return
	}
	for i, p := range m.table {
		role := referee.Line
		switch {
		case i == 0:
			role = referee.Spinner
		case isDouble(p.tile):
			role = referee.Chickie
		}
		want := referee.Place{Tile: p.tile, On: p.on, Role: role, Open: p.open, Slots: p.slots, Used: p.used, Order: i}
		if got[i] != want {
			t.Errorf("Places()[%d] = %+v, want %+v", i, got[i], want)
		}
	}
}

// checkEnd checks how the round ended, its scores, and that nothing more
// can be laid, drawn or passed.
func checkEnd(t *testing.T, r *referee.Round, m *model, rng *rand.Rand) {
	t.Helper()
	switch r.Ending() {
	case referee.Domino:
		if w := r.WentOut(); w < 0 || w >= r.Players() || len(r.Hand(w)) != 0 {
			t.Errorf("a domino ending with WentOut() = %d, want the seat with an empty hand", w)
		}
	case referee.Blocked:
		if w := r.WentOut(); w != -1 {
			t.Errorf("a blocked ending with WentOut() = %d, want -1", w)
		}
	default:
		t.Errorf("Ending() = %q at the end, want %q or %q", r.Ending(), referee.Domino, referee.Blocked)
	}
	checkScores(t, r)
	for range 10 {
		if a := attempt(rng, m); a.Kind != referee.ActTakeBack {
			judge(t, r, m, a)
		}
	}
}

// checkScores checks each seat scores the sum of TileScore over its hand.
func checkScores(t *testing.T, r *referee.Round) {
	t.Helper()
	rules := r.Rules()
	scores, ok := r.Scores()
	if !ok || len(scores) != r.Players() {
		t.Fatalf("Scores() = %v, %t, want %d scores, true", scores, ok, r.Players())
	}
	for s := range r.Players() {
		want := 0
		for _, tile := range r.Hand(s) {
			score := rules.TileScore(tile)
			if tile.Lo > 0 && score != tile.Hi+tile.Lo {
				t.Errorf("TileScore(%v) = %d, want %d, its pips", tile, score, tile.Hi+tile.Lo)
			}
			want += score
		}
		if scores[s] != want {
			t.Errorf("Scores()[%d] = %d, want %d, the TileScore sum of %v", s, scores[s], want, r.Hand(s))
		}
	}
}

// TestPlayout plays seeded random rounds of every set and spinner size.
func TestPlayout(t *testing.T) {
	t.Parallel()
	forEachPlayout(t, func(t *testing.T, p playout, rng *rand.Rand) {
		runPlayout(t, p, rng, true)
	})
}

// TestPlayoutReplay rebuilds every finished playout from its log.
func TestPlayoutReplay(t *testing.T) {
	t.Parallel()
	forEachPlayout(t, func(t *testing.T, p playout, rng *rand.Rand) {
		r := runPlayout(t, p, rng, false)
		got, err := referee.Replay(p.rules, p.double, p.deal, r.Log())
		if err != nil {
			t.Fatalf("Replay(%d actions) = %v, want nil", len(r.Log()), err)
		}
		if g, w := got.Layout().String(), r.Layout().String(); g != w {
			t.Errorf("Replay(log).Layout() = %q, want %q", g, w)
		}
		for s := range r.Players() {
			if g, w := got.Hand(s), r.Hand(s); !slices.Equal(g, w) {
				t.Errorf("Replay(log).Hand(%d) = %v, want %v", s, g, w)
			}
		}
		if got.Ending() != r.Ending() || got.WentOut() != r.WentOut() || got.Boneyard() != r.Boneyard() {
			t.Errorf("Replay(log) ending, went out, boneyard = %q, %d, %d, want %q, %d, %d",
				got.Ending(), got.WentOut(), got.Boneyard(), r.Ending(), r.WentOut(), r.Boneyard())
		}
		gs, _ := got.Scores()
		ws, _ := r.Scores()
		if !slices.Equal(gs, ws) || !slices.Equal(got.Log(), r.Log()) {
			t.Errorf("Replay(log).Scores() = %v, want %v (logs equal: %t)", gs, ws, slices.Equal(got.Log(), r.Log()))
		}
	})
}

// handsOf builds a deal from hands written in tile notation.
func handsOf(t *testing.T, hands ...string) referee.Deal {
	t.Helper()
	deal := referee.Deal{Players: len(hands)}
	for _, h := range hands {
		var tiles []referee.Tile
		for _, f := range strings.Fields(h) {
			tile, err := referee.ParseTile(f)
			if err != nil {
				t.Fatalf("ParseTile(%q) = %v", f, err)
			}
			tiles = append(tiles, tile)
		}
		deal.Hands = append(deal.Hands, tiles)
		deal.HandSize = len(tiles)
	}
	return deal
}

// actAll plays a script of actions that must all be accepted.
func actAll(t *testing.T, r *referee.Round, script []referee.Action) {
	t.Helper()
	for _, a := range script {
		if err := r.Act(a); err != nil {
			t.Fatalf("Act(%v) = %v, want nil", a, err)
		}
	}
}

func playAct(seat int, tile, on string) referee.Action {
	mv := referee.Move{Tile: mustTile(tile), Start: on == ""}
	if on != "" {
		mv.On = mustTile(on)
	}
	return referee.Action{Seat: seat, Kind: referee.ActPlay, Move: mv}
}

func drawAct(seat int, tile string) referee.Action {
	d := mustTile(tile)
	return referee.Action{Seat: seat, Kind: referee.ActDraw, Drawn: &d}
}

func passAct(seat int) referee.Action { return referee.Action{Seat: seat, Kind: referee.ActPass} }

func mustTile(s string) referee.Tile {
	t, err := referee.ParseTile(s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestPlayoutPassWithPlayableTile: under "draw one, may play it" a seat
// may pass keeping a drawn tile that fits. When every seat has passed so
// since the last tile laid and the boneyard is empty, the round is not
// blocked while a hand still holds a tile that fits (the rules, End of a
// round: blocked is "nobody can play and the boneyard is empty").
func TestPlayoutPassWithPlayableTile(t *testing.T) {
	t.Parallel()
	rules := referee.Standard()
	rules.Set, rules.SpinnerArms = 6, 6
	deal := handsOf(t,
		"6-6 6-0 6-2 0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3",
		"6-1 6-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-4 5-5")
	r, err := referee.NewRound(rules, 6, deal) // the boneyard holds 6-4 and 6-5
	if err != nil {
		t.Fatalf("NewRound = %v", err)
	}
	actAll(t, r, []referee.Action{
		playAct(0, "6-6", ""), playAct(1, "6-1", "6-6"), playAct(0, "6-0", "6-6"),
		playAct(1, "6-3", "6-6"), playAct(0, "6-2", "6-6"),
		drawAct(1, "6-4"), passAct(1), // 6-4 fits the spinner; seat 1 keeps it
		drawAct(0, "6-5"), passAct(0), // the boneyard is now empty
	})
	if r.Over() || r.Turn() != 1 {
		t.Errorf("after both seats pass holding 6-4 and 6-5: Over(), Turn() = %t, %d (ending %q), want false, 1",
			r.Over(), r.Turn(), r.Ending())
	}
	if err := r.Act(playAct(1, "6-4", "6-6")); err != nil {
		t.Errorf("Act(seat 1 plays 6-4@6-6) = %v, want nil: 6-4 fills a spinner arm", err)
	}
}

// TestPlayoutDrawBeforeStart: before the starting double is set, players
// draw for it only while nobody holds it (the rules, Rounds and the
// starting double): a draw while a seat holds it, or after it has turned
// up, changes the deal for nothing.
func TestPlayoutDrawBeforeStart(t *testing.T) {
	t.Parallel()
	rules := referee.Standard()
	rules.Set = 6
	tests := []struct {
		name   string
		hands  []string
		before []referee.Action
		draw   referee.Action
	}{
		{"held", []string{"6-6 6-5 6-4 6-3 6-2 6-1 6-0", "5-5 5-4 5-3 5-2 5-1 5-0 4-4"}, nil, drawAct(1, "0-0")},
		{"turned-up", []string{"5-5 5-4 5-3 5-2 5-1 5-0 4-4", "4-3 4-2 4-1 4-0 3-3 3-2 3-1"},
			[]referee.Action{drawAct(0, "6-6")}, drawAct(1, "0-0")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := referee.NewRound(rules, 6, handsOf(t, tt.hands...))
			if err != nil {
				t.Fatalf("NewRound = %v", err)
			}
			actAll(t, r, tt.before)
			err = r.Act(tt.draw)
			var re *referee.RuleError
			if !errors.As(err, &re) {
				t.Errorf("Act(%v) with 6-6 in seat 0's hand = %v, want a *referee.RuleError", tt.draw, err)
			}
		})
	}
}
