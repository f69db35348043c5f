package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// ErrExists refuses a backup over a file that is already there: an older
// backup, or the database itself, is never written over.
var ErrExists = errors.New("file already exists")

// A BackupCopy is a finished, checked backup.
type BackupCopy struct {
	Path  string
	Size  int64 // bytes
	Games int   // game nights it keeps
}

// Backup writes a consistent copy of the database to the new file out,
// while the app goes on serving, then opens the copy read-only and checks
// it: SQLite's integrity check passes and its schema is this store's.
//
// The copy is SQLite's VACUUM INTO, made on a reader: it reads the
// database as of one moment, so it holds every write committed before it
// began, and it never holds the writer, so saves go on meanwhile. A copy
// that fails, or fails its check, is removed. A file already at out is
// refused (ErrExists) and left alone.
func (s *Store) Backup(ctx context.Context, out string) (BackupCopy, error) {
	b := BackupCopy{Path: out}
	// Made empty here, exclusively, so nobody else's file is ever written
	// over or removed; VACUUM INTO accepts an empty file.
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return b, fmt.Errorf("db: backup to %s: %w", out, ErrExists)
	}
	if err != nil {
		return b, fmt.Errorf("db: backup: %w", err)
	}
	f.Close()
	if b, err = s.backup(ctx, out); err != nil {
		for _, suffix := range []string{"", "-journal", "-wal", "-shm"} {
			os.Remove(out + suffix)
		}
		return b, fmt.Errorf("db: backup to %s: %w", out, err)
	}
	return b, nil
}

func (s *Store) backup(ctx context.Context, out string) (BackupCopy, error) {
	b := BackupCopy{Path: out}
	// A reader of its own: the pool's readers are query_only, which SQLite
	// takes to forbid VACUUM INTO as well. Opened read-only, this one can
	// still write nothing to the database.
	src, err := sql.Open("sqlite", "file:"+s.path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return b, err
	}
	defer src.Close()
	if _, err := src.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return b, err
	}
	if err := syncFile(out); err != nil {
		return b, err
	}
	if b.Games, err = checkCopy(ctx, out); err != nil {
		return b, err
	}
	st, err := os.Stat(out)
	if err != nil {
		return b, err
	}
	b.Size = st.Size()
	return b, nil
}

// syncFile puts the copy, and its name in its folder, on the disk:
// VACUUM INTO writes the file under the readers' synchronous=NORMAL, which
// does not sync it.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer dir.Close()
	dir.Sync() // some file systems refuse to sync a folder: the file itself is synced
	return nil
}

// checkCopy opens the copy at path read-only and checks it as a restore
// would need it: SQLite's full integrity check finds nothing, and its
// schema version is this build's. It counts the game nights kept.
func checkCopy(ctx context.Context, path string) (int, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=query_only(1)")
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	found, err := integrityCheck(ctx, conn)
	if err != nil {
		return 0, fmt.Errorf("checking the copy: %w", err)
	}
	if len(found) > 0 {
		return 0, app.Refuse(nil, "backup.integrity", referee.Params{"Found": found[0]})
	}
	var version, games int
	if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, err
	}
	if want := schemaVersion(); version != want {
		return 0, app.Refuse(nil, "backup.schema", referee.Params{"Version": version, "Want": want})
	}
	err = conn.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&games)
	return games, err
}

// integrityCheck runs PRAGMA integrity_check and lists what it found
// besides "ok".
func integrityCheck(ctx context.Context, conn *sql.DB) ([]string, error) {
	rows, err := conn.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, err
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	return found, rows.Err()
}
