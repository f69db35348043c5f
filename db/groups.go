package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// CreateGroup keeps a new table of friends, listed on device's home page.
func (s *Store) CreateGroup(ctx context.Context, name, device string) (app.Group, error) {
	g := app.Group{Slug: newSlug(), Name: name, CreatedAt: s.Now().UTC()}
	err := s.inTx(ctx, func(tx conn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO groups (slug, name, created_at) VALUES (?, ?, ?)`, g.Slug, g.Name, stamp(g.CreatedAt))
		if err != nil {
			return err
		}
		if g.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		return rememberGroup(ctx, tx, device, g.Slug, g.CreatedAt)
	})
	return g, err
}

func rememberGroup(ctx context.Context, tx conn, device, link string, at time.Time) error {
	if device == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO device_groups (device, link, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (device, link) DO UPDATE SET seen_at = excluded.seen_at`, device, link, stamp(at))
	return err
}

// Group finds the table of friends whose link is link, comparing it in
// constant time, and notes that device opened it. A visit noted lately is
// only read; one to note is read again and noted in one write.
func (s *Store) Group(ctx context.Context, link, device string) (g app.Group, err error) {
	fresh := false
	err = s.readTx(ctx, func(q conn) error {
		g, fresh, err = s.groupVisit(ctx, q, link, device)
		return err
	})
	if err != nil || fresh {
		return g, err
	}
	err = s.inTx(ctx, func(tx conn) error {
		g, fresh, err = s.groupVisit(ctx, tx, link, device)
		if err != nil || fresh {
			return err
		}
		return rememberGroup(ctx, tx, device, link, s.Now())
	})
	return g, err
}

// groupVisit finds the group link names, and says whether device's visit
// to it needs no noting (none asked, or noted within seenAgain).
func (s *Store) groupVisit(ctx context.Context, q conn, link, device string) (app.Group, bool, error) {
	g, err := findGroup(ctx, q, link)
	if err != nil || device == "" {
		return g, true, err
	}
	var seen string
	err = q.QueryRowContext(ctx, `SELECT seen_at FROM device_groups WHERE device = ? AND link = ?`, device, link).Scan(&seen)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, err
	}
	return g, s.notedLately(seen), nil
}

func findGroup(ctx context.Context, q conn, link string) (app.Group, error) {
	var g app.Group
	if len(link) <= selectorLen || len(link) > 64 {
		return g, app.NotFound("group")
	}
	found := false
	err := eachRow(ctx, q, `SELECT id, slug, name, created_at FROM groups WHERE slug >= ? AND slug < ?`,
		[]any{link[:selectorLen], link[:selectorLen] + "~"}, func(r *sql.Rows) error {
			var c app.Group
			var created string
			if err := r.Scan(&c.ID, &c.Slug, &c.Name, &created); err != nil {
				return err
			}
			if sameLink(c.Slug, link) {
				g, found = c, true
				g.CreatedAt, _ = parseStamp(created)
			}
			return nil
		})
	if err == nil && !found {
		err = app.NotFound("group")
	}
	return g, err
}

// Groups lists the tables of friends device created or opened, by name.
func (s *Store) Groups(ctx context.Context, device string) ([]app.Group, error) {
	var out []app.Group
	if device == "" {
		return out, nil
	}
	err := eachRow(ctx, s.reader(), `SELECT g.id, g.slug, g.name FROM device_groups d JOIN groups g ON g.slug = d.link
		WHERE d.device = ? ORDER BY g.name, g.id`, []any{device}, func(r *sql.Rows) error {
		var g app.Group
		err := r.Scan(&g.ID, &g.Slug, &g.Name)
		out = append(out, g)
		return err
	})
	return out, err
}

