package handlers

import (
	"context"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// rulesInPlay lists the game's frozen house rules, one line per row of the
// referee's table in the setup form's words. The set's line adds the hand
// size, and the rounds line speaks for the losing total as well.
func rulesInPlay(ctx context.Context, g app.Game) []views.RuleLine {
	var lines []views.RuleLine
	for _, h := range referee.HouseRules() {
		var value string
		switch h.JSON {
		case "set":
			value = text(ctx, "set-in-play", referee.Params{"Set": views.T(ctx, "set", "N", int(g.Rules.Set)), "N": g.HandSize})
		case "rounds":
			value = roundsText(ctx, g.Rules)
		case "loss_threshold":
			continue
		default:
			value = houseLabel(ctx, h, g.Rules)
		}
		lines = append(lines, views.RuleLine{Name: views.T(ctx, "house."+h.JSON+".title"), Value: value})
	}
	return lines
}

// houseLabel words the rule's value in r as the setup form does, in the
// page's language: the chosen value's label, or for an open number the
// meaning of 0 or the number.
func houseLabel(ctx context.Context, h referee.HouseRule, r referee.Rules) string {
	v := r.Value(h.JSON)
	switch {
	case h.Span != nil && v == "0":
		return views.T(ctx, "house."+h.JSON+".zero")
	case h.Span != nil:
		return v
	}
	return views.T(ctx, "house."+h.JSON+"."+v+".label")
}

// roundsText says how many rounds the game has, or how it ends.
func roundsText(ctx context.Context, r referee.Rules) string {
	switch {
	case r.LossLimit > 0:
		return text(ctx, "rounds.threshold", referee.Params{"N": r.LossLimit})
	case r.Rounds > 0:
		return text(ctx, "rounds.fixed", referee.Params{"N": r.Rounds})
	}
	if r.Ladder == referee.LadderDownUp {
		return text(ctx, "rounds.ladder-up", referee.Params{"Tile": tileName(int(r.Set))})
	}
	return text(ctx, "rounds.ladder", referee.Params{"Tile": tileName(int(r.Set))})
}
