package db

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chickenfoot/db/app"
)

// TestPing: the health check reads the schema and writes its row, and
// fails when either can't be done.
func TestPing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	checked := func(s *Store) (rows int, at string) {
		t.Helper()
		if err := s.read.QueryRow("SELECT count(*), coalesce(max(checked_at), '') FROM health").Scan(&rows, &at); err != nil {
			t.Fatal(err)
		}
		return rows, at
	}

	s := openTest(t)
	for i := range 2 {
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("Ping #%d on a sound store = %v, want nil", i+1, err)
		}
	}
	// The second ping, a second later, reads but does not write.
	if rows, at := checked(s); rows != 1 || at != "2026-11-28T20:00:01Z" {
		t.Errorf("after two pings the health table has %d rows checked at %q, want 1 at 2026-11-28T20:00:01Z", rows, at)
	}

	unwritable := openTest(t)
	if _, err := unwritable.write.Exec("PRAGMA query_only = 1"); err != nil { // the writer's one connection
		t.Fatal(err)
	}
	if err := unwritable.Ping(ctx); err == nil || !strings.Contains(err.Error(), "writing") {
		t.Errorf("Ping with the writer refusing writes = %v, want an error writing", err)
	}

	unreadable := openTest(t)
	if _, err := unreadable.write.Exec("ALTER TABLE games RENAME TO games_gone"); err != nil {
		t.Fatal(err)
	}
	if err := unreadable.Ping(ctx); err == nil || !strings.Contains(err.Error(), "reading") {
		t.Errorf("Ping with no games table = %v, want an error reading", err)
	}
	if rows, _ := checked(unreadable); rows != 0 {
		t.Errorf("a Ping that could not read wrote %d health rows", rows)
	}
}

// TestOpenRefusesADamagedFile writes garbage over parts of a sound file:
// Open reports it damaged, naming the file, and writes nothing to it.
func TestOpenRefusesADamagedFile(t *testing.T) {
	t.Parallel()
	const page = 4096
	cases := []struct {
		name     string
		from, to int // the bytes overwritten
	}{
		{"pages in the middle", 2 * page, 6 * page},
		{"the header", 0, 100},
		{"the schema page", 100, page},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			path := soundFile(t)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) < c.to {
				t.Fatalf("the sound file has %d bytes, fewer than the %d to damage", len(b), c.to)
			}
			r := rand.New(rand.NewPCG(1, 2))
			for i := c.from; i < c.to; i++ {
				b[i] = byte(r.Uint32())
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
				t.Fatal("Open on a damaged file = nil error, want it refused")
			}
			e := app.From(err)
			if !errors.Is(err, ErrDamaged) || e == nil || e.Code != app.CodeUnavailable || e.Params["Path"] != path || e.Params["Found"] == "" {
				t.Fatalf("Open on a damaged file = %v, want it refused as damaged, naming %s", err, path)
			}
			if said := worded(t, "en", e); !strings.Contains(said, path+" is damaged: ") {
				t.Errorf("the refusal says %q", said)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
				t.Error("Open wrote to the damaged file")
			}
		})
	}
}

// soundFile is a closed database file with enough games to span several
// pages.
func soundFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sound.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		newGame(t, s, "Ann", "Bob", "Cat")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		t.Fatalf("the WAL still holds %d bytes after Close", st.Size())
	}
	return path
}
