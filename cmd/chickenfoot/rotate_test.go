package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"chickenfoot/db"
)

// TestRotateSecret: the command replaces the cookie key of the database
// named, says what that does, and refuses a database that is not there.
func TestRotateSecret(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "app.db")
	store, err := db.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	old, err := store.Secret(ctx, "unlock-cookie", 32)
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"rotate-secret", "--db", file}, nil, &out, &errs); code != 0 || out.String() != english.say("cli.rotate.done", "Path", file, "N", 1)+"\n" {
		t.Fatalf("rotate-secret = %d, %q, %q", code, out.String(), errs.String())
	}
	store, err = db.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if key, err := store.KeptSecret(ctx, "unlock-cookie"); err != nil || bytes.Equal(key, old) || len(key) != 32 {
		t.Fatalf("the key after rotate-secret = %x, %v, want a new one", key, err)
	}
	out.Reset()
	errs.Reset()
	missing := filepath.Join(t.TempDir(), "none.db")
	if code := run([]string{"rotate-secret", "--db", missing}, nil, &out, &errs); code != 1 || !strings.Contains(errs.String(), english.say("cli.backup.no-db", "Path", missing)) {
		t.Fatalf("rotate-secret on no database = %d, %q", code, errs.String())
	}
	if code := run([]string{"rotate-secret", "--db", file, "extra"}, nil, &out, &errs); code != 2 {
		t.Fatalf("rotate-secret with an extra argument = %d, want 2", code)
	}
}
