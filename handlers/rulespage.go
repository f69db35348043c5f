package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// rulesPage explains the rules, with a game's choices marked.
func (a *App) rulesPage(c echo.Context) error {
	p := rulesView(nil)
	if slug := c.Param("slug"); slug != "" {
		g, err := a.store.Settings(c.Request().Context(), slug)
		if err != nil {
			return err
		}
		p = rulesView(&g.Rules)
		p.Back, p.Game, p.Meta.Where = gameURL(slug), g.Name, g.Name
	}
	return render(c, http.StatusOK, views.Rules(p))
}

// rulesView is the rules page, with the game's choices marked when there
// is a game (r is not nil).
func rulesView(r *referee.Rules) views.RulesPage {
	return views.RulesPage{Meta: views.Meta{Title: "Rules · Chickenfoot"}, HouseRules: rulesHelp(r),
		PerSet: perSetDeals, Double9: double9Deals}
}

// rulesHelp is every house rule as the rules page explains it, with the
// game's choices marked when there is a game (r is not nil).
func rulesHelp(r *referee.Rules) []views.RuleHelp {
	var out []views.RuleHelp
	for _, h := range referee.HouseRules() {
		help := views.RuleHelp{Field: h.JSON, Title: h.Title, Meaning: h.Meaning, Source: h.Source, Topic: h.Topic}
		for _, o := range ruleOptions(h, r) {
			help.Options = append(help.Options, views.RuleChoice{RuleOption: o, Said: choiceSaid[h.JSON][o.Value]})
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
	rest := fmt.Sprintf(h.Span.Rest, h.Span.MaxName)
	ways := []views.RuleWay{
		{Label: "0: " + h.Span.Zero, Said: choiceSaid[h.JSON]["0"]},
		{Label: strings.ToUpper(rest[:1]) + rest[1:], Said: choiceSaid[h.JSON][otherValues]},
	}
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

// otherValues stands in choiceSaid for every value of an open number but 0.
const otherValues = "n"

// Short names for sets of sources in the table below.
const (
	fourSources = views.Afrikaans | views.Video | views.Danish | views.PlayPage
	bigSets     = views.Afrikaans | views.Danish | views.PlayPage
)

var houseRule = views.Said{Not: views.HouseRule}

func by(s views.Sources) views.Said { return views.Said{By: s} }

// choiceSaid is where each choice of each house rule comes from, by the
// rule's JSON name and the choice's value ("0" and otherValues for an open
// number). A test fails when a choice is missing from it.
var choiceSaid = map[string]map[string]views.Said{
	"set": {"6": by(views.MixedPage | views.Danish | views.PlayPage), "9": by(fourSources),
		"12": by(bigSets), "15": by(bigSets), "18": by(bigSets)},
	"rounds":         {"0": by(views.AllSources), otherValues: by(views.Danish)},
	"loss_threshold": {"0": by(views.AllSources), otherValues: houseRule},
	"spinner_arms":   {"4": by(views.AllSources), "6": by(views.PlayPage)},
	"double_blank":   {"50": by(fourSources), "25": houseRule, "0": by(views.Video)},
	"draw": {string(referee.DrawOneMayPlay): by(views.Afrikaans | views.PlayPage),
		string(referee.DrawOneMustPlay):   by(views.MixedPage | views.Video),
		string(referee.DrawUntilPlayable): by(views.Danish)},
	"unheld_double": {string(referee.UnheldDraw): by(views.MixedPage | views.Afrikaans),
		string(referee.UnheldDrawAll):   by(views.Video),
		string(referee.UnheldBurn):      by(views.Danish | views.PlayPage),
		string(referee.UnheldReshuffle): by(views.PlayPage)},
	"blocked_round": {string(referee.BlockedAllScore): by(fourSources), string(referee.BlockedLowestZero): houseRule},
	"tie_break": {string(referee.TieZeroRounds): by(views.Afrikaans),
		string(referee.TieMostOut): houseRule, string(referee.TieShared): houseRule},
	"impossible_chickie": {string(referee.ImpossibleBlocks): houseRule, string(referee.ImpossibleReleases): houseRule},
	"take_back":          {string(referee.TakeBackUntilNext): houseRule, string(referee.TakeBackNever): houseRule},
	"last_tile":          {string(referee.LastTileCourtesy): by(views.PlayPage), string(referee.LastTilePenalty): houseRule},
	"blank_half":         {"0": by(fourSources), "25": houseRule},
	"double_out":         {"0": by(fourSources), "50": houseRule},
}

// The referee's names for its published hand-size tables.
const (
	perSetTable  = "per-set table"
	double9Table = "double-9 table"
)

// The hand-size tables the rules page shows, worked out once.
var perSetDeals, double9Deals = dealTables(perSetTable), dealTables(double9Table)

// dealSaid is who publishes each of the referee's hand-size tables.
var dealSaid = map[string]views.Said{perSetTable: by(views.PlayPage), double9Table: by(views.Video)}

// dealTables is the referee's hand-size table named source, a small table
// per set, in the order of the sets.
func dealTables(source string) views.DealTables {
	d := views.DealTables{Said: dealSaid[source]}
	for _, set := range referee.Sets {
		t := views.DealTable{Set: set.String()}
		for players := 2; players <= set.Size(); players++ {
			sizes, _ := referee.HandSizes(set, players)
			for _, h := range sizes {
				if h.Source == source {
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
