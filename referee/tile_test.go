package referee

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParseTile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Tile
		ok   bool
	}{
		{"9-3", Tile{9, 3}, true},
		{"3-9", Tile{9, 3}, true},
		{" 12 - 0 ", Tile{12, 0}, true},
		{"0-0", Tile{0, 0}, true},
		{"18-18", Tile{18, 18}, true},
		{"09-3", Tile{9, 3}, true},
		{"19-1", Tile{}, false},
		{"-1-3", Tile{}, false},
		{"9", Tile{}, false},
		{"9-", Tile{}, false},
		{"a-b", Tile{}, false},
		{"9-3-1", Tile{}, false},
		{"+9-3", Tile{}, false},
		{"", Tile{}, false},
		{"٣-٤", Tile{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := ParseTile(tt.in)
			if tt.ok {
				if err != nil || got != tt.want {
					t.Fatalf("ParseTile(%q) = %v, %v, want %v, nil", tt.in, got, err, tt.want)
				}
				return
			}
			var re *RuleError
			if !errors.As(err, &re) || re.Code != CodeBadTile || !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseTile(%q) error = %v, want a bad-tile RuleError", tt.in, err)
			}
		})
	}
}

func TestTile(t *testing.T) {
	t.Parallel()
	tile := NewTile(3, 9)
	if tile.String() != "9-3" || tile.Pips() != 12 || tile.Double() || !tile.Has(3) || tile.Has(4) || tile.Other(9) != 3 || tile.Other(3) != 9 {
		t.Errorf("NewTile(3, 9) = %+v: wrong form, pips, Has or Other", tile)
	}
	if d := NewTile(5, 5); !d.Double() || d.Other(5) != 5 {
		t.Errorf("NewTile(5, 5).Double() = false or Other wrong")
	}
	for i := 0; i < Set(18).Size(); i++ {
		if got := tileAt(i).index(); got != i {
			t.Fatalf("tileAt(%d).index() = %d, want %d", i, got, i)
		}
	}
}

// Every tile of the biggest set prints as hi-lo and reads back as itself;
// a tile not in canonical form still prints its halves as they are.
func TestTileString(t *testing.T) {
	t.Parallel()
	for _, tile := range Set(MaxPips).Tiles() {
		want := strconv.Itoa(tile.Hi) + "-" + strconv.Itoa(tile.Lo)
		if got := tile.String(); got != want {
			t.Fatalf("%+v.String() = %q, want %q", tile, got, want)
		}
		if back, err := ParseTile(tile.String()); err != nil || back != tile {
			t.Fatalf("ParseTile(%q) = %+v, %v; want %+v", tile.String(), back, err, tile)
		}
	}
	for _, tt := range []struct {
		tile Tile
		want string
	}{{Tile{Hi: 3, Lo: 9}, "3-9"}, {Tile{Hi: 19, Lo: 2}, "19-2"}, {Tile{Hi: 4, Lo: -1}, "4--1"}} {
		if got := tt.tile.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.tile, got, tt.want)
		}
	}
}

func TestSet(t *testing.T) {
	t.Parallel()
	sizes := map[Set]int{6: 28, 9: 55, 12: 91, 15: 136, 18: 190}
	for s, want := range sizes {
		tiles := s.Tiles()
		if s.Size() != want || len(tiles) != want {
			t.Errorf("%s: Size() = %d, len(Tiles()) = %d, want %d", s, s.Size(), len(tiles), want)
		}
		seen := map[Tile]bool{}
		carrying := 0
		for _, tile := range tiles {
			if seen[tile] || !s.Contains(tile) {
				t.Fatalf("%s: tile %s repeated or outside the set", s, tile)
			}
			seen[tile] = true
			if tile.Has(int(s)) {
				carrying++
			}
		}
		if carrying != s.Carrying() {
			t.Errorf("%s: %d tiles carry %d, want %d", s, carrying, int(s), s.Carrying())
		}
		if tiles[0] != NewTile(int(s), int(s)) || tiles[len(tiles)-1] != (Tile{}) {
			t.Errorf("%s: Tiles() runs %s to %s, want highest double to 0-0", s, tiles[0], tiles[len(tiles)-1])
		}
	}
	if Set(10).Valid() || !Set(15).Valid() {
		t.Error("Set.Valid accepts 10 or refuses 15")
	}
	if _, err := Set(9).Parse("10-2"); !errors.Is(err, ErrNotation) {
		t.Errorf("Set(9).Parse(10-2) error = %v, want bad-tile", err)
	}
	// A half that is no number is refused with the highest number of the
	// game's set, not of the biggest set there is.
	for _, tc := range []struct {
		set  Set
		text string
	}{{9, "x-3"}, {9, "19-3"}, {6, "7.5-1"}, {18, "20-1"}} {
		_, err := tc.set.Parse(tc.text)
		var re *RuleError
		if !errors.As(err, &re) || re.Code != CodeBadTile || re.Params["Max"] != int(tc.set) || !strings.Contains(re.Reason(), "0 to "+strconv.Itoa(int(tc.set))+".") {
			t.Errorf("%s.Parse(%q) = %v, want a bad tile whose halves go from 0 to %d", tc.set, tc.text, err, int(tc.set))
		}
	}
}

func TestParseMoves(t *testing.T) {
	t.Parallel()
	text := "9-9 3-9@9-9, 9-5@9-9\t4-3@9-3"
	moves, err := ParseMoves(text)
	if err != nil {
		t.Fatalf("ParseMoves(%q) error: %v", text, err)
	}
	want := "9-9 9-3@9-9 9-5@9-9 4-3@9-3"
	if got := FormatMoves(moves); got != want {
		t.Errorf("FormatMoves(ParseMoves(%q)) = %q, want %q", text, got, want)
	}
	for _, bad := range []string{"9-9 9-3@", "9-9 x@9-9", "9-9 9-3@9"} {
		if _, err := ParseMoves(bad); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseMoves(%q) error = %v, want ErrNotation", bad, err)
		}
	}
	if moves, err := ParseMoves("  "); err != nil || len(moves) != 0 {
		t.Errorf("ParseMoves(blank) = %v, %v, want no moves", moves, err)
	}
}

// TestParseMovesSpacedAt: spaces around the "@" are allowed.
func TestParseMovesSpacedAt(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"9-9 9-3 @ 9-9 3-4 @9-3", "9-9 9-3@ 9-9 3-4@9-3", "9-9, 9-3 @ 9-9, 3-4 @ 9-3"} {
		moves, err := ParseMoves(text)
		if err != nil || FormatMoves(moves) != "9-9 9-3@9-9 4-3@9-3" {
			t.Errorf("ParseMoves(%q) = %v, %v; want 9-9 9-3@9-9 4-3@9-3", text, FormatMoves(moves), err)
		}
	}
}
