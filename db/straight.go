package db

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// StraightSheet loads a Straight night's sheet by one of its links.
func (s *Store) StraightSheet(ctx context.Context, link string) (sh app.StraightSheet, err error) {
	err = s.readTx(ctx, func(q conn) error {
		sh, err = s.loadStraight(ctx, q, link)
		return err
	})
	return sh, err
}

func (s *Store) loadStraight(ctx context.Context, q conn, link string) (app.StraightSheet, error) {
	g, err := s.loadGame(ctx, q, link)
	if err != nil {
		return app.StraightSheet{}, err
	}
	return s.straightOf(ctx, q, g)
}

// straightOf reads the lines of g, a Straight night.
func (s *Store) straightOf(ctx context.Context, q conn, g app.Game) (app.StraightSheet, error) {
	if g.Rules.Game != referee.Straight {
		return app.StraightSheet{}, app.NotFound("straight")
	}
	rows, err := q.QueryContext(ctx, `SELECT seq, hand, kind, side, points, pips FROM straight_marks WHERE game_id = ? ORDER BY seq`, g.ID)
	if err != nil {
		return app.StraightSheet{}, err
	}
	defer rows.Close()
	var marks []app.StraightMark
	for rows.Next() {
		var m app.StraightMark
		var kind, pips string
		if err := rows.Scan(&m.Seq, &m.Hand, &kind, &m.Side, &m.Points, &pips); err != nil {
			return app.StraightSheet{}, err
		}
		m.End = kind == "end"
		if m.End {
			if err := json.Unmarshal([]byte(pips), &m.Pips); err != nil || len(m.Pips) != len(g.Players) {
				return app.StraightSheet{}, fmt.Errorf("straight line %d of game %d: pips %q", m.Seq, g.ID, pips)
			}
		}
		marks = append(marks, m)
	}
	if err := rows.Err(); err != nil {
		return app.StraightSheet{}, err
	}
	var version int
	if err := q.QueryRowContext(ctx, `SELECT straight_version FROM games WHERE id = ?`, g.ID).Scan(&version); err != nil {
		return app.StraightSheet{}, err
	}
	return app.NewStraightSheet(g, marks, version), nil
}

// maxPlayPoints is the most the ends of a double-6 line can count: four
// arms ending in 6-6 crosswise.
const maxPlayPoints = 60

// maxHandPips is the most spots one hand of seven double-6 tiles holds.
const maxHandPips = 6*2 + 11*2 + 10*2 + 9*2 + 8*2 + 7*2 + 6*2

// StraightScore adds a line to a Straight sheet: points made in play, or
// the end of the hand. A page that showed another version is refused
// as a conflict; nothing is added once the night is won.
func (s *Store) StraightScore(ctx context.Context, link string, p app.StraightPlay) (app.StraightSheet, error) {
	var out app.StraightSheet
	err := s.inTx(ctx, func(tx conn) error {
		sh, err := s.straightForWrite(ctx, tx, link, p.Seen)
		if err != nil {
			return err
		}
		if sh.Winner >= 0 {
			return app.Conflict("allfives.over", nil)
		}
		m, err := readLine(sh, p, len(sh.Marks)+1, sh.Current().Number)
		if err != nil {
			return err
		}
		if err := insertMark(ctx, tx, sh.Game.ID, m); err != nil {
			return err
		}
		out = app.NewStraightSheet(sh.Game, append(sh.Marks, m), sh.Version+1)
		return s.finishStraight(ctx, tx, out)
	})
	if err != nil {
		return app.StraightSheet{}, err
	}
	s.publish(straightNews(out))
	return out, nil
}

