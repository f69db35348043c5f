package handlers

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"chickenfoot/cmd/chickenload/measure"
	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// benchApp is the app on a temp-dir SQLite file behind a real loopback
// HTTP server, like testApp but usable from benchmarks (testing.TB) and,
// for requests, from many goroutines at once: it never writes to itself
// after setup.
type benchApp struct {
	store  *db.Store
	server *httptest.Server // nil when the app runs in a child process (newLoadApp)
	base   string           // the server's URL
	client *http.Client
}

func newBenchApp(tb testing.TB) *benchApp {
	tb.Helper()
	store, _ := openBenchStore(tb)
	srv := httptest.NewServer(wired(store, benchConfig()))
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		srv.Close()
		store.Close()
		tb.Fatalf("test server at %s, want loopback 127.0.0.1", srv.URL)
	}
	a := &benchApp{store: store, server: srv, base: srv.URL, client: benchClient(tb)}
	tb.Cleanup(func() { srv.Close(); store.Close() })
	return a
}

// openBenchStore opens a store on a new file in a temporary folder, and
// says where.
func openBenchStore(tb testing.TB) (*db.Store, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "app.db")
	store, err := db.Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	return store, path
}

// benchConfig is the app as the benchmarks run it: a fixed clock, and no
// write limit (a load test).
func benchConfig() Config {
	return Config{Now: func() time.Time { return time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC) }, WritesPerSecond: -1}
}

// benchClient is a client for many goroutines at once, with a cookie jar,
// that does not follow redirects.
func benchClient(tb testing.TB) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 256, 256
	tb.Cleanup(tr.CloseIdleConnections)
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (a *benchApp) request(method, path string, body io.Reader) *http.Request {
	req, _ := http.NewRequest(method, a.base+path, body)
	return req
}

