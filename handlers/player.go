package handlers

import (
	"context"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// playerPage builds one player's record: the figures, the best and worst
// nights, head to head, and ways to rename or merge the record.
func playerPage(ctx context.Context, g app.Group, rec app.PersonPage) views.PlayerPage {
	p := views.PlayerPage{
		Meta:      views.Meta{Title: text(ctx, "title.player", referee.Params{"Name": rec.Name, "Group": g.Name}), Where: g.Name},
		GroupURL:  groupURL(g.Slug),
		Name:      rec.Name,
		NightsURL: groupURL(g.Slug) + "?player=" + strconv.FormatInt(rec.ID, 10) + "#history",
		Chart:     resultsChart(ctx, rec.Name, rec.Recent),
		RenameURL: personURL(g.Slug, rec.ID) + "/rename",
		MergeURL:  personURL(g.Slug, rec.ID) + "/merge",
	}
	r := rec.Record
	stat := func(label string, value string) { p.Stats = append(p.Stats, views.Stat{Label: label, Value: value}) }
	stat(text(ctx, "stat.nights", nil), strconv.Itoa(rec.Nights))
	stat(text(ctx, "stat.won", nil), strconv.Itoa(r.Won))
	stat(text(ctx, "stat.rate", nil), percent(r.Won, r.Finished))
	stat(text(ctx, "stat.average", nil), average(r.Points, r.Rounds))
	stat(text(ctx, "stat.outs", nil), strconv.Itoa(r.Outs))
	stat(text(ctx, "stat.zeros", nil), strconv.Itoa(r.Zeros))
	stat(text(ctx, "stat.caught", nil), strconv.Itoa(r.Caught))
	for _, end := range []struct {
		night *app.NightLine
		label string
	}{{rec.Best, text(ctx, "stat.best", nil)}, {rec.Worst, text(ctx, "stat.worst", nil)}} {
		if end.night != nil {
			p.Ends = append(p.Ends, views.NightEnd{Label: end.label, URL: gameURL(end.night.Link),
				Text: text(ctx, "stat.night", referee.Params{"Total": end.night.Best, "Date": end.night.PlayedOn, "Name": end.night.Name})})
		}
	}
	for _, h := range rec.Against {
		p.Against = append(p.Against, views.Versus{Name: h.Other.Name, URL: personURL(g.Slug, h.Other.ID),
			Nights: h.Nights, Ahead: h.Ahead, Behind: h.Behind, Level: h.Nights - h.Ahead - h.Behind})
	}
	for _, other := range rec.People {
		if other.ID != rec.ID {
			p.Others = append(p.Others, views.Option{Value: strconv.FormatInt(other.ID, 10), Label: other.Name})
		}
	}
	return p
}

// percent is part of whole as a whole percentage, or a dash for none.
func percent(part, whole int) string {
	if whole == 0 {
		return "–"
	}
	return strconv.Itoa((200*part+whole)/(2*whole)) + "%"
}

// average is total over n to one decimal, or a dash for none.
func average(total, n int) string {
	if n == 0 {
		return "–"
	}
	return strconv.FormatFloat(float64(total)/float64(n), 'f', 1, 64)
}
