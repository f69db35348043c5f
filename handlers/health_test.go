package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// downStore is a store whose database does not answer: its Ping fails,
// and any other method panics.
type downStore struct{ Store }

// Ping must be Store's own, or the override would shadow nothing.
var _ interface{ Ping(context.Context) error } = Store(nil)

func (downStore) Ping(context.Context) error { return errors.New("disk on fire") }

func TestHealthzDown(t *testing.T) {
	t.Parallel()
	e := New(downStore{}, Config{})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/healthz", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("GET /healthz with the database down = %d, want 503", rec.Code)
	}
}
