// Package db is the SQLite store of game nights: players, rounds, score
// entries and their history. It uses modernc.org/sqlite (pure Go) with one
// writer connection and a pool of readers, pragmas set in the DSN so every
// pooled connection has them.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"chickenfoot/db/app"
)

//go:embed migrations/*.sql
var migrations embed.FS

// A Store is the app's database. Create one with Open and Close it when
// done.
type Store struct {
	write *sql.DB // one connection: SQLite has a single writer
	read  *sql.DB
	// Each pool's prepared statements for the queries on the hot path.
	writeStmts, readStmts map[string]*sql.Stmt
	// speed queues the writes, and keeps what makes them and the reads
	// fast.
	speed *speed
	path  string // the database file, for a backup's own reader
	// file notices the path naming another file, or none; healthy, when
	// the health check last wrote.
	file    *fileWatch
	healthy healthStamp
	// Now is the clock, replaceable in tests.
	Now func() time.Time
	// Publish, when set, hears of each write once it is committed (see
	// app.News). Set it before the store is used.
	Publish func(app.News)
}

// dsn puts the pragmas every connection needs into the connection string.
//
// The writer runs with synchronous=FULL: in WAL mode SQLite then fsyncs
// the WAL at every commit, before the commit returns, so a write the app
// has acknowledged is on the disk and survives a power cut or a kernel
// crash. Under NORMAL the WAL is only synced at checkpoints: a commit
// still survives the process being killed (the OS has the data in its
// page cache), but the last commits before a power cut could be lost.
// The readers commit nothing, and a checkpoint syncs under either
// setting, so they keep NORMAL.
//
// A replicated file has SQLite's automatic checkpoints off on every
// connection: the replicator checkpoints it itself, once it has copied
// what the WAL holds (Options.Replicated).
func dsn(path string, readOnly bool, opt Options) string {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(5000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	if opt.Replicated {
		q.Add("_pragma", "wal_autocheckpoint(0)")
	}
	if readOnly {
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "synchronous(FULL)")
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Options are how a Store opens its file.
type Options struct {
	// Replicated leaves checkpoints to a replicator that copies each
	// commit from the WAL (db/replica): SQLite's own would move frames
	// into the database before they are copied.
	Replicated bool
}

// Open opens (creating if needed) the database file at path, checks it
// with PRAGMA quick_check, and brings its schema up to date. A damaged
// file is refused as one (errors.Is ErrDamaged), and nothing is written
// to it.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Options{})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, path string, opt Options) (*Store, error) {
	if err := ensureFile(path); err != nil {
		return nil, err
	}
	write, err := sql.Open("sqlite", dsn(path, false, opt))
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1)
	if err := quickCheck(ctx, write, path); err != nil {
		write.Close()
		return nil, err
	}
	if err := migrate(ctx, write, 0); err != nil {
		write.Close()
		return nil, fmt.Errorf("db: migrating %s: %w", path, damaged(path, err))
	}
	if err := forgetOldDevices(ctx, write, time.Now()); err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", dsn(path, true, opt))
	if err != nil {
		write.Close()
		return nil, err
	}
	read.SetMaxOpenConns(max(4, runtime.NumCPU()))
	s := &Store{write: write, read: read, Now: time.Now, path: path, file: newFileWatch(path)}
	if s.writeStmts, err = prepare(ctx, write, allHotQueries); err == nil {
		s.readStmts, err = prepare(ctx, read, allHotQueries)
	}
	s.speed = newSpeed(write, s.writeStmts, func() error { return s.file.check() })
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("db: preparing statements: %w", err)
	}
	return s, nil
}

// Close closes both pools.
func (s *Store) Close() error {
	s.speed.close()
	for _, st := range s.writeStmts {
		st.Close()
	}
	for _, st := range s.readStmts {
		st.Close()
	}
	return errors.Join(s.read.Close(), s.write.Close())
}

// migration is one numbered file of migrations/.
type migration struct {
	version int
	sql     string
}

func loadMigrations() ([]migration, error) {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, f := range files {
		base := strings.TrimPrefix(f, "migrations/")
		n, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s has no number", base)
		}
		body, err := migrations.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: n, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// schemaVersion is the newest migration's number.
// The migrations are embedded in the binary, so failing to read them is a
// fault of the build: it panics.
func schemaVersion() int {
	ms, err := loadMigrations()
	if err != nil {
		panic(err)
	}
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// migrate applies, each in its own transaction, every migration newer than
// the file's user_version, up to target (0 for all; the tests stop
// earlier). The schema version lives in the file as PRAGMA user_version.
func migrate(ctx context.Context, conn *sql.DB, target int) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	var current int
	if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&current); err != nil {
		return err
	}
	for _, m := range ms {
		if m.version <= current || (target > 0 && m.version > target) {
			continue
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", m.version, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// writeSheet loads a game's sheet in one write transaction and runs fn
// on it: all of fn's writes land, or none. Each service of the store is
// built on it: load the sheet, ask the referee, write what it allows,
// commit, or write nothing and return the referee's coded error.
func (s *Store) writeSheet(ctx context.Context, slug string, history int, fn func(conn, *app.Sheet) error) error {
	return s.inTx(ctx, func(tx conn) error { return s.onSheet(ctx, tx, slug, history, fn) })
}

// onSheet loads the sheet in tx and runs fn on it; a view-only link
// writes nothing.
func (s *Store) onSheet(ctx context.Context, tx conn, slug string, history int, fn func(conn, *app.Sheet) error) error {
	sh, err := s.loadSheet(ctx, tx, slug, history)
	if err != nil {
		return err
	}
	if sh.Game.ViewOnly {
		return app.ViewOnly()
	}
	return fn(tx, &sh)
}

// writeSheetKeeping is writeSheet for a write that never changes a game's
// settings or players (see speed.writeKeeping).
func (s *Store) writeSheetKeeping(ctx context.Context, slug string, fn func(conn, *app.Sheet) error) error {
	return s.speed.writeKeeping(ctx, func(tx conn) error { return s.onSheet(ctx, tx, slug, noHistory, fn) })
}

// reader runs queries on the read pool, each on its own: for a read of
// one statement.
func (s *Store) reader() conn { return conn{db: s.read, stmts: s.readStmts} }

// readTx runs fn in one read-only transaction on the read pool, so a
// service that reads several statements answers from one committed state,
// never half of a write and half of the next.
func (s *Store) readTx(ctx context.Context, fn func(conn) error) error {
	forgotten := s.speed.forgets() // before the first read: see speed.since
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(conn{db: s.read, tx: tx, stmts: s.readStmts, forgotten: forgotten})
}

// stamp writes a time the way the store keeps it: UTC, RFC 3339 with
// nanoseconds, so text order is time order.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseStamp(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t, nil
}
