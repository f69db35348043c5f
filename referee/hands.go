package referee

import "fmt"

// A HandSize is a suggested deal: tiles per player and what is left in the
// boneyard, with where the figure comes from.
type HandSize struct {
	Tiles    int
	Boneyard int
	Source   string
}

// dealTables holds the published hand sizes per set and player count.
var dealTables = []struct {
	set     Set
	source  string
	players map[int]int
}{
	{9, "per-set table", map[int]int{2: 12, 3: 11, 4: 10}},
	{12, "per-set table", map[int]int{5: 12, 6: 11, 7: 10, 8: 9}},
	{15, "per-set table", map[int]int{9: 12, 10: 11, 11: 10, 12: 9}},
	{18, "per-set table", map[int]int{13: 12, 14: 11, 15: 10, 16: 9}},
	{9, "double-9 table", map[int]int{2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}},
}

// EqualSplit is the source name of the rule that works for any set: equal
// hands leaving 10 to 20 tiles in the boneyard.
const EqualSplit = "equal hands, 10 to 20 left"

// HandSizes lists every published suggestion for players on set, the
// per-set table first and the equal-split rule last. It fails when the
// players cannot each get a tile.
func HandSizes(set Set, players int) ([]HandSize, error) {
	if !set.Valid() {
		return nil, &RulesError{Field: "set", Value: int(set), Want: "6, 9, 12, 15 or 18"}
	}
	if players < 2 || players > set.Size() {
		return nil, fmt.Errorf("%w: a %s set needs 2 to %d players, not %d", ErrRules, set, set.Size(), players)
	}
	var out []HandSize
	for _, t := range dealTables {
		if n, ok := t.players[players]; ok && t.set == set {
			out = append(out, HandSize{Tiles: n, Boneyard: set.Size() - n*players, Source: t.source})
		}
	}
	return append(out, equalSplit(set, players)), nil
}

// SuggestHand returns the first of HandSizes: the figure to offer a table.
func SuggestHand(set Set, players int) (HandSize, error) {
	all, err := HandSizes(set, players)
	if err != nil {
		return HandSize{}, err
	}
	return all[0], nil
}

// equalSplit picks equal hands leaving a boneyard as close to 15 tiles as
// it can (the middle of 10 to 20), preferring the bigger hand on a tie.
func equalSplit(set Set, players int) HandSize {
	best := 1
	for h := 1; h*players <= set.Size(); h++ {
		if abs(set.Size()-h*players-15) <= abs(set.Size()-best*players-15) {
			best = h
		}
	}
	return HandSize{Tiles: best, Boneyard: set.Size() - best*players, Source: EqualSplit}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
