package referee

import (
	"errors"
	"iter"
	"slices"
	"strconv"
)

// A Set is a double-N domino set, named by N, its highest number. It holds
// every tile a-b with 0 <= b <= a <= N.
type Set int

// The sets the referee knows, smallest first.
var Sets = []Set{6, 9, 12, 15, 18}

// MaxPips is the highest number on any tile of any supported set.
const MaxPips = 18

// Valid reports whether s is one of Sets.
func (s Set) Valid() bool {
	for _, v := range Sets {
		if s == v {
			return true
		}
	}
	return false
}

// Size is the number of tiles in the set: (N+1)(N+2)/2.
func (s Set) Size() int { return (int(s) + 1) * (int(s) + 2) / 2 }

// Contains reports whether t is a tile of the set.
func (s Set) Contains(t Tile) bool { return t.Lo >= 0 && t.Lo <= t.Hi && t.Hi <= int(s) }

// Tiles lists the set's tiles, doubles highest first and each number's
// tiles in descending order: 9-9, 9-8, ... 9-0, 8-8, ... 0-0.
func (s Set) Tiles() []Tile { return slices.AppendSeq(make([]Tile, 0, s.Size()), s.All()) }

// All yields the set's tiles in the order of Tiles, without a list.
func (s Set) All() iter.Seq[Tile] {
	return func(yield func(Tile) bool) {
		for hi := int(s); hi >= 0; hi-- {
			for lo := hi; lo >= 0; lo-- {
				if !yield(Tile{Hi: hi, Lo: lo}) {
					return
				}
			}
		}
	}
}

// Carrying is how many tiles of the set show n on a half: N+1, the double
// counted once.
func (s Set) Carrying() int { return int(s) + 1 }

// String names the set as players do: "double-9".
func (s Set) String() string { return "double-" + strconv.Itoa(int(s)) }

// Parse reads a tile in the notation of ParseTile and checks that it
// belongs to the set: the bad-tile rule.
func (s Set) Parse(text string) (Tile, error) {
	t, err := ParseTile(text)
	var re *RuleError
	if errors.As(err, &re) && re.Key == "bad-tile.number" {
		// A half that is no number: say how high this game's set goes.
		return Tile{}, refusal(CodeBadTile, "bad-tile.number", Params{"Tile": text, "Max": int(s)})
	}
	if err != nil {
		return Tile{}, err
	}
	if !s.Contains(t) {
		e := refusal(CodeBadTile, "bad-tile", Params{"Tile": t.String(), "Set": s, "Max": int(s)})
		e.Tile = text // as entered; the sentence names the tile it was read as
		return Tile{}, e
	}
	return t, nil
}

// Pips is the number of pips on all the tiles of the set: each number
// shows on N+2 halves (its double shows it twice).
func (s Set) Pips() int {
	n := int(s)
	return (n + 2) * n * (n + 1) / 2
}
