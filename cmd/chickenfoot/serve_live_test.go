package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeEndsStreamsOnShutdown: Ctrl-C stops the server promptly with
// a phone following a game night; the stream ends instead of holding the
// shutdown up until its deadline.
func TestServeEndsStreamsOnShutdown(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "live.db")}, w, slog.New(slog.DiscardHandler))
		w.Close()
	}()
	ready := make(chan string, 1)
	go func() {
		for lines := bufio.NewScanner(out); lines.Scan(); {
			if _, rest, ok := strings.Cut(lines.Text(), "ready at "); ok && len(strings.Fields(rest)) > 0 {
				ready <- strings.Fields(rest)[0]
			}
		}
	}()
	var base string
	select {
	case base = <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("server did not say it was ready")
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest(http.MethodPost, base+"/games", strings.NewReader(url.Values{
		"players": {"Ann\nBob"}, "set": {"6"}, "date": {"2026-11-28"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := client.Do(req)
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /games = %v, %v, want 303", resp, err)
	}
	resp.Body.Close()
	stream, err := client.Get(base + resp.Header.Get("Location") + "/events")
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("GET events = %v, %v, want 200", stream, err)
	}
	defer stream.Body.Close()
	if _, err := bufio.NewReader(stream.Body).ReadString('\n'); err != nil {
		t.Fatalf("reading the stream: %v", err)
	}

	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after shutdown, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("server did not shut down: the stream held it up")
	}
}
