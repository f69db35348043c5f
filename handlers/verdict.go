package handlers

import (
	"context"
	"errors"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// verdict judges tile on on under rules, and says what the other variants
// that bear on placement would say where they differ.
func verdict(ctx context.Context, rules referee.Rules, double int, moves []referee.Move, tile, on, rulesLink string) (views.Verdict, error) {
	q := referee.Params{"Tile": tile, "On": on}
	v := views.Verdict{Question: text(ctx, "verdict.question", q), InForce: text(ctx, "verdict.in-force", referee.Params{"Rules": placementRules(ctx, rules)})}
	if on == "" {
		v.Question = text(ctx, "verdict.question-start", q)
	}
	legal, re, err := judgeMove(ctx, rules, double, moves, tile, on)
	if err != nil {
		return v, err
	}
	v.Legal = legal
	if legal {
		v.Reason = text(ctx, "verdict.yes", nil)
	} else {
		v.Reason, v.Code, v.RuleURL, v.Rule = reason(ctx, re), string(re.Code), rulesLink+"#"+re.Code.Section(), ruleName(ctx, re.Code.Section())
	}
	for _, alt := range variants(ctx, rules) {
		other, err := otherVerdict(ctx, alt, legal, double, moves, tile, on)
		if err != nil {
			return v, err
		}
		if other != "" {
			v.Others = append(v.Others, other)
		}
	}
	if len(v.Others) == 0 {
		v.Others = []string{text(ctx, "verdict.same", nil)}
	}
	return v, nil
}

// otherVerdict is what one other variant says, or "" when it agrees.
func otherVerdict(ctx context.Context, alt variant, legal bool, double int, moves []referee.Move, tile, on string) (string, error) {
	altLegal, altRe, err := judgeMove(ctx, alt.rules, double, moves, tile, on)
	p := referee.Params{"Variant": alt.name}
	switch {
	case app.CodeOf(err) == app.CodeInvalid:
		return "", nil // a layout the variant could not have made says nothing of this tile
	case err != nil:
		return "", err
	case altLegal == legal:
		return "", nil
	case altLegal:
		return text(ctx, "verdict.alt-yes", p), nil
	}
	p["Reason"] = reason(ctx, altRe)
	return text(ctx, "verdict.alt-no", p), nil
}

// judgeMove rebuilds the layout under rules and checks one move on it. A
// layout the rules could not have produced is refused as invalid input.
func judgeMove(ctx context.Context, rules referee.Rules, double int, moves []referee.Move, tile, on string) (bool, *referee.RuleError, error) {
	l, err := referee.NewLayout(rules, double)
	if err != nil {
		return false, nil, app.Invalid("layout", "layout-bad-start", referee.Params{"D": double, "Set": rules.Set})
	}
	var re *referee.RuleError
	if k, err := l.Apply(moves); errors.As(err, &re) {
		p := referee.Params{"K": k + 1, "Move": moves[k].String(), "Reason": reason(ctx, re)}
		return false, nil, app.Invalid("layout", "layout-bad-move", p)
	} else if err != nil {
		return false, nil, err
	}
	_, err = l.Resolve(tile, on)
	if errors.As(err, &re) {
		return false, re, nil
	}
	return err == nil, nil, err
}

type variant struct {
	name  string
	rules referee.Rules
}

// variants lists the house rules that change where a tile may go, other
// than the ones in force.
func variants(ctx context.Context, r referee.Rules) []variant {
	arms, stuck := r, r
	var out []variant
	if r.SpinnerArms == 4 {
		arms.SpinnerArms = 6
		out = append(out, variant{text(ctx, "variant.six-arms", nil), arms})
	} else {
		arms.SpinnerArms = 4
		out = append(out, variant{text(ctx, "variant.four-arms", nil), arms})
	}
	if r.Impossible == referee.ImpossibleStaysOwed {
		stuck.Impossible = referee.ImpossibleReleased
		out = append(out, variant{text(ctx, "variant.release", nil), stuck})
	} else {
		stuck.Impossible = referee.ImpossibleStaysOwed
		out = append(out, variant{text(ctx, "variant.block", nil), stuck})
	}
	return out
}

// placementRules names the house rules in force that bear on placement.
func placementRules(ctx context.Context, r referee.Rules) string {
	p := referee.Params{"Set": r.Set, "Arms": r.SpinnerArms}
	if r.Impossible == referee.ImpossibleReleased {
		return text(ctx, "placement.release", p)
	}
	return text(ctx, "placement.block", p)
}
