package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

func rulesURL(slug string) string { return gameURL(slug) + "/rules" }

// rulesPage explains the rules, with a game's choices marked.
func (a *App) rulesPage(c echo.Context) error {
	p := views.RulesPage{Meta: views.Meta{Title: "Rules · Chickenfoot", CSRF: token(c)}, Chosen: map[string]string{}}
	if slug := c.Param("slug"); slug != "" {
		sh, err := a.loadSheet(c)
		if err != nil {
			return err
		}
		g := sh.Game
		p.Back, p.Game, p.Meta.Where = gameURL(slug), g.Name, g.Name
		for _, rc := range ruleChoices {
			p.Chosen[rc.field] = ruleText(g.Rules, rc.field)
		}
		switch {
		case g.Rules.LossLimit > 0:
			p.Chosen["rounds"] = "threshold"
		case g.Rules.Rounds > 0:
			p.Chosen["rounds"] = "fixed"
		default:
			p.Chosen["rounds"] = "0"
		}
	}
	return render(c, http.StatusOK, views.Rules(p))
}

// check settles "can this tile go there?" on a round's table, without
// laying it.
func (a *App) check(c echo.Context) error {
	// Asked without JavaScript, the question arrives with the lay form's
	// fields, token included: keep only the question in the address.
	if q := c.QueryParams(); q.Has("_csrf") || q.Has("kind") {
		clean := url.Values{"tile": {q.Get("tile")}, "on": {q.Get("on")}}
		return c.Redirect(http.StatusSeeOther, c.Request().URL.Path+"?"+clean.Encode())
	}
	sh, r, log, rr, err := a.loadTable(c)
	if err != nil {
		return err
	}
	p := a.tablePage(c, sh, r, log, rr)
	tile, on := c.QueryParam("tile"), c.QueryParam("on")
	if tile == "" || on == "" && rr.Layout().Len() > 0 {
		p.Problem = &views.Refusal{Code: "pick", Reason: "Pick a place and a tile, then ask again.", RuleURL: rulesURL(sh.Game.Slug) + "#matching"}
		return render(c, http.StatusBadRequest, views.Table(p))
	}
	v, err := verdict(sh.Game.Rules, r.Double(), rr.Layout().Moves(), tile, on, rulesURL(sh.Game.Slug))
	if err != nil {
		return err
	}
	p.Verdict = &v
	return render(c, http.StatusOK, views.Table(p))
}

// verdict judges tile on on under rules, and says what the other variants
// that bear on placement would say where they differ.
func verdict(rules referee.Rules, double int, moves []referee.Move, tile, on, rulesLink string) (views.Verdict, error) {
	v := views.Verdict{Question: fmt.Sprintf("Can %s go on %s?", tile, on), InForce: "Judged under the house rules in force: " + placementRules(rules) + "."}
	if on == "" {
		v.Question = fmt.Sprintf("Can %s start the round?", tile)
	}
	legal, re, err := judgeMove(rules, double, moves, tile, on)
	if err != nil {
		return v, err
	}
	v.Legal = legal
	if legal {
		v.Reason = "It may go there."
	} else {
		v.Reason, v.Code, v.RuleURL = re.Reason, string(re.Code), rulesLink+"#"+re.Code.Section()
	}
	for _, alt := range variants(rules) {
		altLegal, altRe, err := judgeMove(alt.rules, double, moves, tile, on)
		var layoutErr *impossibleLayout
		switch {
		case errors.As(err, &layoutErr):
			v.Others = append(v.Others, fmt.Sprintf("%s, this layout could not have happened (%s).", alt.name, layoutErr.reason))
		case err != nil:
			return v, err
		case altLegal != legal && altLegal:
			v.Others = append(v.Others, alt.name+", it may go there.")
		case altLegal != legal:
			v.Others = append(v.Others, alt.name+", it may not: "+altRe.Reason)
		}
	}
	if len(v.Others) == 0 {
		v.Others = []string{"The other house rules give the same answer."}
	}
	return v, nil
}

// impossibleLayout is a layout the rules could not have produced.
type impossibleLayout struct{ reason string }

func (e *impossibleLayout) Error() string { return e.reason }

