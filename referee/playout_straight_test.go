package referee_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"chickenfoot/referee"
)

// The Straight playout drives whole hands through StraightHand.Act with
// random actions, legal and illegal, and holds the referee to a model of
// the line and the count written here from the rules alone: every tile
// is in exactly one place after every action, every lay is judged as the
// model judges it, the count of the ends is the model's, and the points
// made in play and the award add up to the totals.

// sTile is a tile on the model's line: the numbers its free ends show,
// and for the spinner how many sides and ends are still free.
type sTile struct {
	tile  referee.Tile
	kind  byte // 'L' a non-double lead, 'S' the spinner, 'D' a crosswise double, 'T' a tile
	opens []int
	sides int // spinner only
	ends  int // spinner only
}

type sModel struct {
	rules  referee.Rules
	placed []sTile
	index  map[referee.Tile]int
	spin   bool
}

func newSModel(r referee.Rules) *sModel {
	return &sModel{rules: r, index: map[referee.Tile]int{}}
}

func (m *sModel) copy() *sModel {
	c := *m
	c.placed = make([]sTile, len(m.placed))
	for i, p := range m.placed {
		p.opens = slices.Clone(p.opens)
		c.placed[i] = p
	}
	c.index = map[referee.Tile]int{}
	for k, v := range m.index {
		c.index[k] = v
	}
	return &c
}

// fitsOn says whether t may go on the placed tile p now.
func (m *sModel) fitsOn(t referee.Tile, p sTile) bool {
	if p.kind == 'S' {
		v := p.tile.Hi
		open := p.sides > 0 || (p.ends > 0 && (p.sides == 0 || m.rules.Straight.Spinner == referee.SpinnerAnyTime))
		return shows(t, v) && open
	}
	for _, n := range p.opens {
		if shows(t, n) {
			return true
		}
	}
	return false
}

// legal says whether t may be laid on `on` (the lead when the line is empty).
func (m *sModel) legal(t, on referee.Tile) bool {
	if t.Hi > 6 || t.Lo < 0 || t.Lo > t.Hi {
		return false
	}
	if _, done := m.index[t]; done {
		return false
	}
	i, ok := m.index[on]
	return ok && m.fitsOn(t, m.placed[i])
}

func (m *sModel) fits(t referee.Tile) bool {
	if len(m.placed) == 0 {
		return true
	}
	for _, p := range m.placed {
		if m.fitsOn(t, p) {
			return true
		}
	}
	return false
}

func (m *sModel) lead(t referee.Tile) {
	p := sTile{tile: t, kind: 'L', opens: []int{t.Hi, t.Lo}}
	if isDouble(t) {
		p = sTile{tile: t, kind: 'S', sides: 2, ends: 2}
		m.spin = true
	}
	m.index[t] = len(m.placed)
	m.placed = append(m.placed, p)
}

// lay puts t on `on`, the first free end that fits: sides before ends.
func (m *sModel) lay(t, on referee.Tile) {
	q := &m.placed[m.index[on]]
	var touch int
	if q.kind == 'S' {
		touch = q.tile.Hi
		if q.sides > 0 {
			q.sides--
		} else {
			q.ends--
		}
	} else {
		k := slices.IndexFunc(q.opens, func(n int) bool { return shows(t, n) })
		touch = q.opens[k]
		q.opens = slices.Delete(q.opens, k, k+1)
	}
	p := sTile{tile: t, kind: 'T', opens: []int{far(t, touch)}}
	switch {
	case isDouble(t) && !m.spin:
		p = sTile{tile: t, kind: 'S', sides: 1, ends: 2}
		m.spin = true
	case isDouble(t):
		p = sTile{tile: t, kind: 'D', opens: []int{t.Hi}}
	}
	m.index[t] = len(m.placed)
	m.placed = append(m.placed, p)
}

// count is the total of the exposed ends.
func (m *sModel) count() int {
	sum := 0
	for _, p := range m.placed {
		switch p.kind {
		case 'S':
			if p.sides > 0 {
				sum += 2 * p.tile.Hi
			}
		case 'D':
			if len(p.opens) > 0 {
				sum += 2 * p.tile.Hi
			}
		default:
			for _, n := range p.opens {
				sum += n
			}
		}
	}
	return sum
}

// points is what a play leaving count scores at the table, before the
// rules' count.
func (m *sModel) points(count int, lead bool) int {
	if count == 0 || count%5 != 0 || (lead && m.rules.Straight.Lead == referee.No) {
		return 0
	}
	return count
}