// StraightUndo takes back the last line of a Straight sheet, seen
// being the version the page showed (-1: the form did not say).
func (s *Store) StraightUndo(ctx context.Context, link string, seen int) (app.StraightSheet, error) {
	var out app.StraightSheet
	err := s.inTx(ctx, func(tx conn) error {
		sh, err := s.straightForWrite(ctx, tx, link, seen)
		if err != nil {
			return err
		}
		if len(sh.Marks) == 0 {
			return app.Conflict("allfives.nothing", nil)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM straight_marks WHERE game_id = ? AND seq = ?`, sh.Game.ID, len(sh.Marks)); err != nil {
			return err
		}
		out = app.NewStraightSheet(sh.Game, sh.Marks[:len(sh.Marks)-1], sh.Version+1)
		return s.finishStraight(ctx, tx, out)
	})
	if err != nil {
		return app.StraightSheet{}, err
	}
	s.publish(straightNews(out))
	return out, nil
}

// straightForWrite loads the sheet in tx for a change based on version
// seen: a view-only link or another version is refused.
func (s *Store) straightForWrite(ctx context.Context, tx conn, link string, seen int) (app.StraightSheet, error) {
	g, err := s.loadGame(ctx, tx, link)
	switch {
	case err != nil:
		return app.StraightSheet{}, err
	case g.ViewOnly:
		return app.StraightSheet{}, app.ViewOnly()
	case seen < 0:
		return app.StraightSheet{}, app.Invalid("version", "version-missing", nil)
	}
	sh, err := s.straightOf(ctx, tx, g)
	if err != nil {
		return sh, err
	}
	if seen != sh.Version {
		return sh, app.Conflict("allfives.changed", referee.Params{"N": sh.Version - seen})
	}
	return sh, nil
}

// finishStraight keeps the sheet's version, and marks the night finished
// when a side has won and open again when a change took the win back.
func (s *Store) finishStraight(ctx context.Context, tx conn, sh app.StraightSheet) error {
	// The night's line in its group's history names the winners.
	winners, best := "", 0
	if sh.Winner >= 0 {
		var names []string
		for _, seat := range sh.Sides[sh.Winner] {
			names = append(names, sh.Game.Players[seat])
		}
		slices.Sort(names)
		winners, best = strings.Join(names, "\x1f"), sh.Totals[sh.Winner]
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET line_winners = ?, line_best = ?, straight_version = ? WHERE id = ?`, winners, best, sh.Version, sh.Game.ID); err != nil {
		return err
	}
	var err error
	switch {
	case sh.Winner >= 0 && !sh.Game.Finished():
		_, err = tx.ExecContext(ctx, `UPDATE games SET finished_at = ? WHERE id = ?`, stamp(s.Now()), sh.Game.ID)
	case sh.Winner < 0 && sh.Game.Finished():
		_, err = tx.ExecContext(ctx, `UPDATE games SET finished_at = NULL WHERE id = ?`, sh.Game.ID)
	}
	return err
}

// readLine reads p as the sheet's line at place seq in the given hand, or
// refuses it.
func readLine(sh app.StraightSheet, p app.StraightPlay, seq, hand int) (app.StraightMark, error) {
	m := app.StraightMark{Seq: seq, Hand: hand, End: p.End, Side: -1}
	if p.End && p.Player < -1 {
		return m, app.Invalid("player", "allfives.end.who", nil)
	}
	seat := -1
	if p.Player >= 0 || !p.End {
		if seat = slices.Index(sh.Game.IDs, p.Player); seat < 0 {
			return m, app.NotFound("player")
		}
	}
	if !p.End {
		if p.Points < 5 || p.Points > maxPlayPoints || p.Points%5 != 0 {
			return m, app.Invalid("points", "allfives.points", referee.Params{"Max": maxPlayPoints})
		}
		m.Side, m.Points = referee.SideOf(seat, len(sh.Game.Players), sh.Rules().Partnered(len(sh.Game.Players))), p.Points
		return m, nil
	}
	m.Side = seat
	m.Pips = make([]int, len(sh.Game.Players))
	tapped := map[referee.Tile]bool{}
	for i, id := range sh.Game.IDs {
		n, ok := p.Pips[id]
		if len(p.Tiles[id]) > 0 && i != seat {
			sum, err := spotsTapped(sh.Game.Players[i], id, n, ok, p.Tiles[id], tapped)
			if err != nil {
				return m, err
			}
			n, ok = sum, true
		}
		switch {
		case i == seat:
			n, ok = 0, true // who went out holds nothing
		case !ok || n < 0 || n > maxHandPips:
			return m, app.Invalid(fmt.Sprintf("pips-%d", id), "allfives.pips", referee.Params{"Name": sh.Game.Players[i], "Max": maxHandPips})
		}
		m.Pips[i] = n
	}
	return m, nil
}

// insertMark writes line m of game.
func insertMark(ctx context.Context, tx conn, game int64, m app.StraightMark) error {
	pips := ""
	if m.End {
		b, _ := json.Marshal(m.Pips)
		pips = string(b)
	}
	kind := map[bool]string{false: "play", true: "end"}[m.End]
	_, err := tx.ExecContext(ctx, `INSERT INTO straight_marks (game_id, seq, hand, kind, side, points, pips) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		game, m.Seq, m.Hand, kind, m.Side, m.Points, pips)
	return err
}

// straightNews is the news of a change to a Straight sheet: the sheet,
// and the page's main part when the night was won or opened again.
func straightNews(sh app.StraightSheet) app.News {
	return app.News{Kind: app.NewsEntry, Game: sh.Game.ID, Round: len(sh.Hands), Seat: -1, Player: -1, Whole: true}
}