// judgeMove rebuilds the layout under rules and checks one move on it.
func judgeMove(rules referee.Rules, double int, moves []referee.Move, tile, on string) (bool, *referee.RuleError, error) {
	l, err := referee.NewLayout(rules, double)
	if err != nil {
		return false, nil, &impossibleLayout{reason: fmt.Sprintf("it starts with %d-%d, which is not in a %s set", double, double, rules.Set)}
	}
	if k, err := l.Apply(moves); err != nil {
		var re *referee.RuleError
		if errors.As(err, &re) {
			return false, nil, &impossibleLayout{reason: fmt.Sprintf("tile %d, %s: %s", k+1, moves[k], re.Reason)}
		}
		return false, nil, err
	}
	_, err = l.Resolve(tile, on)
	var re *referee.RuleError
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
func variants(r referee.Rules) []variant {
	var out []variant
	arms := r
	if r.SpinnerArms == 4 {
		arms.SpinnerArms = 6
		out = append(out, variant{"With a six-armed spinner", arms})
	} else {
		arms.SpinnerArms = 4
		out = append(out, variant{"With a four-armed spinner", arms})
	}
	stuck := r
	if r.Impossible == referee.ImpossibleBlocks {
		stuck.Impossible = referee.ImpossibleReleases
		out = append(out, variant{"If a stuck chickie is let go", stuck})
	} else {
		stuck.Impossible = referee.ImpossibleBlocks
		out = append(out, variant{"If a stuck chickie blocks the table", stuck})
	}
	return out
}

func placementRules(r referee.Rules) string {
	s := fmt.Sprintf("%s, a %d-armed spinner", r.Set, r.SpinnerArms)
	if r.Impossible == referee.ImpossibleReleases {
		return s + ", a stuck chickie is let go"
	}
	return s + ", a stuck chickie blocks the table"
}

// disputePage settles a dispute on a layout typed in the one-line
// notation, without a game.
func (a *App) disputePage(c echo.Context) error {
	q := c.QueryParams()
	p := views.CheckPage{Meta: views.Meta{Title: "Can this go there? · Chickenfoot", CSRF: token(c)},
		Layout: q.Get("layout"), Tile: q.Get("tile"), On: q.Get("on"), Set: 9, Arms: 4, Impossible: string(referee.ImpossibleBlocks)}
	if !q.Has("tile") {
		return render(c, http.StatusOK, views.Check(p))
	}
	rules := referee.Standard()
	var err error
	if p.Set, err = strconv.Atoi(q.Get("set")); err != nil || !referee.Set(p.Set).Valid() {
		p.Error, p.Set = "Pick the set: double-6, 9, 12, 15 or 18.", 9
	}
	if p.Arms, err = strconv.Atoi(q.Get("arms")); err != nil || (p.Arms != 4 && p.Arms != 6) {
		p.Error, p.Arms = "The spinner has 4 or 6 arms.", 4
	}
	if v := q.Get("impossible"); v == string(referee.ImpossibleReleases) {
		p.Impossible = v
	}
	rules.Set, rules.SpinnerArms, rules.Impossible = referee.Set(p.Set), p.Arms, referee.ImpossibleRule(p.Impossible)
	moves, perr := referee.ParseMoves(p.Layout)
	switch {
	case p.Error != "":
	case perr != nil:
		p.Error = "The layout could not be read: " + perr.(*referee.RuleError).Reason + " Write it as the tiles in the order they were laid, like 9-9 9-3@9-9."
	case strings.TrimSpace(p.Tile) == "":
		p.Error = "Say which tile, like 9-5."
	}
	if p.Error != "" {
		return render(c, http.StatusBadRequest, views.Check(p))
	}
	double := int(rules.Set)
	if len(moves) > 0 {
		double = moves[0].Tile.Hi
	}
	v, err := verdict(rules, double, moves, p.Tile, p.On, "/rules")
	var layoutErr *impossibleLayout
	if errors.As(err, &layoutErr) {
		p.Error = "That layout could not happen under these rules: " + layoutErr.reason
		return render(c, http.StatusUnprocessableEntity, views.Check(p))
	}
	if err != nil {
		return err
	}
	p.Verdict = &v
	return render(c, http.StatusOK, views.Check(p))
}

// replay steps through a round's action log: the table after step k.
func (a *App) replay(c echo.Context) error {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return err
	}
	log, err := a.store.Actions(c.Request().Context(), sh.Game.Slug, r.Number)
	if err != nil {
		return err
	}
	step := len(log)
	if s := c.QueryParam("step"); s != "" {
		if step, err = strconv.Atoi(s); err != nil || step < 0 || step > len(log) {
			return badInput("step", fmt.Sprintf("There are steps 0 to %d in this round.", len(log)))
		}
	}
	rr, err := buildRound(sh, r, log[:step])
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Replay(replayPage(c, sh, r, log, rr, step)))
}

func replayPage(c echo.Context, sh db.Sheet, r *db.Round, log []db.Action, rr *referee.Round, step int) views.ReplayPage {
	g := sh.Game
	base := roundURL(g.Slug, r.Number) + "/replay?step="
	p := views.ReplayPage{Meta: views.Meta{Title: fmt.Sprintf("Round %d, step by step · %s", r.Number, g.Name), CSRF: token(c), Where: g.Name},
		Back: tableURL(g.Slug, r.Number), Number: r.Number, Double: r.Double(), Step: step, Steps: len(log),
		Layout: views.Layout(views.PlacedTiles(rr.Layout(), nil), g.Rules.SpinnerArms), Banner: banner(rr, g), Action: "the deal"}
	if step > 0 {
		p.Action = describe(log[step-1].Action, g.Players)
		p.PrevURL = base + strconv.Itoa(step-1)
	}
	if step < len(log) {
		p.NextURL = base + strconv.Itoa(step+1)
	}
	p.Log = append(p.Log, views.ReplayStep{N: 0, Text: "The deal", URL: base + "0", Current: step == 0})
	for i, a := range log {
		p.Log = append(p.Log, views.ReplayStep{N: i + 1, Text: describe(a.Action, g.Players), URL: base + strconv.Itoa(i+1), Current: step == i+1})
	}
	return p
}
