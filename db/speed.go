package db

import (
	"context"
	"database/sql"
	"slices"
	"sync"
	"sync/atomic"

	"chickenfoot/db/app"
)

// speed is what the store keeps to make its writes and reads fast. None
// of it shows in the exported API, whose services are the same
// one-transaction services without it, and the services reach it only
// through its methods. Each part stays for what switching it off cost,
// measured on 2 shared cores (medians of 7 turns; BenchmarkLoad has 32
// clients, the others one):
//
//   - The write queue (commit.go): the writes waiting together run in one
//     SQLite transaction, each in its own savepoint, and share one disk
//     sync under synchronous=FULL. BenchmarkLoad: 3 900 moves and 3 350
//     score entries a second, at about 300 µs of server CPU each; with
//     each write committed alone, 1 650 and 1 500, at about 600 and 730.
//   - The kept tables (kept.go): after a plain move, or a score entry in
//     an open round, the writer keeps the sheet (and a move's log and
//     round), and the next write by that link starts from them without
//     reading or replaying. A move (BenchmarkTableMove) costs 1 366
//     allocations with them and 1 862 without, a score entry
//     (BenchmarkScoreEntry) 635 and 794; BenchmarkLoad's moves take 290
//     µs of server CPU each instead of 364.
//   - The games cache: what never changes about a game (its name,
//     players, rules) is read once and kept by its id, so finding a game
//     by its link reads one indexed row. BenchmarkGameRead: 21 µs and 57
//     allocations a read of a game's settings, against 55 µs and 226
//     read from the file. A page makes a few such reads: the sheet
//     htmx refreshes allocates 4 976 times with it, 5 206 without.
type speed struct {
	// The write queue (commit.go): the writer, its prepared statements,
	// and what says whether the file may still be written.
	db     *sql.DB
	stmts  map[string]*sql.Stmt
	check  func() error
	writes chan queued
	// closing asks the queue's goroutine to end; closed says it has.
	closing, closed chan struct{}
	closeOnce       sync.Once

	// The games cache: shared with the readers.
	games     sync.Map      // game ID → what never changes about it (see game)
	forgotten atomic.Uint64 // how many times games were forgotten (see forget)
	// keeping says the write under way changes no game's settings or
	// players (see writeKeeping); pending are the games the batch's such
	// writes read, to keep once it is committed.
	keeping bool
	pending []app.Game

	// The tables of the last moves, kept by the writer (kept.go).
	tables writerTables
}

// newSpeed starts the write queue of the writer db, whose prepared
// statements are stmts; check, before each batch, says whether the file
// may still be written.
func newSpeed(db *sql.DB, stmts map[string]*sql.Stmt, check func() error) *speed {
	sp := &speed{db: db, stmts: stmts, check: check,
		writes: make(chan queued), closing: make(chan struct{}), closed: make(chan struct{})}
	go sp.run()
	return sp
}

// close ends the write queue, once the batch under way is committed; a
// write sent after is refused.
func (sp *speed) close() {
	sp.closeOnce.Do(func() { close(sp.closing) })
	<-sp.closed
}

// writeKeeping is write for a write that changes no game's settings or
// players (a move on the table, a score): the games it reads inside its
// transaction are kept in the cache once the batch that holds it is
// committed, as a reader's would be.
func (sp *speed) writeKeeping(ctx context.Context, fn func(conn) error) error {
	return sp.write(ctx, func(tx conn) error {
		sp.keeping = true
		defer func() { sp.keeping = false }()
		return fn(tx)
	})
}

// game is what never changes about game id (its name, players, rules),
// when the cache has it. The players are the caller's to change.
func (sp *speed) game(id int64) (app.Game, bool) {
	v, ok := sp.games.Load(id)
	if !ok {
		return app.Game{}, false
	}
	g := v.(app.Game)
	g.Players = slices.Clone(g.Players)
	return g, true
}

// since is the count of forgotten games a read in q is judged by: for a
// read transaction, the count before its first read; else the count now,
// to be taken before the read.
func (sp *speed) since(q conn) uint64 {
	if q.tx != nil && !q.write {
		return q.forgotten
	}
	return sp.forgotten.Load()
}

// forgets is how many times games were forgotten so far: a read
// transaction counts them before its first read (see since).
func (sp *speed) forgets() uint64 { return sp.forgotten.Load() }

// keepGame keeps g, read in q after since (see since), in the cache. A
// read outside the writer sees only what is committed, and is kept at
// once unless a game was forgotten meanwhile: the read may predate a
// deletion or a rename. A write's read is kept once its batch is
// committed (see commit), and only for a write that changes no game.
func (sp *speed) keepGame(q conn, since uint64, g app.Game) {
	frozen := g
	frozen.Players = slices.Clone(g.Players)
	switch {
	case !q.write:
		sp.games.Store(g.ID, frozen)
		if sp.forgotten.Load() != since {
			sp.games.Delete(g.ID)
		}
	case sp.keeping:
		sp.pending = append(sp.pending, frozen)
	}
}

// forget drops a game deleted, or whose settings or players changed,
// from the cache. SQLite may give a deleted game's id to the next game
// made, which must never be shown the old one's name and players. A
// reader that read the game before, and keeps it after forget ran, sees
// the count change and drops what it kept (keepGame). A write that
// changes a game forgets it inside its transaction too, and again once
// committed: a batch in which that happened keeps none of the games its
// writes read (commit), and the rest of the batch reads it afresh.
func (sp *speed) forget(id int64) {
	sp.forgotten.Add(1)
	sp.games.Delete(id)
}

// forgetAll is forget for every game: after a rename or a merge of a
// group's people, which changes the names of their nights.
func (sp *speed) forgetAll() {
	sp.forgotten.Add(1)
	sp.games.Clear()
}

// keptGames keeps the games read by the batch's writes that change none,
// once it is committed, unless a write in it forgot a game: forgotten is
// the count when the batch began.
func (sp *speed) keptGames(committed bool, forgotten uint64) {
	if committed && sp.forgotten.Load() == forgotten {
		for _, g := range sp.pending {
			sp.games.Store(g.ID, g)
		}
	}
	sp.pending = sp.pending[:0]
}
