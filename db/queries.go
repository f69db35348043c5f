package db

import (
	"context"
	"database/sql"
)

// The queries on the hot path: loading a game's sheet or a round's moves,
// and writing an entry. Open prepares each once on both pools, so a request
// does not parse SQL again.
const (
	// qGameLink finds the games either of whose links starts with a
	// link's first characters (?1 up to ?2), with where each stands: read
	// on every request. The rest of a link is compared in constant time.
	qGameLink = `SELECT id, slug, view_slug, finished_at FROM games
		WHERE (slug >= ?1 AND slug < ?2) OR (view_slug >= ?1 AND view_slug < ?2)`
	qGame    = `SELECT name, played_on, rules, hand_size, created_at, coalesce(group_id, 0) FROM games WHERE id = ?`
	qPlayers = `SELECT name, from_round, coalesce(until_round, 0), missed, player_id FROM players WHERE game_id = ? ORDER BY seat`
	qRounds  = `
		SELECT r.id, r.number, r.planned_double, coalesce(r.opened_double, -1), coalesce(r.setter_seat, -1), r.closed_at IS NOT NULL,
		       (SELECT count(*) FROM round_actions a WHERE a.round_id = r.id), coalesce(r.hand_size, 0)
		FROM rounds r WHERE r.game_id = ? ORDER BY r.number`
	qEntries = `
		SELECT r.number, e.seat, e.pips, e.double_blank, e.went_out, e.out_on_double, e.tiles, e.score, e.version, e.blank_halves
		FROM entries e JOIN rounds r ON r.id = e.round_id WHERE r.game_id = ?`
	qHistory = `
		SELECT h.id, r.number, h.seat, h.kind, h.old_value, h.new_value, h.changed_by, h.changed_at, coalesce(h.undoes, 0)
		FROM entry_history h JOIN rounds r ON r.id = h.round_id WHERE r.game_id = ? ORDER BY h.id`
	qRoundHistory = `
		SELECT h.id, r.number, h.seat, h.kind, h.old_value, h.new_value, h.changed_by, h.changed_at, coalesce(h.undoes, 0)
		FROM entry_history h JOIN rounds r ON r.id = h.round_id WHERE r.game_id = ? AND r.number = ? ORDER BY h.id`
	// qUndoable is round n's latest change that is not an undo and has not
	// been undone: the one change a save's answer needs, to name its Undo.
	qUndoable = `
		SELECT h.id, r.number, h.seat, h.kind, h.old_value, h.new_value, h.changed_by, h.changed_at, coalesce(h.undoes, 0)
		FROM entry_history h JOIN rounds r ON r.id = h.round_id
		WHERE r.game_id = ? AND r.number = ? AND h.kind <> 'undo'
			AND NOT EXISTS (SELECT 1 FROM entry_history u WHERE u.round_id = h.round_id AND u.undoes = h.id)
		ORDER BY h.id DESC LIMIT 1`
	// qGroupNights and qPersonNights are a page of a group's history, all
	// of it or one person's: each walks an index from where the last page
	// stopped, and reads each night's line as keepLine keeps it. A night is
	// listed by its view-only link: the table's link shows its nights, and
	// only a night's own edit link changes it.
	qGroupNights = `SELECT g.id, g.view_slug, g.name, g.played_on, g.finished_at IS NOT NULL, ` + nightColumns + ` FROM games g
		WHERE g.group_id = ? AND g.played_on >= ? AND g.played_on <= ? AND (g.played_on, g.id) < (?, ?)
		ORDER BY g.played_on DESC, g.id DESC LIMIT ?`
	qPersonNights = `SELECT g.id, g.view_slug, g.name, g.played_on, g.finished_at IS NOT NULL, ` + nightColumns + `
		FROM person_nights pn JOIN games g ON g.id = pn.game_id
		WHERE pn.person_id = ? AND pn.played_on >= ? AND pn.played_on <= ? AND (pn.played_on, pn.game_id) < (?, ?)
		ORDER BY pn.played_on DESC, pn.game_id DESC LIMIT ?`
	nightColumns = `g.line_players, g.line_winners, g.line_best`
	qActions     = `
		SELECT seq, seat, kind, tile, on_tile, created_at
		FROM round_actions WHERE round_id = ? ORDER BY seq`
	qDeleteEntry = `DELETE FROM entries WHERE round_id = ? AND seat = ?`
	qPutEntry    = `
			INSERT INTO entries (round_id, seat, pips, double_blank, went_out, out_on_double, tiles, score, updated_at, version, blank_halves)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (round_id, seat) DO UPDATE SET pips = excluded.pips, double_blank = excluded.double_blank,
				went_out = excluded.went_out, out_on_double = excluded.out_on_double, tiles = excluded.tiles,
				score = excluded.score, updated_at = excluded.updated_at, version = excluded.version, blank_halves = excluded.blank_halves`
	qAddChange = `
		INSERT INTO entry_history (round_id, seat, kind, old_value, new_value, old_score, new_score, changed_by, changed_at, undoes)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
)

var hotQueries = []string{qGameLink, qGame, qPlayers, qRounds, qEntries, qHistory, qRoundHistory, qUndoable, qActions, qGroupNights, qPersonNights, qDeleteEntry, qPutEntry, qAddChange}

// allHotQueries is every query Open prepares.
var allHotQueries = append(append(hotQueries, groupQueries...), qSavepoint, qRollbackTo, qRelease, qDataVersion)

// prepare prepares queries on a pool.
func prepare(ctx context.Context, db *sql.DB, queries []string) (map[string]*sql.Stmt, error) {
	out := make(map[string]*sql.Stmt, len(queries))
	for _, q := range queries {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			return out, err
		}
		out[q] = st
	}
	return out, nil
}

// conn runs queries on a pool, or inside tx when it is set, through the
// prepared statement of the query where there is one.
type conn struct {
	db    *sql.DB
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	// write marks a write transaction's conn: a write once begun runs to
	// its end whatever becomes of the request that asked for it, since
	// SQLite undoes the whole transaction, other writes batched with it
	// included, when a statement in it is interrupted.
	write bool
	// forgotten is, in a read transaction, how many games were forgotten
	// before its first read (see frozenGame).
	forgotten uint64
}

// uncut is ctx, without its cancellation inside a write transaction.
func (c conn) uncut(ctx context.Context) context.Context {
	if c.write {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

func (c conn) stmt(ctx context.Context, query string) *sql.Stmt {
	st := c.stmts[query]
	if st != nil && c.tx != nil {
		return c.tx.StmtContext(ctx, st)
	}
	return st
}

func (c conn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = c.uncut(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.QueryRowContext(ctx, query, args...)
	}
	return c.db.QueryRowContext(ctx, query, args...)
}

func (c conn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx = c.uncut(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.QueryContext(ctx, query, args...)
	}
	return c.db.QueryContext(ctx, query, args...)
}

func (c conn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx = c.uncut(ctx)
	if st := c.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	if c.tx != nil {
		return c.tx.ExecContext(ctx, query, args...)
	}
	return c.db.ExecContext(ctx, query, args...)
}
