package handlers

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"chickenfoot/cmd/chickenload/measure"
	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/static"
)

// loadServerEnv names, in the environment of a child process, the
// database file TestLoadServer serves.
const loadServerEnv = "CHICKENFOOT_LOAD_SERVER"

// TestLoadServer is BenchmarkLoad's server: this test binary, started
// again in a child process (newLoadApp), serves the app on loopback until
// its standard input closes. Run as a test it has nothing to do.
func TestLoadServer(t *testing.T) {
	file := os.Getenv(loadServerEnv)
	if file == "" {
		t.Skip("BenchmarkLoad's server, run in a child process")
	}
	store, err := db.Open(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := measure.Serve(&http.Server{Handler: wired(store, benchConfig())}, ln, os.Stdin, os.Stdout); err != nil {
		t.Fatal(err)
	}
}

// newLoadApp closes store, whose file is path, and serves it from a child
// process, so that the CPU time the server uses is its own: in this
// process it would be counted with the clients' (making the requests,
// reading the answers, unpacking gzip). The app has no store of its own:
// make what the run needs before.
func newLoadApp(b *testing.B, store *db.Store, path string) (*benchApp, *measure.Child) {
	b.Helper()
	if err := store.Close(); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadServer$")
	cmd.Env = append(os.Environ(), loadServerEnv+"="+path)
	cmd.Stderr = os.Stderr
	server, err := measure.StartChild(cmd)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if err := server.Stop(15 * time.Second); err != nil {
			b.Errorf("the server's process: %v", err)
		}
	})
	return &benchApp{base: "http://" + server.Addr, client: benchClient(b)}, server
}

// loadInProcess runs BenchmarkLoad's server in the benchmark's own
// process, as it ran before it had one of its own: for comparing with
// figures taken so. The CPU time per request is then the server's and the
// clients' together.
var loadInProcess = flag.Bool("load.inprocess", false, "BenchmarkLoad: serve from this process, and count the clients' CPU time with the server's")

// newLoadServer serves the app on store, whose file is path, as
// BenchmarkLoad asks (-load.inprocess), and returns what reads the CPU
// time the server has used.
func newLoadServer(b *testing.B, store *db.Store, path string) (*benchApp, func() (time.Duration, error)) {
	if *loadInProcess {
		srv := httptest.NewServer(wired(store, benchConfig()))
		b.Cleanup(func() { srv.Close(); store.Close() })
		return &benchApp{store: store, server: srv, base: srv.URL, client: benchClient(b)}, func() (time.Duration, error) { return measure.ProcessCPU(0) }
	}
	a, server := newLoadApp(b, store, path)
	return a, server.CPU
}

// loadResult is one phase of a load run.
type loadResult struct {
	done, failed int
	firstErr     string
	elapsed      time.Duration
	cpu          time.Duration   // the server's CPU time; -1 if unknown
	latency      []time.Duration // sorted
}

func (r loadResult) perSecond() float64 { return measure.Rate(r.done, r.elapsed) }

// cpuPerRequest is the server's CPU time per request, in µs; -1 unknown.
func (r loadResult) cpuPerRequest() float64 { return measure.PerOp(r.cpu, r.done) }

// quantile is the nearest-rank q-quantile of the latencies.
func (r loadResult) quantile(q float64) time.Duration { return measure.Quantile(r.latency, q) }

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

