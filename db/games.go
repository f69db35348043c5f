package db

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// newSlug returns 128 random bits as 26 lowercase base32 characters.
func newSlug() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// CreateGame stores a new game night with its first round, opening on the
// set's highest double.
func (s *Store) CreateGame(ctx context.Context, ng app.NewGame) (g app.Game, err error) {
	err = s.inTx(ctx, func(tx conn) error {
		g, err = s.createGame(ctx, tx, ng)
		return err
	})
	return g, err
}

// createGame is CreateGame inside the transaction tx.
func (s *Store) createGame(ctx context.Context, tx conn, ng app.NewGame) (app.Game, error) {
	rules, err := json.Marshal(ng.Rules)
	if err != nil {
		return app.Game{}, err
	}
	g := app.Game{Slug: newSlug(), ViewSlug: newSlug(), Name: ng.Name, PlayedOn: ng.PlayedOn, Rules: ng.Rules, HandSize: ng.HandSize,
		Players: ng.Players, IDs: firstIDs(len(ng.Players)), CreatedAt: s.Now().UTC()}
	key := formOf(ng.Form, "games", ng.Name, ng.PlayedOn, string(rules), ng.HandSize, ng.Players, ng.Group)
	made, sent, err := sentBefore(ctx, tx, key)
	if err != nil || sent {
		if err == nil {
			g, err = s.loadGame(ctx, tx, made)
		}
		return g, err
	}
	if g.ID, err = insertGame(ctx, tx, g, string(rules)); err != nil {
		return g, err
	}
	if ng.Group != "" {
		if g.GroupID, err = joinGroup(ctx, tx, ng.Group, g); err != nil {
			return g, err
		}
	}
	first, _ := g.Rules.NextDouble(nil)
	if _, err = insertRound(ctx, tx, g.ID, 1, first); err != nil {
		return g, err
	}
	if err := remember(ctx, tx, ng.Device, g.Slug, g.CreatedAt); err != nil {
		return g, err
	}
	return g, s.keepForm(ctx, tx, key, g.Slug)
}

// firstIDs are the ids of the players seated when a night starts: their
// seats.
func firstIDs(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// playerSeat is the seat of the player whose id is id, the player a page
// named. One who gave up their seat since is a conflict that names them:
// the page was drawn before, and the seats after theirs moved up.
func playerSeat(ctx context.Context, tx conn, g app.Game, id int) (int, error) {
	if seat := g.SeatOf(id); seat >= 0 {
		return seat, nil
	}
	var name string
	err := tx.QueryRowContext(ctx, `SELECT name FROM players_gone WHERE game_id = ? AND player_id = ?`, g.ID, id).Scan(&name)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return -1, app.NotFound("player")
	case err != nil:
		return -1, err
	}
	return -1, app.Conflict("player-gone", referee.Params{"Name": name})
}

// insertGame writes a new game and its players, and answers its id.
func insertGame(ctx context.Context, tx conn, g app.Game, rules string) (int64, error) {
	res, err := tx.ExecContext(ctx,
		`INSERT INTO games (slug, view_slug, name, played_on, rules, hand_size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		g.Slug, g.ViewSlug, g.Name, g.PlayedOn, rules, g.HandSize, stamp(g.CreatedAt))
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for seat, name := range g.Players {
		if err := insertPlayer(ctx, tx, id, seat, name, referee.Stay{}); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// insertPlayer seats a player: from round 1 to the end unless st says
// otherwise.
func insertPlayer(ctx context.Context, tx conn, game int64, seat int, name string, st referee.Stay) error {
	until := sql.NullInt64{Int64: int64(st.Until), Valid: st.Until > 0}
	missed := cmp.Or(st.Missed, referee.MissedHighest)
	_, err := tx.ExecContext(ctx, qInsertPlayer, game, seat, name, max(st.From, 1), until, string(missed))
	return err
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

// A form is a one-time form as the store keeps it: the key its id is
// kept under (see formKey), and a digest of what it said.
type form struct{ key, content string }

// formOf is the form with id sent to target, saying what parts say.
func formOf(id, target string, parts ...any) form {
	if id == "" {
		return form{}
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%#v", parts))
	return form{key: formKey(id, target), content: hex.EncodeToString(sum[:16])}
}

// sentBefore says whether the form was sent before with the same content,
// and what it produced then. Sent again with other content (Back, a fix,
// send again) it is a change of its own, judged as any other.
func sentBefore(ctx context.Context, tx conn, f form) (made string, sent bool, err error) {
	if f.key == "" {
		return "", false, nil
	}
	var content string
	err = tx.QueryRowContext(ctx, `SELECT result, content FROM form_ids WHERE id = ?`, f.key).Scan(&made, &content)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return made, err == nil && content == f.content, err
}

// formResult is what the form kept under key produced, or "" when no
// such form was sent.
func formResult(ctx context.Context, tx conn, key string) (string, error) {
	var made string
	err := tx.QueryRowContext(ctx, `SELECT result FROM form_ids WHERE id = ?`, key).Scan(&made)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return made, err
}

// keepForm remembers what the form produced, in the transaction of its
// write, and forgets the forms sent more than formKept ago. A form sent
// again with other content is remembered as it was last sent.
func (s *Store) keepForm(ctx context.Context, tx conn, f form, made string) error {
	if f.key == "" {
		return nil
	}
	now := s.Now()
	if _, err := tx.ExecContext(ctx, `DELETE FROM form_ids WHERE created_at < ?`, stamp(now.Add(-formKept))); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO form_ids (id, result, content, created_at) VALUES (?, ?, ?, ?)`,
		f.key, made, f.content, stamp(now))
	return err
}

