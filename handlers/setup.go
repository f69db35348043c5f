package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// formRules are the house rules the setup form offers as groups of choices.
// The set has chips of its own, which drive the hand-size suggestion, and
// the open numbers (rounds, the losing total) have boxes of their own.
func formRules() []referee.HouseRule {
	var out []referee.HouseRule
	for _, h := range referee.HouseRules() {
		if h.Choices != nil && h.JSON != "set" {
			out = append(out, h)
		}
	}
	return out
}

// ruleOptions are the choices of one house rule, r's value checked.
func ruleOptions(h referee.HouseRule, r *referee.Rules) []views.RuleOption {
	var out []views.RuleOption
	for _, c := range h.Choices {
		out = append(out, views.RuleOption{Value: c.Value, Label: c.Label, About: c.About,
			Checked: r != nil && r.Value(h.JSON) == c.Value})
	}
	return out
}

// newGamePage is the setup form of a new game night, the usual house
// rules picked.
func (a *App) newGamePage(c echo.Context) error {
	f := setupForm{date: a.now().Format(time.DateOnly), setN: 9, rules: referee.Standard()}
	return render(c, http.StatusOK, views.Setup(setupPage(f, nil)))
}

// setupPage builds the setup form, as submitted and with what to fix.
func setupPage(f setupForm, errs map[string]string) views.SetupPage {
	p := views.SetupPage{
		Meta: views.Meta{Title: "New game night · Chickenfoot"},
		Name: f.name, Date: f.date, Players: f.players, HandSize: f.handSize, Rounds: f.rounds, LossLimit: f.lossLimit,
		Set:        f.setN,
		Errors:     errs,
		Suggestion: suggestion(len(playerLines(f.players)), referee.Set(f.setN)),
	}
	for _, s := range referee.Sets {
		p.Sets = append(p.Sets, int(s))
	}
	for _, h := range formRules() {
		g := views.RuleGroup{Field: h.JSON, Title: h.Title, Options: ruleOptions(h, &f.rules)}
		if h.More {
			p.MoreRules = append(p.MoreRules, g)
		} else {
			p.Rules = append(p.Rules, g)
		}
	}
	return p
}

func suggestion(players int, set referee.Set) views.Suggestion {
	s := views.Suggestion{Players: players, Set: set.String()}
	if players < 2 {
		s.Problem = text("suggest.few", nil)
		return s
	}
	h, err := referee.SuggestHand(set, players)
	if err != nil {
		s.Problem = text("suggest.many", referee.Params{"N": players, "Set": set.String()})
		return s
	}
	s.Hand, s.Boneyard, s.Source = h.Tiles, h.Boneyard, string(h.Sources[0])
	return s
}

func (a *App) suggest(c echo.Context) error {
	set, err := strconv.Atoi(c.QueryParam("set"))
	if err != nil || !referee.Set(set).Valid() {
		set = 9
	}
	return render(c, http.StatusOK, views.SuggestionBox(suggestion(len(playerLines(c.QueryParam("players"))), referee.Set(set))))
}

// playerLines splits the players box into trimmed, non-empty names.
func playerLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if name := strings.TrimSpace(line); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// createGame validates the setup form and stores the game night, or shows
// the form again with what to fix.
func (a *App) createGame(c echo.Context) error {
	f := readSetupForm(c)
	ng, errs := f.game()
	if len(errs) > 0 {
		return render(c, http.StatusBadRequest, views.Setup(setupPage(f, errs)))
	}
	g, err := a.store.CreateGame(c.Request().Context(), ng)
	if err != nil {
		return err
	}
	return seeOther(c, gameURL(g.Slug))
}
