package db

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
)

// TestSecret: a key is made once, kept across a restart, differs by
// name, and is refused when asked for with another size.
func TestSecret(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "keys.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Secret(ctx, "cookie", 32)
	if err != nil || len(first) != 32 || bytes.Equal(first, make([]byte, 32)) {
		t.Fatalf("Secret(cookie, 32) = %x, %v, want 32 random bytes", first, err)
	}
	again, err := s.Secret(ctx, "cookie", 32)
	if err != nil || !bytes.Equal(again, first) {
		t.Fatalf("Secret(cookie, 32) again = %x, %v, want the first key %x", again, err, first)
	}
	other, err := s.Secret(ctx, "other", 32)
	if err != nil || bytes.Equal(other, first) {
		t.Fatalf("Secret(other, 32) = %x, %v, want a key of its own", other, err)
	}
	if k, err := s.Secret(ctx, "cookie", 64); err == nil {
		t.Fatalf("Secret(cookie, 64) = %x, want an error: it is kept with 32 bytes", k)
	}
	if k, err := s.Secret(ctx, "short", 4); err == nil {
		t.Fatalf("Secret(short, 4) = %x, want an error", k)
	}
	s.Close()
	if s, err = Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if kept, err := s.Secret(ctx, "cookie", 32); err != nil || !bytes.Equal(kept, first) {
		t.Fatalf("after reopening, Secret(cookie, 32) = %x, %v, want %x", kept, err, first)
	}
}
