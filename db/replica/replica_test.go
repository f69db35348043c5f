package replica

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestReplicateAndRestore streams a store's file to a file:// replica,
// restores it to a new file, and finds there the same game nights: the
// export of the restored file is the original's, the file passes the
// backup's checks (integrity and schema version) and imports into another
// store, though it holds Litestream's own tables, which none of them see.
// The replica's status says when it has caught up.
func TestReplicateAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	rep := "file://" + filepath.Join(dir, "replica")
	store, err := db.OpenWith(ctx, path, db.Options{Replicated: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Start(ctx, path, rep, quiet, 0)
	if err != nil {
		t.Fatal(err)
	}
	var autocheckpoint int
	if err := sqlOpen(t, path).QueryRow("PRAGMA wal_autocheckpoint").Scan(&autocheckpoint); err != nil || autocheckpoint == 0 {
		t.Fatalf("a plain connection's wal_autocheckpoint = %d, %v; want SQLite's default", autocheckpoint, err)
	}
	rules := referee.Standard()
	for _, name := range []string{"Friday", "Saturday"} {
		if _, err := store.CreateGame(ctx, app.NewGame{Name: name, PlayedOn: "2026-12-04", Rules: rules, HandSize: 7, Players: []string{"Ann", "Ben", "Cas"}}); err != nil {
			t.Fatal(err)
		}
	}
	want, err := store.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Caught up: synced since the writes, nothing pending.
	wrote := time.Now()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if st := r.Status(); st.LastSync.After(wrote.Add(1500*time.Millisecond)) && st.Pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica did not catch up in 10 s: %+v", r.Status())
		}
	}
	store.Close()
	if err := r.Close(ctx); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "restored.db")
	if err := Restore(ctx, rep, out, time.Time{}, quiet); err != nil {
		t.Fatal(err)
	}
	var tables int
	if err := sqlOpen(t, out).QueryRow("SELECT count(*) FROM sqlite_schema WHERE name LIKE '\\_litestream\\_%' ESCAPE '\\'").Scan(&tables); err != nil || tables == 0 {
		t.Fatalf("Litestream's tables in the restored file: %d, %v; the test would prove nothing", tables, err)
	}
	restored, err := db.Open(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	got, err := restored.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := jsonOf(t, want), jsonOf(t, got); a != b {
		t.Fatalf("the restored file exports\n%s\nwant\n%s", b, a)
	}
	if b, err := restored.Backup(ctx, filepath.Join(dir, "backup.db")); err != nil || b.Games != 2 {
		t.Fatalf("backup of the restored file: %+v, %v", b, err)
	}
	other, err := db.Open(ctx, filepath.Join(dir, "other.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if n, err := other.Import(ctx, got); err != nil || n != 2 {
		t.Fatalf("importing the restored export: %d, %v", n, err)
	}

	// A second restore to the same file is refused, and leaves it alone.
	before, _ := os.ReadFile(out)
	if err := Restore(ctx, rep, out, time.Time{}, quiet); !errors.Is(err, ErrExists) {
		t.Fatalf("restore over a file: %v, want ErrExists", err)
	}
	if after, _ := os.ReadFile(out); string(after) != string(before) {
		t.Fatal("a refused restore changed the file")
	}
	// RestoreMissing leaves a file that is there alone.
	if did, err := RestoreMissing(ctx, out, rep, quiet); did || err != nil {
		t.Fatalf("RestoreMissing over a file: %v, %v", did, err)
	}
}

// TestRestoreEmpty: an empty replica restores nothing, leaves no file, and
// RestoreMissing lets the app start a new one.
func TestRestoreEmpty(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	rep := "file://" + filepath.Join(dir, "replica")
	out := filepath.Join(dir, "out.db")
	if err := Restore(ctx, rep, out, time.Time{}, quiet); !errors.Is(err, ErrEmpty) {
		t.Fatalf("Restore from an empty replica: %v, want ErrEmpty", err)
	}
	if did, err := RestoreMissing(ctx, out, rep, quiet); did || err != nil {
		t.Fatalf("RestoreMissing from an empty replica: %v, %v", did, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("an empty restore left %v", entries)
	}
}

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"file:///srv/replica", "s3://bucket/chickenfoot", "s3://bucket/cf?endpoint=http://127.0.0.1:9000&region=us-east-1"} {
		if err := CheckURL(ok); err != nil {
			t.Errorf("CheckURL(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "replica", "file://replica", "gs://bucket/x", "ftp://host/x"} {
		if err := CheckURL(bad); err == nil {
			t.Errorf("CheckURL(%q) accepted it", bad)
		}
	}
	if got := redact("s3://key:secret@bucket/x"); strings.Contains(got, "secret") {
		t.Errorf("redact kept the secret: %s", got)
	}
}

func sqlOpen(t *testing.T, path string) *sql.DB {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lockedBuffer is a log destination safe for the watcher's goroutine.
type lockedBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestReplicaLogsLag: the log says how far behind the replica is, the
// first time it looks.
func TestReplicaLogsLag(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	store, err := db.OpenWith(ctx, path, db.Options{Replicated: true})
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	r, err := Start(ctx, path, "file://"+filepath.Join(dir, "replica"), slog.New(slog.NewTextHandler(&out, nil)), 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		store.Close()
		r.Close(ctx)
	}()
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(out.String(), "behind_seconds="); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no lag in the log after 5 s:\n%s", out.String())
		}
	}
	if !strings.Contains(out.String(), "pending=") {
		t.Fatalf("the log's lag line has no pending count:\n%s", out.String())
	}
}

// TestCheckURLWords: an address that names no replica this build can
// use says why in the reader's language.
func TestCheckURLWords(t *testing.T) {
	for _, tt := range []struct{ url, en, da string }{
		{"file://replica", "a file replica is an absolute folder, as file:///srv/replica",
			"en filreplika er en absolut mappe, som file:///srv/replica"},
		{"ftp://host/x", "a replica is file:///FOLDER or s3://BUCKET/PATH, not ftp://",
			"en replika er file:///MAPPE eller s3://SPAND/STI, ikke ftp://"},
	} {
		err := CheckURL(tt.url)
		var r *app.Error
		if !errors.As(err, &r) {
			t.Fatalf("CheckURL(%q) = %v, want an *app.Error", tt.url, err)
		}
		if worded(t, "en", r) != tt.en || worded(t, "da", r) != tt.da {
			t.Errorf("CheckURL(%q) = %q / %q,\nwant %q / %q", tt.url, worded(t, "en", r), worded(t, "da", r), tt.en, tt.da)
		}
	}
}
