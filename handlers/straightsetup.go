package handlers

import (
	"context"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// The setup form carries both games' house rules; Straight's fields are
// named with a prefix, since both games have a rule called "draw".

// straightField is the setup form's field of Straight's house rule json.
func straightField(json string) string { return "s_" + json }

// straightFormRules are Straight's house rules offered as choices; the
// target has a box of its own.
func straightFormRules() []referee.HouseRule {
	var out []referee.HouseRule
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		if h.Choices != nil {
			out = append(out, h)
		}
	}
	return out
}

// readStraight reads Straight's house rules and target into f.rules.
func (f *setupForm) readStraight(ctx context.Context, errs map[string]string) {
	f.rules, f.setN = referee.StandardStraight(), 6
	for _, h := range straightFormRules() {
		if v := f.straight[h.JSON]; v != "" && f.rules.SetValue(h.JSON, v) != nil {
			errs[straightField(h.JSON)] = text(ctx, "allfives.setup.choice", referee.Params{"Rule": h.Say(views.Lang(ctx), "title")})
		}
	}
	if f.target != "" {
		if f.rules.SetValue("target", f.target) != nil || f.rules.Straight.Target < 1 {
			errs[straightField("target")] = text(ctx, "allfives.setup.target", nil)
			f.rules.Straight.Target = 0
		}
	}
	if e := app.From(f.rules.Validate()); e != nil && len(errs) == 0 {
		errs[straightField(e.Field)] = refusal(ctx, e)
	}
}

// straightSetup fills the Straight part of the setup page from f.
func straightSetup(p *views.SetupPage, f setupForm) {
	p.Straight = f.kind == referee.Straight.Name()
	r := referee.StandardStraight()
	if p.Straight {
		r = f.rules
	}
	for _, h := range straightFormRules() {
		g := views.RuleGroup{Field: straightField(h.JSON), Rule: h.JSON, Game: referee.Straight, Options: ruleOptions(h, &r)}
		if h.More {
			p.StraightMore = append(p.StraightMore, g)
		} else {
			p.StraightRules = append(p.StraightRules, g)
		}
	}
	p.Target = f.target
	if p.Target == "" && r.Straight.Target > 0 {
		p.Target = strconv.Itoa(r.Straight.Target)
	}
}
