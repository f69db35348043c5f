package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"chickenfoot/db/app"
)

// A browser is known by a random device id it keeps in a cookie. The
// store remembers which game nights each one created or opened, by the
// link it used, so its home page lists those and no others; a renewed
// link drops the night from every browser that only had the old one.

// seenAgain is how stale a remembered visit may grow before a visit
// writes it again: reading a page should rarely cost a write.
const seenAgain = 24 * time.Hour

// notedLately reports whether a visit noted at seen (as stored) was noted
// within seenAgain, so that this one needs no noting.
func (s *Store) notedLately(seen string) bool {
	at, err := parseStamp(seen)
	return err == nil && s.Now().Sub(at) < seenAgain
}

// remember notes, in tx, that device opened the game by link.
func remember(ctx context.Context, tx conn, device, link string, at time.Time) error {
	if device == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `
		INSERT INTO device_games (device, link, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (device, link) DO UPDATE SET seen_at = excluded.seen_at`, device, link, stamp(at))
	return err
}

// Visit says what device is at the game opened by link, and notes the
// visit when it is new or stale. It expects link to name a game. A visit
// noted lately is one read; one to note is read again and noted in one
// write.
func (s *Store) Visit(ctx context.Context, device, link string) (app.Visit, error) {
	if device == "" {
		return app.Visit{Seat: -1}, nil
	}
	v, fresh, err := s.visit(ctx, s.reader(), device, link)
	if err != nil || fresh {
		return v, err
	}
	err = s.inTx(ctx, func(tx conn) (err error) {
		v, err = s.noteVisit(ctx, tx, device, link)
		return err
	})
	return v, err
}

// visit reads device's visit to the game by link, and says whether it
// was noted within seenAgain.
func (s *Store) visit(ctx context.Context, q conn, device, link string) (v app.Visit, fresh bool, err error) {
	v = app.Visit{Seat: -1}
	var seat sql.NullInt64
	var seen string
	err = q.QueryRowContext(ctx, `SELECT seat, seen_at FROM device_games WHERE device = ? AND link = ?`, device, link).
		Scan(&seat, &seen)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return v, false, nil
	case err != nil:
		return v, false, err
	}
	v.Known = true
	if seat.Valid {
		v.Seat = int(seat.Int64)
	}
	return v, s.notedLately(seen), nil
}

// SetSeat records who device is at the game opened by link: a player, by
// id (see app.Game.IDs), or -1 for nobody in particular; not by a view-only link.
func (s *Store) SetSeat(ctx context.Context, device, link string, player int) error {
	return s.inTx(ctx, func(tx conn) error {
		g, err := s.writableGame(ctx, tx, link)
		if err != nil {
			return err
		}
		seat := -1
		if player != -1 {
			if seat, err = playerSeat(ctx, tx, g, player); err != nil {
				return err
			}
		}
		if err := remember(ctx, tx, device, link, s.Now()); err != nil {
			return err
		}
		var v any
		if seat >= 0 {
			v = seat
		}
		_, err = tx.ExecContext(ctx, `UPDATE device_games SET seat = ? WHERE device = ? AND link = ?`, v, device, link)
		return err
	})
}

// Nights lists the game nights device created or opened, newest first, at
// most limit of them, each by the link the browser used. A night whose
// link was renewed since is not listed.
func (s *Store) Nights(ctx context.Context, device string, limit int) ([]app.Summary, error) {
	if device == "" {
		return nil, nil
	}
	return s.summaries(ctx, `
		SELECT d.link, g.slug <> d.link, g.id, g.name, g.played_on, g.finished_at IS NOT NULL, g.created_at
		FROM device_games d JOIN games g ON g.slug = d.link OR g.view_slug = d.link
		WHERE d.device = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?`, device, limit)
}

// summaries reads the nights query selects (link, view only, id, name,
// date, finished, created), with their players and closed rounds.
func (s *Store) summaries(ctx context.Context, query string, args ...any) ([]app.Summary, error) {
	rows, err := s.reader().QueryContext(ctx, `
		WITH n (link, view, id, name, played_on, finished, created_at) AS (`+query+`)
		SELECT n.link, n.view, n.name, n.played_on, n.finished, n.created_at,
		       (SELECT count(*) FROM rounds r WHERE r.game_id = n.id AND r.closed_at IS NOT NULL)
		         + (SELECT count(*) FROM straight_marks m WHERE m.game_id = n.id AND m.kind = 'end'),
		       (SELECT group_concat(name, char(31) ORDER BY seat) FROM players p WHERE p.game_id = n.id),
		       (SELECT coalesce(json_extract(g.rules, '$.game'), '') FROM games g WHERE g.id = n.id)
		FROM n ORDER BY n.created_at DESC, n.id DESC`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []app.Summary
	for rows.Next() {
		var sm app.Summary
		var created, players string
		if err := rows.Scan(&sm.Slug, &sm.ViewOnly, &sm.Name, &sm.PlayedOn, &sm.Finished, &created, &sm.Rounds, &players, &sm.Game); err != nil {
			return nil, err
		}
		if sm.CreatedAt, err = parseStamp(created); err != nil {
			return nil, fmt.Errorf("game %s: %w", sm.Name, err)
		}
		sm.Players = strings.Split(players, "\x1f")
		out = append(out, sm)
	}
	return out, rows.Err()
}

// forgetOldDevices drops what is remembered of browsers not seen for
// app.DeviceKept: their ids are gone from every browser, so each such row
// would only grow the file. It runs as the store opens.
func forgetOldDevices(ctx context.Context, db *sql.DB, now time.Time) error {
	before := stamp(now.Add(-app.DeviceKept))
	for _, table := range []string{"device_games", "device_groups"} {
		if _, err := db.ExecContext(ctx, `DELETE FROM `+table+` WHERE seen_at < ?`, before); err != nil {
			return fmt.Errorf("db: forgetting old browsers: %w", err)
		}
	}
	return nil
}
