package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrDamaged is the category of a database file SQLite finds damaged:
// quick_check reports a fault, or the file is not a database at all.
// Serving from such a file would write on top of the damage.
var ErrDamaged = errors.New("database file is damaged")

// A DamagedError names the damaged file and what SQLite found in it.
// It unwraps to ErrDamaged.
type DamagedError struct {
	Path  string
	Found []string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("db: %s is damaged: %s", e.Path, strings.Join(e.Found, "; "))
}

// Unwrap returns ErrDamaged.
func (e *DamagedError) Unwrap() error { return ErrDamaged }

// quickCheck runs PRAGMA quick_check on the file behind conn before
// anything is written to it. It lists at most a few findings: the first
// say enough to know the file needs its backup.
func quickCheck(ctx context.Context, conn *sql.DB, path string) error {
	rows, err := conn.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return damaged(path, err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return damaged(path, err)
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return damaged(path, err)
	}
	if len(found) > 0 {
		return &DamagedError{Path: path, Found: found}
	}
	return nil
}

// damaged turns SQLite's "malformed" and "not a database" errors into a
// *DamagedError for path; any other error is returned as it is.
func damaged(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return &DamagedError{Path: path, Found: []string{se.Error()}}
		}
	}
	return err
}
