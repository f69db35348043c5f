package referee

import (
	"cmp"
	"slices"
)

// A deal must leave a real game: at least MinHand tiles in every hand and
// at least MinBoneyard tiles to draw from. A published figure that breaks
// either is not suggested, and a set that can't meet both for the table is
// too small for it.
const (
	MinHand     = 5
	MinBoneyard = 4
)

// The boneyard the Danish rules ask for: 10 to 20 tiles, 15 in the middle.
const boneyardLow, boneyardHigh, boneyardMid = 10, 20, 15

// ErrTooManyPlayers reports a table too big for its set: the set can't
// deal every player MinHand tiles and keep MinBoneyard back. SmallestSet
// names one that can. It is one of the ErrRules errors.
var ErrTooManyPlayers error = &category{key: "error.too-many-players", of: ErrRules}

// A HandSource is where a suggested hand size comes from. Its value is a
// stable key; the web app's catalog words it.
type HandSource string

// The hand-size sources: the tables and rules of thumb of the numbered
// rule sources, and an existing scorekeeping app's tables.
const (
	SourcePerSetTable   HandSource = "per-set-table"   // source 004: a table for each set
	SourceDouble9Table  HandSource = "double-9-table"  // source 002: a table for double-9
	SourceKeeperApp     HandSource = "keeper-app"      // a scorekeeping app: double-6, 12 and 15
	SourceDanish        HandSource = "danish-7-or-8"   // source 003: 7 or 8 each, 4 or 5 players on double-9
	SourceEqualSplit    HandSource = "equal-split"     // source 003: equal hands leaving 10 to 20
	SourceSeven         HandSource = "seven-each"      // source 001: seven each as the baseline
	SourceMoreThanSeven HandSource = "more-than-seven" // source 001: more for few players or a big set
)

type handSourceInfo struct {
	source HandSource
	doc    string
	names  bool
}

// handSources ranks the sources: the published tables, then the rules of
// thumb. doc names the document a source is from, so that two figures
// from one document count as one voice; names is false for a source that
// agrees with a figure without naming it.
var handSources = []handSourceInfo{
	{SourcePerSetTable, "004", true},
	{SourceDouble9Table, "002", true},
	{SourceKeeperApp, "keeper", true},
	{SourceDanish, "003", true},
	{SourceEqualSplit, "003", true},
	{SourceSeven, "001", true},
	{SourceMoreThanSeven, "001", false},
}

// HandSources lists every source a suggestion may name, in rank order.
func HandSources() []HandSource {
	out := make([]HandSource, len(handSources))
	for i, s := range handSources {
		out[i] = s.source
	}
	return out
}

func sourceInfo(s HandSource) (rank int, info handSourceInfo) {
	rank = slices.IndexFunc(handSources, func(h handSourceInfo) bool { return h.source == s })
	return rank, handSources[rank]
}

// handTables are the published figures: on set, players from, from+1, …
// are dealt tiles[0], tiles[1], … each. The Danish rules' "7 or 8" is two
// rows.
var handTables = []struct {
	set    Set
	source HandSource
	from   int
	tiles  []int
}{
	{9, SourcePerSetTable, 2, []int{12, 11, 10}},
	{12, SourcePerSetTable, 5, []int{12, 11, 10, 9}},
	{15, SourcePerSetTable, 9, []int{12, 11, 10, 9}},
	{18, SourcePerSetTable, 13, []int{12, 11, 10, 9}},
	{9, SourceDouble9Table, 2, []int{21, 14, 11, 8, 7, 6, 5}},
	{6, SourceKeeperApp, 2, []int{7, 7, 5, 4}},
	{12, SourceKeeperApp, 2, []int{15, 15, 15, 12, 12, 11, 10, 9, 8, 7, 7}},
	{15, SourceKeeperApp, 2, []int{18, 18, 18, 15, 15, 13, 13, 11, 11, 10, 10, 9}},
	{9, SourceDanish, 4, []int{7, 7}},
	{9, SourceDanish, 4, []int{8, 8}},
}

// A HandSize is a suggested deal: tiles per player, what that leaves in
// the boneyard, and every source that gives the figure, in rank order.
type HandSize struct {
	Tiles    int
	Boneyard int
	Sources  []HandSource
}

