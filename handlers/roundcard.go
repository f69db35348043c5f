package handlers

import (
	"context"
	"errors"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// roundPanel builds the card of the round being played.
func roundPanel(ctx context.Context, sh app.Sheet, r *referee.SheetRound) views.RoundPanel {
	g := sh.Game
	p := roundControls(ctx, sh, r)
	p.GameURL, p.Double, p.Planned, p.Setter, p.Players, p.IDs = gameURL(g.Slug), r.Double(), r.Planned, r.Setter, g.Players, g.IDs
	p.Opened, p.Unheld, p.Of = openedVersion(sh.Opening(r.Number)), unheldHelp(ctx, sh, r), sh.PlannedRounds(r.Number)
	p.Skipped, p.Next = skippedText(ctx, sh, r.Number), nextStartText(ctx, sh, r.Number)
	if g.Rules.FirstPlayer == referee.FirstRotates {
		p.Starts = text(ctx, "starts.rotate", referee.Params{"Name": sh.Deal(r.Number).Names[sh.FirstPlayer(r.Number)], "Tile": tileName(r.Double())})
	}
	for seat := range g.Players {
		if !p.Away[seat] {
			p.Entries = append(p.Entries, entryRow(ctx, sh, r, seat))
		}
	}
	p.OpeningLive = openingLive(g.Slug, r)
	return p
}

// roundControls is the part of the round's card a saved entry sends back
// with its row: who is still missing, and Close and Undo with why not.
// An entry answers with it alone, not the whole card.
func roundControls(ctx context.Context, sh app.Sheet, r *referee.SheetRound) views.RoundPanel {
	g := sh.Game
	p := views.RoundPanel{ViewOnly: g.ViewOnly, URL: roundURL(g.Slug, r.Number), Number: r.Number,
		Version: strconv.FormatInt(sh.RoundVersion(r.Number), 10), Away: make([]bool, len(g.Players))}
	playing := 0
	for seat := range g.Players {
		if p.Away[seat] = !sh.Plays(seat, r.Number); !p.Away[seat] {
			playing++
		}
	}
	var re *referee.RuleError
	if errors.As(sh.CloseProblem(r.Number), &re) {
		p.CloseWhy = reason(ctx, re)
		p.CloseWhenEntered = re.Code == referee.CodeMissingEntries
	}
	p.CloseForm = newFormID()
	var missing []string
	for seat, e := range r.Entries {
		if e == nil && !p.Away[seat] {
			missing = append(missing, g.Players[seat])
		}
	}
	if len(missing) > 0 && len(missing) < playing {
		p.Missing = text(ctx, "missing", referee.Params{"Names": missing})
	}
	p.CanClose = p.CloseWhy == ""
	for _, e := range r.Entries {
		p.CanUndo = p.CanUndo || e != nil
	}
	p.Undo, p.UndoForm = text(ctx, "undo-last", nil), newFormID()
	if c, ok := sh.Undoable(r.Number); ok { // known where the sheet has its history
		p.CanUndo, p.Undo, p.UndoOf = true, text(ctx, "undo", referee.Params{"What": changeName(ctx, g, c)}), strconv.FormatInt(c.ID, 10)
	}
	p.ActionsLive = actionsLive(g.Slug, p)
	return p
}

// openedVersion is an opening as a form sends it back: "setter.double",
// the setter by id, -1 for nobody yet.
func openedVersion(o app.Opening) string {
	return strconv.Itoa(o.Setter) + "." + strconv.Itoa(o.Double)
}

// changeName names a change by what it entered: "Ann's 12".
func changeName(ctx context.Context, g app.Game, c app.Change) string {
	p := referee.Params{"Name": g.Players[c.Seat]}
	switch {
	case c.New == nil:
		return text(ctx, "change.entry", p)
	case c.New.WentOut:
		return text(ctx, "change.out", p)
	}
	p["Score"] = c.New.Score
	return text(ctx, "change.score", p)
}

// unheldHelp says what the house rule does when nobody holds the round's
// double, and under the burn rules which lower doubles it may open on.
func unheldHelp(ctx context.Context, sh app.Sheet, r *referee.SheetRound) views.Unheld {
	rule := sh.Rules.Unheld
	u := views.Unheld{Rule: string(rule), Options: sh.LowerDoubles(r.Number)}
	p := referee.Params{"Tile": tileName(r.Planned)}
	switch {
	case (rule == referee.UnheldBurn || rule == referee.UnheldLowerReturn) && r.Planned == 0:
		u.Text = text(ctx, "unheld.burn-blank", p)
	case rule == referee.UnheldBurn || rule == referee.UnheldDrawAll || rule == referee.UnheldReshuffle || rule == referee.UnheldLowerReturn:
		u.Text = text(ctx, "unheld."+string(rule), p)
	default:
		u.Text = text(ctx, "unheld.draw", p)
	}
	return u
}

// skippedText says which doubles were skipped for good and how many rounds
// the game has since, or "" when none was.
func skippedText(ctx context.Context, sh app.Sheet, n int) string {
	skipped := sh.Skipped(n)
	if len(skipped) == 0 {
		return ""
	}
	names := make([]string, len(skipped))
	for i, d := range skipped {
		names[i] = tileName(d)
	}
	return text(ctx, "skipped", referee.Params{"Names": names, "N": len(skipped), "Rounds": sh.PlannedRounds(n)})
}

// nextStartText says how the next round starts under the rules in play.
func nextStartText(ctx context.Context, sh app.Sheet, n int) string {
	double, first, ok := sh.NextStart(n)
	p := referee.Params{"Tile": tileName(double), "Limit": sh.Rules.LossLimit}
	switch {
	case !ok:
		return text(ctx, "next.last", nil)
	case first >= 0:
		p["Name"] = sh.Players[first]
		return text(ctx, "next.rotate", p)
	case sh.Rules.LossLimit > 0:
		return text(ctx, "next.threshold", p)
	}
	return text(ctx, "next.holder", p)
}

// entryRow builds one player's entry row; a closed round's rows correct.
func entryRow(ctx context.Context, sh app.Sheet, r *referee.SheetRound, seat int) views.EntryRow {
	g := sh.Game
	url := entryURL(g.Slug, r.Number, g.IDs[seat])
	row := views.EntryRow{ViewOnly: g.ViewOnly, URL: url, TilesURL: url + "/tiles",
		Seat: seat, ID: g.IDs[seat], Name: g.Players[seat], Closed: r.Closed, Who: g.Players, DoubleOut: g.Rules.DoubleOut > 0,
		Version: strconv.FormatInt(sh.Version(r.Number, seat), 10), ChargeBlanks: g.Rules.BlankHalf > 0, Form: newFormID(),
		Live: entryLive(sh, r, seat)}
	if e := r.Entries[seat]; e != nil {
		row.Has, row.Score, row.WentOut, row.DoubleBlank = true, e.Score, e.WentOut, e.DoubleBlank && !e.Tapped()
		row.Summary = summary(ctx, *e)
		if !e.WentOut && !e.Tapped() {
			row.Pips = strconv.Itoa(e.Pips)
			if e.BlankHalves > 0 {
				row.BlankHalves = strconv.Itoa(e.BlankHalves)
			}
		}
	}
	return row
}

// summary says what an entry holds: "went out", "23", "23 + 0-0 = 73",
// "3 tiles: 23".
func summary(ctx context.Context, e referee.Entry) string {
	p := referee.Params{"N": len(e.Tiles), "Pips": e.Pips, "Score": e.Score, "Blanks": e.BlankHalves, "Charge": e.Score - e.Pips}
	blank := (e.DoubleBlank || e.BlankHalves > 0) && e.Score != e.Pips
	switch {
	case e.WentOut && e.OutOnDouble:
		return text(ctx, "went-out-double", nil) // the charge is added when the round is scored
	case e.WentOut:
		return text(ctx, "went-out", nil)
	case e.Tapped() && blank && e.BlankHalves == 0:
		return text(ctx, "tapped-blank", p)
	case e.Tapped() && e.Score != e.Pips:
		return text(ctx, "tapped-scored", p)
	case e.Tapped():
		return text(ctx, "tapped", p)
	case blank && e.BlankHalves > 0 && e.DoubleBlank:
		return text(ctx, "typed-both", p)
	case blank && e.BlankHalves > 0:
		return text(ctx, "typed-blank-halves", p)
	case blank:
		return text(ctx, "typed-blank", p)
	}
	return strconv.Itoa(e.Score)
}

func tileName(d int) string { return referee.NewTile(d, d).String() }
