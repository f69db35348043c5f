package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// round shows a round with its history; a closed round's entries can be
// corrected there.
func (a *App) round(c echo.Context) error {
	ctx := c.Request().Context()
	slug, n, err := roundPath(c)
	if err != nil {
		return err
	}
	since := a.hub.now() // before the read: a change after it is sent again
	sh, r, err := a.sheetRound(ctx, slug, n, allChanges)
	if err != nil {
		return err
	}
	p := roundPage(ctx, sh, r, nil)
	p.Stream = streamURL(slug, since)
	if id, err := strconv.Atoi(c.QueryParam("corrected")); err == nil { // back from a correction sent without JavaScript
		for i, e := range p.Entries {
			if e.ID == id {
				p.Entries[i].Notice = correctedText(ctx, sh, n, e.Seat)
			}
		}
	}
	return render(c, http.StatusOK, views.Round(p))
}

// roundPage builds a round's page; a refused correction shows in its row.
func roundPage(ctx context.Context, sh app.Sheet, r *referee.SheetRound, fix *rowFix) views.RoundPage {
	g := sh.Game
	p := views.RoundPage{Meta: views.Meta{Title: text(ctx, "title.round", referee.Params{"N": r.Number, "Name": g.Name}), Where: g.Name},
		Back: gameURL(g.Slug), ReplayURL: roundURL(g.Slug, r.Number) + "/replay", Number: r.Number, Double: r.Double()}
	if r.Setter >= 0 && r.Setter < len(g.Players) {
		p.Setter = g.Players[r.Setter]
	}
	for seat := range g.Players {
		if !sh.Plays(seat, r.Number) {
			continue
		}
		row := fix.apply(ctx, entryRow(ctx, sh, r, seat))
		row.Live.On = liveOn(entryEvent(r.Number, row.ID), closedEvent(r.Number)) // its rows turn to corrections
		p.Entries = append(p.Entries, row)
	}
	p.History, p.HistoryLive = historyLines(ctx, sh, r.Number), historyLive(g.Slug, r.Number)
	return p
}

// historyLines words every change to round n's entries, newest first.
func historyLines(ctx context.Context, sh app.Sheet, n int) []views.HistoryLine {
	var out []views.HistoryLine
	for i := len(sh.History) - 1; i >= 0; i-- {
		if ch := sh.History[i]; ch.Round == n {
			out = append(out, historyLine(ctx, sh.Game, ch))
		}
	}
	return out
}

// correctedText confirms seat's latest correction in round n: "Bob's
// score corrected to 19 by Ann", or "" when there is none.
func correctedText(ctx context.Context, sh app.Sheet, n, seat int) string {
	for i := len(sh.History) - 1; i >= 0; i-- {
		if ch := sh.History[i]; ch.Round == n && ch.Seat == seat && ch.Kind == referee.KindCorrection && ch.New != nil {
			return text(ctx, "corrected", referee.Params{"Name": sh.Players[seat], "Score": ch.New.Score, "By": ch.By})
		}
	}
	return ""
}

// historyLine words one change to a round's entries.
func historyLine(ctx context.Context, g app.Game, ch app.Change) views.HistoryLine {
	entry := func(e *referee.Entry) string {
		if e == nil {
			return text(ctx, "no-entry", nil)
		}
		return summary(ctx, *e)
	}
	p := referee.Params{"Name": g.Players[ch.Seat], "Old": entry(ch.Old), "New": entry(ch.New), "Kind": string(ch.Kind)}
	what := text(ctx, "history-change", p)
	switch ch.Kind {
	case referee.KindEntry:
		what = text(ctx, "history-entry", p)
	case referee.KindUndo:
		what = text(ctx, "history-undo", p)
	}
	who := ch.By
	if who == "" {
		who = text(ctx, "at-the-table", nil)
	}
	return views.HistoryLine{When: ch.At.Local().Format("15:04:05"), Who: who, What: what}
}
