package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/handlers"
	"chickenfoot/referee"
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

// TestServeRefusesADamagedFile: with garbage over the file's header the
// server does not start; it names the file and says to restore a backup.
func TestServeRefusesADamagedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "damaged.db")
	store, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(bytes.Repeat([]byte{0xA5}, 100), 0)
	f.Close()

	var stdout, stderr bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- run([]string{"serve", "--addr", "127.0.0.1:0", "--db", path}, nil, &stdout, &stderr) }()
	select {
	case c := <-code:
		if c == 0 {
			t.Fatalf("serve on a damaged file exited 0, want non-zero")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve started on a damaged file")
	}
	for _, want := range []string{path, "damaged", "Restore", "backup"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("serve on a damaged file said %q, which lacks %q", stderr.String(), want)
		}
	}
	if strings.Contains(stdout.String(), "ready") {
		t.Errorf("serve on a damaged file said it was ready: %q", stdout.String())
	}
}

// TestStalledBody: a post that sends its headers and then stops sending
// (nothing, or part of its body) is answered 408 once the server's read
// timeout passes, and writes nothing.
func TestStalledBody(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "stall.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rules := referee.Standard()
	rules.Set = 6
	g, err := store.CreateGame(ctx, app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: rules, HandSize: 7, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	srv := handlers.Server(serveApp(store, handlers.Config{}))
	const timeout = 300 * time.Millisecond
	srv.ReadTimeout = timeout
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()

	for _, sent := range []string{"", "pips=1"} {
		body := url.Values{"pips": {"12"}}.Encode()
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		start := time.Now()
		fmt.Fprintf(conn, "POST /g/%s/rounds/1/entries/0 HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
			"Content-Length: %d\r\n\r\n%s", g.Slug, ln.Addr(), len(body), sent)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("a body stalled after %q: %v", sent, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("a body stalled after %q: status %d, want 408", sent, resp.StatusCode)
		}
		if resp.Header.Get("X-Frame-Options") != "DENY" || resp.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("a body stalled after %q: the 408 lacks the security headers: %v", sent, resp.Header)
		}
		if took := time.Since(start); took > timeout+2*time.Second {
			t.Errorf("a body stalled after %q was answered after %v, want about %v", sent, took, timeout)
		}
	}
	sh, err := store.SheetWithRoundHistory(ctx, g.Slug, 1)
	if err != nil {
		t.Fatal(err)
	}
	if sh.Rounds[0].Entries[0] != nil || len(sh.History) != 0 {
		t.Fatal("a stalled body wrote an entry")
	}
}
