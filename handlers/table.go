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

func tableURL(slug string, n int) string { return roundURL(slug, n) + "/table" }

// buildRound rebuilds a round's table from its stored action log with the
// referee. Hands are unknown: real tiles on a real table.
func buildRound(sh db.Sheet, r *db.Round, log []db.Action) (*referee.Round, error) {
	g := sh.Game
	actions := make([]referee.Action, len(log))
	for i, a := range log {
		actions[i] = a.Action
	}
	deal := referee.Deal{Players: len(g.Players), HandSize: g.HandSize, Names: g.Players}
	return referee.Replay(g.Rules, r.Double(), deal, actions)
}

// loadTable loads a round and rebuilds its table.
func (a *App) loadTable(c echo.Context) (db.Sheet, *db.Round, []db.Action, *referee.Round, error) {
	sh, r, err := a.loadRound(c)
	if err != nil {
		return sh, r, nil, nil, err
	}
	log, err := a.store.Actions(c.Request().Context(), sh.Game.Slug, r.Number)
	if err != nil {
		return sh, r, nil, nil, err
	}
	rr, err := buildRound(sh, r, log)
	return sh, r, log, rr, err
}

// table shows the live table of a round.
func (a *App) table(c echo.Context) error {
	sh, r, log, rr, err := a.loadTable(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Table(a.tablePage(c, sh, r, log, rr)))
}

// readAction reads an action form. A tile or place that cannot be read is
// refused the way the referee refuses it, with its rule code.
func readAction(c echo.Context, set referee.Set) (referee.Action, error) {
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return referee.Action{}, badInput("seat", "Say which player acts.")
	}
	a := referee.Action{Seat: seat, Kind: referee.ActionKind(c.FormValue("kind"))}
	switch a.Kind {
	case referee.ActDraw, referee.ActPass, referee.ActTakeBack:
		return a, nil
	case referee.ActPlay:
	default:
		return a, badInput("kind", "Choose to lay a tile, draw, pass or take back.")
	}
	tileText, onText := strings.TrimSpace(c.FormValue("tile")), strings.TrimSpace(c.FormValue("on"))
	if tileText == "" {
		return a, badInput("tile", "Pick the tile to lay.")
	}
	t, err := set.Parse(tileText)
	if err != nil {
		return a, err
	}
	a.Move = referee.Move{Tile: t, Start: onText == ""}
	if !a.Move.Start {
		if a.Move.On, err = referee.ParseTile(onText); err != nil {
			return a, &referee.RuleError{Code: referee.CodeUnknownEnd, Tile: t.String(), On: onText,
				Reason: fmt.Sprintf("%q is not a tile on the table; pick where %s goes.", onText, t)}
		}
	}
	return a, nil
}

// act lays a tile, draws, passes or takes back, once the referee accepts
// it; a refusal shows the rule and changes nothing.
func (a *App) act(c echo.Context) error {
	n, err := roundNumber(c)
	if err != nil {
		return err
	}
	slug := c.Param("slug")
	var sh db.Sheet
	var r *db.Round
	var after *referee.Round
	var log []db.Action
	err = a.store.AppendAction(c.Request().Context(), slug, n, func(s db.Sheet, rd *db.Round, l []db.Action) (referee.Action, db.ActionEffect, error) {
		sh, r = s, rd
		action, err := readAction(c, s.Game.Rules.Set)
		if err != nil {
			return action, db.ActionEffect{}, err
		}
		eff, rr, err := judgeAction(s, rd, l, action)
		after, log = rr, append(l, db.Action{Seq: len(l) + 1, Action: action})
		return action, eff, err
	})
	var re *referee.RuleError
	if err != nil && !errors.As(err, &re) {
		return err
	}
	if !isHTMX(c) && re == nil {
		return seeOther(c, tableURL(sh.Game.Slug, r.Number))
	}
	if re != nil {
		// Show the table as it stands: nothing was written.
		if sh, r, log, after, err = a.loadTable(c); err != nil {
			return err
		}
	}
	p := a.tablePage(c, sh, r, log, after)
	if re != nil {
		p.Problem = &views.Refusal{Code: string(re.Code), Reason: re.Reason, RuleURL: rulesURL(sh.Game.Slug) + "#" + re.Code.Section()}
		return render(c, http.StatusUnprocessableEntity, views.Table(p))
	}
	return render(c, http.StatusOK, views.Table(p))
}

