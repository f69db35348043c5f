package referee

import "slices"

// An Entry is one player's score for one round: a typed pip total with
// the 0-0 flag, going out, or the tiles left in hand, which the total is
// taken from.
type Entry struct {
	Pips        int    `json:"pips"`
	DoubleBlank bool   `json:"double_blank,omitempty"`
	BlankHalves int    `json:"blank_halves,omitempty"` // blank halves of the other tiles, where the house rule charges for them
	WentOut     bool   `json:"went_out,omitempty"`
	OutOnDouble bool   `json:"out_on_double,omitempty"` // went out by laying a double
	Tiles       []Tile `json:"tiles,omitempty"`         // nil when typed
	Score       int    `json:"score"`
}

// Tapped reports whether the entry was made by naming the tiles.
func (e Entry) Tapped() bool { return e.Tiles != nil }

// MaxHandPips is the most a typed hand may claim: far more than the tiles
// of the biggest set carry, so anything above is a typing slip.
const MaxHandPips = 9999

// TypedEntry is a hand entered as its pip total, whether it held the 0-0
// (which counts no pips but scores as the house rule says) and, where the
// house rule charges for them, how many blank halves its other tiles show.
// A hand of 0 pips without the 0-0 is empty: that player went out.
func (r Rules) TypedEntry(pips int, doubleBlank bool, blankHalves int) (Entry, error) {
	if r.BlankHalf == 0 {
		blankHalves = 0 // they count nothing, so they are not asked for
	}
	switch {
	case blankHalves < 0 || blankHalves > int(r.Set):
		p := Params{"N": blankHalves, "Max": int(r.Set), "Set": r.Set}
		return Entry{}, badValue("blank_halves", "blank-halves", p)
	case pips < 0:
		return Entry{}, badValue("pips", "pips-negative", nil)
	case pips > MaxHandPips:
		p := Params{"N": pips}
		return Entry{}, badValue("pips", "pips-too-many", p)
	case pips == 0 && !doubleBlank:
		return Entry{}, badValue("pips", "pips-zero", nil)
	}
	score := r.TypedScore(pips, doubleBlank) + blankHalves*r.BlankHalf
	return Entry{Pips: pips, DoubleBlank: doubleBlank, BlankHalves: blankHalves, Score: score}, nil
}

// TappedEntry is a hand entered tile by tile, each tile once: the pips,
// the 0-0 and the score (blank halves included) come from the tiles. An
// empty hand went out.
func (r Rules) TappedEntry(hand []Tile) (Entry, error) {
	tiles := []Tile{}
	for _, t := range hand {
		if !r.Set.Contains(t) {
			p := Params{"Tile": t.String(), "Set": r.Set}
			return Entry{}, badValue("tile", "tile-not-in-set", p)
		}
		if !slices.Contains(tiles, t) {
			tiles = append(tiles, t)
		}
	}
	e := Entry{Tiles: tiles, WentOut: len(tiles) == 0, Score: r.HandScore(tiles)}
	for _, t := range tiles {
		e.Pips += t.Pips()
		e.DoubleBlank = e.DoubleBlank || t == Tile{}
		if t.Lo == 0 && t.Hi > 0 && r.BlankHalf > 0 {
			e.BlankHalves++
		}
	}
	return e, nil
}

// OutEntry is the entry of a player who went out; onDouble counts only
// where the house rule charges for going out on a double.
func (r Rules) OutEntry(onDouble bool) Entry {
	return Entry{WentOut: true, OutOnDouble: onDouble && r.DoubleOut > 0}
}

// CheckEntry judges e as seat's entry for round n against the other
// entries of that round: one player goes out, one hand holds the 0-0, no
// tile is in two hands, the round's double is on the table and not in a
// hand, and the hands hold no more pips than the tiles off the table
// carry.
func (s Sheet) CheckEntry(n, seat int, e Entry) error {
	r := s.Round(n)
	if r == nil || seat < 0 || seat >= len(s.Players) {
		return unknown("entry")
	}
	if !s.Plays(seat, n) {
		return refusal(CodeNotPlaying, "not-playing", Params{"Name": s.Players[seat], "N": n})
	}
	others := 0
	for o, other := range r.Entries {
		if other == nil || o == seat {
			continue
		}
		others += other.Pips
		if err := s.clash(o, e, *other); err != nil {
			return err
		}
	}
	opener := NewTile(r.Double(), r.Double())
	if (e.DoubleBlank && opener == Tile{}) || slices.Contains(e.Tiles, opener) {
		return refusal(CodeOpenerInHand, "opener-in-hand", Params{"Tile": opener.String()})
	}
	if most := s.Rules.Set.Pips() - opener.Pips(); e.Pips+others > most {
		return refusal(CodeTooManyPips, "too-many-pips", Params{"N": e.Pips, "Most": most, "Others": others})
	}
	return nil
}

// CheckAuthor judges who makes a change to round n: a correction of a
// closed round names one of the game's players, so its history says who
// changed a final score; any other change names a player or nobody.
func (s Sheet) CheckAuthor(n int, by string) error {
	r := s.Round(n)
	switch {
	case r == nil:
		return unknown("round")
	case by == "" && r.Closed:
		return badValue("by", "by-missing", nil)
	case by != "" && !slices.Contains(s.Players, by):
		p := Params{"By": by}
		return badValue("by", "by-unknown", p)
	}
	return nil
}

// clash says why e can't stand beside the other seat's entry.
func (s Sheet) clash(seat int, e, other Entry) error {
	name := s.Players[seat]
	switch {
	case e.WentOut && other.WentOut:
		return refusal(CodeTwoOut, "two-out", Params{"Name": name})
	case e.DoubleBlank && other.DoubleBlank:
		return refusal(CodeTwoDoubleBlanks, "two-double-blanks", Params{"Name": name})
	}
	for _, t := range e.Tiles {
		if slices.Contains(other.Tiles, t) {
			return refusal(CodeDuplicateTile, "duplicate-tile", Params{"Tile": t.String(), "Name": name})
		}
	}
	return nil
}

// EntryKind says how a change to an entry goes into the round's history.
type EntryKind string

// The kinds of change to an entry.
const (
	KindEntry      EntryKind = "entry"      // the first entry of an open round
	KindEdit       EntryKind = "edit"       // a change while the round is open
	KindCorrection EntryKind = "correction" // a change to a closed round
	KindUndo       EntryKind = "undo"       // an earlier change taken back
)

// Kind says what saving seat's entry for round n is: an entry, an edit of
// an open round or a correction of a closed one.
func (s Sheet) Kind(n, seat int) EntryKind {
	r := s.Round(n)
	switch {
	case r == nil:
		return KindEntry
	case r.Closed:
		return KindCorrection
	case seat >= 0 && seat < len(r.Entries) && r.Entries[seat] != nil:
		return KindEdit
	}
	return KindEntry
}
