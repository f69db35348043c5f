package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// round shows a round with its history; a closed round's entries can be
// corrected there.
func (a *App) round(c echo.Context) error {
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	sh, r, err := a.sheetRound(c.Request().Context(), slug, n, true)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Round(roundPage(sh, r, nil)))
}

// roundPage builds a round's page; a refused correction shows in its row.
func roundPage(sh db.Sheet, r *referee.SheetRound, fix *rowFix) views.RoundPage {
	g := sh.Game
	p := views.RoundPage{Meta: views.Meta{Title: text("title.round", referee.Params{"N": r.Number, "Name": g.Name}), Where: g.Name},
		Back: gameURL(g.Slug), ReplayURL: roundURL(g.Slug, r.Number) + "/replay", Number: r.Number, Double: r.Double()}
	if r.Setter >= 0 && r.Setter < len(g.Players) {
		p.Setter = g.Players[r.Setter]
	}
	for seat := range g.Players {
		p.Entries = append(p.Entries, fix.apply(entryRow(sh, r, seat)))
	}
	for i := len(sh.History) - 1; i >= 0; i-- {
		if ch := sh.History[i]; ch.Round == r.Number {
			p.History = append(p.History, historyLine(g, ch))
		}
	}
	return p
}

// historyLine words one change to a round's entries.
func historyLine(g db.Game, ch db.Change) views.HistoryLine {
	entry := func(e *referee.Entry) string {
		if e == nil {
			return text("no-entry", nil)
		}
		return summary(*e)
	}
	p := referee.Params{"Name": g.Players[ch.Seat], "Old": entry(ch.Old), "New": entry(ch.New), "Kind": string(ch.Kind)}
	what := text("history-change", p)
	switch ch.Kind {
	case referee.KindEntry:
		what = text("history-entry", p)
	case referee.KindUndo:
		what = text("history-undo", p)
	}
	who := ch.By
	if who == "" {
		who = text("at-the-table", nil)
	}
	return views.HistoryLine{When: ch.At.Local().Format("15:04:05"), Who: who, What: what}
}