// joinGroup makes a new night one of the group's: each player is the
// group's person of that name (a new one for a new name), and each has a
// row in the group's records from the start.
func joinGroup(ctx context.Context, tx conn, link string, g app.Game) (int64, error) {
	grp, err := findGroup(ctx, tx, link)
	if err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, qSetGroup, grp.ID, g.ID); err != nil {
		return 0, err
	}
	var fresh []nightResult
	for seat, name := range g.Players {
		var person int64
		err := tx.QueryRowContext(ctx, qPutPerson, grp.ID, name).Scan(&person)
		if err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, qSetPerson, person, g.ID, seat); err != nil {
			return 0, err
		}
		fresh = append(fresh, nightResult{person: person, playedOn: g.PlayedOn, place: 1})
	}
	if g.Rules.Game != referee.Chickenfoot {
		// The group's records, head to head and charts are Chickenfoot's
		// (lowest total wins): a Straight night is listed, never counted.
		return grp.ID, keepLine(ctx, tx, g.ID)
	}
	for _, r := range fresh {
		if _, err := tx.ExecContext(ctx, qStartPersonNight, r.person, g.ID, r.playedOn); err != nil {
			return 0, err
		}
	}
	if err := keepLine(ctx, tx, g.ID); err != nil {
		return 0, err
	}
	return grp.ID, addTotals(ctx, tx, fresh, 1)
}

// People lists a group's people with their records, by name.
func (s *Store) People(ctx context.Context, group int64) ([]app.Person, error) {
	return people(ctx, s.reader(), group)
}

func people(ctx context.Context, q conn, group int64) ([]app.Person, error) {
	var out []app.Person
	err := eachRow(ctx, q, `SELECT p.id, p.name, coalesce(t.nights, 0), coalesce(t.finished, 0), coalesce(t.won, 0), coalesce(t.rounds, 0),
			coalesce(t.points, 0), coalesce(t.outs, 0), coalesce(t.zeros, 0), coalesce(t.caught, 0)
		FROM people p LEFT JOIN person_totals t ON t.person_id = p.id WHERE p.group_id = ? ORDER BY p.name, p.id`, []any{group},
		func(r *sql.Rows) error {
			var p app.Person
			err := r.Scan(&p.ID, &p.Name, &p.Nights, &p.Finished, &p.Won, &p.Rounds, &p.Points, &p.Outs, &p.Zeros, &p.Caught)
			out = append(out, p)
			return err
		})
	return out, err
}

