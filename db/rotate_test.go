package db

import (
	"bytes"
	"context"
	"testing"

	"chickenfoot/db/app"
)

// TestRotateSecrets: every kept key is replaced by a new random one of
// its size, which Secret and KeptSecret then give; none kept is none
// replaced.
func TestRotateSecrets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	if n, err := s.RotateSecrets(ctx); err != nil || n != 0 {
		t.Fatalf("RotateSecrets with no key = %d, %v, want 0", n, err)
	}
	if key, err := s.KeptSecret(ctx, "cookie"); app.CodeOf(err) != app.CodeNotFound || key != nil {
		t.Fatalf("KeptSecret before any = %x, %v, want not found", key, err)
	}
	old, err := s.Secret(ctx, "cookie", 32)
	if err != nil {
		t.Fatal(err)
	}
	if key, err := s.KeptSecret(ctx, "cookie"); err != nil || !bytes.Equal(key, old) {
		t.Fatalf("KeptSecret = %x, %v, want %x", key, err, old)
	}
	if n, err := s.RotateSecrets(ctx); err != nil || n != 1 {
		t.Fatalf("RotateSecrets = %d, %v, want 1", n, err)
	}
	fresh, err := s.Secret(ctx, "cookie", 32)
	if err != nil || len(fresh) != 32 || bytes.Equal(fresh, old) {
		t.Fatalf("Secret after rotating = %x, %v, want 32 new bytes", fresh, err)
	}
	if key, err := s.KeptSecret(ctx, "cookie"); err != nil || !bytes.Equal(key, fresh) {
		t.Fatalf("KeptSecret after rotating = %x, %v, want %x", key, err, fresh)
	}
}
