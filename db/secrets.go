package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
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
