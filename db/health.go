package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// ErrDamaged is the category of a database file SQLite finds damaged:
// quick_check reports a fault, or the file is not a database at all.
// Serving from such a file would write on top of the damage.
var ErrDamaged = errors.New("database file is damaged")

// damagedFile is the refusal of the damaged file at path, naming what
// SQLite found in it: unavailable, and one of ErrDamaged.
func damagedFile(path string, found []string) error {
	return &app.Error{Code: app.CodeUnavailable, Key: "db.damaged", Err: ErrDamaged,
		Params: referee.Params{"Path": path, "Found": strings.Join(found, "; ")}}
}

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
		return damagedFile(path, found)
	}
	return nil
}

// damaged turns SQLite's "malformed" and "not a database" errors into a
// refusal of the damaged file at path; any other error is returned as it
// is.
func damaged(path string, err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return damagedFile(path, []string{se.Error()})
		}
	}
	return err
}
