package referee

import "strconv"

// A Tile is one domino: two halves showing 0 to 18 pips each. The zero
// value is the double blank, 0-0.
//
// Tiles are kept in canonical form, higher half first, so two Tiles are
// equal exactly when they are the same domino; build them with NewTile or
// ParseTile to get that form.
type Tile struct {
	Hi, Lo int
}

// NewTile returns the tile with halves a and b, in canonical order.
func NewTile(a, b int) Tile {
	if a < b {
		a, b = b, a
	}
	return Tile{Hi: a, Lo: b}
}

// Double reports whether both halves show the same number.
func (t Tile) Double() bool { return t.Hi == t.Lo }

// Pips is the number of pips on the tile, the face value used in scoring
// before any house rule for the double blank.
func (t Tile) Pips() int { return t.Hi + t.Lo }

// Has reports whether either half shows n.
func (t Tile) Has(n int) bool { return t.Hi == n || t.Lo == n }

// Other returns the half facing away when the tile is laid with n touching.
// It is only meaningful when t.Has(n).
func (t Tile) Other(n int) int {
	if t.Hi == n {
		return t.Lo
	}
	return t.Hi
}

// String prints the tile as "hi-lo", for example "9-3".
func (t Tile) String() string {
	if t.Lo >= 0 && t.Lo <= t.Hi && t.Hi <= MaxPips {
		return tileNames[t.Hi][t.Lo]
	}
	return strconv.Itoa(t.Hi) + "-" + strconv.Itoa(t.Lo)
}

// tileNames holds every canonical tile's name, written once: a page names
// each tile of the set, and a move's answer names dozens.
var tileNames = func() (names [MaxPips + 1][MaxPips + 1]string) {
	for hi := range names {
		for lo := 0; lo <= hi; lo++ {
			names[hi][lo] = strconv.Itoa(hi) + "-" + strconv.Itoa(lo)
		}
	}
	return names
}()

// MarshalText writes the tile in the notation ParseTile reads.
func (t Tile) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a tile with ParseTile.
func (t *Tile) UnmarshalText(b []byte) error {
	p, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// index numbers the tiles of any set densely: 0-0 is 0, 1-0 is 1, 1-1 is 2,
// 2-0 is 3 and so on, so a double-N set uses exactly the indexes below
// Set(N).Size(). Layout and round state use it for constant-time lookups.
func (t Tile) index() int { return t.Hi*(t.Hi+1)/2 + t.Lo }
