package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseRestore(t *testing.T) {
	env := map[string]string{"CHICKENFOOT_REPLICA": "file:///srv/replica"}
	getenv := func(k string) string { return env[k] }
	cfg, err := parseRestore([]string{"out.db"}, getenv, io.Discard)
	if err != nil || cfg.replica != "file:///srv/replica" || cfg.out != "out.db" || !cfg.at.IsZero() {
		t.Fatalf("parseRestore(out.db) = %+v, %v; want the environment's replica, the newest state", cfg, err)
	}
	cfg, err = parseRestore([]string{"--replica", "s3://bucket/cf", "--at", "2026-12-05T23:30:00+02:00", "out.db"}, getenv, io.Discard)
	if err != nil || cfg.replica != "s3://bucket/cf" || cfg.at.UTC().Format("15:04") != "21:30" {
		t.Fatalf("the flags over the environment = %+v, %v", cfg, err)
	}
}

// TestRestoreUsage: each misuse exits 2 with a sentence on standard error,
// and writes nothing; an existing file is never written over.
func TestRestoreUsage(t *testing.T) {
	dir := t.TempDir()
	rep := "file://" + filepath.Join(dir, "replica")
	kept := filepath.Join(dir, "kept.db")
	if err := os.WriteFile(kept, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CHICKENFOOT_REPLICA", "")
	for _, tc := range []struct {
		name string
		args []string
		says string
	}{
		{"no file", []string{"restore", "--replica", rep}, "say where to write the restored database"},
		{"two files", []string{"restore", "--replica", rep, filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")}, "unexpected argument"},
		{"no replica", []string{"restore", filepath.Join(dir, "a.db")}, "say which replica"},
		{"bad time", []string{"restore", "--replica", rep, "--at", "last friday", filepath.Join(dir, "a.db")}, "is not a time"},
		{"unknown scheme", []string{"restore", "--replica", "ftp://host/x", filepath.Join(dir, "a.db")}, "can't be used"},
		{"relative folder", []string{"restore", "--replica", "file://replica", filepath.Join(dir, "a.db")}, "absolute folder"},
		{"empty name", []string{"restore", "--replica", rep, ""}, "name is empty"},
		{"existing file", []string{"restore", "--replica", rep, kept}, "already exists"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.says) || stdout.Len() > 0 {
				t.Fatalf("run(%q) = %d, stdout %q, stderr %q; want 2 saying %q", tc.args, code, stdout.String(), stderr.String(), tc.says)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(kept); len(entries) != 1 || string(b) != "mine" {
		t.Fatalf("misuse left %d files, the existing one holding %q", len(entries), b)
	}
	// An empty replica is a failure, not a misuse: exit 1, nothing written.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"restore", "--replica", rep, filepath.Join(dir, "a.db")}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "holds no copy") {
		t.Fatalf("from an empty replica: %d, %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "a.db")); err == nil {
		t.Fatal("a restore from an empty replica left a file")
	}
}

func TestParseServeReplica(t *testing.T) {
	getenv := func(k string) string {
		if k == "CHICKENFOOT_REPLICA" {
			return "file:///mnt/second/chickenfoot"
		}
		return ""
	}
	if cfg, err := parseServe(nil, getenv, io.Discard); err != nil || cfg.replica != "file:///mnt/second/chickenfoot" {
		t.Fatalf("from the environment: %+v, %v", cfg, err)
	}
	if _, err := parseServe([]string{"--replica", "gs://bucket/x"}, getenv, io.Discard); err == nil || !strings.Contains(english.tell(err), "can't be used") {
		t.Fatalf("--replica gs://: %v, want a refusal", err)
	}
}
