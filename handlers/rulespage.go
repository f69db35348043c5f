package handlers

import (
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"slices"
	"strconv"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// rulesReader reads the game night whose rules the page marks.
type rulesReader interface {
	Settings(ctx context.Context, slug string) (app.Game, error)
}

// rulesPage explains the rules, with a game's choices marked.
func (a *App) rulesPage(c echo.Context) error {
	ctx := c.Request().Context()
	p := rulesView(ctx, nil)
	if slug := c.Param("slug"); slug != "" {
		g, err := a.ruleGames.Settings(ctx, slug)
		if err != nil {
			return err
		}
		p = rulesView(ctx, &g.Rules)
		p.Back, p.Game, p.Meta.Where = gameURL(slug), g.Name, g.Name
	}
	return render(c, http.StatusOK, views.Rules(p))
}

// rulesView is the rules page, with the game's choices marked when there
// is a game (r is not nil).
func rulesView(ctx context.Context, r *referee.Rules) views.RulesPage {
	cf := r // a Straight night marks no Chickenfoot choice
	if r != nil && r.Game != referee.Chickenfoot {
		cf = nil
	}
	return views.RulesPage{Meta: views.Meta{Title: text(ctx, "title.rules", nil)}, HouseRules: rulesHelp(cf),
		Straight: straightHelp(ctx, r), PerSet: perSetDeals, Double9: double9Deals}
}

// straightHelp is every Straight house rule as the rules page explains
// it, a Straight night's choices marked.
func straightHelp(ctx context.Context, r *referee.Rules) []views.RuleHelp {
	if r != nil && r.Game != referee.Straight {
		r = nil
	}
	var out []views.RuleHelp
	for _, h := range referee.HouseRulesFor(referee.Straight) {
		help := views.RuleHelp{Field: h.JSON, Topic: h.Topic, Game: referee.Straight}
		for i, o := range ruleOptions(h, r) {
			help.Options = append(help.Options, views.RuleChoice{RuleOption: o, Said: h.Choices[i].Said})
		}
		if h.Span != nil && r != nil {
			help.Chosen = r.Value(h.JSON)
			if h.JSON == "target" {
				help.Chosen = strconv.Itoa(r.Straight.Goal()) // the usual is a number too
			} else if help.Chosen == "0" {
				help.Chosen = h.Say(views.Lang(ctx), "zero")
			}
		}
		out = append(out, help)
	}
	return out
}

// rulesHelp is every house rule as the rules page explains it, with the
// game's choices marked when there is a game (r is not nil).
func rulesHelp(r *referee.Rules) []views.RuleHelp {
	var out []views.RuleHelp
	for _, h := range referee.HouseRules() {
		help := views.RuleHelp{Field: h.JSON, Topic: h.Topic}
		for i, o := range ruleOptions(h, r) {
			help.Options = append(help.Options, views.RuleChoice{RuleOption: o, Said: h.Choices[i].Said})
		}
		if h.Span != nil {
			help.Ways, help.Chosen = spanWays(h, r)
		}
		out = append(out, help)
	}
	return out
}

// spanWays reads an open number two ways, 0 and any other value, and
// marks the game's value in words on the way it is read.
func spanWays(h referee.HouseRule, r *referee.Rules) ([]views.RuleWay, string) {
	ways := []views.RuleWay{{Said: h.Span.ZeroSaid}, {Said: h.Span.RestSaid}}
	if r == nil {
		return ways, ""
	}
	chosen := h.Label(*r)
	if r.Value(h.JSON) == "0" {
		ways[0].Chosen = chosen
	} else {
		ways[1].Chosen = chosen
	}
	return ways, chosen
}

// The hand-size tables the rules page shows, worked out once.
var perSetDeals, double9Deals = dealTables(referee.SourcePerSetTable), dealTables(referee.SourceDouble9Table)

// dealSaid is who publishes each of the referee's hand-size tables.
var dealSaid = map[referee.HandSource]views.Said{referee.SourcePerSetTable: {By: views.PlayPage}, referee.SourceDouble9Table: {By: views.Video}}

// dealTables is the referee's hand-size table named source, a small table
// per set, in the order of the sets.
func dealTables(source referee.HandSource) views.DealTables {
	d := views.DealTables{Said: dealSaid[source]}
	for _, set := range referee.Sets {
		t := views.DealTable{Set: set.String()}
		for players := 2; players <= set.Size(); players++ {
			sizes, _ := referee.HandSizes(set, players)
			for _, h := range sizes {
				if slices.Contains(h.Sources, source) {
					t.Players, t.Tiles = append(t.Players, players), append(t.Tiles, h.Tiles)
				}
			}
		}
		if len(t.Players) > 0 {
			d.Tables = append(d.Tables, t)
		}
	}
	return d
}
