package handlers

import (
	"cmp"
	"context"
	"errors"
	"github.com/labstack/echo/v4"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// setupForm is the setup form as submitted, kept to show it again.
type setupForm struct {
	name, date, players, handSize, rounds, lossLimit, set string
	form                                                  string            // the form's one-time id
	handOther                                             string            // a number typed instead of a listed hand size
	dealAnyway                                            bool              // deal although the set is too small for the table
	choices                                               map[string]string // house rule → the choice sent
	group, groupName                                      string            // the table of friends playing, if any
	kind                                                  string            // the game: "chickenfoot" or "straight"
	straight                                              map[string]string // Straight's house rules → the choice sent
	target                                                string            // Straight's target typed, or ""
	// Read by game: the set and rules as far as they could be read.
	setN  int
	rules referee.Rules
}

// readSetupForm binds the setup form.
func readSetupForm(c echo.Context) setupForm {
	f := setupForm{name: c.FormValue("name"), date: strings.TrimSpace(c.FormValue("date")), players: c.FormValue("players"),
		handSize: strings.TrimSpace(c.FormValue("hand_size")), rounds: strings.TrimSpace(c.FormValue("rounds")),
		lossLimit: strings.TrimSpace(c.FormValue("loss_threshold")), set: c.FormValue("set"), choices: map[string]string{},
		handOther: strings.TrimSpace(c.FormValue("hand_other")), dealAnyway: c.FormValue("deal_anyway") != "",
		form: formID(c), group: strings.TrimSpace(c.FormValue("group")), groupName: c.FormValue("group_name")}
	for _, h := range formRules() {
		f.choices[h.JSON] = c.FormValue(h.JSON)
	}
	f.kind, f.straight, f.target = c.FormValue("game"), map[string]string{}, strings.TrimSpace(c.FormValue(straightField("target")))
	for _, h := range straightFormRules() {
		f.straight[h.JSON] = c.FormValue(straightField(h.JSON))
	}
	return f
}

// game reads every field of the setup form into a new game night,
// collecting a message for each bad one.
func (f *setupForm) game(ctx context.Context) (app.NewGame, map[string]string) {
	errs := map[string]string{}
	ng := app.NewGame{Name: cleanName(f.name), PlayedOn: f.date, Form: f.form, Group: f.group}
	if ng.Name == "" {
		ng.Name = text(ctx, "default-name", nil)
	}
	if why := checkName(ng.Name, 60); why != "" {
		errs["name"] = text(ctx, "game-name."+why, referee.Params{"N": 60})
	}
	if _, err := time.Parse(time.DateOnly, f.date); err != nil {
		errs["date"] = text(ctx, "setup.date", nil)
	}
	game, ok := referee.ParseGame(f.kind)
	if !ok {
		errs["game"] = text(ctx, "allfives.setup.game", nil)
	}
	if game == referee.Straight {
		f.readStraight(ctx, errs)
	} else {
		f.readRules(ctx, errs)
	}
	ng.Rules = f.rules
	ng.Players = readPlayers(ctx, f.players, errs)
	if game == referee.Straight {
		ng.HandSize = referee.StraightHandSize
		if errs["players"] == "" && f.rules.ValidateSeats(len(ng.Players)) != nil {
			errs["players"] = text(ctx, "allfives.setup.players", nil)
		}
		return ng, errs
	}
	ng.HandSize = f.readHandSize(ctx, len(ng.Players), errs)
	return ng, errs
}

// readRules reads the set and every house rule.
func (f *setupForm) readRules(ctx context.Context, errs map[string]string) {
	f.rules = referee.Standard()
	var err error
	if f.setN, err = strconv.Atoi(f.set); err != nil || !referee.Set(f.setN).Valid() {
		errs["set"] = text(ctx, "setup.set", nil)
		f.setN = 9
	}
	f.rules.Set = referee.Set(f.setN)
	for _, h := range formRules() {
		if v := f.choices[h.JSON]; v != "" && f.rules.SetValue(h.JSON, v) != nil {
			labels := make([]string, len(h.Choices))
			for i, c := range h.Choices {
				labels[i] = strconv.Quote(h.SayChoice(views.Lang(ctx), c.Value, "label"))
			}
			errs[h.JSON] = text(ctx, "setup.choice", referee.Params{"Rule": strings.ToLower(h.Say(views.Lang(ctx), "title")), "Labels": labels})
		}
	}
	f.readRoundRule(ctx, errs)
	if e := app.From(f.rules.Validate()); e != nil && errs[e.Field] == "" {
		errs[e.Field] = refusal(ctx, e)
	}
}

// readRoundRule reads a fixed number of rounds or a losing total.
func (f *setupForm) readRoundRule(ctx context.Context, errs map[string]string) {
	if f.rounds != "" {
		n, err := strconv.Atoi(f.rounds)
		// At most one round per double of the ladder (read above).
		if most := len(f.rules.Doubles()); err != nil || n < 1 || n > most {
			errs["rounds"] = text(ctx, "setup.rounds", referee.Params{"N": most})
		}
		f.rules.Rounds = n
	}
	if f.lossLimit != "" {
		n, err := strconv.Atoi(f.lossLimit)
		if err != nil || n < 1 || n > 100000 {
			errs["loss_threshold"] = text(ctx, "setup.loss", nil)
		}
		f.rules.LossLimit = n
	}
	if f.rounds != "" && f.lossLimit != "" && errs["rounds"] == "" {
		errs["loss_threshold"] = text(ctx, "setup.rounds-or-loss", nil)
	}
	if errs["rounds"] != "" || errs["loss_threshold"] != "" {
		f.rules.Rounds, f.rules.LossLimit = 0, 0
	}
}

// readPlayers reads the players, one per line in seat order.
func readPlayers(ctx context.Context, box string, errs map[string]string) []string {
	names := playerLines(box)
	switch {
	case len(names) < 2:
		errs["players"] = text(ctx, "players.few", nil)
		return names
	case len(names) > 16:
		errs["players"] = text(ctx, "players.many", referee.Params{"N": len(names)})
		return names
	}
	for i, name := range names {
		if why := checkName(name, 40); why != "" {
			errs["players"] = text(ctx, "player-name."+why, referee.Params{"Seat": i + 1, "N": 40})
			return names
		}
		for _, other := range names[:i] {
			if strings.EqualFold(other, name) {
				errs["players"] = text(ctx, "players.twice", referee.Params{"Name": name})
				return names
			}
		}
	}
	return names
}

// checkName says why a name is unusable, as a message key's last part, or
// "".
func checkName(name string, maxLen int) string {
	switch {
	case utf8.RuneCountInString(name) > maxLen:
		return "too-long"
	case !utf8.ValidString(name):
		return "unreadable"
	case strings.ContainsAny(name, "<>"):
		return "angle"
	case strings.ContainsFunc(name, unicode.IsControl):
		return "control"
	case strings.ContainsFunc(name, isFormat):
		return "format"
	}
	return ""
}

// isFormat reports an invisible formatting character (Unicode's Cf):
// direction overrides and isolates, which would turn the rest of a line
// around, and zero-width spaces and joiners, which would make "Ann" and
// "Ann" with one two different players.
func isFormat(r rune) bool { return unicode.Is(unicode.Cf, r) }

// cleanName is a typed name as it is kept: trimmed, and in Unicode's
// composed form (NFC), so "é" typed as one character or as "e" and an
// accent is one name.
func cleanName(name string) string { return norm.NFC.String(strings.TrimSpace(name)) }

// readHandSize reads the tiles each player is dealt: the number typed in
// the box, else the one picked (hand_size also takes a typed number), else
// the suggestion. A set too small for the table is refused unless the
// host ticked "deal anyway" and typed a hand size that fits at all.
func (f *setupForm) readHandSize(ctx context.Context, players int, errs map[string]string) int {
	if errs["players"] != "" || errs["set"] != "" {
		return 1 // a hand size can't be judged without the table
	}
	set := referee.Set(f.setN)
	h, err := referee.SuggestHand(set, players)
	tooBigForSet := errors.Is(err, referee.ErrTooManyPlayers)
	if tooBigForSet && !f.dealAnyway {
		errs["set"] = tooBig(ctx, players, set, true)
		return 1
	}
	typed := cmp.Or(f.handOther, f.handSize)
	maxHand := f.rules.Dealable() / players
	if typed == "" && tooBigForSet {
		errs["hand_size"] = text(ctx, "hands.type", referee.Params{"Max": maxHand, "N": players, "Set": set})
		return 1
	}
	if typed == "" {
		return h.Tiles
	}
	n, err := strconv.Atoi(typed)
	if err != nil || n < 1 || n > maxHand {
		errs["hand_size"] = text(ctx, "setup.hand-size", referee.Params{"Max": maxHand, "N": players, "Set": set})
		return 1
	}
	return n
}