func insertRound(ctx context.Context, tx conn, gameID int64, number, planned int) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO rounds (game_id, number, planned_double) VALUES (?, ?, ?)`, gameID, number, planned)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// loadGame loads the game one of its links names. Which link it is and
// whether the game is over are read every time; what never changes once
// a game is created (its name, players, rules) is read once and kept.
func (s *Store) loadGame(ctx context.Context, q conn, link string) (app.Game, error) {
	id, slug, view, finished, err := findLink(ctx, q, link)
	if err != nil {
		return app.Game{}, err
	}
	g, err := s.frozenGame(ctx, q, id)
	if err != nil {
		return g, err
	}
	g.Slug, g.ViewSlug, g.ViewOnly = slug, view, link != slug
	if g.ViewOnly {
		g.Slug = view
	}
	if finished.Valid {
		g.FinishedAt, err = parseStamp(finished.String)
	}
	return g, err
}

// selectorLen is how much of a link the database looks up; the rest (90
// bits and more) is compared in constant time, so how long a guess takes
// to refuse says nothing about how close it came.
const selectorLen = 8

// findLink finds the game one of whose links is link.
func findLink(ctx context.Context, q conn, link string) (id int64, slug, view string, finished sql.NullString, err error) {
	if len(link) <= selectorLen || len(link) > 64 {
		return 0, "", "", finished, app.NotFound("game")
	}
	rows, err := q.QueryContext(ctx, qGameLink, link[:selectorLen], link[:selectorLen]+"~")
	if err != nil {
		return 0, "", "", finished, err
	}
	defer rows.Close()
	found := false
	for rows.Next() {
		var i int64
		var sl, vw string
		var fin sql.NullString
		if err := rows.Scan(&i, &sl, &vw, &fin); err != nil {
			return 0, "", "", finished, err
		}
		if sameLink(sl, link) || sameLink(vw, link) {
			id, slug, view, finished, found = i, sl, vw, fin, true
		}
	}
	if err := rows.Err(); err != nil {
		return 0, "", "", finished, err
	}
	if !found {
		return 0, "", "", finished, app.NotFound("game")
	}
	return id, slug, view, finished, nil
}

func sameLink(stored, asked string) bool {
	return subtle.ConstantTimeCompare([]byte(stored), []byte(asked)) == 1
}

// frozenGame is what never changes about game id: from the cache when it
// is there, else read and kept. Its links and end are left for loadGame.
func (s *Store) frozenGame(ctx context.Context, q conn, id int64) (app.Game, error) {
	if g, ok := s.speed.game(id); ok {
		return g, nil
	}
	since := s.speed.since(q)
	g, err := readGame(ctx, q, id)
	if err == nil {
		s.speed.keepGame(q, since, g)
	}
	return g, err
}

func readGame(ctx context.Context, q conn, id int64) (app.Game, error) {
	g := app.Game{ID: id}
	var rules, created string
	err := q.QueryRowContext(ctx, qGame, id).Scan(&g.Name, &g.PlayedOn, &rules, &g.HandSize, &created, &g.GroupID)
	if err != nil {
		return g, err
	}
	// A game stored before a house rule existed was played without it:
	// start from the defaults, so every rule it lacks reads as the default.
	g.Rules = referee.Standard()
	if err := json.Unmarshal([]byte(rules), &g.Rules); err != nil {
		return g, fmt.Errorf("game %d: stored rules: %w", id, err)
	}
	if g.CreatedAt, err = parseStamp(created); err != nil {
		return g, fmt.Errorf("game %d: %w", id, err)
	}
	rows, err := q.QueryContext(ctx, qPlayers, g.ID)
	if err != nil {
		return g, err
	}
	defer rows.Close()
	everyRound := true
	for rows.Next() {
		var name string
		var st referee.Stay
		var id int
		if err := rows.Scan(&name, &st.From, &st.Until, &st.Missed, &id); err != nil {
			return g, err
		}
		g.Players, g.IDs = append(g.Players, name), append(g.IDs, id)
		g.Seats = append(g.Seats, st)
		everyRound = everyRound && st.From == 1 && st.Until == 0
	}
	if everyRound {
		g.Seats = nil
	}
	return g, rows.Err()
}

// Settings loads what never changes about a game night: its name, date,
// players, rules and hand size, and its links.
func (s *Store) Settings(ctx context.Context, slug string) (g app.Game, err error) {
	err = s.readTx(ctx, func(q conn) error {
		g, err = s.loadGame(ctx, q, slug)
		return err
	})
	return g, err
}
