package handlers

import (
	"context"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// sheetView builds the score sheet: seat order across, rounds down.
func sheetView(ctx context.Context, sh app.Sheet) views.SheetView {
	g := sh.Game
	s := views.SheetView{URL: gameURL(g.Slug) + "/sheet", Players: g.Players, Totals: sh.Totals(),
		Leaders: make([]bool, len(g.Players)), Live: sheetLive(sh), Short: shortNames(g.Players)}
	s.Legend = legend(g.Players, s.Short)
	for _, r := range sh.Rounds {
		s.Rows = append(s.Rows, sheetLine(ctx, sh, r))
	}
	if sh.Seats != nil {
		s.Missed = text(ctx, "missed-note", nil)
	}
	if len(sh.Results()) > 0 {
		out := sh.Standings()
		for _, w := range out.Winners {
			s.Leaders[w] = true
		}
		if !sh.Finished { // a finished game says why, and draws it, in its final standings
			s.Lead = out.Why.Say(views.Lang(ctx))
			s.Chart = totalsChart(ctx, sh)
		}
	}
	return s
}

// sheetLine is one round's line of the score sheet: each player's score
// so far, and the round's winners once it is closed.
func sheetLine(ctx context.Context, sh app.Sheet, r referee.SheetRound) views.SheetRow {
	row := views.SheetRow{Number: r.Number, Double: tileName(r.Double()), URL: roundURL(sh.Game.Slug, r.Number), Open: !r.Closed}
	res := sh.Result(r)
	won := map[int]bool{}
	if r.Closed {
		for _, w := range res.Winners() {
			won[w] = true
		}
	}
	for seat, e := range r.Entries {
		cell := views.SheetCell{Text: "–", Won: won[seat]}
		switch {
		case !sh.Plays(seat, r.Number) && r.Closed:
			cell.Text = strconv.Itoa(res.Scores[seat])
			cell.Missed = text(ctx, "missed-cell", referee.Params{"Name": sh.Players[seat], "N": r.Number, "Score": res.Scores[seat],
				"Rule": missedName(ctx, sh.Seats[seat].Missed)})
		case !sh.Plays(seat, r.Number):
			cell.Text, cell.Missed = "·", text(ctx, "missed-cell.open", referee.Params{"Name": sh.Players[seat], "N": r.Number})
		case e != nil:
			cell.Text = strconv.Itoa(res.Scores[seat])
		}
		row.Cells = append(row.Cells, cell)
	}
	return row
}

// finalStandings is the standings after the last round, with the
// tie-break applied and explained.
func finalStandings(ctx context.Context, sh app.Sheet) *views.Final {
	out := sh.Standings()
	f := &views.Final{Reason: out.Why.Say(views.Lang(ctx)), Chart: totalsChart(ctx, sh)}
	for _, st := range out.Standings {
		f.Places = append(f.Places, views.Place{Place: st.Place, Name: st.Name, Total: st.Total})
	}
	return f
}

// shortNames are the players' names as the score sheet's header shows
// them: whole for a small table; for a bigger one, each cut to the
// shortest start (3 letters at least) no other name begins with, or when
// that is long, its first 2 letters and seat number.
func shortNames(names []string) []string {
	if len(names) <= 4 {
		return names
	}
	out := make([]string, len(names))
	for i, name := range names {
		rs := []rune(name)
		k := min(3, len(rs))
		for k < len(rs) && sharedStart(names, i, string(rs[:k])) {
			k++
		}
		out[i] = strings.TrimSpace(string(rs[:k]))
		if k > 5 && len(rs) > 6 {
			out[i] = strings.TrimSpace(string(rs[:min(2, len(rs))])) + strconv.Itoa(i+1)
		}
	}
	return out
}

// sharedStart reports whether a name other than names[i] begins with
// start, whatever its case.
func sharedStart(names []string, i int, start string) bool {
	for j, other := range names {
		if j != i && strings.HasPrefix(strings.ToLower(other), strings.ToLower(start)) {
			return true
		}
	}
	return false
}

// legend lists in full the names the header shortens.
func legend(names, short []string) []views.NameLegend {
	var out []views.NameLegend
	for i, name := range names {
		if short[i] != name {
			out = append(out, views.NameLegend{Short: short[i], Name: name})
		}
	}
	return out
}
