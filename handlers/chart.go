package handlers

import (
	"context"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// totalsChart is the game night's running totals: one line a player
// across the closed rounds, the leaders (or winners) marked. With no round
// closed yet there is nothing to draw, and it is nil.
func totalsChart(ctx context.Context, sh app.Sheet) *views.ChartModel {
	results := sh.Results()
	if len(results) == 0 {
		return nil
	}
	out := sh.Standings()
	short := shortNames(sh.Players)
	m := &views.ChartModel{
		ID: "totals", Title: text(ctx, "chart.title", nil), Note: text(ctx, "chart.note", nil), XName: text(ctx, "chart.rounds", nil),
		FromZero: true,
		Summary:  text(ctx, "chart.summary", referee.Params{"N": len(results), "Reason": out.Why.Say(views.Lang(ctx))}),
	}
	for _, r := range sh.Rounds {
		if r.Closed {
			m.Steps = append(m.Steps, strconv.Itoa(r.Number))
		}
	}
	series := make([]views.ChartSeries, len(sh.Players))
	for seat, name := range sh.Players {
		series[seat] = views.ChartSeries{Name: name, Label: short[seat]}
	}
	for _, res := range results {
		for seat := range series {
			series[seat].Values = append(series[seat].Values, last(series[seat].Values)+score(res.Scores, seat))
		}
	}
	for _, st := range out.Standings {
		series[st.Seat].Place = st.Place
	}
	for _, w := range out.Winners {
		series[w].Lead = true
	}
	m.Series = series
	return m
}

// resultsChart is a player's total in each of their latest finished
// nights, beside each night's winning total, or nil before the first.
func resultsChart(ctx context.Context, name string, recent []app.NightPoint) *views.ChartModel {
	if len(recent) == 0 {
		return nil
	}
	m := &views.ChartModel{ID: "results", Title: text(ctx, "chart.results", nil), Note: text(ctx, "chart.note", nil), XName: text(ctx, "chart.nights", nil),
		Summary: text(ctx, "chart.results-summary", referee.Params{"Name": name, "N": len(recent), "Won": wins(recent)})}
	me := views.ChartSeries{Name: name, Lead: true, Place: 1}
	best := views.ChartSeries{Name: text(ctx, "chart.winning", nil), Label: text(ctx, "chart.winner", nil), Place: 2}
	for _, pt := range recent {
		m.Steps = append(m.Steps, pt.PlayedOn[5:]) // MM-DD: the year is in the table
		me.Values, best.Values = append(me.Values, pt.Total), append(best.Values, pt.Winning)
	}
	m.Series = []views.ChartSeries{best, me}
	return m
}

// wins counts the nights whose winning total was the player's own.
func wins(recent []app.NightPoint) int {
	n := 0
	for _, pt := range recent {
		if pt.Total == pt.Winning {
			n++
		}
	}
	return n
}

func score(scores []int, seat int) int {
	if seat < len(scores) {
		return scores[seat]
	}
	return 0
}

func last(vs []int) int {
	if len(vs) == 0 {
		return 0
	}
	return vs[len(vs)-1]
}
