package referee

import "strings"

// Check says whether m may be laid now, and if not, which rule forbids it.
// The rules are checked in the order of the layout codes: bad-tile,
// wrong-start, already-played, unknown-end, end-closed, spinner-first or
// chickie-first, mismatch. It changes nothing.
func (l *Layout) Check(m Move) error {
	set := l.rules.Set
	if !set.Contains(m.Tile) {
		return l.refuse(m, CodeBadTile, "bad-tile", Params{"Set": set, "Max": int(set)})
	}
	if len(l.order) == 0 {
		if !m.Start || m.Tile != l.Double() {
			return l.wrongStart(m)
		}
		return nil
	}
	if l.nodes[m.Tile.index()].placed {
		return l.refuse(m, CodeAlreadyPlayed, "already-played", nil)
	}
	if m.Start {
		return l.refuse(m, CodeUnknownEnd, "unknown-end.start", Params{"Double": l.Double().String()})
	}
	if !set.Contains(m.On) || !l.nodes[m.On.index()].placed {
		return l.refuse(m, CodeUnknownEnd, "unknown-end", nil)
	}
	return l.checkPlace(m)
}

// refuse builds the error for a refused move: the catalog's message key
// filled in with p and the move's tile and place. Messages are only
// rendered on refusal, so a legal play costs no allocation.
func (l *Layout) refuse(m Move, code Code, key string, p Params) *RuleError {
	if p == nil {
		p = Params{}
	}
	p["Tile"] = m.Tile.String()
	if !m.Start {
		p["On"] = m.On.String()
	}
	return refusal(code, key, p)
}

func (l *Layout) wrongStart(m Move) error {
	p := Params{"Tile": m.Tile.String(), "Double": l.Double().String()}
	if m.Tile == l.Double() {
		p["On"] = m.On.String()
		return refusal(CodeWrongStart, "wrong-start.on-tile", p)
	}
	return refusal(CodeWrongStart, "wrong-start", p)
}

func (l *Layout) checkPlace(m Move) error {
	target := l.nodes[m.On.index()]
	if target.used >= target.slots {
		return l.closed(m, l.place(m.On.index()))
	}
	if b := l.binding(); b >= 0 && b != m.On.index() {
		o := l.Pending()
		p := Params{"Owed": o.Tile.String(), "N": o.Missing, "Pips": o.Tile.Hi}
		// A spinner always gets its arms (no set has fewer tiles of a number
		// than a spinner has arms); a chickie that can't be finished still
		// binds, and says so.
		switch {
		case o.Kind == Chickie && o.Impossible:
			return l.refuse(m, CodeChickieFirst, "chickie-first.stuck", p)
		case o.Kind == Chickie:
			return l.refuse(m, CodeChickieFirst, "chickie-first", p)
		}
		return l.refuse(m, CodeSpinnerFirst, "spinner-first", p)
	}
	if !m.Tile.Has(target.open) {
		return l.refuse(m, CodeMismatch, "mismatch", Params{"Open": target.open})
	}
	return nil
}

// closed refuses m on the place p, which has no free place left.
func (l *Layout) closed(m Move, p Place) error {
	switch p.Role {
	case Spinner:
		return l.refuse(m, CodeEndClosed, "end-closed.spinner", Params{"N": p.Slots})
	case Chickie:
		return l.refuse(m, CodeEndClosed, "end-closed.chickie", nil)
	}
	return l.refuse(m, CodeEndClosed, "end-closed", nil)
}

// Play checks m and, if it is legal, lays it. A rejected move is a
// *RuleError and leaves the layout as it was.
func (l *Layout) Play(m Move) error {
	if err := l.Check(m); err != nil {
		return err
	}
	l.apply(m)
	return nil
}

// apply lays m without checking it. Only Play and replay of checked logs
// call it.
func (l *Layout) apply(m Move) {
	i := m.Tile.index()
	n := node{placed: true, on: -1, open: m.Tile.Hi, slots: l.rules.SpinnerArms, order: len(l.order)}
	if !m.Start {
		parent := &l.nodes[m.On.index()]
		parent.used++
		l.free[parent.open]--
		n.on, n.open, n.slots = m.On.index(), m.Tile.Other(parent.open), 1
		if m.Tile.Double() {
			n.slots = 3
		}
	}
	l.nodes[i] = n
	l.free[n.open] += n.slots
	l.unplayed[m.Tile.Hi]--
	if !m.Tile.Double() {
		l.unplayed[m.Tile.Lo]--
	}
	l.undo = append(l.undo, l.pending)
	l.order = append(l.order, i)
	switch {
	case m.Tile.Double():
		l.pending = i
	case l.pending >= 0 && l.nodes[l.pending].used == l.nodes[l.pending].slots:
		l.pending = -1
	}
}

// TakeBack lifts the last tile laid and returns it. It reports false on an
// empty table.
func (l *Layout) TakeBack() (Move, bool) {
	if len(l.order) == 0 {
		return Move{}, false
	}
	last := len(l.order) - 1
	i := l.order[last]
	p := l.place(i)
	n := l.nodes[i]
	l.free[n.open] -= n.slots
	if n.on >= 0 {
		parent := &l.nodes[n.on]
		parent.used--
		l.free[parent.open]++
	}
	l.unplayed[p.Tile.Hi]++
	if !p.Tile.Double() {
		l.unplayed[p.Tile.Lo]++
	}
	l.nodes[i] = node{}
	l.pending = l.undo[last]
	l.order, l.undo = l.order[:last], l.undo[:last]
	return Move{Tile: p.Tile, On: p.On, Start: p.Role == Spinner}, true
}

// Resolve reads a move as a player enters it, the tile and the tile it is
// laid on as text (on empty for the starting double), and checks it. Text
// that cannot be read is reported under the code of the rule it would
// break: an unreadable tile is bad-tile, an unreadable place unknown-end.
func (l *Layout) Resolve(tile, on string) (Move, error) {
	t, err := l.rules.Set.Parse(tile)
	if err != nil {
		return Move{}, err
	}
	m := Move{Tile: t, Start: strings.TrimSpace(on) == ""}
	if !m.Start {
		o, err := ParseTile(on)
		if err != nil {
			if len(l.order) == 0 {
				return m, l.wrongStart(m)
			}
			if l.nodes[t.index()].placed {
				return m, l.Check(m)
			}
			return m, refusal(CodeUnknownEnd, "unknown-end.unreadable", Params{"Tile": t.String(), "On": on})
		}
		m.On = o
	}
	return m, l.Check(m)
}

// Apply plays moves in order and stops at the first one rejected,
// returning its index and error; it returns -1 and nil when all are laid.
func (l *Layout) Apply(moves []Move) (int, error) {
	for k, m := range moves {
		if err := l.Play(m); err != nil {
			return k, err
		}
	}
	return -1, nil
}
