package referee_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// FuzzParseTile: ParseTile never panics; a tile it reads is canonical, in
// range, and reads back the same from its String form.
func FuzzParseTile(f *testing.F) {
	for _, s := range []string{"9-3", "3-9", " 12 - 0 ", "18-18", "0-0", "07-7", "19-0", "9--3",
		"1-2-3", "-", "", "a-b", "\u00a09-3\t", "100-1", "+1-2", "9-3@9-9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tile, err := referee.ParseTile(s)
		if err != nil {
			checkNotation(t, "ParseTile", s, err)
			return
		}
		if tile.Lo < 0 || tile.Lo > tile.Hi || tile.Hi > referee.MaxPips {
			t.Fatalf("ParseTile(%q) = %+v, want Hi >= Lo, both within 0..%d", s, tile, referee.MaxPips)
		}
		if back, err := referee.ParseTile(tile.String()); err != nil || back != tile {
			t.Errorf("ParseTile(%q) = %v, %v, want %v, nil", tile.String(), back, err, tile)
		}
		if a, b, ok := halves(s); !ok || referee.NewTile(a, b) != tile {
			t.Errorf("ParseTile(%q) = %v, want the tile of the two numbers in the text", s, tile)
		}
		var u referee.Tile
		if err := u.UnmarshalText([]byte(s)); err != nil || u != tile {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v, nil", s, u, err, tile)
		}
	})
}

// halves reads "a-b" the plain way, to cross-check ParseTile.
func halves(s string) (int, int, bool) {
	x, y, ok := strings.Cut(strings.TrimSpace(s), "-")
	a, errA := strconv.Atoi(strings.TrimSpace(x))
	b, errB := strconv.Atoi(strings.TrimSpace(y))
	return a, b, ok && errA == nil && errB == nil
}

// checkNotation checks a refused text is a bad-tile *RuleError.
func checkNotation(t *testing.T, fn, text string, err error) {
	t.Helper()
	var re *referee.RuleError
	if !errors.As(err, &re) || re.Code != referee.CodeBadTile || !errors.Is(err, referee.ErrNotation) {
		t.Errorf("%s(%q) = %v (%T), want a bad-tile *referee.RuleError", fn, text, err, err)
	}
}

// FuzzParseMoves: the layout notation reads, writes and reads back the same
// moves, and laying them on a fresh table never panics: it lays them all,
// or stops at the first refused one with a *RuleError.
func FuzzParseMoves(f *testing.F) {
	f.Add("9-9 9-3@9-9 9-5@9-9 9-7@9-9 9-8@9-9 3-3@9-3", uint8(1), false)
	f.Add("6-6,6-0@6-6, 6-1@6-6 6-2@6-6 6-3@6-6 6-4@6-6 6-5@6-6 0-0@6-0", uint8(0), true)
	f.Add("6-6 6-0@6-6 6-1@6-6 6-2@6-6 6-3@6-6 0-3@6-0 1-3@6-1 2-3@6-2 3-4@0-3 3-5@1-3 3-3@6-3", uint8(5), false)
	f.Add("9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9 1-1@9-1 1-5@1-1 5-5@1-5", uint8(1), false)
	f.Add("12-12 12-3@12-12 3-3@12-3", uint8(2), true)
	f.Add("", uint8(3), false)
	f.Add("9-9 9-9@9-9 9-3@9-3 9-3", uint8(1), false)
	f.Add("1-1@ @2-2 1-1@1-1@1-1 x", uint8(4), true)
	f.Fuzz(func(t *testing.T, text string, set uint8, sixArms bool) {
		moves, err := referee.ParseMoves(text)
		if err != nil {
			checkNotation(t, "ParseMoves", text, err)
			return
		}
		out := referee.FormatMoves(moves)
		again, err := referee.ParseMoves(out)
		if err != nil || !slices.Equal(again, moves) {
			t.Fatalf("ParseMoves(%q) = %v, %v, want %v, nil", out, again, err, moves)
		}
		l := fuzzLayout(t, moves, set, sixArms)
		k, err := l.Apply(moves)
		checkApplied(t, l, moves, k, err)
		for n := l.Len(); n > 0; n-- {
			if _, ok := l.TakeBack(); !ok || l.Len() != n-1 {
				t.Fatalf("TakeBack() with %d tiles down = _, %t, leaving %d, want true, %d", n, ok, l.Len(), n-1)
			}
		}
		if p := l.Pending(); p.Pending() || l.String() != "" {
			t.Errorf("after taking every tile back: Pending() = %+v, String() = %q, want nothing", p, l.String())
		}
	})
}

