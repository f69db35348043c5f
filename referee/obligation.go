package referee

// An Obligation is the double that must be finished before a tile may go
// anywhere else: the spinner until all its arms are filled, a chickie until
// its three toes are laid. With a standard set at most one is pending at a
// time: an arm or a toe can never itself be a double, because the only
// double carrying that number is the one being finished.
type Obligation struct {
	Kind    Role // Spinner or Chickie; empty when nothing is owed
	Tile    Tile
	Missing int // places still to fill
	// Impossible: fewer unplayed tiles carry the number than places are
	// missing, so it can never be finished.
	Impossible bool
	// Released: it is impossible and the house rule lets play go on
	// elsewhere, so it no longer binds.
	Released bool
}

// Pending reports whether something is owed at all.
func (o Obligation) Pending() bool { return o.Kind != "" }

// Binding reports whether the obligation restricts where tiles may go.
func (o Obligation) Binding() bool { return o.Pending() && !o.Released }

// Pending returns what the table owes now.
func (l *Layout) Pending() Obligation {
	if l.pending < 0 {
		return Obligation{}
	}
	p := l.place(l.pending)
	o := Obligation{Kind: p.Role, Tile: p.Tile, Missing: p.Free()}
	o.Impossible = o.Missing > l.unplayed[p.Open]
	o.Released = o.Impossible && l.rules.Impossible == ImpossibleReleased
	return o
}

// binding returns the node index that every play must go on, or -1.
func (l *Layout) binding() int {
	if l.pending < 0 {
		return -1
	}
	n := l.nodes[l.pending]
	if n.slots-n.used > l.unplayed[n.open] && l.rules.Impossible == ImpossibleReleased {
		return -1
	}
	return l.pending
}

// Stuck reports whether no tile still off the table can ever be laid,
// whoever holds what: an obligation that stays owed with no tile left
// carrying its number, or no open number left on any tile off the table.
// The round still ends only as every round does (see Round).
func (l *Layout) Stuck() bool {
	if len(l.order) == 0 {
		return false
	}
	if b := l.binding(); b >= 0 {
		return l.unplayed[l.nodes[b].open] == 0
	}
	for n := 0; n <= int(l.rules.Set); n++ {
		if l.free[n] > 0 && l.unplayed[n] > 0 {
			return false
		}
	}
	return true
}

// Fits reports whether t could be laid somewhere now, without naming where.
func (l *Layout) Fits(t Tile) bool {
	if !l.rules.Set.Contains(t) || l.nodes[t.index()].placed {
		return false
	}
	if len(l.order) == 0 {
		return t == l.Double()
	}
	if b := l.binding(); b >= 0 {
		return t.Has(l.nodes[b].open)
	}
	return l.free[t.Hi] > 0 || l.free[t.Lo] > 0
}

// An End is a placed tile where a tile may be laid now.
type End struct {
	On   Tile
	Pips int // the number the tile laid there must show
	Free int // places left on it
}

// OpenEnds lists where a tile may go now, in play order: only the pending
// spinner or chickie while one binds, else every tile with a free place.
// It is empty before the starting double is set.
func (l *Layout) OpenEnds() []End {
	if b := l.binding(); b >= 0 {
		n := l.nodes[b]
		return []End{{On: tileAt(b), Pips: n.open, Free: n.slots - n.used}}
	}
	var out []End
	for _, i := range l.order {
		if n := l.nodes[i]; n.used < n.slots {
			out = append(out, End{On: tileAt(i), Pips: n.open, Free: n.slots - n.used})
		}
	}
	return out
}

// LegalMoves lists every play of the given tiles that the layout accepts
// now: tiles in the order given, then places in play order.
func (l *Layout) LegalMoves(tiles []Tile) []Move {
	if len(l.order) == 0 {
		for _, t := range tiles {
			if t == l.Double() {
				return []Move{{Tile: t, Start: true}}
			}
		}
		return nil
	}
	ends := l.OpenEnds()
	var out []Move
	for _, t := range tiles {
		if !l.Fits(t) {
			continue
		}
		for _, e := range ends {
			if t.Has(e.Pips) {
				out = append(out, Move{Tile: t, On: e.On})
			}
		}
	}
	return out
}