func randomStraightRules(rng *rand.Rand) referee.Rules {
	r := referee.StandardStraight()
	pick := func(h referee.HouseRule) string {
		if h.Span != nil {
			return fmt.Sprint([]int{0, 0, 50, 100, 61}[rng.IntN(5)])
		}
		return h.Choices[rng.IntN(len(h.Choices))].Value
	}
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		if err := r.SetValue(h.JSON, pick(h)); err != nil {
			panic(err)
		}
	}
	return r
}

// TestStraightPlayout plays random hands to the end.
func TestStraightPlayout(t *testing.T) {
	t.Parallel()
	hands := 400
	if testing.Short() {
		hands = 60
	}
	endings := map[referee.Ending]int{}
	for i := range hands {
		seed := uint64(i)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			endings[playStraight(t, rand.New(rand.NewPCG(seed, 22)))]++
		})
	}
	// Every way a hand ends is played.
	for _, e := range []referee.Ending{referee.Domino, referee.Blocked, referee.TargetReached} {
		if endings[e] == 0 {
			t.Errorf("no hand of %d ended %q: %v", hands, e, endings)
		}
	}
	t.Logf("endings: %v", endings)
}

func playStraight(t *testing.T, rng *rand.Rand) referee.Ending {
	t.Helper()
	rules := randomStraightRules(rng)
	players := 2 + rng.IntN(3)
	set := setTiles(6)
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	deal := referee.StraightDeal{Players: players, Leader: rng.IntN(players), Hands: make([][]referee.Tile, players)}
	where := map[referee.Tile]int{}
	for _, tile := range set {
		where[tile] = inBoneyard
	}
	for s := range players {
		deal.Hands[s] = slices.Clone(set[s*7 : s*7+7])
		for _, tile := range deal.Hands[s] {
			where[tile] = s
		}
	}
	sides := referee.Sides(players, rules.Straight.Partnered(players))
	if rng.IntN(3) == 0 { // near the target, so reaching it mid-hand is played
		deal.Totals = make([]int, len(sides))
		for i := range deal.Totals {
			deal.Totals[i] = max(0, rules.Straight.Goal()-rng.IntN(30))
		}
		if _, won := rules.Straight.Winner(deal.Totals, false); won {
			deal.Totals = nil
		}
	}
	h, err := referee.NewStraightHand(rules, deal)
	if err != nil {
		t.Fatal(err)
	}
	model := newSModel(rules)
	points := make([]int, players) // by seat, in the rules' count
	uncalled, layer := 0, -1
	counted := func(p int) int { return rules.Straight.Counted(p) }
	side := func(seat int) int { return referee.SideOf(seat, players, rules.Straight.Partnered(players)) }
	refuse := func(a referee.StraightAction, why string) {
		t.Helper()
		before := h.Clone()
		err := h.Act(a)
		var re *referee.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%s (%s): got %v, want a refusal", a, why, err)
		}
		if h.Line().Ends() != before.Line().Ends() || len(h.Log()) != len(before.Log()) || h.Boneyard() != before.Boneyard() {
			t.Fatalf("%s: refused but the hand changed", a)
		}
	}
	accept := func(a referee.StraightAction) {
		t.Helper()
		if err := h.Act(a); err != nil {
			t.Fatalf("%s: %v\nlog %v", a, err, h.Log())
		}
	}
	for step := 0; !h.Over(); step++ {
		if step > 500 {
			t.Fatal("the hand does not end")
		}
		seat := h.Turn()
		hand := holding(where, seat)
		// Someone out of turn.
		if other := (seat + 1 + rng.IntN(players-1)) % players; rng.IntN(8) == 0 {
			refuse(referee.StraightAction{Seat: other, Kind: referee.ActPass}, "out of turn")
		}
		// A random lay the model judges.
		if len(model.placed) > 0 && rng.IntN(3) == 0 {
			tile := hand[rng.IntN(len(hand))]
			on := model.placed[rng.IntN(len(model.placed))].tile
			a := referee.StraightAction{Seat: seat, Kind: referee.ActPlay, Move: referee.StraightMove{Tile: tile, On: on}}
			if !model.legal(tile, on) {
				refuse(a, "the model refuses it")
			}
		}
		var fits []referee.Tile
		for _, tile := range hand {
			if model.fits(tile) {
				fits = append(fits, tile)
			}
		}
		if uncalled > 0 && seat == (layer+1)%players && rng.IntN(2) == 0 {
			accept(referee.StraightAction{Seat: seat, Kind: referee.ActMuggins})
			points[seat] += counted(uncalled)
			uncalled = 0
			continue
		}
		switch {
		case len(fits) > 0:
			if h.Boneyard() > 0 {
				refuse(referee.StraightAction{Seat: seat, Kind: referee.ActDraw, Drawn: ptr(boneyardTile(where, rng))}, "holds a fit")
			}
			refuse(referee.StraightAction{Seat: seat, Kind: referee.ActPass}, "holds a fit")
			tile := fits[rng.IntN(len(fits))]
			var on referee.Tile
			lead := len(model.placed) == 0
			if !lead {
				var ons []referee.Tile
				for _, p := range model.placed {
					if model.fitsOn(tile, p) {
						ons = append(ons, p.tile)
					}
				}
				on = ons[rng.IntN(len(ons))]
			}
			before, beforeModel, beforePoints, beforeUncalled, beforeLayer := h.Clone(), model.copy(), slices.Clone(points), uncalled, layer
			if lead {
				model.lead(tile)
			} else {
				model.lay(tile, on)
			}
			count := model.count()
			table := model.points(count, lead)
			call := 0
			if rules.Straight.Muggins == referee.On && table > 0 {
				if rng.IntN(2) == 0 {
					call = table
				} else if rng.IntN(4) == 0 {
					refuse(referee.StraightAction{Seat: seat, Kind: referee.ActPlay, Move: referee.StraightMove{Tile: tile, On: on, Lead: lead}, Call: table + 5}, "a wrong call")
				}
			}
			accept(referee.StraightAction{Seat: seat, Kind: referee.ActPlay, Move: referee.StraightMove{Tile: tile, On: on, Lead: lead}, Call: call})
			where[tile] = onTable
			if got := h.Line().Ends(); got != count {
				t.Fatalf("after %s on %s: the referee counts %d, the model %d\n%+v", tile, on, got, count, h.Line().Places())
			}
			uncalled, layer = 0, seat
			if rules.Straight.Muggins == referee.On && call == 0 {
				uncalled = table
			} else {
				points[seat] += counted(table)
			}
			if h.Scored() != points[seat]-beforePoints[seat] {
				t.Fatalf("Scored() = %d, model %d", h.Scored(), points[seat]-beforePoints[seat])
			}
			if rng.IntN(10) == 0 { // and take it back
				accept(referee.StraightAction{Seat: seat, Kind: referee.ActTakeBack})
				refuse(referee.StraightAction{Seat: seat, Kind: referee.ActTakeBack}, "taken back already")
				where[tile] = seat
				model, points, uncalled, layer = beforeModel, beforePoints, beforeUncalled, beforeLayer
				if h.Line().Ends() != before.Line().Ends() || h.Turn() != before.Turn() || h.HandCount(seat) != before.HandCount(seat) || h.Points(seat) != before.Points(seat) {
					t.Fatal("a take-back did not restore the hand")
				}
			}
		case h.Boneyard() > 0:
			refuse(referee.StraightAction{Seat: seat, Kind: referee.ActPass}, "must draw")
			tile := boneyardTile(where, rng)
			accept(referee.StraightAction{Seat: seat, Kind: referee.ActDraw, Drawn: &tile})
			where[tile] = seat
			uncalled, layer = 0, -1
			if !model.fits(tile) && rules.Straight.Draw == referee.StraightDrawOne && !h.Over() {
				if h.Boneyard() > 0 {
					refuse(referee.StraightAction{Seat: seat, Kind: referee.ActDraw, Drawn: ptr(boneyardTile(where, rng))}, "draws one")
				}
				accept(referee.StraightAction{Seat: seat, Kind: referee.ActPass})
			}
		default:
			refuse(referee.StraightAction{Seat: seat, Kind: referee.ActDraw}, "nothing to draw")
			accept(referee.StraightAction{Seat: seat, Kind: referee.ActPass})
			uncalled, layer = 0, -1
		}
		conserved(t, h, where, players)
		for s := range players {
			if h.Points(s) != points[s] {
				t.Fatalf("seat %d: the referee has %d points made in play, the model %d", s, h.Points(s), points[s])
			}
		}
	}
	// The end: a hand emptied, nobody able to play, or the target.
	totals := make([]int, len(sides))
	for s := range players {
		if deal.Totals != nil && s == sides[side(s)][0] {
			totals[side(s)] += deal.Totals[side(s)]
		}
		totals[side(s)] += points[s]
	}
	var pips []int
	for s := range players {
		n := 0
		for _, tile := range holding(where, s) {
			n += tile.Hi + tile.Lo
		}
		pips = append(pips, n)
	}
	switch h.Ending() {
	case referee.Domino:
		if len(holding(where, h.WentOut())) != 0 {
			t.Fatalf("seat %d went out holding %v", h.WentOut(), holding(where, h.WentOut()))
		}
		a, _ := h.Award()
		want := rules.Straight.WentOut(pips, h.WentOut())
		if !slices.Equal(a.Points, want.Points) {
			t.Fatalf("award %v, want %v", a.Points, want.Points)
		}
		for i := range totals {
			totals[i] += want.Points[i]
		}
	case referee.Blocked:
		if h.Boneyard() != 0 {
			t.Fatal("blocked with tiles left to draw")
		}
		for s := range players {
			for _, tile := range holding(where, s) {
				if model.fits(tile) {
					t.Fatalf("blocked, but seat %d could lay %s", s, tile)
				}
			}
		}
		want := rules.Straight.Blocked(pips)
		for i := range totals {
			totals[i] += want.Points[i]
		}
	case referee.TargetReached:
		if _, won := rules.Straight.Winner(totals, false); !won || rules.Straight.Reached != referee.ReachedAtOnce {
			t.Fatalf("ended on the target with totals %v", totals)
		}
	}
	if got := h.Totals(); !slices.Equal(got, totals) {
		t.Fatalf("totals %v, model %v (ending %s)", got, totals, h.Ending())
	}
	// The log replays to the same hand.
	again, err := referee.ReplayStraight(rules, deal, h.Log())
	if err != nil {
		t.Fatal(err)
	}
	if again.Line().Ends() != h.Line().Ends() || again.Ending() != h.Ending() || !slices.Equal(again.Totals(), h.Totals()) {
		t.Fatal("the log does not replay to the same hand")
	}
	if h.Ending() == referee.Domino || h.Ending() == referee.Blocked {
		next := h.NextLeader(nil)
		if next < 0 || next >= players {
			t.Fatalf("next leader %d", next)
		}
	}
	return h.Ending()
}