// entryRequest is a typed score entry for the player whose id is player
// sent the way htmx sends it from the open round's card, based on the
// entry's version the card showed.
func (a *benchApp) entryRequest(slug string, round, player, pips int, version int64) *http.Request {
	form := url.Values{"pips": {itoa(pips)}, "open": {"1"}, "version": {strconv.FormatInt(version, 10)}}
	req := a.request(http.MethodPost, entryURL(slug, round, player), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

// send does the request and reads the whole (decompressed) body.
func (a *benchApp) send(req *http.Request) (int, string, error) {
	resp, err := a.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// sendDiscard does the request and throws the body away, for load runs.
func (a *benchApp) sendDiscard(req *http.Request) (int, error) {
	resp, err := a.client.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err
}

// benchPlayers names n players.
func benchPlayers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Player %d", i+1)
	}
	return out
}

// benchNewGame stores a fresh game through the store, as the setup form
// would: standard rules on set, the suggested hand size.
func benchNewGame(tb testing.TB, store *db.Store, set referee.Set, players int) app.Game {
	tb.Helper()
	rules := referee.Standard()
	rules.Set = set
	hs, err := referee.SuggestHand(set, players)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := store.CreateGame(context.Background(), app.NewGame{Name: fmt.Sprintf("%s night", set), PlayedOn: "2026-11-28",
		Rules: rules, HandSize: hs.Tiles, Players: benchPlayers(players)})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// benchLongGame stores a whole finished game night through the store,
// with the app's own checks: double-18, 16 players, every round of the
// ladder (18-18 down to 0-0, 19 rounds) with an entry for each player and
// closed. One player goes out each round; the others leave typed pips.
func benchLongGame(tb testing.TB, store *db.Store) app.Game {
	tb.Helper()
	g := benchNewGame(tb, store, 18, 16)
	for n := 1; ; n++ {
		if n > 40 {
			tb.Fatalf("game %s still open after 40 rounds", g.Slug)
		}
		for seat := range g.Players {
			f := app.ScoreForm{Player: g.IDs[seat], WentOut: true, Basis: app.Basis{Open: true}}
			if seat != (n-1)%len(g.Players) {
				f = app.ScoreForm{Player: g.IDs[seat], Pips: strconv.Itoa(3 + (seat*7+n*5)%47), Basis: app.Basis{Open: true}}
			}
			enterAsShown(tb, store, g.Slug, n, f)
		}
		if sh := closeAsShown(tb, store, g.Slug, n); sh.Game.Finished() {
			return sh.Game
		}
	}
}

func TestBenchGameBuilt(t *testing.T) {
	a := newTestApp(t)
	g := benchLongGame(t, a.store)
	sh := a.sheet(gameURL(g.Slug))
	if len(sh.Game.Players) != 16 || sh.Game.Rules.Set != 18 {
		t.Fatalf("game has %d players on %s, want 16 on double-18", len(sh.Game.Players), sh.Game.Rules.Set)
	}
	if len(sh.Rounds) != 19 || !sh.Game.Finished() {
		t.Fatalf("game has %d rounds, finished %v; want 19 and finished", len(sh.Rounds), sh.Game.Finished())
	}
	for i, r := range sh.Rounds {
		if !r.Closed || r.Double() != 18-i || slices.Contains(r.Entries, nil) {
			t.Fatalf("round %d: closed %v, double %d, entries %v; want closed, %d, 16 entries", r.Number, r.Closed, r.Double(), r.Entries, 18-i)
		}
	}
	expect(t, "long game page", a.get(gameURL(g.Slug)), http.StatusOK, `data-testid="final"`, "Final standings", `data-testid="sheet-round-19"`, `<span class="dbl">0-0</span>`, "18-18")
	expect(t, "long game sheet", a.getHTMX(gameURL(g.Slug)+"/sheet"), http.StatusOK, `data-testid="sheet-round-19"`, "Player 16")
}

// BenchmarkScoreEntry is one typed score entry end to end over loopback
// HTTP, as htmx sends it: the cross-origin check, the store's write
// transaction, and the parts of the page it changed. Entries go to round 1 of
// double-12 games of 8 players; each request changes a seat's pips, so
// each is a real write. A new game is started every 64 requests (outside
// the timer) so a game's history stays the size of a real one.
func BenchmarkScoreEntry(b *testing.B) {
	a := newBenchApp(b)
	const perGame, players = 64, 8
	var g app.Game
	var versions [players]int64
	i := 0
	for b.Loop() {
		if i%perGame == 0 {
			b.StopTimer()
			g, versions = benchNewGame(b, a.store, 12, players), [players]int64{}
			b.StartTimer()
		}
		seat, pips := i%players, 1+(i/players)%40
		code, body, err := a.send(a.entryRequest(g.Slug, 1, seat, pips, versions[seat]))
		if err != nil || code != http.StatusOK {
			b.Fatalf("POST entry: %d %v\n%.2000s", code, err, body)
		}
		var ok bool
		if versions[seat], ok = measure.EntryVersion(body, entryURL(g.Slug, 1, seat)); !ok {
			b.Fatalf("the answer shows no version for the entry:\n%.2000s", body)
		}
		i++
	}
	sh, err := a.store.Sheet(context.Background(), g.Slug)
	if err != nil || sh.Rounds[0].Entries[0] == nil {
		b.Fatalf("the entries were not stored: %v", err)
	}
}

// BenchmarkScoreSheet renders the page of a long finished game (double-18,
// 16 players, 19 rounds: 304 entries) and the score sheet fragment htmx
// refreshes. B/page is the HTML; gzip-B/page what goes on the wire.
func BenchmarkScoreSheet(b *testing.B) {
	a := newBenchApp(b)
	g := benchLongGame(b, a.store)
	for _, tc := range []struct {
		name, path string
		htmx       bool
	}{
		{"page", gameURL(g.Slug), false},
		{"sheet", gameURL(g.Slug) + "/sheet", true}, // as htmx refreshes it
	} {
		b.Run(tc.name, func(b *testing.B) {
			size := 0
			for b.Loop() {
				req := a.request(http.MethodGet, tc.path, nil)
				if tc.htmx {
					req.Header.Set("HX-Request", "true")
				}
				code, body, err := a.send(req)
				if err != nil || code != http.StatusOK {
					b.Fatalf("GET %s: %d %v", tc.path, code, err)
				}
				size = len(body)
			}
			req := a.request(http.MethodGet, tc.path, nil)
			req.Header.Set("Accept-Encoding", "gzip") // set by hand: the body stays compressed
			_, wire, err := a.send(req)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(size), "B/page")
			b.ReportMetric(float64(len(wire)), "gzip-B/page")
		})
	}
}
