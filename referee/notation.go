package referee

import (
	"strconv"
	"strings"
)

// ParseTile reads a tile written as two numbers joined by a hyphen, in
// either order: "9-3" and "3-9" are the same tile. Spaces around the text
// and around the hyphen are ignored. It accepts numbers up to MaxPips; use
// Set.Parse to also check the tile belongs to a game's set.
func ParseTile(text string) (Tile, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(text), "-")
	if !ok {
		return Tile{}, refusal(CodeBadTile, "bad-tile.syntax", Params{"Tile": text})
	}
	hi, errA := pipCount(a)
	lo, errB := pipCount(b)
	if errA != nil || errB != nil {
		return Tile{}, refusal(CodeBadTile, "bad-tile.number", Params{"Tile": text, "Max": MaxPips})
	}
	return NewTile(hi, lo), nil
}

func pipCount(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 2 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, ErrNotation
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > MaxPips {
		return 0, ErrNotation
	}
	return n, nil
}

// ParseMoves reads the one-line layout notation: moves in the order they
// were laid, separated by spaces or commas. The first is the starting
// double alone ("9-9"); every later one is a tile, "@", and the placed
// tile it was laid on ("9-3@9-9", or "9-3 @ 9-9": spaces around the "@"
// are allowed). For example:
//
//	9-9 9-3@9-9 9-5@9-9 9-7@9-9 9-8@9-9 3-3@9-3
//
// It checks the notation only; apply the moves to a Layout to check the
// rules.
func ParseMoves(text string) ([]Move, error) {
	fields := joinAt(strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' }))
	moves := make([]Move, 0, len(fields))
	for _, f := range fields {
		tile, on, hasOn := strings.Cut(f, "@")
		t, err := ParseTile(tile)
		if err != nil {
			return nil, err
		}
		if !hasOn {
			moves = append(moves, Move{Tile: t, Start: true})
			continue
		}
		o, err := ParseTile(on)
		if err != nil {
			return nil, err
		}
		moves = append(moves, Move{Tile: t, On: o})
	}
	return moves, nil
}

// joinAt glues the fields around an "@" that stood apart: "9-3", "@",
// "9-9" and "9-3@", "9-9" become "9-3@9-9".
func joinAt(fields []string) []string {
	out := make([]string, 0, len(fields))
	for _, f := range fields {
		if n := len(out); n > 0 && (strings.HasPrefix(f, "@") || strings.HasSuffix(out[n-1], "@")) {
			out[n-1] += f
			continue
		}
		out = append(out, f)
	}
	return out
}

// FormatMoves writes moves in the notation ParseMoves reads.
func FormatMoves(moves []Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}
