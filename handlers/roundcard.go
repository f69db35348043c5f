package handlers

import (
	"errors"
	"strconv"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// roundPanel builds the card of the round being played.
func roundPanel(sh db.Sheet, r *referee.SheetRound) views.RoundPanel {
	g := sh.Game
	p := views.RoundPanel{
		URL: roundURL(g.Slug, r.Number), GameURL: gameURL(g.Slug), Number: r.Number, Double: r.Double(), Planned: r.Planned,
		Setter: r.Setter, Players: g.Players, Unheld: unheldHelp(g.Rules, r),
	}
	switch {
	case g.Rules.LossLimit > 0:
	case g.Rules.Rounds > 0:
		p.Of = g.Rules.Rounds
	default:
		p.Of = r.Number + r.Double()
	}
	for seat := range g.Players {
		p.Entries = append(p.Entries, entryRow(sh, r, seat))
	}
	var re *referee.RuleError
	if errors.As(sh.CloseProblem(r.Number), &re) {
		p.CloseWhy = re.Reason
	}
	p.CanClose = p.CloseWhy == ""
	for _, e := range r.Entries {
		p.CanUndo = p.CanUndo || e != nil
	}
	return p
}

// unheldHelp says what the house rule does when nobody holds the round's
// double, and under the burn rule which lower doubles it may open on.
func unheldHelp(rules referee.Rules, r *referee.SheetRound) views.Unheld {
	u := views.Unheld{Rule: string(rules.Unheld)}
	p := referee.Params{"Tile": tileName(r.Planned)}
	switch {
	case rules.Unheld == referee.UnheldBurn && r.Planned == 0:
		u.Text = text("unheld.burn-blank", p)
	case rules.Unheld == referee.UnheldBurn:
		u.Text = text("unheld.burn", p)
		for x := r.Planned - 1; x >= 0; x-- {
			u.Options = append(u.Options, x)
		}
	case rules.Unheld == referee.UnheldDrawAll || rules.Unheld == referee.UnheldReshuffle:
		u.Text = text("unheld."+string(rules.Unheld), p)
	default:
		u.Text = text("unheld.draw", p)
	}
	return u
}

// entryRow builds one player's entry row; a closed round's rows correct.
func entryRow(sh db.Sheet, r *referee.SheetRound, seat int) views.EntryRow {
	g := sh.Game
	row := views.EntryRow{URL: entryURL(g.Slug, r.Number, seat), TilesURL: entryURL(g.Slug, r.Number, seat) + "/tiles",
		Seat: seat, Name: g.Players[seat], Closed: r.Closed, Who: g.Players, DoubleOut: g.Rules.DoubleOut > 0,
		Version: strconv.FormatInt(sh.Version(r.Number, seat), 10)}
	if e := r.Entries[seat]; e != nil {
		row.Has, row.Score, row.WentOut, row.DoubleBlank = true, e.Score, e.WentOut, e.DoubleBlank && !e.Tapped()
		row.Summary = summary(*e)
		if !e.WentOut && !e.Tapped() {
			row.Pips = strconv.Itoa(e.Pips)
		}
	}
	return row
}

// summary says what an entry holds: "went out", "23", "23 + 0-0 = 73",
// "3 tiles: 23".
func summary(e referee.Entry) string {
	p := referee.Params{"N": len(e.Tiles), "Pips": e.Pips, "Score": e.Score}
	blank := e.DoubleBlank && e.Score != e.Pips
	switch {
	case e.WentOut && e.OutOnDouble:
		return text("went-out-double", nil) // the charge is added when the round is scored
	case e.WentOut:
		return text("went-out", nil)
	case e.Tapped() && blank:
		return text("tapped-blank", p)
	case e.Tapped():
		return text("tapped", p)
	case blank:
		return text("typed-blank", p)
	}
	return strconv.Itoa(e.Score)
}

func tileName(d int) string { return referee.NewTile(d, d).String() }