// Nights of a group, newest first, a page at a time: the database walks
// an index from where the last page stopped, however long the history.
// more says whether another page follows.
func (s *Store) GroupNights(ctx context.Context, group int64, f app.NightFilter) (lines []app.NightLine, more bool, err error) {
	to := f.To
	if to == "" {
		to = "9999-12-31"
	}
	afterOn, afterID := f.AfterOn, f.AfterID
	if afterOn == "" {
		afterOn, afterID = "9999-12-31", 1<<62
	}
	// The index is walked from the later of the two bounds down: from
	// where the last page stopped, not from the newest night.
	to = min(to, afterOn)
	query, args := qGroupNights, []any{group}
	if f.Person != 0 {
		query, args = qPersonNights, []any{f.Person}
	}
	args = append(args, f.From, to, afterOn, afterID, f.Limit+1)
	err = eachRow(ctx, s.reader(), query, args, func(r *sql.Rows) error {
		var l app.NightLine
		var players, winners string
		err := r.Scan(&l.ID, &l.Link, &l.Name, &l.PlayedOn, &l.Finished, &players, &winners, &l.Best)
		l.Players = strings.Split(players, "\x1f")
		if winners != "" {
			l.Winners = strings.Split(winners, "\x1f")
		}
		lines = append(lines, l)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	if len(lines) > f.Limit {
		lines, more = lines[:f.Limit], true
	}
	return lines, more, nil
}

// recentNights is how many finished nights a record charts.
const recentNights = 20

// PersonRecord reads one person of a group, from kept sums and indexes.
func (s *Store) PersonRecord(ctx context.Context, group, person int64) (p app.PersonPage, err error) {
	// One read: a rename or merge meanwhile can't mix two states on a page.
	err = s.readTx(ctx, func(q conn) error {
		p, err = personRecord(ctx, q, group, person)
		return err
	})
	return p, err
}

func personRecord(ctx context.Context, q conn, group, person int64) (app.PersonPage, error) {
	var p app.PersonPage
	var err error
	if p.People, err = people(ctx, q, group); err != nil {
		return p, err
	}
	byID := map[int64]app.Person{}
	for _, pp := range p.People {
		byID[pp.ID] = pp
	}
	me, ok := byID[person]
	if !ok {
		return p, app.NotFound("player")
	}
	p.Person = me
	if p.Best, err = endNight(ctx, q, person, "ASC"); err == nil { // ties: the earliest best, the latest worst
		p.Worst, err = endNight(ctx, q, person, "DESC")
	}
	if err == nil {
		p.Recent, err = recent(ctx, q, person)
	}
	if err == nil {
		p.Against, err = against(ctx, q, person, byID)
	}
	return p, err
}

// endNight is person's finished night with the lowest total (order ASC)
// or the highest (DESC), or nil before the first.
func endNight(ctx context.Context, q conn, person int64, order string) (*app.NightLine, error) {
	l := app.NightLine{Finished: true}
	err := q.QueryRowContext(ctx, `SELECT g.id, g.view_slug, g.name, g.played_on, n.total FROM person_nights n JOIN games g ON g.id = n.game_id
		WHERE n.person_id = ? AND n.finished = 1 ORDER BY n.total `+order+`, n.played_on `+order+` LIMIT 1`, person).
		Scan(&l.ID, &l.Link, &l.Name, &l.PlayedOn, &l.Best)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &l, err
}

// recent is person's latest finished nights, oldest first.
func recent(ctx context.Context, q conn, person int64) ([]app.NightPoint, error) {
	var out []app.NightPoint
	err := eachRow(ctx, q, `SELECT n.played_on, n.total, g.line_best FROM person_nights n JOIN games g ON g.id = n.game_id
		WHERE n.person_id = ? AND n.finished = 1 ORDER BY n.played_on DESC, n.game_id DESC LIMIT ?`, []any{person, recentNights},
		func(r *sql.Rows) error {
			var pt app.NightPoint
			err := r.Scan(&pt.PlayedOn, &pt.Total, &pt.Winning)
			out = append([]app.NightPoint{pt}, out...)
			return err
		})
	return out, err
}

// against is person's head to head with each other person of byID.
func against(ctx context.Context, q conn, person int64, byID map[int64]app.Person) ([]app.HeadToHead, error) {
	var out []app.HeadToHead
	err := eachRow(ctx, q, `SELECT other_id, nights, ahead, behind FROM person_pairs WHERE person_id = ? AND nights > 0`, []any{person},
		func(r *sql.Rows) error {
			var h app.HeadToHead
			var other int64
			err := r.Scan(&other, &h.Nights, &h.Ahead, &h.Behind)
			h.Other = byID[other]
			out = append(out, h)
			return err
		})
	return out, err
}

// RenamePerson gives a person of the group whose link is link another
// name, in every night of the group.
func (s *Store) RenamePerson(ctx context.Context, link string, person int64, name string) error {
	var games []int64
	err := s.inTx(ctx, func(tx conn) error {
		g, err := findGroup(ctx, tx, link)
		if err != nil {
			return err
		}
		group := g.ID
		s.forgetGroupGames() // and again once committed: see forgetGroupGames
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM people WHERE group_id = ? AND name = ? AND id <> ?`, group, name, person).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return app.Invalid("name", "person-taken", referee.Params{"Name": name})
		}
		res, err := tx.ExecContext(ctx, `UPDATE people SET name = ? WHERE id = ? AND group_id = ?`, name, person, group)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return app.NotFound("player")
		}
		if games, err = personGames(ctx, tx, person); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `UPDATE players SET name = ? WHERE person_id = ?`, name, person); err != nil {
			return err
		}
		return keepLines(ctx, tx, person)
	})
	s.forgetGroupGames()
	if err == nil {
		s.publishNames(games)
	}
	return err
}

// personGames lists the nights person played.
func personGames(ctx context.Context, tx conn, person int64) ([]int64, error) {
	var games []int64
	err := eachRow(ctx, tx, `SELECT DISTINCT game_id FROM players WHERE person_id = ? ORDER BY game_id`, []any{person}, func(r *sql.Rows) error {
		var id int64
		err := r.Scan(&id)
		games = append(games, id)
		return err
	})
	return games, err
}

// keepLines writes again the history's lines of every night of person,
// in one statement.
func keepLines(ctx context.Context, tx conn, person int64) error {
	_, err := tx.ExecContext(ctx, qKeepLines, person)
	return err
}

// MergePeople makes two records of one person of the group whose link is
// link one: every night of from becomes into's, and from is gone. Two
// people who played the same night are two people, and are refused.
func (s *Store) MergePeople(ctx context.Context, link string, from, into int64) error {
	var games []int64 // from's nights, where the names change
	err := s.inTx(ctx, func(tx conn) error {
		g, err := findGroup(ctx, tx, link)
		if err != nil {
			return err
		}
		group := g.ID
		s.forgetGroupGames() // and again once committed: see forgetGroupGames
		var both, mine int
		err = tx.QueryRowContext(ctx, `SELECT
				(SELECT count(*) FROM people WHERE group_id = ?1 AND id IN (?2, ?3)),
				(SELECT count(*) FROM person_nights a JOIN person_nights b ON a.game_id = b.game_id WHERE a.person_id = ?2 AND b.person_id = ?3)`,
			group, from, into).Scan(&both, &mine)
		switch {
		case err != nil:
			return err
		case both != 2 || from == into:
			return app.NotFound("player")
		case mine > 0:
			// Two people who sat at the same night are not one.
			return app.Invalid("into", "merge-together", nil)
		}
		if games, err = personGames(ctx, tx, from); err != nil {
			return err
		}
		// The two never sat at the same night, so from's sums and head to
		// head add to into's as they are, and from's nights become into's.
		for _, q := range []string{
			`INSERT INTO person_totals (person_id, nights, finished, won, rounds, points, outs, zeros, caught)
				SELECT ?2, nights, finished, won, rounds, points, outs, zeros, caught FROM person_totals WHERE person_id = ?1
				ON CONFLICT (person_id) DO UPDATE SET nights = nights + excluded.nights, finished = finished + excluded.finished,
					won = won + excluded.won, rounds = rounds + excluded.rounds, points = points + excluded.points,
					outs = outs + excluded.outs, zeros = zeros + excluded.zeros, caught = caught + excluded.caught`,
			`INSERT INTO person_pairs (person_id, other_id, nights, ahead, behind)
				SELECT ?2, other_id, nights, ahead, behind FROM person_pairs WHERE person_id = ?1 AND other_id <> ?2
				ON CONFLICT (person_id, other_id) DO UPDATE SET nights = nights + excluded.nights, ahead = ahead + excluded.ahead, behind = behind + excluded.behind`,
			`INSERT INTO person_pairs (person_id, other_id, nights, ahead, behind)
				SELECT person_id, ?2, nights, ahead, behind FROM person_pairs WHERE other_id = ?1 AND person_id <> ?2
				ON CONFLICT (person_id, other_id) DO UPDATE SET nights = nights + excluded.nights, ahead = ahead + excluded.ahead, behind = behind + excluded.behind`,
			`UPDATE players SET person_id = ?2, name = (SELECT name FROM people WHERE id = ?2) WHERE person_id = ?1`,
			`UPDATE person_nights SET person_id = ?2 WHERE person_id = ?1`,
			`DELETE FROM people WHERE id = ?1`,
		} {
			if _, err := tx.ExecContext(ctx, q, from, into); err != nil {
				return err
			}
		}
		return keepLines(ctx, tx, into)
	})
	s.forgetGroupGames()
	if err == nil {
		s.publishNames(games)
	}
	return err
}

// forgetGroupGames drops the kept names of nights, after a rename or a
// merge changed them (committed), and like speed.forget makes a read that
// began before drop what it read. Called inside the change's transaction
// as well, it stops the batch keeping the games its other writes read.
func (s *Store) forgetGroupGames() { s.speed.forgetAll() }

// LastNight is the group's latest night, to start the next like it; a
// group with none is a not-found error.
func (s *Store) LastNight(ctx context.Context, group int64) (g app.Game, err error) {
	err = s.readTx(ctx, func(q conn) error {
		g, err = s.lastNight(ctx, q, group)
		return err
	})
	return g, err
}

// lastNight is LastNight read through q.
func (s *Store) lastNight(ctx context.Context, q conn, group int64) (app.Game, error) {
	var link string
	err := q.QueryRowContext(ctx, `SELECT slug FROM games WHERE group_id = ? ORDER BY played_on DESC, id DESC LIMIT 1`, group).Scan(&link)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Game{}, app.NotFound("night")
	}
	if err != nil {
		return app.Game{}, err
	}
	return s.loadGame(ctx, q, link)
}
