package handlers

import (
	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// banner says what the table owes, whose turn it is and the counts.
func banner(rr *referee.Round, g db.Game) views.Banner {
	l := rr.Layout()
	b := views.Banner{Boneyard: rr.Boneyard(), Owes: owes(l)}
	if o := l.Pending(); o.Impossible && !rr.Over() {
		b.Impossible = stuckText(l, o)
	}
	if t := rr.Turn(); t >= 0 {
		b.Turn = text("turn", referee.Params{"Name": g.Players[t]})
	}
	for s, name := range g.Players {
		b.Hands = append(b.Hands, views.HandCount{Name: name, Count: rr.HandCount(s), Turn: s == rr.Turn(), Skips: rr.Skips(s)})
	}
	return b
}

// stuckText says that the spinner or chickie the table owes can't be
// finished, and what the house rule makes of it for the players now.
func stuckText(l *referee.Layout, o referee.Obligation) string {
	left := l.Unplayed(o.Tile.Hi)
	p := referee.Params{"Tile": o.Tile.String(), "Left": left, "Pips": o.Tile.Hi, "N": o.Missing}
	why := text("stuck."+string(o.Kind), p)
	switch {
	case o.Released:
		return why + text("stuck.released", nil)
	case left == 0:
		return why + text("stuck.owed-none", p)
	}
	return why + text("stuck.owed", p)
}

// owes says what the table owes now.
func owes(l *referee.Layout) string {
	o := l.Pending()
	switch {
	case l.Len() == 0:
		return text("owes.start", referee.Params{"Tile": l.Double().String()})
	case o.Binding():
		return text("owes."+string(o.Kind), referee.Params{"Tile": o.Tile.String(), "N": o.Missing})
	}
	return text("owes.open", nil)
}

// overText says how the round ended and how it is scored.
func overText(rr *referee.Round, g db.Game) string {
	switch {
	case rr.Ending() == referee.Domino:
		return text("over.out", referee.Params{"Name": g.Players[rr.WentOut()]})
	case g.Rules.Blocked == referee.BlockedLowestZero:
		return text("over.blocked-lowest", nil)
	}
	return text("over.blocked", nil)
}

// describe writes one action for the log, with the players' names.
func describe(a referee.Action, names []string) string {
	p := referee.Params{"Name": text("someone", nil), "Kind": string(a.Kind), "Tile": a.Move.Tile.String(), "On": a.Move.On.String()}
	if a.Seat >= 0 && a.Seat < len(names) {
		p["Name"] = names[a.Seat]
	}
	switch {
	case a.Kind == referee.ActPlay && a.Move.Start:
		return text("log.start", p)
	case a.Kind == referee.ActPlay:
		return text("log.lay", p)
	case a.Kind == referee.ActDraw, a.Kind == referee.ActPass, a.Kind == referee.ActTakeBack, a.Kind == referee.ActPenalty:
		return text("log."+string(a.Kind), p)
	}
	return text("log.other", p)
}
