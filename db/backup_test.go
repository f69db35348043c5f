package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"modernc.org/sqlite"

	"chickenfoot/db/app"
)

// TestBackupWhileWriting copies the database while writers keep saving
// scores: saves go on while the backup is under way, and the copy opens,
// passes SQLite's integrity check, and holds every save acknowledged
// before it began to read.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	for i := range 100 { // something to copy
		newGame(t, s, "Ann", fmt.Sprint("Bob ", i))
	}
	const writers, first, during = 4, 20, 5
	games := make([]app.Game, writers)
	for w := range games {
		games[w] = newGame(t, s, "Ann", "Bob")
	}
	// The backup opens a reader of its own before it reads: the hook
	// notes that it has begun, and holds it there until every writer has
	// made as many saves (during) begun since.
	began := make(chan struct{})
	begin := sync.OnceFunc(func() { close(began) })
	var wrote sync.WaitGroup
	wrote.Add(writers)
	sqlite.RegisterConnectionHook(func(_ sqlite.ExecQuerierContext, dsn string) error {
		if strings.HasPrefix(dsn, "file:"+s.path+"?mode=ro") {
			begin()
			wrote.Wait()
		}
		return nil
	})
	// Each writer saves Ann's pips 1, 2, 3… in its own game, and notes the
	// last save acknowledged; started is done once each has made its
	// first saves.
	var acked [writers]atomic.Int64
	var started sync.WaitGroup
	started.Add(writers)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w, g := range games {
		ready, wroteDuring := sync.OnceFunc(started.Done), sync.OnceFunc(wrote.Done)
		wg.Go(func() {
			defer ready()
			defer wroteDuring() // a writer that fails holds nobody up
			var since int       // saves begun once the backup had
			for pips := 1; ; pips++ {
				select {
				case <-stop:
					return
				default:
				}
				backingUp := false
				select {
				case <-began:
					backingUp = true
				default:
				}
				if _, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(pips), "", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
					t.Errorf("writer %d: save %d: %v", w, pips, err)
					return
				}
				acked[w].Store(int64(pips))
				if pips == first {
					ready()
				}
				if backingUp {
					if since++; since == during {
						wroteDuring()
					}
				}
			}
		})
	}
	started.Wait()
	if t.Failed() {
		close(stop)
		wg.Wait()
		t.FailNow()
	}
	var before [writers]int64
	for w := range before {
		before[w] = acked[w].Load()
	}
	out := filepath.Join(t.TempDir(), "copy.db")
	b, err := s.Backup(ctx, out)
	var after [writers]int64
	for w := range after {
		after[w] = acked[w].Load()
	}
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("Backup: %v", err)
	}
	select {
	case <-began:
	default:
		t.Fatal("the backup began without a reader of its own: nothing waited for the writers")
	}
	for w := range after {
		if after[w]-before[w] < during {
			t.Errorf("writer %d saved %d times while the backup was under way, want at least %d", w, after[w]-before[w], during)
		}
	}
	if b.Games != 100+writers || b.Size == 0 || b.Path != out {
		t.Fatalf("Backup = %+v, want %d games in a file at %s", b, 100+writers, out)
	}

	cp, err := Open(ctx, out)
	if err != nil {
		t.Fatalf("opening the copy: %v", err)
	}
	defer cp.Close()
	for w, g := range games {
		sh, err := cp.sheetWithHistory(ctx, g.Slug)
		if err != nil {
			t.Fatalf("writer %d's game in the copy: %v", w, err)
		}
		// Saved during times after the backup began, and before it read.
		want := before[w] + during
		e := sh.Rounds[0].Entries[0]
		if e == nil || int64(e.Pips) < want || int64(len(sh.History)) < want {
			t.Errorf("writer %d: copy has %+v and %d changes, want at least the %d saves acknowledged before the backup read",
				w, e, len(sh.History), want)
		}
	}
	if found := checkIntegrity(t, out); len(found) > 0 {
		t.Fatalf("integrity_check of the copy: %q", found)
	}
}

// TestBackupRefusesAnExistingFile: a file already at the backup's path,
// even the database itself, is left exactly as it was.
func TestBackupRefusesAnExistingFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	newGame(t, s, "Ann", "Bob")
	old := filepath.Join(t.TempDir(), "monday.db")
	if err := os.WriteFile(old, []byte("last week's backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Backup(ctx, old); !errors.Is(err, ErrExists) {
		t.Fatalf("Backup over a file = %v, want ErrExists", err)
	}
	if got, _ := os.ReadFile(old); string(got) != "last week's backup" {
		t.Fatalf("the existing file now holds %q", got)
	}
	// A copy that can't be written leaves nothing behind.
	missing := filepath.Join(t.TempDir(), "no such folder", "copy.db")
	if _, err := s.Backup(ctx, missing); err == nil || errors.Is(err, ErrExists) {
		t.Fatalf("Backup into a missing folder = %v, want a failure", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	gone := filepath.Join(t.TempDir(), "cancelled.db")
	if _, err := s.Backup(ctx, gone); err == nil {
		t.Fatal("a cancelled backup succeeded")
	}
	if _, err := os.Stat(gone); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed backup left %s behind: %v", gone, err)
	}
}

func checkIntegrity(t *testing.T, path string) []string {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	found, err := integrityCheck(context.Background(), s.read)
	if err != nil {
		t.Fatal(err)
	}
	return found
}
