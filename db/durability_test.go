package db

import (
	"context"
	"testing"
)

// TestWriterSyncsEveryCommit checks the writer connection runs with
// synchronous=FULL (2), so every commit is on the disk before the app
// answers, and that the file is in WAL mode, where FULL means a sync of
// the WAL per commit. The crash test in cmd/chickenfoot kills the server
// mid-write; this is the setting that also covers a power cut.
func TestWriterSyncsEveryCommit(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	var sync int
	var mode string
	if err := s.write.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if err := s.write.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if sync != 2 || mode != "wal" {
		t.Fatalf("the writer has synchronous=%d, journal_mode=%s; want 2 (FULL) and wal", sync, mode)
	}
}
