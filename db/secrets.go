package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"

	"chickenfoot/db/app"
)

// Secret returns the random key kept under name, making it (size random
// bytes) if there is none yet. Reading and making are one transaction, so
// two servers starting on one file agree on the key. A key kept with
// another size is an error: a caller that changed its size would
// otherwise sign with a key it did not ask for.
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	if size < 16 {
		return nil, fmt.Errorf("db: secret %q: %d bytes is too short to be a key", name, size)
	}
	var key []byte
	err := s.inTx(ctx, func(tx conn) error {
		err := tx.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&key)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		key = make([]byte, size)
		rand.Read(key) // never fails: crypto/rand panics rather than return a weak key
		_, err = tx.ExecContext(ctx, `INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?)`, name, key, stamp(s.Now()))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("db: secret %q: %w", name, err)
	}
	if len(key) != size {
		return nil, fmt.Errorf("db: secret %q is kept with %d bytes, not %d", name, len(key), size)
	}
	return key, nil
}

// KeptSecret returns the key kept under name, read without writing, or a
// not-found error when there is none yet: a server checks it on each
// request, so a key rotated by another process is used at once.
func (s *Store) KeptSecret(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := s.reader().QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.NotFound("secret")
	}
	if err != nil {
		return nil, fmt.Errorf("db: secret %q: %w", name, err)
	}
	return key, nil
}

// RotateSecrets replaces every kept key with new random bytes of its
// size, in one transaction, and says how many it replaced. Whatever was
// signed with the old keys (every browser's unlock cookie) no longer
// checks.
func (s *Store) RotateSecrets(ctx context.Context) (int, error) {
	n := 0
	err := s.inTx(ctx, func(tx conn) error {
		n = 0
		var names []string
		var sizes []int
		if err := eachRow(ctx, tx, `SELECT name, length(value) FROM secrets ORDER BY name`, nil, func(r *sql.Rows) error {
			var name string
			var size int
			err := r.Scan(&name, &size)
			names, sizes = append(names, name), append(sizes, size)
			return err
		}); err != nil {
			return err
		}
		for i, name := range names {
			key := make([]byte, sizes[i])
			rand.Read(key)
			if _, err := tx.ExecContext(ctx, `UPDATE secrets SET value = ?, created_at = ? WHERE name = ?`, key, stamp(s.Now()), name); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("db: rotating the secrets: %w", err)
	}
	return n, nil
}
