package handlers

import (
	"fmt"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// rulesInPlay lists the game's frozen house rules in the setup form's
// words.
func rulesInPlay(g db.Game) []views.RuleLine {
	r := g.Rules
	lines := []views.RuleLine{
		{Name: "Set", Value: fmt.Sprintf("%s, %d tiles each", r.Set, g.HandSize)},
		{Name: "Rounds", Value: roundsText(r)},
	}
	for _, rc := range ruleChoices {
		v := ruleText(r, rc.field)
		for _, o := range rc.options {
			if o.value == v {
				lines = append(lines, views.RuleLine{Name: rc.title, Value: o.label})
			}
		}
	}
	return lines
}

func roundsText(r referee.Rules) string {
	switch {
	case r.LossLimit > 0:
		return fmt.Sprintf("until someone reaches %d", r.LossLimit)
	case r.Rounds > 0:
		return fmt.Sprintf("%d rounds", r.Rounds)
	}
	return fmt.Sprintf("one per double, %s down to 0-0", tileName(int(r.Set)))
}
