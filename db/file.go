package db

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"chickenfoot/db/app"
)

// The database file holds every night's edit link: only its owner may
// read it. It is made 0600 before SQLite opens it, and SQLite gives its
// -wal and -shm files the mode of the database file; a file (or one of
// those) left readable by others by an earlier version is narrowed.
const fileMode = 0o600

// ensureFile makes the database file at path, empty and private, when
// there is none, and narrows the mode of the files already there.
func ensureFile(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fileMode)
	switch {
	case err == nil:
		return f.Close()
	case !errors.Is(err, fs.ErrExist):
		return fmt.Errorf("db: making %s: %w", path, err)
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		st, err := os.Stat(path + suffix)
		if err != nil || st.Mode().Perm()&0o077 == 0 {
			continue
		}
		if err := os.Chmod(path+suffix, st.Mode().Perm()&^0o077); err != nil {
			return fmt.Errorf("db: making %s private: %w", path+suffix, err)
		}
	}
	return nil
}

// ErrFileGone says the database file the store opened is no longer at its
// path: deleted, or replaced by another file. What would be written now
// would go to a file nobody will open again, so the store stops taking
// writes until it is started again.
var ErrFileGone = app.Unavailable("db-gone")

// ErrDiskFull says a write found the disk (or the database's size limit)
// full: nothing of it was written.
var ErrDiskFull = app.Full("disk-full")

// fileWatch knows which file the store opened, to notice when the path
// names another one or none.
type fileWatch struct {
	path   string
	opened os.FileInfo // nil when the path could not be read at open
	mu     sync.Mutex
	gone   error // sticky once the file is found gone
}

func newFileWatch(path string) *fileWatch {
	w := &fileWatch{path: path}
	w.opened, _ = os.Stat(path)
	return w
}

// check reports ErrFileGone, for good, once the path no longer names the
// file opened. It costs one stat.
func (w *fileWatch) check() error {
	if w == nil || w.opened == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gone != nil {
		return w.gone
	}
	st, err := os.Stat(w.path)
	if err == nil && os.SameFile(w.opened, st) {
		return nil
	}
	w.gone = fmt.Errorf("db: %s is no longer the file opened (%v): %w", w.path, statOrReplaced(err), ErrFileGone)
	return w.gone
}

func statOrReplaced(err error) error {
	if err != nil {
		return err
	}
	return errors.New("another file is there now")
}

// storeFault words a write's failure the handlers can answer precisely:
// a full disk is ErrDiskFull; anything else is returned as it is.
func storeFault(err error) error {
	var se *sqlite.Error
	if err != nil && errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL {
		return fmt.Errorf("%w: %v", ErrDiskFull, err)
	}
	return err
}

// healthEvery is how often the health check writes its row: often enough
// to notice a disk that stopped taking writes, rarely enough that asking
// for the health costs no disk sync.
const healthEvery = time.Minute

// healthStamp remembers when the health row was last written.
type healthStamp struct {
	mu   sync.Mutex
	last time.Time
}

// due reports whether the health row should be written at now, and if so
// counts it as written.
func (h *healthStamp) due(now time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.last.IsZero() && now.Sub(h.last) < healthEvery && now.After(h.last) {
		return false
	}
	h.last = now
	return true
}

// forget makes the next health check write again.
func (h *healthStamp) forget() {
	h.mu.Lock()
	h.last = time.Time{}
	h.mu.Unlock()
}

// Ping proves the database can be read and written, as a health check
// needs, without a write each time: it checks that the path still names
// the file opened, counts the games on a reader, and stamps the one row
// of the health table through the writer at most once a minute (a failed
// write is tried again at the next check).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.file.check(); err != nil {
		return err
	}
	var games int
	if err := s.read.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&games); err != nil {
		return fmt.Errorf("db: reading the games: %w", err)
	}
	now := s.Now()
	if !s.healthy.due(now) {
		return nil
	}
	_, err := s.write.ExecContext(ctx, `INSERT INTO health (id, checked_at) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`, stamp(now))
	if err != nil {
		s.healthy.forget()
		return fmt.Errorf("db: writing the health row: %w", storeFault(err))
	}
	return nil
}