// HandSizes lists every suggestion for players on set, each hand size
// once with all the sources that give it. Only figures that deal at least
// MinHand tiles each and leave at least MinBoneyard are listed. The order
// is the one a table should try them in:
//
//  1. figures leaving 10 to 20 in the boneyard, as the Danish rules ask,
//     before the rest (when the set allows any);
//  2. then the figure more documents name: two figures from one document
//     are one voice, and "more than seven" names no figure;
//  3. then by the best-ranked source (see HandSources): the published
//     tables before the rules of thumb;
//  4. then the boneyard nearer 15.
//
// Seven each (001) is offered where it leaves at most 20; where it would
// leave more, 001 asks for more than seven and is listed with the equal
// split. HandSizes fails with ErrTooManyPlayers when the set is too small
// for the table, and with ErrRules for a set it doesn't know or fewer
// than 2 players.
func HandSizes(set Set, players int) ([]HandSize, error) {
	if !set.Valid() {
		return nil, badRule("set", int(set), setsWant)
	}
	if players < 2 {
		return nil, badDeal("rules.deal.game-players", Params{"N": players})
	}
	split, ok := equalSplit(set, players)
	if !ok {
		return nil, &RulesError{Key: "rules.deal.too-many", Params: Params{"N": players, "Set": set}, of: ErrTooManyPlayers}
	}
	l := handList{set: set, players: players}
	for _, t := range handTables {
		if i := players - t.from; t.set == set && i >= 0 && i < len(t.tiles) {
			l.add(t.tiles[i], t.source)
		}
	}
	l.add(split, SourceEqualSplit)
	if set.Size()-7*players <= boneyardHigh {
		l.add(7, SourceSeven)
	} else if split > 7 {
		l.add(split, SourceMoreThanSeven)
	}
	for _, h := range l.out {
		slices.SortFunc(h.Sources, func(a, b HandSource) int { ra, _ := sourceInfo(a); rb, _ := sourceInfo(b); return ra - rb })
	}
	slices.SortStableFunc(l.out, compareHands)
	return l.out, nil
}

// handList gathers the suggestions for one table, one per hand size.
type handList struct {
	set     Set
	players int
	out     []HandSize
}

// add lists tiles each from source s, unless it deals fewer than MinHand
// or leaves fewer than MinBoneyard.
func (l *handList) add(tiles int, s HandSource) {
	left := l.set.Size() - tiles*l.players
	if tiles < MinHand || left < MinBoneyard {
		return
	}
	i := slices.IndexFunc(l.out, func(h HandSize) bool { return h.Tiles == tiles })
	if i < 0 {
		l.out, i = append(l.out, HandSize{Tiles: tiles, Boneyard: left}), len(l.out)
	}
	if !slices.Contains(l.out[i].Sources, s) {
		l.out[i].Sources = append(l.out[i].Sources, s)
	}
}

// compareHands orders suggestions as HandSizes documents.
func compareHands(a, b HandSize) int {
	ra, _ := sourceInfo(a.Sources[0])
	rb, _ := sourceInfo(b.Sources[0])
	return cmp.Or(
		-cmp.Compare(b2i(a.inRange()), b2i(b.inRange())),
		-cmp.Compare(a.voices(), b.voices()),
		cmp.Compare(ra, rb),
		cmp.Compare(abs(a.Boneyard-boneyardMid), abs(b.Boneyard-boneyardMid)),
		-cmp.Compare(a.Tiles, b.Tiles),
	)
}

// inRange reports whether h leaves the 10 to 20 tiles the Danish rules ask for.
func (h HandSize) inRange() bool { return h.Boneyard >= boneyardLow && h.Boneyard <= boneyardHigh }

// voices counts the documents that name h's figure.
func (h HandSize) voices() int {
	docs := map[string]bool{}
	for _, s := range h.Sources {
		if _, info := sourceInfo(s); info.names {
			docs[info.doc] = true
		}
	}
	return len(docs)
}

// SuggestHand returns the first of HandSizes: the figure to offer a table.
func SuggestHand(set Set, players int) (HandSize, error) {
	all, err := HandSizes(set, players)
	if err != nil {
		return HandSize{}, err
	}
	return all[0], nil
}

// SmallestSet names the smallest of Sets that can deal players a real
// game (MinHand tiles each, MinBoneyard left), or false when none can or
// there are fewer than 2 players.
func SmallestSet(players int) (Set, bool) {
	if players < 2 {
		return 0, false
	}
	for _, s := range Sets {
		if _, ok := equalSplit(s, players); ok {
			return s, true
		}
	}
	return 0, false
}

// equalSplit is the Danish rule: equal hands leaving 10 to 20 in the
// boneyard. It picks the hand of at least MinHand that leaves at least
// MinBoneyard and comes nearest 15 left (so within 10 to 20 whenever any
// hand does), the bigger hand on a tie; false when no hand qualifies.
func equalSplit(set Set, players int) (int, bool) {
	best := 0
	for h := MinHand; set.Size()-h*players >= MinBoneyard; h++ {
		if best == 0 || abs(set.Size()-h*players-boneyardMid) <= abs(set.Size()-best*players-boneyardMid) {
			best = h
		}
	}
	return best, best > 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