// fuzzLayout makes an empty table for the moves: the set and spinner from
// the fuzzer, the starting double from the first move when it can be.
func fuzzLayout(t *testing.T, moves []referee.Move, set uint8, sixArms bool) *referee.Layout {
	t.Helper()
	rules := referee.Standard()
	rules.Set = referee.Sets[int(set)%len(referee.Sets)]
	if sixArms {
		rules.SpinnerArms = 6
	}
	if set&0x80 != 0 {
		rules.Impossible = referee.ImpossibleReleased
	}
	double := int(set>>3) % (int(rules.Set) + 1)
	if len(moves) > 0 && moves[0].Tile.Double() && rules.Set.Contains(moves[0].Tile) {
		double = moves[0].Tile.Hi
	}
	l, err := referee.NewLayout(rules, double)
	if err != nil {
		t.Fatalf("NewLayout(%+v, %d) = %v, want a layout", rules, double, err)
	}
	return l
}

// checkApplied checks what Apply laid: every move, or those before the
// first refused one, which it names with a *RuleError.
func checkApplied(t *testing.T, l *referee.Layout, moves []referee.Move, k int, err error) {
	t.Helper()
	laid := moves
	if err != nil {
		var re *referee.RuleError
		if !errors.As(err, &re) || k < 0 || k >= len(moves) {
			t.Fatalf("Apply(%v) = %d, %v (%T), want an index and a *referee.RuleError", moves, k, err, err)
		}
		laid = moves[:k]
	} else if k != -1 {
		t.Errorf("Apply(%v) = %d, nil, want -1, nil", moves, k)
	}
	if got, want := l.String(), referee.FormatMoves(laid); got != want {
		t.Errorf("String() after Apply = %q, want %q", got, want)
	}
	if !slices.Equal(l.Moves(), laid) && len(laid) > 0 {
		t.Errorf("Moves() after Apply = %v, want %v", l.Moves(), laid)
	}
	l.OpenEnds()
	l.Stuck()
	l.LegalMoves(referee.Sets[len(referee.Sets)-1].Tiles())
}

// FuzzActions decodes the fuzzer's bytes into a small deal and a sequence of
// round actions, legal or not, and acts them: the referee never panics,
// refuses with a *RuleError, conserves the tiles after every accepted
// action, and Replay rebuilds the same round from the log.
//
// The first 4 bytes choose the table (players, spinner, house rules,
// starting double, deal); every 4 after that one action.
func FuzzActions(f *testing.F) {
	for _, seed := range fuzzActionSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 || len(data) > 4*400 {
			return
		}
		rules, double, deal := fuzzDeal(data[:4])
		r, err := referee.NewRound(rules, double, deal)
		if err != nil {
			t.Fatalf("NewRound(%+v, %d, %v) = %v, want a round", rules, double, deal.Hands, err)
		}
		for chunk := range slices.Chunk(data[4:], 4) {
			if len(chunk) < 4 {
				break
			}
			a := decodeAction(r, chunk)
			if err := r.Act(a); err != nil {
				var re *referee.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("Act(%v) = %v (%T), want a *referee.RuleError", a, err, err)
				}
				continue
			}
			checkConserved(t, r)
			checkObligations(t, r)
			r.LegalMoves(a.Seat)
			r.Scores()
		}
		checkReplay(t, rules, double, deal, r)
	})
}

// fuzzDeal reads the table from 4 bytes: a double-6 set (double-9 when the
// top bit of the first byte is set), 2 to 4 players with SuggestHand's hand
// size, and the house rules and the shuffle from the rest.
func fuzzDeal(b []byte) (referee.Rules, int, referee.Deal) {
	rules := referee.Standard()
	rules.Set = 6
	if b[0]&0x80 != 0 {
		rules.Set = 9
	}
	if b[0]&0x40 != 0 {
		rules.SpinnerArms = 6
	}
	rules.Draw = []referee.DrawRule{referee.DrawOneMayPlay, referee.DrawOneMustPlay, referee.DrawUntilPlayable}[int(b[1]&3)%3]
	flags := []struct {
		bit byte
		set func()
	}{
		{4, func() { rules.Impossible = referee.ImpossibleReleased }},
		{8, func() { rules.TakeBack = referee.TakeBackNever }},
		{16, func() { rules.LastTile = referee.LastTilePenalty }},
		{32, func() { rules.Blocked = referee.BlockedLowestZero }},
		{64, func() { rules.DoubleOut = 50 }},
		{128, func() { rules.BlankHalf = 25 }},
	}
	for _, fl := range flags {
		if b[1]&fl.bit != 0 {
			fl.set()
		}
	}
	players := 2 + int(b[0]&3)%3
	size, _ := referee.SuggestHand(rules.Set, players)
	tiles := setTiles(int(rules.Set))
	rng := rand.New(rand.NewPCG(uint64(b[3]), uint64(b[2])))
	rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	deal := referee.Deal{Players: players, HandSize: size.Tiles, Hands: make([][]referee.Tile, players)}
	for s := range deal.Hands {
		deal.Hands[s] = slices.Clone(tiles[s*size.Tiles : (s+1)*size.Tiles])
	}
	return rules, int(b[2]) % (int(rules.Set) + 1), deal
}

