package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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

// TestHealthzReplica: with a replica, the health check still answers 200
// "ok" first, then says how far behind the replica is, in a line and in
// two headers a monitor can read; before the first sync it says so.
func TestHealthzReplica(t *testing.T) {
	t.Parallel()
	var synced atomic.Bool
	a := newAppWith(t, nil, Config{Replication: func() (time.Duration, uint64, bool) {
		if !synced.Load() {
			return 0, 3, false
		}
		return 2500 * time.Millisecond, 7, true
	}})
	r := a.get("/healthz")
	if r.code != http.StatusOK || !strings.HasPrefix(r.body, "ok\n") || !strings.Contains(r.body, "not synced since the start") ||
		r.header.Get("X-Replica-Behind-Seconds") != "never" || r.header.Get("X-Replica-Pending") != "3" {
		t.Fatalf("before the first sync: %d %q %v", r.code, r.body, r.header)
	}
	synced.Store(true)
	r = a.get("/healthz")
	if r.code != http.StatusOK || r.body != "ok\nReplica: last sync 2.5 s ago; changes waiting to go: 7.\n" ||
		r.header.Get("X-Replica-Behind-Seconds") != "2.5" || r.header.Get("X-Replica-Pending") != "7" {
		t.Fatalf("after a sync: %d %q %v", r.code, r.body, r.header)
	}
	// Without a replica the answer is as it always was.
	if r := newAppWith(t, nil, Config{}).get("/healthz"); r.body != "ok\n" || r.header.Get("X-Replica-Pending") != "" {
		t.Fatalf("without a replica: %q %v", r.body, r.header)
	}
}
