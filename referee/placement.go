package referee

import (
	"fmt"
	"strings"
)

// Check says whether m may be laid now, and if not, which rule forbids it.
// The rules are checked in the order of the layout codes: bad-tile,
// wrong-start, already-played, unknown-end, end-closed, spinner-first or
// chickie-first, mismatch. It changes nothing.
func (l *Layout) Check(m Move) error {
	set := l.rules.Set
	if !set.Contains(m.Tile) {
		return l.refuse(m, CodeBadTile, fmt.Sprintf("%s is not in a %s set, whose highest number is %d.", m.Tile, set, int(set)))
	}
	if len(l.order) == 0 {
		if !m.Start || m.Tile != l.Double() {
			return l.wrongStart(m)
		}
		return nil
	}
	if l.nodes[m.Tile.index()].placed {
		return l.refuse(m, CodeAlreadyPlayed, fmt.Sprintf("%s is already on the table; each tile is played once.", m.Tile))
	}
	if m.Start {
		return l.refuse(m, CodeUnknownEnd, fmt.Sprintf("Say which tile %s is laid on: the starting double %s is already set.", m.Tile, l.Double()))
	}
	if !set.Contains(m.On) || !l.nodes[m.On.index()].placed {
		return l.refuse(m, CodeUnknownEnd, fmt.Sprintf("%s is not on the table, so %s can't be laid on it.", m.On, m.Tile))
	}
	return l.checkPlace(m)
}

// refuse builds the error for a refused move. Messages are only formatted
// on refusal, so a legal play costs no allocation.
func (l *Layout) refuse(m Move, code Code, reason string) *RuleError {
	on := ""
	if !m.Start {
		on = m.On.String()
	}
	return ruleErr(code, m.Tile.String(), on, reason)
}

func (l *Layout) wrongStart(m Move) error {
	t, d := m.Tile.String(), l.Double().String()
	if m.Tile == l.Double() {
		return ruleErr(CodeWrongStart, t, m.On.String(), fmt.Sprintf("The starting double %s is set on its own in the middle, not on another tile.", d))
	}
	return ruleErr(CodeWrongStart, t, "", fmt.Sprintf("This round opens with %s; nothing else, %s included, can be laid before it.", d, t))
}

func (l *Layout) checkPlace(m Move) error {
	target := l.nodes[m.On.index()]
	if target.used >= target.slots {
		return l.refuse(m, CodeEndClosed, closedReason(l.place(m.On.index()), m.Tile))
	}
	if b := l.binding(); b >= 0 && b != m.On.index() {
		o := l.Pending()
		code, what := CodeSpinnerFirst, "arm"
		if o.Kind == Chickie {
			code, what = CodeChickieFirst, "toe"
		}
		return l.refuse(m, code, fmt.Sprintf("The %s %s still needs %s before anything goes elsewhere, so %s can't go on %s yet.",
			o.Kind, o.Tile, plural(o.Missing, what), m.Tile, m.On))
	}
	if !m.Tile.Has(target.open) {
		return l.refuse(m, CodeMismatch, fmt.Sprintf("%s has no %d, so it can't go on %s, where the open number is %d.", m.Tile, target.open, m.On, target.open))
	}
	return nil
}

func closedReason(p Place, t Tile) string {
	switch p.Role {
	case Spinner:
		return fmt.Sprintf("The spinner %s already has all %d arms, so %s can't go on it.", p.Tile, p.Slots, t)
	case Chickie:
		return fmt.Sprintf("The chickie %s already has its 3 toes, so %s can't go on it.", p.Tile, t)
	}
	return fmt.Sprintf("%s already has a tile on its open end, so %s can't go on it.", p.Tile, t)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 more " + word
	}
	return fmt.Sprintf("%d more %ss", n, word)
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
			return m, ruleErr(CodeUnknownEnd, t.String(), on, fmt.Sprintf("%q is not a tile on the table; name the tile %s is laid on, like 9-3.", on, t))
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
