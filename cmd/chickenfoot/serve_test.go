package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
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
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: path}, w, slog.New(slog.NewTextHandler(io.Discard, nil)))
		w.Close()
	}()
	ready, said := make(chan string, 1), make(chan string, 1)
	go func() { // the address the server says it is ready at, then all it said
		var all strings.Builder
		for lines := bufio.NewScanner(out); lines.Scan(); {
			all.WriteString(lines.Text() + "\n")
			if _, rest, ok := strings.Cut(lines.Text(), "ready at "); ok && len(strings.Fields(rest)) > 0 {
				ready <- strings.Fields(rest)[0]
			}
		}
		said <- all.String()
	}()
	var url string
	select {
	case url = <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("server did not say it was ready")
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
	if all := <-said; !strings.Contains(all, "Stopped.") {
		t.Fatalf("output %q lacks the shutdown line", all)
	}
}