// decodeAction reads one action from 4 bytes: kind, seat, and two tile
// choices. With the top bit clear a choice picks among the tiles that make
// sense (a legal move, a tile in the boneyard), so fuzzing reaches deep
// into a round; with it set, any tile, including ones outside the set.
func decodeAction(r *referee.Round, b []byte) referee.Action {
	a := referee.Action{Seat: fuzzSeat(r, b[1])}
	switch k := b[0] % 8; {
	case b[0] >= 248:
		a.Kind = "fold"
	case k < 4:
		a.Kind = referee.ActPlay
		if moves := r.LegalMoves(a.Seat); b[2]&0x80 == 0 && len(moves) > 0 {
			a.Move = moves[int(b[2])%len(moves)]
		} else {
			a.Move = referee.Move{Tile: fuzzTile(b[2]), On: fuzzTile(b[3]), Start: b[3] == 0xff}
		}
	case k == 4 || k == 7:
		a.Kind = referee.ActDraw
		if k == 7 {
			a.Kind = referee.ActPenalty
		}
		a.Drawn = fuzzDrawn(r, b[2], b[3])
	case k == 5:
		a.Kind = referee.ActPass
	default:
		a.Kind = referee.ActTakeBack
	}
	return a
}

// fuzzSeat is the seat to act (or, before the start, the holder of the
// double) when the top bit is clear, else any seat from -1 to Players.
func fuzzSeat(r *referee.Round, b byte) int {
	if b&0x80 != 0 {
		return int(b&0x7f)%(r.Players()+2) - 1
	}
	if r.Turn() >= 0 {
		return r.Turn()
	}
	for s := range r.Players() {
		if slices.Contains(r.Hand(s), r.Layout().Double()) {
			return s
		}
	}
	return int(b) % r.Players()
}

// fuzzTile maps a byte to a tile of a double-9 set or, past its 55 tiles,
// to halves up to 15 in either order: often not a tile of the set at all.
func fuzzTile(b byte) referee.Tile {
	if tiles := setTiles(9); int(b&0x7f) < len(tiles) {
		return tiles[b&0x7f]
	}
	return referee.Tile{Hi: int(b >> 4), Lo: int(b & 15)}
}

func fuzzDrawn(r *referee.Round, pick, raw byte) *referee.Tile {
	if pick == 0xff {
		return nil
	}
	held := map[referee.Tile]bool{}
	for s := range r.Players() {
		for _, t := range r.Hand(s) {
			held[t] = true
		}
	}
	var yard []referee.Tile
	for _, t := range r.Rules().Set.Tiles() {
		if !r.Layout().Placed(t) && !held[t] {
			yard = append(yard, t)
		}
	}
	d := fuzzTile(raw)
	if pick&0x80 == 0 && len(yard) > 0 {
		d = yard[int(pick)%len(yard)]
	}
	return &d
}

// checkReplay rebuilds r from its log and compares the two rounds.
func checkReplay(t *testing.T, rules referee.Rules, double int, deal referee.Deal, r *referee.Round) {
	t.Helper()
	got, err := referee.Replay(rules, double, deal, r.Log())
	if err != nil {
		t.Fatalf("Replay(%d actions) = %v, want nil", len(r.Log()), err)
	}
	if g, w := got.Layout().String(), r.Layout().String(); g != w {
		t.Errorf("Replay(log).Layout() = %q, want %q", g, w)
	}
	if got.Ending() != r.Ending() || got.WentOut() != r.WentOut() || got.Turn() != r.Turn() || got.Boneyard() != r.Boneyard() {
		t.Errorf("Replay(log) ending, went out, turn, boneyard = %q, %d, %d, %d, want %q, %d, %d, %d",
			got.Ending(), got.WentOut(), got.Turn(), got.Boneyard(), r.Ending(), r.WentOut(), r.Turn(), r.Boneyard())
	}
	for s := range r.Players() {
		if g, w := got.Hand(s), r.Hand(s); !slices.Equal(g, w) {
			t.Errorf("Replay(log).Hand(%d) = %v, want %v", s, g, w)
		}
	}
}

// fuzzActionSeeds are tables with actions that play a round a good way in:
// mostly "lay a legal tile", then draws and passes, a take-back, a few
// refused attempts.
func fuzzActionSeeds() [][]byte {
	play, draw, pass := []byte{0, 0, 0, 0}, []byte{4, 0, 0, 0}, []byte{5, 0, 0, 0}
	back, junk := []byte{6, 0, 0, 0}, []byte{1, 0x83, 0xf7, 0xee}
	var seeds [][]byte
	for _, head := range [][]byte{{0, 0, 6, 1}, {0x41, 0x14, 3, 9}, {0x82, 0x02, 9, 77}, {0xc0, 0xf5, 0, 200}} {
		seed := slices.Clone(head)
		for i := range 60 {
			switch i % 6 {
			case 0, 1, 3:
				seed = append(seed, play...)
			case 2:
				seed = append(seed, draw...)
			case 4:
				seed = append(seed, pass...)
			default:
				seed = append(seed, []byte{byte(i), 0, byte(i * 3), 0}...)
			}
		}
		seeds = append(seeds, append(seed, slices.Concat(back, junk, play, play)...))
	}
	return seeds
}
