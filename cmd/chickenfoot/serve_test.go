package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseServe(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	cfg, err := parseServe(nil, getenv, io.Discard)
	if err != nil || cfg.addr != ":8080" || cfg.db != "chickenfoot.db" {
		t.Fatalf("defaults = %+v, %v, want :8080 and chickenfoot.db", cfg, err)
	}
	env["CHICKENFOOT_ADDR"], env["CHICKENFOOT_DB"] = "127.0.0.1:9000", "/data/cf.db"
	if cfg, _ = parseServe(nil, getenv, io.Discard); cfg.addr != "127.0.0.1:9000" || cfg.db != "/data/cf.db" {
		t.Fatalf("from the environment = %+v", cfg)
	}
	if cfg, _ = parseServe([]string{"--addr", ":7000", "--db", "x.db"}, getenv, io.Discard); cfg.addr != ":7000" || cfg.db != "x.db" {
		t.Fatalf("flags over the environment = %+v", cfg)
	}
	if _, err := parseServe([]string{"--port", "1"}, getenv, io.Discard); err == nil {
		t.Fatal("an unknown flag was accepted")
	}
	var stderr bytes.Buffer
	if code := run([]string{"serve", "extra"}, nil, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "unexpected argument") {
		t.Fatalf("serve extra = %d, %q, want exit 2 with a message", code, stderr.String())
	}
}

// TestServeAndShutdown starts the server on a free port with a new
// database file, checks it answers, then stops it as Ctrl-C would.
func TestServeAndShutdown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	ctx, stop := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: path}, &out, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == ""; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("server did not start: %q", out.String())
		}
		if _, rest, ok := strings.Cut(out.String(), "ready at "); ok {
			url = strings.Fields(rest)[0]
		}
	}
	resp, err := http.Get(url + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz = %v, %v, want 200", resp, err)
	}
	resp.Body.Close()
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after shutdown, want nil", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("server did not shut down")
	}
	if !strings.Contains(out.String(), "Stopped.") {
		t.Fatalf("output %q lacks the shutdown line", out.String())
	}
}

// syncBuffer is a bytes.Buffer safe to write from the server goroutine
// while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
