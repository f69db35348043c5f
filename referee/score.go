package referee

import "slices"

// TileScore is what one tile left in hand scores: its pips, except that
// the double blank scores DoubleBlank and, when BlankHalf is set, each
// blank half of another tile adds BlankHalf.
func (r Rules) TileScore(t Tile) int {
	switch {
	case t == Tile{}:
		return r.DoubleBlank
	case t.Lo == 0:
		return t.Pips() + r.BlankHalf
	}
	return t.Pips()
}

// HandScore is the score of the tiles left in one hand.
func (r Rules) HandScore(hand []Tile) int {
	total := 0
	for _, t := range hand {
		total += r.TileScore(t)
	}
	return total
}

// TypedScore is the score of a hand entered as a pip total and whether it
// held the double blank, which counts 0 pips but scores DoubleBlank.
func (r Rules) TypedScore(pips int, doubleBlank bool) int {
	if doubleBlank {
		return pips + r.DoubleBlank
	}
	return pips
}

// RoundScores scores the hands left at the end of a round (by seat), given
// the seat that went out (-1 for a blocked round) and whether its last tile
// was a double. It applies the blocked-round and double-out house rules.
func (r Rules) RoundScores(hands [][]Tile, wentOut int, outOnDouble bool) []int {
	scores := make([]int, len(hands))
	for s, h := range hands {
		scores[s] = r.HandScore(h)
	}
	return r.Adjust(scores, wentOut, outOnDouble)
}

// Adjust applies the round-level house rules to hand scores: under
// BlockedLowestZero the lowest hand of a blocked round scores 0, and a
// player who went out on a double adds DoubleOut. It returns a new slice.
func (r Rules) Adjust(scores []int, wentOut int, outOnDouble bool) []int {
	out := slices.Clone(scores)
	if wentOut < 0 && r.Blocked == BlockedLowestZero && len(out) > 0 {
		low := slices.Min(out)
		for s, v := range out {
			if v == low {
				out[s] = 0
			}
		}
	}
	if wentOut >= 0 && wentOut < len(out) && outOnDouble {
		out[wentOut] += r.DoubleOut
	}
	return out
}

// A Result is one finished round: every seat's score and who went out
// (-1 when the round was blocked).
type Result struct {
	Scores  []int
	WentOut int
	Away    []int // the seats that missed the round; their scores are filled in
}

// Winners are the seats that won the round: the one who went out, or in a
// blocked round the lowest score (several on a tie).
func (res Result) Winners() []int {
	if res.WentOut >= 0 {
		return []int{res.WentOut}
	}
	if len(res.Scores) == 0 {
		return nil
	}
	low, out := -1, []int(nil)
	for s, v := range res.Scores {
		switch {
		case slices.Contains(res.Away, s):
		case low < 0 || v < low:
			low, out = v, []int{s}
		case v == low:
			out = append(out, s)
		}
	}
	return out
}

// A Standing is one player's line in the game's standings.
type Standing struct {
	Seat       int
	Name       string
	Total      int
	ZeroRounds int // rounds played and scored at 0
	Lowest     int // lowest non-zero score of a round played; 0 when there is none
	WentOut    int // rounds in which the player went out
	Played     int // rounds played: not missed by joining late or leaving
	Points     int // scored in the rounds played (Total adds the missed ones)
	Place      int // 1 for the winner(s); equal places stay tied
}

// An Outcome is the standings in place order, the winning seats, and one
// sentence saying why they won, tie-break included.
type Outcome struct {
	Standings []Standing
	Winners   []int
	Why       Phrase // the sentence, worded by Reason or Phrase.Say
}

// Standings totals the rounds played so far and ranks the players: lowest
// total first, ties settled by the game's tie-break. Mid-game, the winners
// are the current leaders.
func (r Rules) Standings(names []string, results []Result) Outcome {
	rows := make([]Standing, len(names))
	for s, name := range names {
		rows[s] = Standing{Seat: s, Name: name}
	}
	for _, res := range results {
		for s := range rows {
			if s >= len(res.Scores) {
				continue
			}
			v := res.Scores[s]
			rows[s].Total += v
			if slices.Contains(res.Away, s) {
				continue
			}
			rows[s].Played++
			rows[s].Points += v
			if v == 0 {
				rows[s].ZeroRounds++
			} else if rows[s].Lowest == 0 || v < rows[s].Lowest {
				rows[s].Lowest = v
			}
		}
		if res.WentOut >= 0 && res.WentOut < len(rows) {
			rows[res.WentOut].WentOut++
		}
	}
	slices.SortStableFunc(rows, func(a, b Standing) int { return r.compare(a, b) })
	for i := range rows {
		rows[i].Place = i + 1
		if i > 0 && r.compare(rows[i-1], rows[i]) == 0 {
			rows[i].Place = rows[i-1].Place
		}
	}
	out := Outcome{Standings: rows}
	for _, row := range rows {
		if row.Place == 1 {
			out.Winners = append(out.Winners, row.Seat)
		}
	}
	out.Why = r.reason(rows)
	return out
}

