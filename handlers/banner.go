package handlers

import (
	"context"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// banner says what the table owes, whose turn it is and the counts.
func banner(ctx context.Context, rr *referee.Round, g app.Game) views.Banner {
	l := rr.Layout()
	b := views.Banner{Boneyard: rr.Boneyard(), Owes: owes(ctx, l)}
	if o := l.Pending(); o.Impossible && !rr.Over() {
		b.Impossible = stuckText(ctx, l, o)
	}
	if t := rr.Turn(); t >= 0 {
		b.Turn = words(ctx, "turn", "Name", g.Players[t])
	}
	for s, name := range g.Players {
		b.Hands = append(b.Hands, views.HandCount{Name: name, Count: rr.HandCount(s), Turn: s == rr.Turn(), Skips: rr.Skips(s)})
	}
	return b
}

// stuckText says that the spinner or chickie the table owes can't be
// finished, and what the house rule makes of it for the players now.
func stuckText(ctx context.Context, l *referee.Layout, o referee.Obligation) string {
	left := l.Unplayed(o.Tile.Hi)
	p := referee.Params{"Tile": o.Tile.String(), "Left": left, "Pips": o.Tile.Hi, "N": o.Missing}
	why := text(ctx, "stuck."+string(o.Kind), p)
	switch {
	case o.Released:
		return why + text(ctx, "stuck.released", nil)
	case left == 0:
		return why + text(ctx, "stuck.owed-none", p)
	}
	return why + text(ctx, "stuck.owed", p)
}

// owes says what the table owes now.
func owes(ctx context.Context, l *referee.Layout) string {
	o := l.Pending()
	switch {
	case l.Len() == 0:
		return words(ctx, "owes.start", "Tile", l.Double().String())
	case o.Binding():
		return words(ctx, "owes."+string(o.Kind), "Tile", o.Tile.String(), "N", o.Missing)
	}
	return text(ctx, "owes.open", nil)
}

// overText says how the round ended and how it is scored.
func overText(ctx context.Context, rr *referee.Round, g app.Game) string {
	switch {
	case rr.Ending() == referee.Domino:
		return text(ctx, "over.out", referee.Params{"Name": g.Players[rr.WentOut()]})
	case g.Rules.Blocked == referee.BlockedLowestZero:
		return text(ctx, "over.blocked-lowest", nil)
	}
	return text(ctx, "over.blocked", nil)
}

// describe writes one action for the log, with the players' names.
func describe(ctx context.Context, a referee.Action, names []string) string {
	var name string
	if a.Seat >= 0 && a.Seat < len(names) {
		name = names[a.Seat]
	} else {
		name = text(ctx, "someone", nil)
	}
	switch {
	case a.Kind == referee.ActPlay && a.Move.Start:
		return words(ctx, "log.start", "Name", name, "Tile", a.Move.Tile.String())
	case a.Kind == referee.ActPlay:
		return words(ctx, "log.lay", "Name", name, "Tile", a.Move.Tile.String(), "On", a.Move.On.String())
	case a.Kind == referee.ActDraw:
		return words(ctx, "log.draw", "Name", name)
	case a.Kind == referee.ActPass:
		return words(ctx, "log.pass", "Name", name)
	case a.Kind == referee.ActTakeBack:
		return words(ctx, "log.take-back", "Name", name)
	case a.Kind == referee.ActPenalty:
		return words(ctx, "log.penalty", "Name", name)
	}
	return words(ctx, "log.other", "Name", name, "Kind", string(a.Kind))
}
