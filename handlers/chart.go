package handlers

import (
	"strconv"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// totalsChart is the game night's running totals: one line a player
// across the closed rounds, the leaders (or winners) marked. With no round
// closed yet there is nothing to draw, and it is nil.
func totalsChart(sh db.Sheet) *views.ChartModel {
	results := sh.Results()
	if len(results) == 0 {
		return nil
	}
	out := sh.Standings()
	short := shortNames(sh.Players)
	m := &views.ChartModel{
		ID: "totals", Title: text("chart.title", nil), Note: text("chart.note", nil), XName: text("chart.rounds", nil),
		FromZero: true,
		Summary:  text("chart.summary", referee.Params{"N": len(results), "Reason": out.Reason}),
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
