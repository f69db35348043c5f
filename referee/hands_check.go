package referee

import (
	"errors"
	"sort"
)

// A HandProblem is a tile listed in a hand at the end of a round that
// can't be there: Err says why, with code bad-tile (unreadable or not in
// the set), already-played (it is on the table) or duplicate-tile (in two
// hands, or twice in one).
type HandProblem struct {
	Hand string
	Tile string // as listed, or canonical when it could be read
	Err  *RuleError
}

// ScoreHands scores the hands left at the end of a round on the layout l,
// by player name, and lists every tile that can't be where it is listed.
// A tile that can't be read scores nothing; the others score as listed.
func (l *Layout) ScoreHands(hands map[string][]string) (map[string]int, []HandProblem) {
	names := make([]string, 0, len(hands))
	for name := range hands {
		names = append(names, name)
	}
	sort.Strings(names)
	scores, problems := map[string]int{}, []HandProblem{}
	seen := map[Tile]string{}
	for _, name := range names {
		var tiles []Tile
		for _, text := range hands[name] {
			t, err := l.rules.Set.Parse(text)
			if err != nil {
				p := Params{"Name": name, "Reason": err.Error()}
				if re := (*RuleError)(nil); errors.As(err, &re) {
					p["Reason"] = re // quoted in the language of the message
				}
				problems = append(problems, HandProblem{name, text, refusal(CodeBadTile, "hand.bad-tile", p)})
				continue
			}
			tiles = append(tiles, t)
			problems = append(problems, l.handClash(name, t, seen)...)
			seen[t] = name
		}
		scores[name] = l.rules.HandScore(tiles)
	}
	return scores, problems
}

// handClash lists why t can't be in name's hand: it is on the table, or
// already listed in a hand (seen).
func (l *Layout) handClash(name string, t Tile, seen map[Tile]string) []HandProblem {
	var out []HandProblem
	p := Params{"Tile": t.String(), "Name": name}
	if l.Placed(t) {
		out = append(out, HandProblem{name, t.String(), refusal(CodeAlreadyPlayed, "hand.on-table", p)})
	}
	if other, dup := seen[t]; dup && other == name {
		out = append(out, HandProblem{name, t.String(), refusal(CodeDuplicateTile, "hand.twice", p)})
	} else if dup {
		p["Other"] = other
		out = append(out, HandProblem{name, t.String(), refusal(CodeDuplicateTile, "hand.two-hands", p)})
	}
	return out
}
