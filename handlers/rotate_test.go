package handlers

import (
	"context"
	"net/http"
	"testing"
)

// TestRotatedSecretLocksBrowsers: once the cookie key is rotated, every
// browser's unlock cookie stops working, on the server already running,
// and the passphrase unlocks again.
func TestRotatedSecretLocksBrowsers(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase})
	expect(t, "unlock", a.tryPassphrase(passphrase, "/", ""), http.StatusSeeOther)
	expect(t, "home, unlocked", a.get("/"), http.StatusOK)
	if n, err := a.store.RotateSecrets(context.Background()); err != nil || n != 1 {
		t.Fatalf("RotateSecrets = %d, %v, want 1 key", n, err)
	}
	if r := a.get("/"); r.code != http.StatusSeeOther {
		t.Fatalf("home with a cookie signed by the old key = %d, want 303 to the unlock page", r.code)
	}
	expect(t, "unlock again", a.tryPassphrase(passphrase, "/", ""), http.StatusSeeOther)
	expect(t, "home, unlocked again", a.get("/"), http.StatusOK)
}
