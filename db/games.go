package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"chickenfoot/referee"
)

// A Game is one game night: its players in seat order and the house rules
// it was created under, frozen.
type Game struct {
	ID         int64
	Slug       string // the unguessable part of the game's address
	Name       string
	PlayedOn   string // YYYY-MM-DD
	Rules      referee.Rules
	HandSize   int
	Players    []string // by seat
	CreatedAt  time.Time
	FinishedAt time.Time // zero while the game is on
}

// Finished reports whether the last round is in.
func (g Game) Finished() bool { return !g.FinishedAt.IsZero() }

// NewGame is what the setup form gives to CreateGame.
type NewGame struct {
	Name     string
	PlayedOn string
	Rules    referee.Rules
	HandSize int
	Players  []string
	// Form is the setup form's one-time id, or "": the same form sent
	// again gives back the game it made instead of a second one.
	Form string
}

// newSlug returns 128 random bits as 26 lowercase base32 characters.
func newSlug() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// CreateGame stores a new game night with its first round, opening on the
// set's highest double.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (Game, error) {
	rules, err := json.Marshal(ng.Rules)
	if err != nil {
		return Game{}, err
	}
	g := Game{Slug: newSlug(), Name: ng.Name, PlayedOn: ng.PlayedOn, Rules: ng.Rules, HandSize: ng.HandSize,
		Players: ng.Players, CreatedAt: s.Now().UTC()}
	key := formKey(ng.Form, "games")
	err = s.inTx(ctx, func(tx conn) error {
		made, sent, err := sentBefore(ctx, tx, key)
		if err != nil || sent {
			if err == nil {
				g, err = readGame(ctx, tx, made)
			}
			return err
		}
		res, err := tx.ExecContext(ctx,
			`INSERT INTO games (slug, name, played_on, rules, hand_size, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			g.Slug, g.Name, g.PlayedOn, string(rules), g.HandSize, stamp(g.CreatedAt))
		if err != nil {
			return err
		}
		if g.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		for seat, name := range g.Players {
			if _, err := tx.ExecContext(ctx, `INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)`, g.ID, seat, name); err != nil {
				return err
			}
		}
		first, _ := g.Rules.NextDouble(nil)
		if _, err = insertRound(ctx, tx, g.ID, 1, first); err != nil {
			return err
		}
		return s.keepForm(ctx, tx, key, g.Slug)
	})
	return g, err
}

// formKept is how long a form's one-time id is remembered.
const formKept = 24 * time.Hour

// formKey is the key a form's id is kept under: the id, with what the
// form changes, so that an id sent to another address is not taken for
// that form's. It is "" without an id.
func formKey(id, target string) string {
	if id == "" {
		return ""
	}
	return target + " " + id
}

// sentBefore says whether the form keyed key was sent before, and what it
// produced then.
func sentBefore(ctx context.Context, tx conn, key string) (made string, sent bool, err error) {
	if key == "" {
		return "", false, nil
	}
	err = tx.QueryRowContext(ctx, `SELECT result FROM form_ids WHERE id = ?`, key).Scan(&made)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return made, err == nil, err
}

// keepForm remembers what the form keyed key produced, in the transaction
// of its write, and forgets the forms sent more than formKept ago.
func (s *Store) keepForm(ctx context.Context, tx conn, key, made string) error {
	if key == "" {
		return nil
	}
	now := s.Now()
	if _, err := tx.ExecContext(ctx, `DELETE FROM form_ids WHERE created_at < ?`, stamp(now.Add(-formKept))); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO form_ids (id, result, created_at) VALUES (?, ?, ?)`, key, made, stamp(now))
	return err
}