// runLoad has workers send requests back to back for d; send gets a
// request number unique across workers and returns the status. The
// server's CPU time over the phase is read from cpu.
func runLoad(cpu func() (time.Duration, error), workers int, d time.Duration, send func(i int64) (int, error)) loadResult {
	var next atomic.Int64
	var mu sync.Mutex
	var res loadResult
	var wg sync.WaitGroup
	cpu0, err0 := cpu()
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
			res.firstErr = cmp.Or(res.firstErr, firstErr)
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.cpu = -1
	if cpu1, err1 := cpu(); err0 == nil && err1 == nil {
		res.cpu = cpu1 - cpu0
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
// write; any answer but 2xx fails the run.
//
// The server runs in a child process (newLoadApp) and the clients in this
// one; they share the machine's CPUs. The CPU time per request is the
// server process's alone (user and system, from /proc), read before and
// after each phase: the clients' cost is not in it. -load.inprocess runs
// the server in this process instead, as the run did before.
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
	store, path := openBenchStore(b)
	slugs := make([]string, games)
	for i := range slugs {
		slugs[i] = benchNewGame(b, store, 12, players).Slug
	}
	tables := moveTables(b, store, 512)
	a, cpu := newLoadServer(b, store, path)
	moves := moveLoad(a, tables)
	entries := make([]loadEntry, games*players)
	css := static.URL("app.css") // the hashed name a page links
	b.ResetTimer()
	// The phases take turns, a quarter of each at a time, so a machine
	// that runs faster or slower for a while weighs on all three alike.
	var get, post, move loadResult
	for range turns {
		get = get.and(runLoad(cpu, workers, phase/turns, func(int64) (int, error) {
			return a.sendDiscard(a.request(http.MethodGet, css, nil))
		}))
		if get.failed > 0 {
			b.Fatalf("GET %s: %d of %d failed; first: %s", css, get.failed, get.done, get.firstErr)
		}
		posted := int64(post.done) // each turn goes on where the last one stopped
		post = post.and(runLoad(cpu, workers, phase/turns, func(i int64) (int, error) {
			n := int(posted + i)
			seat, pips := (n/games)%players, 1+(n/(games*players))%40
			return entries[(n%games)*players+seat].send(a, slugs[n%games], seat, pips)
		}))
		if post.failed > 0 {
			b.Fatalf("POST entries: %d of %d failed; first: %s", post.failed, post.done, post.firstErr)
		}
		move = move.and(runLoad(cpu, workers, phase/turns, moves))
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

// A loadEntry is one player's entry of a load run, changed by one request
// at a time, each based on the version the last answer showed.
type loadEntry struct {
	sync.Mutex
	version int64
}

func (e *loadEntry) send(a *benchApp, slug string, player, pips int) (int, error) {
	e.Lock()
	defer e.Unlock()
	code, body, err := a.send(a.entryRequest(slug, 1, player, pips, e.version))
	if err == nil && code == http.StatusOK {
		var ok bool
		if e.version, ok = measure.EntryVersion(body, entryURL(slug, 1, player)); !ok {
			return code, errors.New("the answer shows no version for the entry")
		}
	}
	return code, err
}

// moveTables makes n double-9 tables of four on store, each with its
// starting double set, and returns their URLs.
func moveTables(b *testing.B, store *db.Store, n int) []string {
	urls := make([]string, n)
	for i := range urls {
		slug := benchNewGame(b, store, 9, 4).Slug
		start := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 9), Start: true}}
		if _, err := store.Act(context.Background(), slug, 1, app.Move{Action: start, Seen: 0}); err != nil { // a new table
			b.Fatal(err)
		}
		urls[i] = tableURL(slug, 1)
	}
	return urls
}

// moveLoad is the load run's move phase: on each of the tables in turn, a
// tile laid and taken back, as htmx sends them. A table is one phone's at
// a time.
func moveLoad(a *benchApp, urls []string) func(int64) (int, error) {
	tables := make([]struct {
		sync.Mutex
		laid bool
		seen int // actions on the table, as the page shows them
	}, len(urls))
	lay := url.Values{"kind": {"play"}, "player": {"1"}, "tile": {"9-3"}, "on": {"9-9"}}
	back := url.Values{"kind": {"take-back"}, "player": {"1"}}
	return func(i int64) (int, error) {
		k := int(i) % len(urls)
		t := &tables[k]
		t.Lock()
		defer t.Unlock()
		form := maps.Clone(lay)
		if t.laid {
			form = maps.Clone(back)
		}
		form.Set("seq", strconv.Itoa(1+t.seen)) // the starting double, then each move
		req := a.request(http.MethodPost, urls[k], strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set(keptHeader, "keypad-1-9") // the page holds its keypad, as the script says
		code, err := a.sendDiscard(req)
		if err == nil && code == http.StatusOK {
			t.laid, t.seen = !t.laid, t.seen+1
		}
		return code, err
	}
}

// reportLoad reports the last load run: throughput and its ratios to the
// static GET's, latencies (nearest-rank), and the server's CPU time per
// request of each kind.
func reportLoad(b *testing.B) {
	get, post, move := loadRun.get, loadRun.post, loadRun.move
	ms := func(d time.Duration) float64 { return measure.Millis(d) }
	b.ReportMetric(float64(*loadClients), "clients")
	b.ReportMetric(get.perSecond(), "get-req/s")
	b.ReportMetric(post.perSecond(), "post-req/s")
	b.ReportMetric(post.perSecond()/get.perSecond(), "post/get")
	b.ReportMetric(ms(post.quantile(0.50)), "post-p50-ms")
	b.ReportMetric(ms(post.quantile(0.99)), "post-p99-ms")
	b.ReportMetric(move.perSecond(), "move-req/s")
	b.ReportMetric(move.perSecond()/get.perSecond(), "move/get")
	b.ReportMetric(ms(move.quantile(0.99)), "move-p99-ms")
	whose := "server" // whose CPU time it is: in one process, the clients' too
	if *loadInProcess {
		whose = "process"
	}
	if get.cpu >= 0 && post.cpu >= 0 && move.cpu >= 0 {
		b.ReportMetric(get.cpuPerRequest(), "get-"+whose+"-cpu-us/req")
		b.ReportMetric(post.cpuPerRequest(), "post-"+whose+"-cpu-us/req")
		b.ReportMetric(move.cpuPerRequest(), "move-"+whose+"-cpu-us/req")
	}
}
