package handlers

import (
	"cmp"
	"context"
	"github.com/labstack/echo/v4"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// nightMaker starts a game night.
type nightMaker interface {
	CreateGame(ctx context.Context, ng app.NewGame) (app.Game, error)
}

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
		out = append(out, views.RuleOption{Value: c.Value, Checked: r != nil && r.Value(h.JSON) == c.Value})
	}
	return out
}

// newGamePage is the setup form of a new game night, the usual house
// rules picked.
func (a *App) newGamePage(c echo.Context) error {
	ctx := c.Request().Context()
	f := setupForm{date: a.now().Format(time.DateOnly), setN: 9, rules: referee.Standard()}
	if link := c.QueryParam("group"); link != "" {
		if err := a.likeLastNight(c.Request().Context(), link, device(c), &f); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, views.Setup(setupPage(ctx, f, nil)))
}

// setupPage builds the setup form, as submitted and with what to fix.
func setupPage(ctx context.Context, f setupForm, errs map[string]string) views.SetupPage {
	p := views.SetupPage{
		Meta: views.Meta{Title: text(ctx, "title.setup", nil)},
		Name: f.name, Date: f.date, Players: f.players, Rounds: f.rounds, LossLimit: f.lossLimit,
		Set:    f.setN,
		Errors: errs,
		Hands:  handBox(ctx, f),
		Form:   cmp.Or(f.form, newFormID()), // shown again, the form has made nothing yet
		Group:  f.group, GroupName: f.groupName,
	}
	_, p.Hands.Refused = errs["hand_size"]
	for _, s := range referee.Sets {
		p.Sets = append(p.Sets, int(s))
	}
	cf := f.rules // a Straight night's rules leave Chickenfoot's at the usual
	if cf.Game != referee.Chickenfoot {
		cf = referee.Standard()
	}
	for _, h := range formRules() {
		g := views.RuleGroup{Field: h.JSON, Options: ruleOptions(h, &cf)}
		if h.More {
			p.MoreRules = append(p.MoreRules, g)
		} else {
			p.Rules = append(p.Rules, g)
		}
	}
	straightSetup(&p, f)
	return p
}

// handBox builds the hand-size box for the players and set of f, with
// what was picked or typed in it.
func handBox(ctx context.Context, f setupForm) views.HandBox {
	// Without choices, a hand size sent is a number typed.
	b := views.HandBox{Other: cmp.Or(f.handOther, f.handSize), AnywayTicked: f.dealAnyway}
	players, set := len(playerLines(f.players)), referee.Set(f.setN)
	if players < 2 {
		b.Says = text(ctx, "suggest.few", nil)
		return b
	}
	all, err := referee.HandSizes(set, players)
	if err != nil {
		b.Says = tooBig(ctx, players, set, false)
		b.Anyway = text(ctx, "hands.anyway", referee.Params{"Set": set, "Max": set.Size() / players})
		return b
	}
	b.Says = text(ctx, "hands.suggest", referee.Params{"N": players, "Set": set, "Tiles": all[0].Tiles})
	picked := f.handSize
	if b.Other = f.handOther; b.Other == "" && picked != "" && !slices.ContainsFunc(all, func(h referee.HandSize) bool { return strconv.Itoa(h.Tiles) == picked }) {
		b.Other = picked // a number typed where the choices now are
	}
	for i, h := range all {
		var from []string
		for _, s := range h.Sources {
			from = append(from, sourceLabel(ctx, s))
		}
		b.Choices = append(b.Choices, views.HandChoice{Tiles: h.Tiles, Suggested: i == 0,
			Label:   text(ctx, "hands.each", referee.Params{"N": h.Tiles}),
			About:   text(ctx, "hands.about", referee.Params{"N": h.Boneyard, "Sources": from}),
			Checked: b.Other == "" && (picked == strconv.Itoa(h.Tiles) || picked == "" && i == 0)})
	}
	return b
}

// tooBig says that players need a bigger set than set, and which: in the
// hand-size box, or as the form's refusal.
func tooBig(ctx context.Context, players int, set referee.Set, refusal bool) string {
	smallest, ok := referee.SmallestSet(players)
	p := referee.Params{"N": players, "Set": set, "Smallest": smallest, "Min": referee.MinHand, "Left": referee.MinBoneyard}
	switch {
	case !ok:
		return text(ctx, "hands.no-set", p)
	case refusal:
		return text(ctx, "players.set-too-small", p)
	}
	return text(ctx, "suggest.many", p)
}

// sourceLabel words where a hand size comes from.
func sourceLabel(ctx context.Context, s referee.HandSource) string {
	switch s {
	case referee.SourcePerSetTable:
		return text(ctx, "source.per-set-table", nil)
	case referee.SourceDouble9Table:
		return text(ctx, "source.video-table", nil)
	case referee.SourceKeeperApp:
		return text(ctx, "source.keeper-app", nil)
	case referee.SourceDanish:
		return text(ctx, "source.danish", nil)
	case referee.SourceEqualSplit:
		return text(ctx, "source.equal-split", nil)
	case referee.SourceSeven:
		return text(ctx, "source.seven", nil)
	case referee.SourceMoreThanSeven:
		return text(ctx, "source.more-than-seven", nil)
	}
	return string(s)
}

// suggest rebuilds the hand-size box as the players and set change.
func (a *App) suggest(c echo.Context) error {
	ctx := c.Request().Context()
	f := setupForm{players: c.QueryParam("players"), handOther: strings.TrimSpace(c.QueryParam("hand_other")),
		dealAnyway: c.QueryParam("deal_anyway") != ""}
	var err error
	if f.setN, err = strconv.Atoi(c.QueryParam("set")); err != nil || !referee.Set(f.setN).Valid() {
		f.setN = 9
	}
	return render(c, http.StatusOK, views.SuggestionBox(handBox(ctx, f)))
}

// playerLines splits the players box into trimmed, non-empty names.
func playerLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if name := cleanName(line); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// createGame validates the setup form and stores the game night, or shows
// the form again with what to fix.
func (a *App) createGame(c echo.Context) error {
	ctx := c.Request().Context()
	f := readSetupForm(c)
	ng, errs := f.game(ctx)
	if len(errs) > 0 {
		return render(c, http.StatusBadRequest, views.Setup(setupPage(ctx, f, errs)))
	}
	ng.Device = device(c)
	g, err := a.maker.CreateGame(ctx, ng)
	if err != nil {
		return err
	}
	return seeOther(c, gameURL(g.Slug))
}
