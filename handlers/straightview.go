package handlers

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// straightCard builds the sheet of a Straight night from the store's.
func straightCard(ctx context.Context, sh app.StraightSheet) views.StraightCard {
	g, r := sh.Game, sh.Rules()
	c := views.StraightCard{
		Live:     live(gameURL(g.Slug)+"/sheet", strconv.Itoa(sh.Version), eventSheet),
		Post:     gameURL(g.Slug) + "/straight",
		URL:      gameURL(g.Slug),
		Version:  sh.Version,
		ViewOnly: g.ViewOnly,
		Won:      sh.Winner >= 0,
		Goal:     text(ctx, "allfives.goal", referee.Params{"N": r.Goal(), "Fives": r.Count == referee.CountFives}),
		Keys:     straightKeys,
		More:     straightMore,
	}
	names := sideNames(sh)
	c.Heads = names
	hand := sh.Current()
	if hand != nil {
		c.Hand = hand.Number
	}
	lead, by := referee.Leader(sh.Totals)
	for i, side := range sh.Sides {
		s := views.StraightSide{Name: names[i], Player: g.IDs[side[0]], Total: sh.Totals[i], Leads: i == lead && by > 0}
		s.Percent = min(100, sh.Totals[i]*100/max(1, r.Goal()))
		if hand != nil {
			s.Hand = hand.Play[i]
		}
		c.Sides = append(c.Sides, s)
	}
	c.Status = straightStatus(ctx, sh, names, lead, by)
	for i, t := range sh.Totals {
		c.Houses = append(c.Houses, straightHouses(ctx, names[i], t, r))
	}
	for seat, name := range g.Players {
		c.Players = append(c.Players, views.StraightPlayer{ID: g.IDs[seat], Name: name})
	}
	for _, h := range sh.Hands {
		if h.Award == nil {
			continue
		}
		row := views.StraightHandRow{Number: h.Number, Note: awardNote(ctx, sh, h, names)}
		for i := range sh.Sides {
			cell := strconv.Itoa(h.Play[i])
			if p := h.Award.Points[i]; p > 0 {
				cell += " + " + strconv.Itoa(p)
			}
			row.Cells = append(row.Cells, cell)
		}
		c.Hands = append(c.Hands, row)
	}
	c.Lines, c.Points = straightLines(ctx, sh, names), append(slices.Clone(straightKeys), straightMore...)
	if sh.Corrected {
		c.Notice = winnerNotice(ctx, sh, names, sh.Before, sh.Winner)
	}
	if m := sh.Last(); m != nil {
		if m.End {
			c.Undo = text(ctx, "allfives.undo.end", referee.Params{"N": m.Hand})
			c.Award = awardNote(ctx, sh, sh.Hands[m.Hand-1], names)
		} else {
			c.Undo = text(ctx, "allfives.undo.play", referee.Params{"N": m.Points, "Name": names[m.Side]})
		}
	}
	return c
}

// straightHouses is a side's total as paper keeps it: a stroke per five
// (per point, counting one point per five), ten strokes to a house of
// fifty.
func straightHouses(ctx context.Context, name string, total int, r referee.StraightRules) views.StraightHouses {
	strokes := total / 5
	if r.Count == referee.CountFives {
		strokes = total
	}
	h := views.StraightHouses{Name: name, Total: total, Houses: strokes / 10, Strokes: strokes % 10}
	h.Label = text(ctx, "allfives.houses.label", referee.Params{"Name": name, "Total": total, "Houses": h.Houses, "Strokes": h.Strokes})
	return h
}

// sideNames names each side: a player, or partners joined.
func sideNames(sh app.StraightSheet) []string {
	out := make([]string, len(sh.Sides))
	for i, side := range sh.Sides {
		var names []string
		for _, seat := range side {
			names = append(names, sh.Game.Players[seat])
		}
		out[i] = strings.Join(names, " & ")
	}
	return out
}

// straightStatus says who won, or who leads and by how much.
func straightStatus(ctx context.Context, sh app.StraightSheet, names []string, lead, by int) string {
	pair := len(sh.Sides) == 2 && len(sh.Sides[0]) == 2
	switch {
	case sh.Winner >= 0:
		return text(ctx, "allfives.won", referee.Params{"Name": names[sh.Winner], "N": sh.Totals[sh.Winner], "Pair": pair})
	case lead < 0 || by == 0:
		return text(ctx, "allfives.level", referee.Params{"Hand": sh.Current().Number, "N": sh.Totals[0]})
	}
	return text(ctx, "allfives.leads", referee.Params{"Hand": sh.Current().Number, "Name": names[lead], "By": by, "Pair": pair})
}

// awardNote says how hand h ended and what its award came to, with its
// rounding: "Ann dominoed: 14 → 15 for Ann & Cy".
func awardNote(ctx context.Context, sh app.StraightSheet, h app.StraightHand, names []string) string {
	a, r := h.Award, sh.Rules()
	if a == nil {
		return ""
	}
	if len(a.Winners) == 0 {
		return text(ctx, "allfives.note.tie", nil)
	}
	var notes []string
	for _, w := range a.Winners {
		p := referee.Params{"Raw": a.Raw[w], "Rounded": referee.RoundToFive(a.Raw[w], r.Rounding), "Side": names[w], "Points": a.Points[w],
			"Fives": r.Count == referee.CountFives}
		if h.Out >= 0 {
			p["Name"] = sh.Game.Players[h.Out]
			notes = append(notes, text(ctx, "allfives.note.out", p))
		} else {
			p["Held"] = a.Held[w]
			notes = append(notes, text(ctx, "allfives.note.blocked", p))
		}
	}
	return strings.Join(notes, " ")
}

// straightRulesInPlay lists a Straight night's house rules as played.
func straightRulesInPlay(ctx context.Context, g app.Game) []views.RuleLine {
	var lines []views.RuleLine
	tag := views.Lang(ctx)
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		v := g.Rules.Value(h.JSON)
		value := v
		switch {
		case h.Span != nil && v == "0":
			value = h.Say(tag, "zero")
		case h.Span == nil:
			value = h.SayChoice(tag, v, "label")
		}
		lines = append(lines, views.RuleLine{Name: h.Say(tag, "title"), Value: value})
	}
	return lines
}