// holding lists the tiles seat holds in the model.
func holding(where map[referee.Tile]int, seat int) []referee.Tile {
	var out []referee.Tile
	for _, tile := range setTiles(6) {
		if where[tile] == seat {
			out = append(out, tile)
		}
	}
	return out
}

func boneyardTile(where map[referee.Tile]int, rng *rand.Rand) referee.Tile {
	var out []referee.Tile
	for _, tile := range setTiles(6) {
		if where[tile] == inBoneyard {
			out = append(out, tile)
		}
	}
	return out[rng.IntN(len(out))]
}

func ptr[T any](v T) *T { return &v }

// conserved checks that every tile is in exactly one place, as the model
// says: a hand, the boneyard or the line.
func conserved(t *testing.T, h *referee.StraightHand, where map[referee.Tile]int, players int) {
	t.Helper()
	seen := map[referee.Tile]string{}
	put := func(tile referee.Tile, place string) {
		if was, ok := seen[tile]; ok {
			t.Fatalf("%s is both in %s and %s", tile, was, place)
		}
		seen[tile] = place
	}
	for s := range players {
		for _, tile := range h.Hand(s) {
			put(tile, fmt.Sprint("hand ", s))
			if where[tile] != s {
				t.Fatalf("%s is in seat %d's hand, the model has it at %d", tile, s, where[tile])
			}
		}
		if h.HandCount(s) != len(h.Hand(s)) {
			t.Fatalf("seat %d: count %d, hand %v", s, h.HandCount(s), h.Hand(s))
		}
	}
	for _, tile := range h.BoneyardTiles() {
		put(tile, "the boneyard")
	}
	if len(h.BoneyardTiles()) != h.Boneyard() {
		t.Fatalf("boneyard count %d, tiles %d", h.Boneyard(), len(h.BoneyardTiles()))
	}
	for _, p := range h.Line().Places() {
		put(p.Tile, "the line")
		if where[p.Tile] != onTable {
			t.Fatalf("%s is on the line, the model has it at %d", p.Tile, where[p.Tile])
		}
	}
	if len(seen) != 28 {
		t.Fatalf("%d tiles accounted for, want 28", len(seen))
	}
}

// BenchmarkStraightReplay rebuilds a four-handed hand of Straight from
// its log, as a live table does on every move it judges.
func BenchmarkStraightReplay(b *testing.B) {
	rules := referee.StandardStraight()
	rng := rand.New(rand.NewPCG(1, 2))
	set := setTiles(6)
	rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	deal := referee.StraightDeal{Players: 4, Hands: [][]referee.Tile{set[0:7], set[7:14], set[14:21], set[21:28]}}
	h, err := referee.NewStraightHand(rules, deal)
	if err != nil {
		b.Fatal(err)
	}
	for !h.Over() {
		s := h.Turn()
		a := referee.StraightAction{Seat: s, Kind: referee.ActPass}
		if moves := h.LegalMoves(s); len(moves) > 0 {
			a = referee.StraightAction{Seat: s, Kind: referee.ActPlay, Move: moves[rng.IntN(len(moves))]}
		}
		if err := h.Act(a); err != nil {
			b.Fatal(err)
		}
	}
	log := h.Log()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := referee.ReplayStraight(rules, deal, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "actions")
}
