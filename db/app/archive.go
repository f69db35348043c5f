package app

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"chickenfoot/referee"
)

// An Archive is game nights taken out of the store, whole: their rules,
// players, rounds, entries, every change to the entries, and every move
// laid on the table. Its JSON is what `chickenfoot export` writes and
// `chickenfoot import` reads back; read and written again it gives the
// same bytes.
type Archive struct {
	Format  string  `json:"format"`  // always ArchiveFormat
	Version int     `json:"version"` // ArchiveVersion when written
	Nights  []Night `json:"nights"`
}

// The archive's format name and the version this code writes and reads.
const (
	ArchiveFormat  = "chickenfoot-archive"
	ArchiveVersion = 1
)

// A Night is one game night in an archive. Times are as stored: UTC,
// RFC 3339 with nanoseconds.
type Night struct {
	// Link is the edit link's unguessable part; an archive taken through
	// the view-only link leaves it out, and an import then makes one.
	Link       string          `json:"link,omitempty"`
	ViewLink   string          `json:"view_link,omitempty"`
	Group      *NightGroup     `json:"group,omitempty"` // the table of friends it was played by
	Name       string          `json:"name"`
	PlayedOn   string          `json:"played_on"`
	CreatedAt  string          `json:"created_at"`
	FinishedAt *string         `json:"finished_at"`
	HandSize   int             `json:"hand_size"`
	Rules      json.RawMessage `json:"rules"` // as the night was set up
	Players    []string        `json:"players"`
	Stays      []NightStay     `json:"stays,omitempty"` // by seat; none when everyone played every round
	Rounds     []NightRound    `json:"rounds"`
	// Straight is a Straight night's sheet kept by hand, line by line.
	Straight []NightMark `json:"straight,omitempty"`
	// StraightMoves are the moves made on its live table, hand by hand.
	StraightMoves []NightMove `json:"straight_moves,omitempty"`
}

// A NightMark is one line of a Straight night's sheet (see StraightMark).
type NightMark struct {
	Hand   int   `json:"hand"`
	End    bool  `json:"end,omitempty"`
	Side   int   `json:"side"`             // play: the side that scored; end: the seat that went out, or -1
	Points int   `json:"points,omitempty"` // play: what the table called
	Pips   []int `json:"pips,omitempty"`   // end: each seat's spots left in hand
}

// A NightStay is the rounds one seat's player played, for a night someone
// joined late or left.
type NightStay struct {
	From   int            `json:"from"`
	Until  int            `json:"until,omitempty"` // 0: to the end
	Missed referee.Missed `json:"missed"`          // how a round missed counts
}

// A NightGroup is the table of friends a night was played by; its
// players are the table's people of those names. An archive from a page
// of the app leaves its link out: an import then makes a new table of
// that name, with a new link.
type NightGroup struct {
	Link string `json:"link,omitempty"`
	Name string `json:"name"`
}

// A NightRound is one round of a night.
type NightRound struct {
	Number        int           `json:"number"`
	PlannedDouble int           `json:"planned_double"`
	OpenedDouble  *int          `json:"opened_double"` // nil until who set it down is known
	Setter        *int          `json:"setter"`
	HandSize      int           `json:"hand_size,omitempty"` // tiles dealt each, where not the night's (someone joined later)
	ClosedAt      *string       `json:"closed_at"`
	Entries       []NightEntry  `json:"entries"`
	History       []NightChange `json:"history"`
	Actions       []NightAction `json:"actions"`
}

// A NightEntry is one player's entry as it stands.
type NightEntry struct {
	Seat        int     `json:"seat"`
	Pips        int     `json:"pips"`
	DoubleBlank bool    `json:"double_blank"`
	BlankHalves int     `json:"blank_halves"`
	WentOut     bool    `json:"went_out"`
	OutOnDouble bool    `json:"out_on_double"`
	Tiles       *string `json:"tiles"` // the tiles tapped, in layout notation; nil when typed
	Score       int     `json:"score"`
	UpdatedAt   string  `json:"updated_at"`
}

// A NightChange is one change to an entry, oldest first within its round.
type NightChange struct {
	Seat   int             `json:"seat"`
	Kind   string          `json:"kind"`
	Old    json.RawMessage `json:"old"` // the entry before, or null
	New    json.RawMessage `json:"new"` // the entry after, or null
	By     string          `json:"by"`
	At     string          `json:"at"`
	Undoes *int            `json:"undoes"` // the change it undoes, by its place in the round's history
}

// A NightAction is one move on the live table.
type NightAction struct {
	Seq  int     `json:"seq"`
	Seat int     `json:"seat"`
	Kind string  `json:"kind"`
	Tile *string `json:"tile"`
	On   *string `json:"on"`
	At   string  `json:"at"`
}

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
// the standard ones: the archives written are the store's own nights,
// whose rules were checked when they were kept.
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

// straightCSVHeader names the columns of a Straight night in the CSV
// export: a row per line of its sheet, and for the end of a hand a row
// per side.
var straightCSVHeader = []string{"night", "date", "hand", "line", "kind", "out", "side", "points", "spots", "award", "rounded", "total", "counted", "won"}

// straightSheet is a Straight night of the archive as its sheet works it
// out. Rules it can't read are the standard ones, as for sheet.
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

// A NightMove is one move on a Straight night's live table, in an
// archive: the hand, the seat, what it did and when, in the order made.
type NightMove struct {
	Hand int    `json:"hand"`
	Seat int    `json:"seat"`
	Kind string `json:"kind"` // "leader", "play", "draw", "pass" or "take-back"
	Tile string `json:"tile,omitempty"`
	On   string `json:"on,omitempty"` // play: the tile it was laid on; none for the lead
	At   int    `json:"at,omitempty"` // play: the end of On
	// Mark is the sheet's line (from 1, in the night's "straight" lines)
	// the lay's score wrote, or 0.
	Mark int    `json:"mark,omitempty"`
	Time string `json:"time"`
}