// compare orders two standings: negative when a ranks above b.
func (r Rules) compare(a, b Standing) int {
	if a.Total != b.Total {
		return a.Total - b.Total
	}
	switch r.TieBreak {
	case TieZeroRounds:
		if a.ZeroRounds != b.ZeroRounds {
			return b.ZeroRounds - a.ZeroRounds
		}
		return lowestOrder(a.Lowest, b.Lowest)
	case TieMostOut:
		return b.WentOut - a.WentOut
	}
	return 0
}

// lowestOrder ranks the lower non-zero round first; a player with no
// non-zero round (every round at 0) ranks first of all.
func lowestOrder(a, b int) int {
	switch {
	case a == b:
		return 0
	case a == 0:
		return -1
	case b == 0:
		return 1
	}
	return a - b
}

// reason explains the result at the top of the standings in one sentence.
func (r Rules) reason(rows []Standing) Phrase {
	if len(rows) == 0 {
		return Phrase{}
	}
	top := rows[0]
	tied := 1
	for tied < len(rows) && rows[tied].Total == top.Total {
		tied++
	}
	if tied == 1 {
		if len(rows) == 1 {
			return Phrase{"standings.lead", Params{"Name": top.Name, "Total": top.Total}}
		}
		return Phrase{"standings.lowest", Params{"Name": top.Name, "Total": top.Total,
			"Ahead": rows[1].Total - top.Total, "Next": rows[1].Name}}
	}
	group := rows[:tied]
	names := make([]string, tied)
	winners := 0
	for i, row := range group {
		names[i] = row.Name
		if row.Place == 1 {
			winners++
		}
	}
	p := Params{"Names": names, "Total": top.Total}
	switch {
	case winners < tied:
		p["Detail"] = r.tieDetail(group)
		return Phrase{"standings.tie-broken", p}
	case r.TieBreak == TieShared:
		return Phrase{"standings.tie-shared", p}
	}
	p["Rule"] = r.tieRule()
	return Phrase{"standings.tie-level", p}
}

// tieRule names the tie-break in a few words.
func (r Rules) tieRule() Phrase {
	if r.TieBreak == TieMostOut {
		return Phrase{Key: "standings.tie-break.most-out"}
	}
	return Phrase{Key: "standings.tie-break.zero-rounds"}
}

// tieDetail states the figure that settled the tie for each tied player:
// "Ann had 3 zero rounds, Bob 2". The first player's figure is said in
// full, the others' in a catalog fragment each.
func (r Rules) tieDetail(group []Standing) Phrase {
	first, others := group[0], make(Phrases, len(group)-1)
	switch {
	case r.TieBreak == TieMostOut:
		for i, row := range group[1:] {
			others[i] = Phrase{"standings.went-out.other", Params{"Name": row.Name, "N": row.WentOut}}
		}
		return Phrase{"standings.went-out", Params{"Name": first.Name, "N": first.WentOut, "Others": others}}
	case slices.ContainsFunc(group, func(row Standing) bool { return row.ZeroRounds != first.ZeroRounds }):
		for i, row := range group[1:] {
			others[i] = Phrase{"standings.zero-rounds.other", Params{"Name": row.Name, "N": row.ZeroRounds}}
		}
		return Phrase{"standings.zero-rounds", Params{"Name": first.Name, "N": first.ZeroRounds, "Others": others}}
	}
	for i, row := range group[1:] {
		others[i] = Phrase{"standings.lowest-round.other", Params{"Name": row.Name, "Low": row.Lowest}}
	}
	return Phrase{"standings.lowest-round",
		Params{"Name": first.Name, "N": first.ZeroRounds, "Low": first.Lowest, "Others": others}}
}