// judgeAction replays the stored log, applies the action with the referee
// and says what else it changes: who set the double, who went out.
func judgeAction(sh db.Sheet, r *db.Round, log []db.Action, action referee.Action) (db.ActionEffect, *referee.Round, error) {
	eff := db.ActionEffect{Setter: -1, WentOut: -1, Reopened: -1}
	if r.Closed() {
		return eff, nil, db.ErrRoundClosed
	}
	rr, err := buildRound(sh, r, log)
	if err != nil {
		return eff, nil, err
	}
	wasOut := rr.WentOut()
	if err := rr.Act(action); err != nil {
		return eff, nil, err
	}
	if action.Kind == referee.ActPlay && action.Move.Start {
		eff.Setter = action.Seat
	}
	if rr.Ending() == referee.Domino {
		moves := rr.Layout().Moves()
		eff.WentOut = rr.WentOut()
		eff.OutOnDouble = moves[len(moves)-1].Tile.Double() && sh.Game.Rules.DoubleOut > 0
	}
	if wasOut >= 0 && rr.WentOut() < 0 {
		eff.Reopened = wasOut
	}
	return eff, rr, nil
}

// tablePage builds the table's view model.
func (a *App) tablePage(c echo.Context, sh db.Sheet, r *db.Round, log []db.Action, rr *referee.Round) views.TablePage {
	g := sh.Game
	slug := g.Slug
	on := c.QueryParam("on")
	zoom := c.QueryParam("zoom") == "1"
	base := tableURL(slug, r.Number)
	p := views.TablePage{
		Meta:    views.Meta{Title: fmt.Sprintf("Table, round %d · %s", r.Number, g.Name), CSRF: token(c), Where: g.Name, WakeLock: !r.Closed()},
		GameURL: gameURL(slug), URL: base, CheckURL: roundURL(slug, r.Number) + "/check",
		RulesURL: rulesURL(slug), ReplayURL: roundURL(slug, r.Number) + "/replay", ScoreURL: gameURL(slug) + "#round",
		Number: r.Number, Double: r.Double(), Zoomed: zoom, ZoomURL: zoomURL(base, on, !zoom),
		Layout: views.Layout(views.PlacedTiles(rr.Layout(), func(end referee.Tile) string { return zoomURL(base, end.String(), zoom) }), g.Rules.SpinnerArms),
		Banner: banner(rr, g), Started: rr.Layout().Len() > 0, Players: g.Players, Turn: rr.Turn(),
		Closed: r.Closed(), CanDraw: rr.Boneyard() > 0,
	}
	p.Ends, p.Tiles = endChoices(rr.Layout(), on), tileKeypad(rr.Layout(), on)
	if rr.Over() {
		p.Over = overText(rr, g)
	}
	if last := lastPlayer(log); last >= 0 && rr.CanTakeBack(last) {
		p.TakeBack = &views.Seat{Seat: last, Name: g.Players[last]}
	}
	for _, a := range log {
		p.Log = append(p.Log, describe(a.Action, g.Players))
	}
	return p
}

func zoomURL(base, on string, zoom bool) string {
	q := url.Values{}
	if on != "" {
		q.Set("on", on)
	}
	if zoom {
		q.Set("zoom", "1")
	}
	if len(q) == 0 {
		return base
	}
	return base + "?" + q.Encode()
}

// lastPlayer is the seat of the last action, if it laid a tile.
func lastPlayer(log []db.Action) int {
	if n := len(log); n > 0 && log[n-1].Action.Kind == referee.ActPlay {
		return log[n-1].Action.Seat
	}
	return -1
}

