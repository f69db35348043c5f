package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"chickenfoot/db"
)

// TestBrowserStreamRefusedBacksOff: a phone whose stream the server
// refuses (the night has as many followers as it may) tries again less
// and less often, asks whether the night is gone of the stream's own
// address (never by drawing the page again), and follows the night as
// soon as a place is free.
func TestBrowserStreamRefusedBacksOff(t *testing.T) {
	long(t)
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	streams, endStreams := context.WithCancel(context.Background())
	app := wired(store, Config{StreamsPerGame: 1, Stop: streams})
	var opens, pageHeads atomic.Int32
	var game string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/events"):
			opens.Add(1)
		case r.Method == http.MethodHead && r.URL.Path == game:
			pageHeads.Add(1)
		}
		app.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { endStreams(); srv.Close(); store.Close() })
	a := &testApp{t: t, store: store, server: srv, client: srv.Client()}
	a.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	game = a.createGame("9", "Ann", "Bob", "Cy")

	first := newBrowser(t, srv.URL)
	first.open(game, `[data-testid=round]`)
	second := openTab(t, srv.URL, 100)
	second.do(chromedp.Navigate(srv.URL+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	before := opens.Load()
	time.Sleep(4 * time.Second) // refused again and again meanwhile
	tries := opens.Load() - before
	if tries < 2 || tries > 6 {
		t.Errorf("in 4 s the refused phone tried its stream %d times, want a few (0.5 s, 1 s, 2 s … apart)", tries)
	}
	if n := pageHeads.Load(); n != 0 {
		t.Errorf("the refused phone asked for the page %d times to see whether the night is gone, want none", n)
	}
	open, err := chromedp.Run(second.ctx, chromedp.Evaluate[string](`document.body.getAttribute("data-stream") || ""`))
	if err != nil {
		t.Fatal(err)
	}
	if open == "open" {
		t.Fatal("the second phone's stream is open although the night had its one follower")
	}

	first.do(chromedp.Navigate("about:blank")) // the first phone leaves the page: its place is free
	second.do(poll[chromedp.Void](`document.body.getAttribute("data-stream") === "open"`, chromedp.WithPollingTimeout(15e9)))
	start := time.Now()
	expect(t, "Ann's 12, saved on another phone", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	second.waitTextWithin(start, `#entry-0 [data-testid=entry-summary]`, "12")
}
