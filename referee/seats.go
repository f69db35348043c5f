package referee

import (
	"slices"
	"strings"
)

// A Stay is the rounds a seat's player plays: from round From to round
// Until. A player who joined late has From > 1; one who left has Until
// set. Rounds outside it are missed, and count as Missed says.
type Stay struct {
	From   int    // the first round played; 1 (or 0) from the start
	Until  int    // the last round played; 0 while still playing
	Missed Missed // how a missed round counts
}

// Missed is the house rule for a round a player was not at the table
// for: no house rule in the sources covers it, so the table chooses when
// someone joins late or leaves.
type Missed string

const (
	// MissedHighest: the round's highest score, so arriving late or
	// leaving early never helps (the default).
	MissedHighest Missed = "highest"
	// MissedAverage: the round's average score, rounded.
	MissedAverage Missed = "average"
	// MissedZero: nothing, as if the player had gone out.
	MissedZero Missed = "zero"
)

// MissedRules lists the choices, the default first.
var MissedRules = []Missed{MissedHighest, MissedAverage, MissedZero}

// ParseMissed reads a missed-round rule; empty is the default.
func ParseMissed(s string) (Missed, error) {
	if s == "" {
		return MissedHighest, nil
	}
	if m := Missed(s); slices.Contains(MissedRules, m) {
		return m, nil
	}
	p := Params{"Value": s}
	return "", badValue("missed", "missed", p)
}

// plays reports whether the stay takes in round n.
func (st Stay) plays(n int) bool {
	return n >= max(st.From, 1) && (st.Until <= 0 || n <= st.Until)
}

// fill is what a missed round counts, from the scores of those who
// played it.
func (m Missed) fill(played []int) int {
	if len(played) == 0 {
		return 0
	}
	switch m {
	case MissedZero:
		return 0
	case MissedAverage:
		sum := 0
		for _, v := range played {
			sum += v
		}
		return (2*sum + len(played)) / (2 * len(played)) // half up
	}
	return slices.Max(played)
}

// stay is seat's stay; every round when the sheet names none.
func (s Sheet) stay(seat int) Stay {
	if seat >= 0 && seat < len(s.Seats) {
		return s.Seats[seat]
	}
	return Stay{From: 1}
}

// Plays reports whether seat's player plays round n.
func (s Sheet) Plays(seat, n int) bool {
	return seat >= 0 && seat < len(s.Players) && s.stay(seat).plays(n)
}

// Seated lists the seats that play round n, in seat order: at the live
// table the first of them sits in its seat 0, the next in 1, and so on.
func (s Sheet) Seated(n int) []int {
	out := make([]int, 0, len(s.Players))
	for seat := range s.Players {
		if s.Plays(seat, n) {
			out = append(out, seat)
		}
	}
	return out
}

// Left reports whether seat's player has left the game for good.
func (s Sheet) Left(seat int) bool { return s.stay(seat).Until > 0 }

// JoinRound is the first round a player added now plays: the round being
// played if nothing is recorded in it yet, else the next one.
func (s Sheet) JoinRound() int {
	cur := s.Current()
	switch {
	case cur == nil:
		return len(s.Rounds) + 1
	case cur.Untouched():
		return cur.Number
	}
	return cur.Number + 1
}

// CheckJoin judges adding a player now: the game is still on, the name is
// new, and the set can still deal every player a hand. It says how many
// tiles each is dealt from then on: as before where the set has enough
// for a boneyard too, else the usual hand for the bigger table.
func (s Sheet) CheckJoin(name string) (hand int, err error) {
	if s.Finished {
		return 0, refusal(CodeGameOver, "sheet.game-over", nil)
	}
	if i := slices.IndexFunc(s.Players, func(p string) bool { return strings.EqualFold(p, name) }); i >= 0 {
		p := Params{"Name": s.Players[i]}
		return 0, badValue("name", "join-taken", p)
	}
	players := len(s.Seated(s.JoinRound())) + 1
	full := refusal(CodeTableFull, "join-full", Params{"Name": name, "N": players, "Set": s.Rules.Set})
	if len(s.Players) >= MaxSeats {
		return 0, full
	}
	hand = s.HandSize
	if players*hand+MinBoneyard > s.Rules.Dealable() {
		h, err := SuggestHand(s.Rules.Set, players)
		if err != nil {
			return 0, full
		}
		hand = h.Tiles
	}
	return hand, nil
}

// A Leaving is how a player leaves: after round Last, or, having played
// no round yet, by giving up the seat (Remove), the seats after it moving
// up one.
type Leaving struct {
	Last   int
	Remove bool
}

// CheckLeave judges seat's player leaving now: after the round being
// played if anything is recorded in it, else before it. Two players at
// least stay, and someone who left can't leave again.
func (s Sheet) CheckLeave(seat int) (Leaving, error) {
	if seat < 0 || seat >= len(s.Players) {
		return Leaving{}, unknown("player")
	}
	if s.Finished {
		return Leaving{}, refusal(CodeGameOver, "sheet.game-over", nil)
	}
	name := s.Players[seat]
	if s.Left(seat) {
		return Leaving{}, refusal(CodeLeftAlready, "sheet.left-already", Params{"Name": name})
	}
	next := s.JoinRound()
	if len(s.Seated(next)) <= 2 {
		return Leaving{}, refusal(CodeTooFewLeft, "leave-too-few", Params{"Name": name})
	}
	return Leaving{Last: next - 1, Remove: max(s.stay(seat).From, 1) >= next}, nil
}

// MaxSeats is the most players one table seats: 16, as double-18 deals.
const MaxSeats = 16
