package handlers

import (
	"fmt"
	"strconv"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

func gameURL(slug string) string         { return "/g/" + slug }
func roundURL(slug string, n int) string { return gameURL(slug) + "/rounds/" + strconv.Itoa(n) }
func entryURL(slug string, n, seat int) string {
	return roundURL(slug, n) + "/entries/" + strconv.Itoa(seat)
}

func tileName(d int) string { return referee.NewTile(d, d).String() }

// gamePage builds the whole game page from the stored sheet.
func gamePage(sh db.Sheet, csrf string) views.GamePage {
	g := sh.Game
	p := views.GamePage{
		Meta:    views.Meta{Title: g.Name + " · Chickenfoot", CSRF: csrf, Where: g.Name},
		Name:    g.Name,
		Date:    g.PlayedOn,
		URL:     gameURL(g.Slug),
		Sheet:   sheetView(sh),
		Rules:   rulesInPlay(g),
		Players: len(g.Players),
	}
	if r := sh.Current(); r != nil {
		panel := roundPanel(sh, r, csrf)
		p.Round = &panel
		p.WakeLock = true
	}
	if g.Finished() {
		p.Final = finalStandings(sh)
	}
	return p
}

// roundPanel builds the card of the round being played.
func roundPanel(sh db.Sheet, r *db.Round, csrf string) views.RoundPanel {
	g := sh.Game
	p := views.RoundPanel{
		URL: roundURL(g.Slug, r.Number), GameURL: gameURL(g.Slug), Number: r.Number, Double: r.Double(), Planned: r.Planned,
		Setter: r.Setter, Players: g.Players, Unheld: unheldHelp(g.Rules, r), CSRF: csrf,
	}
	switch {
	case g.Rules.LossLimit > 0:
	case g.Rules.Rounds > 0:
		p.Of = g.Rules.Rounds
	default:
		p.Of = r.Number + r.Double()
	}
	for seat := range g.Players {
		p.Entries = append(p.Entries, entryRow(sh, r, seat, csrf))
	}
	p.CloseWhy = closeProblem(sh, r)
	p.CanClose = p.CloseWhy == ""
	for _, e := range r.Entries {
		p.CanUndo = p.CanUndo || e != nil
	}
	return p
}

func unheldHelp(rules referee.Rules, r *db.Round) views.Unheld {
	d := tileName(r.Planned)
	u := views.Unheld{Rule: string(rules.Unheld)}
	switch rules.Unheld {
	case referee.UnheldDrawAll:
		u.Text = "House rule: everyone draws from the boneyard at once until " + d + " turns up. Whoever finds it sets it down: tap their name."
	case referee.UnheldReshuffle:
		u.Text = "House rule: gather every tile, shuffle, and deal again. Then tap who sets " + d + " down."
	case referee.UnheldBurn:
		if r.Planned == 0 {
			u.Text = "0-0's round is never skipped: draw from the boneyard in turn until it turns up, then tap who set it down."
			break
		}
		u.Text = "House rule: open on the next lower double someone holds. The " + d + " round is skipped for good."
		for x := r.Planned - 1; x >= 0; x-- {
			u.Options = append(u.Options, x)
		}
	default:
		u.Text = "House rule: draw from the boneyard in turn until someone finds " + d + ". Whoever finds it sets it down: tap their name."
	}
	return u
}

// entryRow builds one player's entry row; a closed round's rows correct.
func entryRow(sh db.Sheet, r *db.Round, seat int, csrf string) views.EntryRow {
	g := sh.Game
	row := views.EntryRow{URL: entryURL(g.Slug, r.Number, seat), TilesURL: entryURL(g.Slug, r.Number, seat) + "/tiles",
		Seat: seat, Name: g.Players[seat], Closed: r.Closed(), Who: g.Players, CSRF: csrf, DoubleOut: g.Rules.DoubleOut > 0}
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
func summary(e db.Entry) string {
	s := ""
	switch {
	case e.WentOut && e.OutOnDouble:
		return "went out on a double" // the charge is added when the round is scored
	case e.WentOut:
		return "went out · 0"
	case e.Tapped():
		s = fmt.Sprintf("%d tiles: ", len(e.Tiles))
		if len(e.Tiles) == 1 {
			s = "1 tile: "
		}
	}
	if e.DoubleBlank && e.Score != e.Pips {
		return s + fmt.Sprintf("%d + 0-0 = %d", e.Pips, e.Score)
	}
	return s + strconv.Itoa(e.Score)
}

// sheetView builds the score sheet: seat order across, rounds down.
func sheetView(sh db.Sheet) views.SheetView {
	g := sh.Game
	s := views.SheetView{URL: gameURL(g.Slug) + "/sheet", Players: g.Players, Totals: make([]int, len(g.Players)),
		Leaders: make([]bool, len(g.Players)), Live: !g.Finished()}
	for _, r := range sh.Rounds {
		row := sheetLine(sh, r)
		if r.Closed() {
			for seat, v := range sh.Result(r).Scores {
				s.Totals[seat] += v
			}
		}
		s.Rows = append(s.Rows, row)
	}
	if results := sh.Results(); len(results) > 0 {
		out := g.Rules.Standings(g.Players, results)
		for _, w := range out.Winners {
			s.Leaders[w] = true
		}
		if !g.Finished() { // a finished game says why in its final standings
			s.Lead = out.Reason
		}
	}
	return s
}

// sheetLine is one round's line of the score sheet: each player's score
// so far, and the round's winners once it is closed.
func sheetLine(sh db.Sheet, r db.Round) views.SheetRow {
	row := views.SheetRow{Number: r.Number, Double: tileName(r.Double()), URL: roundURL(sh.Game.Slug, r.Number), Open: !r.Closed()}
	res := sh.Result(r)
	won := map[int]bool{}
	if r.Closed() {
		for _, w := range res.Winners() {
			won[w] = true
		}
	}
	for seat, e := range r.Entries {
		cell := views.SheetCell{Text: "–", Won: won[seat]}
		if e != nil {
			cell.Text = strconv.Itoa(res.Scores[seat])
		}
		row.Cells = append(row.Cells, cell)
	}
	return row
}

func finalStandings(sh db.Sheet) *views.Final {
	out := sh.Game.Rules.Standings(sh.Game.Players, sh.Results())
	f := &views.Final{Reason: out.Reason}
	for _, st := range out.Standings {
		f.Places = append(f.Places, views.Place{Place: st.Place, Name: st.Name, Total: st.Total})
	}
	return f
}