func endChoices(l *referee.Layout, on string) []views.EndChoice {
	var out []views.EndChoice
	for _, e := range l.OpenEnds() {
		label := fmt.Sprintf("%s · needs %d", e.On, e.Pips)
		if e.Free > 1 {
			label += fmt.Sprintf(" (%d places)", e.Free)
		}
		out = append(out, views.EndChoice{Value: e.On.String(), Label: label, Selected: e.On.String() == on})
	}
	return out
}

// tileKeypad lists the tiles still off the table, marking those that fit
// the picked end (or any end, when none is picked).
func tileKeypad(l *referee.Layout, on string) []views.TileBox {
	need := -1
	if t, err := referee.ParseTile(on); err == nil {
		if p, ok := l.Place(t); ok && p.Free() > 0 {
			need = p.Open
		}
	}
	var out []views.TileBox
	for _, t := range l.Rules().Set.Tiles() {
		if l.Placed(t) {
			continue
		}
		fits := l.Fits(t) && (need < 0 || t.Has(need))
		out = append(out, views.TileBox{Value: t.String(), Hi: t.Hi, Lo: t.Lo, Pips: t.Pips(), Fits: fits})
	}
	return out
}

// banner says what the table owes, whose turn it is and the counts.
func banner(rr *referee.Round, g db.Game) views.Banner {
	l := rr.Layout()
	b := views.Banner{Boneyard: rr.Boneyard()}
	o := l.Pending()
	switch {
	case l.Len() == 0:
		b.Owes = fmt.Sprintf("Set %s down to start.", l.Double())
	case o.Binding() && o.Kind == referee.Spinner:
		b.Owes = fmt.Sprintf("Spinner %s: %s to fill", o.Tile, count(o.Missing, "arm", "arms"))
	case o.Binding():
		b.Owes = fmt.Sprintf("Chickie %s: %s to go", o.Tile, count(o.Missing, "toe", "toes"))
	default:
		b.Owes = "Open play"
	}
	if o.Impossible {
		n := o.Tile.Hi
		b.Impossible = fmt.Sprintf("%s %s can't be finished: %s showing a %d %s left for %s. ",
			titleRole(o.Kind), o.Tile, count(l.Unplayed(n), "tile", "tiles"), n, isAre(l.Unplayed(n)), count(o.Missing, "place", "places"))
		if o.Released {
			b.Impossible += "House rule: it is let go, so play is open everywhere."
		} else {
			b.Impossible += "House rule: the table is blocked."
		}
	}
	if t := rr.Turn(); t >= 0 {
		b.Turn = g.Players[t] + "'s turn"
	}
	for s, name := range g.Players {
		b.Hands = append(b.Hands, views.HandCount{Name: name, Count: rr.HandCount(s), Turn: s == rr.Turn()})
	}
	return b
}

func titleRole(r referee.Role) string {
	if r == referee.Spinner {
		return "Spinner"
	}
	return "Chickie"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func overText(rr *referee.Round, g db.Game) string {
	if rr.Ending() == referee.Domino {
		return fmt.Sprintf("Round over: %s went out.", g.Players[rr.WentOut()])
	}
	if g.Rules.Blocked == referee.BlockedLowestZero {
		return "Round over: the table is blocked. The lowest hand scores 0; the others score what is left in hand."
	}
	return "Round over: the table is blocked. Everyone scores what is left in hand."
}

// describe writes one action for the log, with the players' names.
func describe(a referee.Action, names []string) string {
	who := "Someone"
	if a.Seat >= 0 && a.Seat < len(names) {
		who = names[a.Seat]
	}
	switch a.Kind {
	case referee.ActPlay:
		if a.Move.Start {
			return fmt.Sprintf("%s set %s down", who, a.Move.Tile)
		}
		return fmt.Sprintf("%s laid %s on %s", who, a.Move.Tile, a.Move.On)
	case referee.ActDraw:
		return who + " drew"
	case referee.ActPass:
		return who + " passed"
	case referee.ActTakeBack:
		return who + " took back the last tile"
	case referee.ActPenalty:
		return who + " drew a penalty tile"
	}
	return who + " " + string(a.Kind)
}
