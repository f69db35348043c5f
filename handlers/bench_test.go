package handlers

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/referee"
	"chickenfoot/static"
)

// benchApp is the app on a temp-dir SQLite file behind a real loopback
// HTTP server, like testApp but usable from benchmarks (testing.TB) and,
// for requests, from many goroutines at once: it never writes to itself
// after setup.
type benchApp struct {
	store  *db.Store
	server *httptest.Server
	client *http.Client
}

func newBenchApp(tb testing.TB) *benchApp {
	tb.Helper()
	store, err := db.Open(context.Background(), filepath.Join(tb.TempDir(), "app.db"))
	if err != nil {
		tb.Fatal(err)
	}
	now := func() time.Time { return time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC) }
	srv := httptest.NewServer(wired(store, Config{Now: now, WritesPerSecond: -1})) // a load test: no write limit
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		srv.Close()
		store.Close()
		tb.Fatalf("test server at %s, want loopback 127.0.0.1", srv.URL)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 256, 256
	jar, _ := cookiejar.New(nil)
	a := &benchApp{store: store, server: srv, client: &http.Client{Jar: jar, Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	tb.Cleanup(func() { tr.CloseIdleConnections(); srv.Close(); store.Close() })
	return a
}

func (a *benchApp) request(method, path string, body io.Reader) *http.Request {
	req, _ := http.NewRequest(method, a.server.URL+path, body)
	return req
}

// entryRequest is a typed score entry sent the way htmx sends it.
func (a *benchApp) entryRequest(slug string, round, seat, pips int) *http.Request {
	req := a.request(http.MethodPost, entryURL(slug, round, seat), strings.NewReader(url.Values{"pips": {itoa(pips)}}.Encode()))
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
func benchNewGame(tb testing.TB, store *db.Store, set referee.Set, players int) db.Game {
	tb.Helper()
	rules := referee.Standard()
	rules.Set = set
	hs, err := referee.SuggestHand(set, players)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := store.CreateGame(context.Background(), db.NewGame{Name: fmt.Sprintf("%s night", set), PlayedOn: "2026-11-28",
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
func benchLongGame(tb testing.TB, store *db.Store) db.Game {
	tb.Helper()
	ctx := context.Background()
	g := benchNewGame(tb, store, 18, 16)
	for n := 1; ; n++ {
		if n > 40 {
			tb.Fatalf("game %s still open after 40 rounds", g.Slug)
		}
		for seat := range g.Players {
			e := g.Rules.OutEntry(false)
			if seat != (n-1)%len(g.Players) {
				e, _ = g.Rules.TypedEntry(3+(seat*7+n*5)%47, false, 0)
			}
			if _, err := store.SaveEntry(ctx, g.Slug, n, seat, e, "", db.Basis{Version: db.Unchecked}); err != nil {
				tb.Fatalf("round %d, seat %d: %v", n, seat, err)
			}
		}
		if _, err := store.CloseRound(ctx, g.Slug, n); err != nil {
			tb.Fatalf("closing round %d: %v", n, err)
		}
		sh, err := store.Sheet(ctx, g.Slug)
		if err != nil {
			tb.Fatal(err)
		}
		if sh.Game.Finished() {
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
// HTTP, as htmx sends it: CSRF check, the store's write transaction, and
// the re-rendered row, round card and sheet. Entries go to round 1 of
// double-12 games of 8 players; each request changes a seat's pips, so
// each is a real write. A new game is started every 64 requests (outside
// the timer) so a game's history stays the size of a real one.
func BenchmarkScoreEntry(b *testing.B) {
	a := newBenchApp(b)
	const perGame, players = 64, 8
	var g db.Game
	i := 0
	for b.Loop() {
		if i%perGame == 0 {
			b.StopTimer()
			g = benchNewGame(b, a.store, 12, players)
			b.StartTimer()
		}
		seat, pips := i%players, 1+(i/players)%40
		code, body, err := a.send(a.entryRequest(g.Slug, 1, seat, pips))
		if err != nil || code != http.StatusOK {
			b.Fatalf("POST entry: %d %v\n%.2000s", code, err, body)
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

// loadResult is one phase of a load run.
type loadResult struct {
	done, failed int
	firstErr     string
	elapsed      time.Duration
	cpu          time.Duration   // the process's CPU time (client and server), -1 if unknown
	latency      []time.Duration // sorted
}

func (r loadResult) perSecond() float64 { return float64(r.done) / r.elapsed.Seconds() }

// and is the two runs of a phase taken together.
func (r loadResult) and(o loadResult) loadResult {
	out := loadResult{done: r.done + o.done, failed: r.failed + o.failed, firstErr: cmp.Or(r.firstErr, o.firstErr),
		elapsed: r.elapsed + o.elapsed, cpu: -1, latency: slices.Concat(r.latency, o.latency)}
	if r.cpu >= 0 && o.cpu >= 0 {
		out.cpu = r.cpu + o.cpu
	}
	slices.Sort(out.latency)
	return out
}

// cpuPerRequest is the CPU time the process spent per request, in µs.
func (r loadResult) cpuPerRequest() float64 { return float64(r.cpu/time.Microsecond) / float64(r.done) }

// processCPU is the CPU time (user and system) the process has used so
// far, read from /proc/self/stat; -1 where there is no such file. Unlike
// throughput it hardly depends on what else the machine is running.
func processCPU() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from the 3rd on
	if len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(utime+stime) * (time.Second / 100) // USER_HZ is 100 on Linux
}

func (r loadResult) quantile(q float64) time.Duration {
	if len(r.latency) == 0 {
		return 0
	}
	return r.latency[min(len(r.latency)-1, int(q*float64(len(r.latency))))]
}

// runLoad has workers send requests back to back for d; send gets a
// request number unique across workers and returns the status.
func runLoad(workers int, d time.Duration, send func(i int64) (int, error)) loadResult {
	var next atomic.Int64
	var mu sync.Mutex
	var res loadResult
	var wg sync.WaitGroup
	cpu0 := processCPU()
	start := time.Now()
	deadline := start.Add(d)
	for range workers {
		wg.Go(func() {
			var lat []time.Duration
			failed, firstErr := 0, ""
			for time.Now().Before(deadline) {
				i := next.Add(1) - 1
				t0 := time.Now()
				code, err := send(i)
				lat = append(lat, time.Since(t0))
				if err != nil || code < 200 || code > 299 {
					failed++
					if firstErr == "" {
						firstErr = fmt.Sprintf("request %d: status %d, %v", i, code, err)
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			res.done += len(lat)
			res.failed += failed
			res.latency = append(res.latency, lat...)
			if res.firstErr == "" {
				res.firstErr = firstErr
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	if res.cpu = -1; cpu0 >= 0 {
		res.cpu = processCPU() - cpu0
	}
	slices.Sort(res.latency)
	return res
}

// loadRun is the last measured load run, reported again when the
// framework asks for b.N > 1 (say with -benchtime=3x): the run is done
// once per benchmark run, whatever b.N is.
var loadRun struct{ get, post, move loadResult }

// loadClients is how many clients the load run has at once: 32 unless
// the test binary is given -load.clients (after -args with go test).
//
// Enough to keep the server busy in every phase. A static GET keeps both
// cores busy with 8 clients already, and serves no more with 32. A move
// waits for its commit's disk sync: with 8 clients the cores sat idle
// about a fifth of the time during moves, the writer waiting on the disk
// and then for a processor, so the run measured that wait more than what
// the server can do; with 32, more moves share each sync, as they do on a
// server with many tables.
var loadClients = flag.Int("load.clients", 32, "BenchmarkLoad: clients sending requests at once")

// BenchmarkLoad compares, on one loopback server in one run, the
// throughput of score-entry POSTs with that of a static file GET (the
// style sheet under its hashed name, in gzip as Go's client asks), and
// of moves on the live table (moveLoad): 32 clients (-load.clients) send
// requests back to back for 2 s per phase, in four turns of half a second
// each (GETs, score entries, moves, and again), so the phases share
// whatever the machine is doing meanwhile. The POSTs go round the seats
// of 64 open double-12 games, with changing pips, so each one is a real
// write; any answer but 2xx fails the run. Client and server share the
// machine's CPUs.
func BenchmarkLoad(b *testing.B) {
	if b.N > 1 && loadRun.post.done > 0 {
		reportLoad(b)
		return
	}
	const phase, turns, games, players = 2 * time.Second, 4, 64, 8
	workers := *loadClients
	if workers < 1 {
		b.Fatalf("-load.clients %d: want at least 1", workers)
	}
	a := newBenchApp(b)
	slugs := make([]string, games)
	for i := range slugs {
		slugs[i] = benchNewGame(b, a.store, 12, players).Slug
	}
	css := static.URL("app.css") // the hashed name a page links
	moves := moveLoad(b, a, 512)
	b.ResetTimer()
	// The phases take turns, a quarter of each at a time, so a machine
	// that runs faster or slower for a while weighs on all three alike.
	var get, post, move loadResult
	for range turns {
		get = get.and(runLoad(workers, phase/turns, func(int64) (int, error) {
			return a.sendDiscard(a.request(http.MethodGet, css, nil))
		}))
		if get.failed > 0 {
			b.Fatalf("GET %s: %d of %d failed; first: %s", css, get.failed, get.done, get.firstErr)
		}
		posted := int64(post.done) // each turn goes on where the last one stopped
		post = post.and(runLoad(workers, phase/turns, func(i int64) (int, error) {
			n := int(posted + i)
			seat, pips := (n/games)%players, 1+(n/(games*players))%40
			return a.sendDiscard(a.entryRequest(slugs[n%games], 1, seat, pips))
		}))
		if post.failed > 0 {
			b.Fatalf("POST entries: %d of %d failed; first: %s", post.failed, post.done, post.firstErr)
		}
		move = move.and(runLoad(workers, phase/turns, moves))
		if move.failed > 0 {
			b.Fatalf("POST moves: %d of %d failed; first: %s", move.failed, move.done, move.firstErr)
		}
	}
	b.StopTimer()
	if get.done == 0 || post.done == 0 || move.done == 0 {
		b.Fatalf("no requests done: %d GET, %d POST, %d moves", get.done, post.done, move.done)
	}
	loadRun.get, loadRun.post, loadRun.move = get, post, move
	reportLoad(b)
}

// moveLoad is the load run's move phase: on each of n double-9 tables of
// four (the starting double set), a tile laid and taken back in turn, as
// htmx sends them. A table is one phone's at a time.
func moveLoad(b *testing.B, a *benchApp, n int) func(int64) (int, error) {
	tables := make([]struct {
		sync.Mutex
		url  string
		laid bool
	}, n)
	for i := range tables {
		slug := benchNewGame(b, a.store, 9, 4).Slug
		start := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 9), Start: true}}
		if _, err := a.store.Act(context.Background(), slug, 1, db.Move{Action: start, Seen: db.Unchecked}); err != nil {
			b.Fatal(err)
		}
		tables[i].url = tableURL(slug, 1)
	}
	lay := url.Values{"kind": {"play"}, "seat": {"1"}, "tile": {"9-3"}, "on": {"9-9"}}.Encode()
	back := url.Values{"kind": {"take-back"}, "seat": {"1"}}.Encode()
	return func(i int64) (int, error) {
		t := &tables[int(i)%n]
		t.Lock()
		defer t.Unlock()
		form := lay
		if t.laid {
			form = back
		}
		req := a.request(http.MethodPost, t.url, strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set(keptHeader, "keypad-1-9") // the page holds its keypad, as the script says
		code, err := a.sendDiscard(req)
		if err == nil && code == http.StatusOK {
			t.laid = !t.laid
		}
		return code, err
	}
}

func reportLoad(b *testing.B) {
	get, post := loadRun.get, loadRun.post
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(float64(*loadClients), "clients")
	b.ReportMetric(get.perSecond(), "get-req/s")
	b.ReportMetric(post.perSecond(), "post-req/s")
	b.ReportMetric(post.perSecond()/get.perSecond(), "post/get")
	b.ReportMetric(ms(post.quantile(0.50)), "post-p50-ms")
	b.ReportMetric(ms(post.quantile(0.99)), "post-p99-ms")
	move := loadRun.move
	b.ReportMetric(move.perSecond(), "move-req/s")
	b.ReportMetric(move.perSecond()/get.perSecond(), "move/get")
	b.ReportMetric(ms(move.quantile(0.99)), "move-p99-ms")
	if get.cpu >= 0 && post.cpu >= 0 && move.cpu >= 0 {
		b.ReportMetric(get.cpuPerRequest(), "get-cpu-us/req")
		b.ReportMetric(post.cpuPerRequest(), "post-cpu-us/req")
		b.ReportMetric(move.cpuPerRequest(), "move-cpu-us/req")
	}
}
