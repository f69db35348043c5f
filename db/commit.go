package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Group commit. Every write transaction of the store runs on the one
// writer connection, and under synchronous=FULL each commit waits for the
// disk. So the writes are queued to one goroutine, which runs the writes
// waiting at that moment in one transaction, each inside its own
// savepoint, and commits them together: one disk sync for the lot. A
// write that fails is rolled back to its savepoint alone; the others
// land. Nobody is answered before the commit that holds their write is on
// the disk, so batching loses no durability; a write that finds nobody
// waiting commits alone, as before.

// maxBatch bounds how many writes share a commit, so no write waits
// behind an unbounded queue.
const maxBatch = 32

// A batch's savepoints, one per write, prepared once like the hot queries.
const (
	qSavepoint  = "SAVEPOINT write"
	qRollbackTo = "ROLLBACK TO write"
	qRelease    = "RELEASE write"
)

// errClosed answers a write sent after Close.
var errClosed = errors.New("the store is closed")

// A queued write is one transaction's work waiting for its turn.
type queued struct {
	ctx  context.Context
	fn   func(conn) error
	done chan error
}

// inTx runs fn in a write transaction: all of it lands, or none.
func (s *Store) inTx(ctx context.Context, fn func(conn) error) error { return s.speed.write(ctx, fn) }

// write runs fn in a write transaction, queued: all of it lands, or none.
func (sp *speed) write(ctx context.Context, fn func(conn) error) error {
	w := queued{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case sp.writes <- w:
	case <-sp.closing:
		return errClosed
	}
	return <-w.done
}

// run commits the queued writes until the store closes.
func (sp *speed) run() {
	defer close(sp.closed)
	for {
		var batch []queued
		select {
		case w := <-sp.writes:
			batch = append(batch, w)
		case <-sp.closing:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case w := <-sp.writes:
				batch = append(batch, w)
			default:
				break more
			}
		}
		sp.commit(batch)
	}
}

// commit runs a batch of writes in one transaction and answers each.
func (sp *speed) commit(batch []queued) {
	errs := make([]error, len(batch))
	defer func() {
		for i, w := range batch {
			w.done <- storeFault(errs[i])
		}
	}()
	ctx := context.Background() // a write once begun is finished or undone whole, never cut off
	forgotten, committed := sp.forgotten.Load(), false
	defer func() { sp.keptGames(committed, forgotten) }()
	err := sp.check()
	var tx *sql.Tx
	if err == nil {
		tx, err = sp.db.BeginTx(ctx, nil)
	}
	if err != nil {
		for i := range errs {
			errs[i] = err
		}
		return
	}
	c := conn{db: sp.db, tx: tx, stmts: sp.stmts, write: true}
	sp.tables.beginBatch(ctx, c)
	defer func() { sp.tables.endBatch(committed) }()
	if len(batch) == 1 {
		sp.tables.beginWrite()
		errs[0] = run(batch[0], c)
		sp.tables.endWrite(errs[0] != nil, false)
		if errs[0] != nil {
			tx.Rollback()
			return
		}
		errs[0] = tx.Commit()
		committed = errs[0] == nil
		return
	}
	committed = sp.runBatch(ctx, tx, c, batch, errs)
}

// runBatch runs the writes of a batch in tx, each in its own savepoint,
// and commits them; errs gets each write's answer. It reports whether the
// transaction was committed.
func (sp *speed) runBatch(ctx context.Context, tx *sql.Tx, c conn, batch []queued, errs []error) bool {
	for i, w := range batch {
		if _, err := c.ExecContext(ctx, qSavepoint); err != nil {
			errs[i] = err
			continue
		}
		sp.tables.beginWrite()
		failed := false
		if errs[i] = run(w, c); errs[i] != nil {
			failed = true
			if _, err := c.ExecContext(ctx, qRollbackTo); err != nil {
				// The transaction itself is gone: nothing of the batch
				// landed, and nothing more may run outside it.
				tx.Rollback()
				for j := range errs {
					errs[j] = errors.Join(errs[i], err)
				}
				return false
			}
		}
		_, err := c.ExecContext(ctx, qRelease)
		sp.tables.endWrite(failed, err != nil)
		if err != nil && errs[i] == nil {
			errs[i] = err
		}
	}
	err := tx.Commit()
	for i := range errs {
		if errs[i] == nil {
			errs[i] = err
		}
	}
	return err == nil
}

// run runs one write's work; a panic in it fails that write alone.
func run(w queued, c conn) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("write panicked: %v", r)
		}
	}()
	if err := w.ctx.Err(); err != nil {
		return err // the caller gave up before its turn came
	}
	return w.fn(c)
}
