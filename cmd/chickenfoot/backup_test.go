package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

func TestParseBackup(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	cfg, err := parseBackup([]string{"monday.db"}, getenv, io.Discard)
	if err != nil || cfg.db != "chickenfoot.db" || cfg.out != "monday.db" {
		t.Fatalf("parseBackup(monday.db) = %+v, %v, want chickenfoot.db to monday.db", cfg, err)
	}
	env["CHICKENFOOT_DB"] = "/data/cf.db"
	if cfg, _ = parseBackup([]string{"out.db"}, getenv, io.Discard); cfg.db != "/data/cf.db" {
		t.Fatalf("from the environment = %+v", cfg)
	}
	if cfg, _ = parseBackup([]string{"--db", "x.db", "out.db"}, getenv, io.Discard); cfg.db != "x.db" {
		t.Fatalf("the flag over the environment = %+v", cfg)
	}
}

// TestBackupUsage: each misuse exits 2 with a sentence on standard error,
// and writes nothing.
func TestBackupUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		says string
	}{
		{"no file", []string{"backup"}, "say where to write the backup"},
		{"two files", []string{"backup", filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")}, "unexpected argument"},
		{"unknown flag", []string{"backup", "--to", filepath.Join(dir, "a.db")}, "flag provided but not defined"},
		{"empty name", []string{"backup", ""}, "file name is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.says) || stdout.Len() > 0 {
				t.Fatalf("run(%q) = %d, stdout %q, stderr %q; want 2 saying %q", tc.args, code, stdout.String(), stderr.String(), tc.says)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("misuse wrote %d files", len(entries))
	}
}

// TestBackupCommand copies a database another store is writing to, the
// way the server would be, then refuses to write over the copy.
func TestBackupCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "chickenfoot.db")
	live, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	g, err := live.CreateGame(ctx, app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: referee.Standard(), HandSize: 15, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { // the table keeps saving scores
		var version int64 // Ann's entry, as the last save left it
		for n := 0; ; n++ {
			select {
			case <-stop:
				return
			default:
			}
			pips := n%400 + 1 // a hand can't hold more than the set's tiles off the table, however long the backup takes
			sh, err := live.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: g.IDs[0], Pips: strconv.Itoa(pips), Basis: app.Basis{Version: version, Open: true}})
			if err != nil {
				t.Error(err)
				return
			}
			version = sh.Version(1, 0)
		}
	})

	out := filepath.Join(dir, "chickenfoot-2026-11-28.db")
	var stdout, stderr bytes.Buffer
	code := run([]string{"backup", "--db", path, out}, nil, &stdout, &stderr)
	close(stop)
	wg.Wait()
	if code != 0 {
		t.Fatalf("backup = %d, stderr %q", code, stderr.String())
	}
	said := stdout.String()
	if strings.Count(said, "\n") != 1 || !strings.Contains(said, out) || !strings.Contains(said, "KB") || !strings.Contains(said, "1 game night.") {
		t.Fatalf("backup said %q, want one line with the file, its size and 1 game night", said)
	}
	if found := integrityCheck(t, out); found != "ok" {
		t.Fatalf("integrity_check of the copy: %q", found)
	}
	before, _ := os.ReadFile(out)

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"backup", "--db", path, out}, nil, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), out+" already exists; pick a new name, or remove it first") {
		t.Fatalf("backup over the copy = %d, stderr %q; want 2, saying to pick a new name", code, stderr.String())
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Fatal("a refused backup changed the file already there")
	}
	if code := run([]string{"backup", "--db", path, path}, nil, io.Discard, io.Discard); code != 2 {
		t.Fatalf("backup onto the database itself = %d, want 2", code)
	}
}

// TestBackupFailures: no database, or nowhere to write, exit 1 and leave
// nothing behind.
func TestBackupFailures(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	out := filepath.Join(dir, "copy.db")
	if code := run([]string{"backup", "--db", filepath.Join(dir, "typo.db"), out}, nil, io.Discard, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "there is no database at") {
		t.Fatalf("backup of a missing database = %d, %q; want 1 saying so", code, stderr.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("a failed backup left %d files, the first %s", len(entries), entries[0].Name())
	}
	path := filepath.Join(dir, "chickenfoot.db")
	s, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	stderr.Reset()
	if code := run([]string{"backup", "--db", path, filepath.Join(dir, "missing", "copy.db")}, nil, io.Discard, &stderr); code != 1 || stderr.Len() == 0 {
		t.Fatalf("backup into a missing folder = %d, %q; want 1 with a message", code, stderr.String())
	}
}
