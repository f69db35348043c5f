package app

import (
	"chickenfoot/referee"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// WriteJSON writes the archive as indented JSON, names as typed (no HTML
// escapes), ending in a newline.
func (a Archive) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(a)
}

// csvHeader names the columns of the CSV export: one row per player per
// round.
var csvHeader = []string{"night", "date", "round", "double", "seat", "player", "pips", "double_blank", "went_out", "score", "total", "played"}

// WriteCSV writes one row per player per round, with each player's
// running total. A closed round's score is as the score sheet counts it,
// house rules applied; a player without an entry yet has empty cells, and
// one who missed the round (joined later, or left) has played "no" and,
// once the round is closed, the score the night's rule gives a missed
// round. Straight nights follow under their own header (see
// writeStraightCSV), after an empty line when Chickenfoot nights come
// first.
func (a Archive) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	var straight []Night
	chickenfoot := 0
	for _, n := range a.Nights {
		if n.straight() {
			straight = append(straight, n)
		} else {
			chickenfoot++
		}
	}
	if chickenfoot > 0 || len(straight) == 0 {
		if err := a.writeChickenfootCSV(cw); err != nil {
			return err
		}
	}
	if len(straight) > 0 {
		if chickenfoot > 0 {
			cw.Flush()
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := cw.Write(straightCSVHeader); err != nil {
			return err
		}
		for _, n := range straight {
			if err := writeStraightCSV(cw, n); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeChickenfootCSV writes the header and the rows of the archive's
// Chickenfoot nights.
func (a Archive) writeChickenfootCSV(cw *csv.Writer) error {
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, n := range a.Nights {
		if n.straight() {
			continue
		}
		sh := n.sheet()
		totals := make([]int, len(n.Players))
		for i, r := range n.Rounds {
			sr := sh.Rounds[i]
			var scores []int
			if sr.Closed {
				scores = sh.Result(sr).Scores
			}
			for seat, name := range n.Players {
				e := sr.Entries[seat]
				row := []string{cellText(n.Name), n.PlayedOn, strconv.Itoa(r.Number), referee.NewTile(sr.Double(), sr.Double()).String(), strconv.Itoa(seat), cellText(name),
					"", "", "", "", "", yesNo(sh.Plays(seat, r.Number))}
				if e != nil {
					row[6], row[7], row[8] = strconv.Itoa(e.Pips), yesNo(e.DoubleBlank), yesNo(e.WentOut)
				}
				switch {
				case scores != nil:
					totals[seat] += scores[seat]
					row[9] = strconv.Itoa(scores[seat])
				case e != nil:
					totals[seat] += e.Score
					row[9] = strconv.Itoa(e.Score)
				}
				row[10] = strconv.Itoa(totals[seat])
				if err := cw.Write(row); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// cellText is a name as a CSV cell: one a spreadsheet would take for a
// formula (it begins with =, +, -, @, a tab or a carriage return) gets a
// leading apostrophe, so opening the export runs nothing. Only the typed
// names pass through here; the numbers are the app's own and stay numbers.
func cellText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// sheet is the night as the referee scores it. Rules it can't read are
// the standard ones: an archive read by ReadArchive has been checked.
func (n Night) sheet() referee.Sheet {
	sh := referee.Sheet{Rules: referee.Standard(), Players: n.Players, HandSize: n.HandSize, Finished: n.FinishedAt != nil}
	_ = json.Unmarshal(n.Rules, &sh.Rules)
	for _, st := range n.Stays {
		sh.Seats = append(sh.Seats, referee.Stay(st))
	}
	for _, r := range n.Rounds {
		sr := referee.SheetRound{Number: r.Number, Planned: r.PlannedDouble, Opened: -1, Setter: -1, Closed: r.ClosedAt != nil, HandSize: r.HandSize,
			Entries: make([]*referee.Entry, len(n.Players))}
		if r.OpenedDouble != nil {
			sr.Opened = *r.OpenedDouble
		}
		for _, e := range r.Entries {
			if e.Seat >= 0 && e.Seat < len(n.Players) {
				sr.Entries[e.Seat] = &referee.Entry{Pips: e.Pips, DoubleBlank: e.DoubleBlank, WentOut: e.WentOut, OutOnDouble: e.OutOnDouble, Score: e.Score}
			}
		}
		sh.Rounds = append(sh.Rounds, sr)
	}
	return sh
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
