package app

import (
	"chickenfoot/referee"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
)

// straightCSVHeader names the columns of a Straight night in the CSV
// export: a row per line of its sheet, and for the end of a hand a row
// per side.
var straightCSVHeader = []string{"night", "date", "hand", "line", "kind", "out", "side", "points", "spots", "award", "rounded", "total", "counted", "won"}

// straightSheet is a Straight night of the archive as its sheet works it
// out. Rules it can't read are the standard ones: an archive read by
// ReadArchive has been checked.
func (n Night) straightSheet() StraightSheet {
	g := Game{Name: n.Name, PlayedOn: n.PlayedOn, Players: n.Players, Rules: referee.StandardStraight()}
	_ = json.Unmarshal(n.Rules, &g.Rules)
	for i := range n.Players {
		g.IDs = append(g.IDs, i)
	}
	marks := make([]StraightMark, len(n.Straight))
	for i, m := range n.Straight {
		marks[i] = StraightMark{Seq: i + 1, Hand: m.Hand, End: m.End, Side: m.Side, Pips: m.Pips, Points: m.Points}
	}
	return NewStraightSheet(g, marks, len(marks))
}

// straight reports whether the night is a Straight night.
func (n Night) straight() bool {
	var r referee.Rules
	return json.Unmarshal(n.Rules, &r) == nil && r.Game == referee.Straight
}

// writeStraightCSV writes the rows of a Straight night: each play with
// the side that made it and the points as called; each end of a hand as
// a row per side, with who went out, the side's spots, its award before
// and after rounding, and the points it scores. Points and totals are
// in the rules' count; a line after the one that won counts for nothing
// (counted "no"); won is "yes" on the line that won the night.
func writeStraightCSV(cw *csv.Writer, n Night) error {
	sh := n.straightSheet()
	r := sh.Rules()
	names := make([]string, len(sh.Sides))
	for i, side := range sh.Sides {
		var who []string
		for _, seat := range side {
			who = append(who, sh.Game.Players[seat])
		}
		names[i] = cellText(strings.Join(who, " & "))
	}
	totals := make([]int, len(sh.Sides))
	for i, m := range sh.Marks {
		counted := i < sh.Counted
		row := func(kind, out string, side, points int, rest ...string) []string {
			if counted {
				totals[side] += points
			}
			won := sh.Winner == side && i == sh.Counted-1
			cells := []string{cellText(n.Name), n.PlayedOn, strconv.Itoa(m.Hand), strconv.Itoa(m.Seq), kind, out, names[side], strconv.Itoa(points)}
			return append(append(cells, rest...), strconv.Itoa(totals[side]), yesNo(counted), yesNo(won))
		}
		if !m.End {
			if err := cw.Write(row("play", "", m.Side, r.Counted(m.Points), "", "", "")); err != nil {
				return err
			}
			continue
		}
		a := m.Award(r)
		kind, out := "blocked", ""
		if m.Side >= 0 {
			kind, out = "dominoed", cellText(sh.Game.Players[m.Side])
		}
		for side := range sh.Sides {
			rounded := referee.RoundToFive(a.Raw[side], r.Rounding)
			if err := cw.Write(row(kind, out, side, a.Points[side], strconv.Itoa(a.Held[side]), strconv.Itoa(a.Raw[side]), strconv.Itoa(rounded))); err != nil {
				return err
			}
		}
	}
	return nil
}
