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

// A ruleChoice is one house rule as the setup form offers it.
type ruleChoice struct {
	field, title string
	more         bool // shown under "more house rules"
	options      []ruleOption
}

type ruleOption struct{ value, label, about string }

// ruleChoices lists every house rule in the words the setup form uses.
var ruleChoices = []ruleChoice{
	{"spinner_arms", "Starting double", false, []ruleOption{
		{"4", "Four arms", "It takes a tile on each end and each side before play goes anywhere else."},
		{"6", "Six arms (double chickenfoot)", "Three tiles on each long side before play goes anywhere else."},
	}},
	{"double_blank", "0-0 left in hand", false, []ruleOption{
		{"50", "Scores 50", "The usual penalty for getting caught with the double blank."},
		{"25", "Scores 25", "A milder penalty."},
		{"0", "Scores 0", "It counts the zero pips it shows."},
	}},
	{"draw", "No tile to play", false, []ruleOption{
		{"one-may-play", "Draw one, may lay it", "If the drawn tile fits you may lay it; otherwise pass."},
		{"one-must-play", "Draw one, must lay it", "If the drawn tile fits it has to be laid."},
		{"until-playable", "Draw until one fits", "Keep drawing until a tile fits or the boneyard is empty."},
	}},
	{"unheld_double", "Nobody holds the round's double", false, []ruleOption{
		{"draw", "Draw for it in turn", "Players take turns drawing until someone finds it and sets it down."},
		{"draw-all", "Everyone draws at once", "All players draw together until it turns up."},
		{"burn", "Open on the next lower double", "That double's round is skipped, so the game has one round fewer. 0-0 is never skipped."},
		{"reshuffle", "Shuffle and deal again", "Gather every tile, shuffle, and deal new hands."},
	}},
	{"blocked_round", "Blocked round", true, []ruleOption{
		{"all-score", "Everyone scores their hand", "Nobody went out, so every hand counts."},
		{"lowest-zero", "Lowest hand scores 0", "The player (or players) with the fewest pips score nothing."},
	}},
	{"tie_break", "Tied at the end", true, []ruleOption{
		{"zero-rounds", "Most zero rounds", "Then the lowest non-zero round wins."},
		{"most-out", "Most rounds gone out", "Whoever went out most often wins."},
		{"shared", "Share the win", "Tied players finish first together."},
	}},
	{"impossible_chickie", "A chickie that can't be finished", true, []ruleOption{
		{"blocked", "Blocks the table", "When too few tiles are left to give it its toes, the round ends blocked."},
		{"release", "Is let go", "Play opens up again everywhere."},
	}},
	{"take_back", "Taking a tile back", true, []ruleOption{
		{"until-next-play", "Until the next player plays", "A tile laid by mistake can be lifted until the next player acts."},
		{"never", "Never", "A tile laid stays laid."},
	}},
	{"last_tile", "Last tile in hand", true, []ruleOption{
		{"courtesy", "Say it as a courtesy", "Announcing your last tile is good manners, nothing more."},
		{"draw-penalty", "Caught silent: draw one", "A player caught not announcing it draws a tile."},
	}},
	{"blank_half", "Blank halves left in hand", true, []ruleOption{
		{"0", "Count as zero", "A 5-0 left in hand scores 5."},
		{"25", "Add 25 each", "A 5-0 left in hand scores 30."},
	}},
	{"double_out", "Going out on a double", true, []ruleOption{
		{"0", "No penalty", "Going out is going out."},
		{"50", "Costs 50", "The player who goes out by laying a double scores 50."},
	}},
}

// ruleValue reads one house rule's form value into rules.
func setRule(r *referee.Rules, field, v string) bool {
	num := func(dst *int) bool {
		n, err := strconv.Atoi(v)
		*dst = n
		return err == nil
	}
	switch field {
	case "spinner_arms":
		return num(&r.SpinnerArms)
	case "double_blank":
		return num(&r.DoubleBlank)
	case "blank_half":
		return num(&r.BlankHalf)
	case "double_out":
		return num(&r.DoubleOut)
	case "draw":
		r.Draw = referee.DrawRule(v)
	case "unheld_double":
		r.Unheld = referee.UnheldRule(v)
	case "blocked_round":
		r.Blocked = referee.BlockedRule(v)
	case "tie_break":
		r.TieBreak = referee.TieBreak(v)
	case "impossible_chickie":
		r.Impossible = referee.ImpossibleRule(v)
	case "take_back":
		r.TakeBack = referee.TakeBackRule(v)
	case "last_tile":
		r.LastTile = referee.LastTileRule(v)
	}
	return true
}

// ruleText is the value of one house rule as the setup form words it.
func ruleText(r referee.Rules, field string) string {
	j := map[string]string{
		"spinner_arms": strconv.Itoa(r.SpinnerArms), "double_blank": strconv.Itoa(r.DoubleBlank),
		"blank_half": strconv.Itoa(r.BlankHalf), "double_out": strconv.Itoa(r.DoubleOut),
		"draw": string(r.Draw), "unheld_double": string(r.Unheld), "blocked_round": string(r.Blocked),
		"tie_break": string(r.TieBreak), "impossible_chickie": string(r.Impossible),
		"take_back": string(r.TakeBack), "last_tile": string(r.LastTile),
	}
	return j[field]
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
	for _, rc := range ruleChoices {
		g := views.RuleGroup{Field: rc.field, Title: rc.title}
		for _, o := range rc.options {
			g.Options = append(g.Options, views.RuleOption{Value: o.value, Label: o.label, About: o.about,
				Checked: ruleText(f.rules, rc.field) == o.value})
		}
		if rc.more {
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
	for _, rc := range ruleChoices {
		if v := c.FormValue(rc.field); v != "" && !setRule(&f.rules, rc.field, v) {
			errs[rc.field] = "Pick one of the choices for " + strings.ToLower(rc.title) + "."
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
