package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"chickenfoot/db"
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

// setupForm is the setup form as submitted, kept to show it again.
type setupForm struct {
	name, date, players, handSize, rounds, lossLimit string
	set                                              int
	rules                                            referee.Rules
}

func (a *App) newGamePage(c echo.Context) error {
	f := setupForm{date: a.now().Format(time.DateOnly), set: 9, rules: referee.Standard()}
	return render(c, http.StatusOK, views.Setup(a.setupPage(c, f, nil)))
}

func (a *App) setupPage(c echo.Context, f setupForm, errs map[string]string) views.SetupPage {
	p := views.SetupPage{
		Meta: views.Meta{Title: "New game night · Chickenfoot"},
		Name: f.name, Date: f.date, Players: f.players, HandSize: f.handSize, Rounds: f.rounds, LossLimit: f.lossLimit,
		Set:        f.set,
		Errors:     errs,
		Suggestion: suggestion(len(playerLines(f.players)), referee.Set(f.set)),
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
		s.Problem = "Add at least two players to see how many tiles to deal."
		return s
	}
	h, err := referee.SuggestHand(set, players)
	if err != nil {
		s.Problem = fmt.Sprintf("%d players is too many for a %s set.", players, set)
		return s
	}
	s.Hand, s.Boneyard, s.Source = h.Tiles, h.Boneyard, h.Source
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
	f, ng, errs := a.readSetup(c)
	if len(errs) > 0 {
		return render(c, http.StatusBadRequest, views.Setup(a.setupPage(c, f, errs)))
	}
	g, err := a.store.CreateGame(c.Request().Context(), ng)
	if err != nil {
		return err
	}
	return seeOther(c, gameURL(g.Slug))
}

// readSetup reads every field of the setup form, collecting a message for
// each bad one.
func (a *App) readSetup(c echo.Context) (setupForm, db.NewGame, map[string]string) {
	errs := map[string]string{}
	f := setupForm{name: c.FormValue("name"), date: strings.TrimSpace(c.FormValue("date")), players: c.FormValue("players"),
		handSize: strings.TrimSpace(c.FormValue("hand_size")), rounds: strings.TrimSpace(c.FormValue("rounds")),
		lossLimit: strings.TrimSpace(c.FormValue("loss_threshold")), rules: referee.Standard()}
	ng := db.NewGame{Name: strings.TrimSpace(f.name)}
	if ng.Name == "" {
		ng.Name = "Game night"
	}
	if msg := checkName(ng.Name, 60); msg != "" {
		errs["name"] = "The game's name " + msg
	}
	if _, err := time.Parse(time.DateOnly, f.date); err != nil {
		errs["date"] = "Pick the date the game is played on."
	}
	ng.PlayedOn = f.date
	var err error
	if f.set, err = strconv.Atoi(c.FormValue("set")); err != nil || !referee.Set(f.set).Valid() {
		errs["set"] = "Pick one of the sets: double-6, 9, 12, 15 or 18."
		f.set = 9
	}
	f.rules.Set = referee.Set(f.set)
	for _, h := range formRules() {
		if v := c.FormValue(h.JSON); v != "" && f.rules.SetValue(h.JSON, v) != nil {
			errs[h.JSON] = fmt.Sprintf("Pick one of the choices for %s: it must be %s.", strings.ToLower(h.Title), h.Want(f.rules))
		}
	}
	a.readRoundRule(&f, errs)
	if err := f.rules.Validate(); err != nil {
		if re, ok := err.(*referee.RulesError); ok && errs[re.Field] == "" {
			errs[re.Field] = fmt.Sprintf("That choice is not one this app knows: it must be %s.", re.Want)
		}
	}
	ng.Rules = f.rules
	ng.Players = readPlayers(f.players, errs)
	ng.HandSize = readHandSize(f, len(ng.Players), errs)
	return f, ng, errs
}

func (a *App) readRoundRule(f *setupForm, errs map[string]string) {
	if f.rounds != "" {
		n, err := strconv.Atoi(f.rounds)
		if err != nil || n < 1 || n > f.set+1 {
			errs["rounds"] = fmt.Sprintf("The number of rounds must be a whole number from 1 to %d, or left empty for one round per double.", f.set+1)
		}
		f.rules.Rounds = n
	}
	if f.lossLimit != "" {
		n, err := strconv.Atoi(f.lossLimit)
		if err != nil || n < 1 || n > 100000 {
			errs["loss_threshold"] = "The losing total must be a whole number from 1 to 100000, or left empty."
		}
		f.rules.LossLimit = n
	}
	if f.rounds != "" && f.lossLimit != "" && errs["rounds"] == "" {
		errs["loss_threshold"] = "Choose either a number of rounds or a losing total, not both."
	}
	if errs["rounds"] != "" || errs["loss_threshold"] != "" {
		f.rules.Rounds, f.rules.LossLimit = 0, 0
	}
}

func readPlayers(text string, errs map[string]string) []string {
	names := playerLines(text)
	switch {
	case len(names) < 2:
		errs["players"] = "Write at least two players, one name per line."
		return names
	case len(names) > 16:
		errs["players"] = fmt.Sprintf("At most 16 players can sit at one game; there are %d names.", len(names))
		return names
	}
	for i, name := range names {
		if msg := checkName(name, 40); msg != "" {
			errs["players"] = fmt.Sprintf("Player %d's name %s", i+1, msg)
			return names
		}
		for _, other := range names[:i] {
			if strings.EqualFold(other, name) {
				errs["players"] = fmt.Sprintf("%q is written twice; give each player a different name.", name)
				return names
			}
		}
	}
	return names
}

// checkName finishes the sentence "<name> ..." when a name is unusable.
func checkName(name string, maxLen int) string {
	switch {
	case utf8.RuneCountInString(name) > maxLen:
		return fmt.Sprintf("is too long: at most %d characters.", maxLen)
	case !utf8.ValidString(name):
		return "has characters that could not be read."
	case strings.ContainsAny(name, "<>"):
		return "can't contain < or >."
	case strings.ContainsFunc(name, unicode.IsControl):
		return "can't contain control characters."
	}
	return ""
}

func readHandSize(f setupForm, players int, errs map[string]string) int {
	set := referee.Set(f.set)
	if f.handSize == "" {
		if h, err := referee.SuggestHand(set, players); err == nil {
			return h.Tiles
		}
		if errs["players"] == "" {
			errs["players"] = fmt.Sprintf("%d players is too many for a %s set; pick a bigger set.", players, set)
		}
		return 1
	}
	n, err := strconv.Atoi(f.handSize)
	if maxHand := set.Size() / max(players, 1); err != nil || n < 1 || n > maxHand {
		errs["hand_size"] = fmt.Sprintf("Tiles each must be a whole number from 1 to %d for %d players on %s.", maxHand, players, set)
		return 1
	}
	return n
}
