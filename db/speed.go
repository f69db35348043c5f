package db

import (
	"sync"
	"sync/atomic"
)

// speed is what the store keeps to make its writes and reads fast; none
// of it shows in the exported API, whose services are the same
// one-transaction services without it. Each part was kept because
// BenchmarkLoad (docs/BENCHMARKS.md) measured what it buys:
//
//   - The write queue (commit.go): the writes waiting together run in one
//     SQLite transaction, each in its own savepoint, and share one disk
//     sync under synchronous=FULL. Score entries went from about 1 000 to
//     2 200 a second, moves from about 850 to 1 300.
//   - The games cache: what never changes about a game (its name,
//     players, rules) is read once and kept by its id, so finding a game
//     by its link reads one indexed row. With the hot queries prepared
//     once, entry/GET went from 0.40 to 0.53.
//   - The kept tables (kept.go): after a plain move the writer keeps the
//     sheet, the round's log and the round, and the next move on that
//     table starts from them without reading or replaying. With 32
//     clients move/GET went from 0.38–0.41 to 0.52–0.65 with it and the
//     changes measured alongside.
//
// Only the committer's goroutine touches the queue's batch state, the
// kept tables and pending; the games cache is shared with the readers.
type speed struct {
	// The write transactions' queue, and its goroutine's end.
	writes          chan queued
	closing, closed chan struct{}
	closeOnce       sync.Once

	games     sync.Map      // game ID → what never changes about it (frozenGame)
	forgotten atomic.Uint64 // games deleted so far (forget)
	// The games a write that leaves every game's settings and players as
	// they are (see writeSheetKeeping) read in the batch being committed,
	// to keep once it is.
	keeping bool
	pending []Game

	// The tables of the last moves, kept by the writer.
	tables writerTables
}

// init makes the write queue's channels.
func (sp *speed) init() {
	sp.writes, sp.closing, sp.closed = make(chan queued), make(chan struct{}), make(chan struct{})
}