func insertRound(ctx context.Context, tx conn, gameID int64, number, planned int) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO rounds (game_id, number, planned_double) VALUES (?, ?, ?)`, gameID, number, planned)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// loadGame loads a game. What never changes once a game is created (its
// name, players, rules) is read once and kept; only its end is read again.
func (s *Store) loadGame(ctx context.Context, q conn, slug string) (Game, error) {
	g, cached, err := s.frozenGame(ctx, q, slug)
	if err != nil || !cached {
		return g, err
	}
	var finished sql.NullString
	if err := q.QueryRowContext(ctx, qGameEnd, g.ID).Scan(&finished); err != nil {
		return g, err
	}
	if finished.Valid {
		g.FinishedAt, err = parseStamp(finished.String)
	}
	return g, err
}

// frozenGame is what never changes about a game: from the cache when it
// is there (then FinishedAt is zero and cached is true), else read whole
// and kept.
func (s *Store) frozenGame(ctx context.Context, q conn, slug string) (g Game, cached bool, err error) {
	if v, ok := s.games.Load(slug); ok {
		g = v.(Game)
		g.Players = slices.Clone(g.Players)
		return g, true, nil
	}
	g, err = readGame(ctx, q, slug)
	if err == nil {
		frozen := g
		frozen.FinishedAt, frozen.Players = time.Time{}, slices.Clone(g.Players)
		s.games.Store(slug, frozen)
	}
	return g, false, err
}

func readGame(ctx context.Context, q conn, slug string) (Game, error) {
	var g Game
	var rules, created string
	var finished sql.NullString
	err := q.QueryRowContext(ctx,
		qGame, slug).
		Scan(&g.ID, &g.Slug, &g.Name, &g.PlayedOn, &rules, &g.HandSize, &created, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return g, referee.NotFound("game")
	}
	if err != nil {
		return g, err
	}
	// A game stored before a house rule existed was played without it:
	// start from the defaults, so every rule it lacks reads as the default.
	g.Rules = referee.Standard()
	if err := json.Unmarshal([]byte(rules), &g.Rules); err != nil {
		return g, fmt.Errorf("game %s: stored rules: %w", slug, err)
	}
	if g.CreatedAt, err = parseStamp(created); err != nil {
		return g, fmt.Errorf("game %s: %w", slug, err)
	}
	if finished.Valid {
		if g.FinishedAt, err = parseStamp(finished.String); err != nil {
			return g, fmt.Errorf("game %s: %w", slug, err)
		}
	}
	rows, err := q.QueryContext(ctx, qPlayers, g.ID)
	if err != nil {
		return g, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return g, err
		}
		g.Players = append(g.Players, name)
	}
	return g, rows.Err()
}

// A Summary is one line of the list of game nights.
type Summary struct {
	Slug      string
	Name      string
	PlayedOn  string
	Players   []string
	Rounds    int // rounds closed
	Finished  bool
	CreatedAt time.Time
}

// Games lists the game nights kept, newest first, at most limit of them.
func (s *Store) Games(ctx context.Context, limit int) ([]Summary, error) {
	rows, err := s.reader().QueryContext(ctx, `
		SELECT g.slug, g.name, g.played_on, g.finished_at IS NOT NULL, g.created_at,
		       (SELECT count(*) FROM rounds r WHERE r.game_id = g.id AND r.closed_at IS NOT NULL),
		       (SELECT group_concat(name, char(31)) FROM (SELECT name FROM players p WHERE p.game_id = g.id ORDER BY seat))
		FROM games g ORDER BY g.created_at DESC, g.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var sm Summary
		var created, players string
		if err := rows.Scan(&sm.Slug, &sm.Name, &sm.PlayedOn, &sm.Finished, &created, &sm.Rounds, &players); err != nil {
			return nil, err
		}
		if sm.CreatedAt, err = parseStamp(created); err != nil {
			return nil, fmt.Errorf("game %s: %w", sm.Slug, err)
		}
		sm.Players = strings.Split(players, "\x1f")
		out = append(out, sm)
	}
	return out, rows.Err()
}

// Settings loads what never changes about a game night: its name, date,
// players, rules and hand size. FinishedAt is not read (it may be zero
// for a finished game): ask Sheet for where the game stands.
func (s *Store) Settings(ctx context.Context, slug string) (Game, error) {
	g, _, err := s.frozenGame(ctx, s.reader(), slug)
	return g, err
}
