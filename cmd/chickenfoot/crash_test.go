package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

var crashSeed = flag.Uint64("crash.seed", 0, "seed of the crash test's kill times (0: taken from the clock)")

// The crash test's size: the server is killed crashKills() times in all,
// on crashLanes database files at once (each its own server and clients,
// so one's start-up overlaps another's writes), after the clients have
// written for a random time in [crashMinRun, crashMaxRun).
const (
	crashLanes                   = 2
	crashMinRun, crashMaxRun     = 10 * time.Millisecond, 150 * time.Millisecond
	crashEntryGames, crashTables = 4, 4 // one client each
	crashSeats                   = 4
)

// longTests reports whether CHICKENFOOT_LONG=1 asks for the long tests,
// as CI does: those that spend seconds of real time, such as the restore
// drill and fifty kills.
func longTests() bool { return os.Getenv("CHICKENFOOT_LONG") != "" }

// crashKills is 10, or 50 in the long tests.
func crashKills() int {
	if longTests() {
		return 50
	}
	return 10
}

// serverEnv, set to 1, makes this test binary run as the chickenfoot
// command itself (see TestMain), so the tests that kill and restart a real
// server process need not build one: a go build here took more CPU than
// the rest of the package's tests.
const serverEnv = "CHICKENFOOT_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// command is the chickenfoot command with args, run by this test binary
// in a process of its own.
func command(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	return cmd
}

// TestCrashKeepsAcknowledgedWrites runs the real server and kills it
// with SIGKILL at random moments while several clients save score entries
// and lay and take back tiles on live tables. After each kill it starts
// the server again on the same file and checks, through the db package,
// that every write a client got a 2xx answer for is stored (an entry keeps
// its last acknowledged pips; a table's log holds every acknowledged move,
// in order), that nothing else was stored but the one write each client
// had unanswered when the server died, and that PRAGMA integrity_check
// says ok.
//
// A SIGKILL ends the process but not the kernel's page cache, so this
// proves the app answers only after SQLite's commit and that a crash
// mid-write leaves a whole, consistent file. It cannot cut the power:
// what covers that is the writer's synchronous=FULL (see db's dsn), under
// which SQLite fsyncs the WAL before a commit returns, so what was
// acknowledged is on the disk and not only in the cache. Under NORMAL
// this test would still pass; TestWriterSyncsEveryCommit in db checks the
// setting.
func TestCrashKeepsAcknowledgedWrites(t *testing.T) {
	began := time.Now()
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (go test ./cmd/chickenfoot -run TestCrashKeepsAcknowledgedWrites -crash.seed %[1]d draws the same kill times)", seed)

	dir := t.TempDir()
	lanes := make([]*crashWorld, crashLanes)
	t.Run("files", func(t *testing.T) {
		for i := range lanes {
			t.Run(fmt.Sprint(i+1), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(seed, uint64(i)))
				path := filepath.Join(dir, fmt.Sprintf("crash-%d.db", i+1))
				w := newCrashWorld(t, path)
				lanes[i] = w
				for kill := 1; kill <= crashKills()/crashLanes; kill++ {
					srv := startCrashServer(t, path)
					w.check(t, path, fmt.Sprintf("before kill %d", kill))
					errs := w.write(srv.url, func() {
						time.Sleep(crashMinRun + time.Duration(rng.Int64N(int64(crashMaxRun-crashMinRun))))
						srv.kill(t)
						w.kills++
					})
					if len(errs) > 0 {
						t.Fatalf("run %d: %v", kill, errors.Join(errs...))
					}
				}
				srv := startCrashServer(t, path)
				w.check(t, path, "after the last kill")
				srv.kill(t)
			})
		}
	})
	if t.Failed() {
		return
	}
	var kills, entries, moves, landed, unanswered int
	for _, w := range lanes {
		kills += w.kills
		for _, c := range w.entries {
			entries, landed, unanswered = entries+c.acked, landed+c.landed, unanswered+c.unanswered
		}
		for _, c := range w.tables {
			moves, landed, unanswered = moves+c.acked, landed+c.landed, unanswered+c.unanswered
		}
	}
	if kills < crashKills() || entries < kills || moves < kills {
		t.Fatalf("%d kills, %d entries and %d moves acknowledged: the test proved little", kills, entries, moves)
	}
	t.Logf("%d kills; all %d acknowledged entries and %d acknowledged moves found; of %d writes unanswered at a kill, %d were stored; %s",
		kills, entries, moves, unanswered, landed, time.Since(began).Round(time.Millisecond))
}

// crashServer is one run of the server binary.
type crashServer struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer
	exited chan struct{} // closed once the process has ended and been waited for
}

// readyRe finds the server's address in its start-up line.
var readyRe = regexp.MustCompile(`ready at (http://[^ ]+) `)

// readyWriter is the server's standard output: it passes on the address
// of the first start-up line.
type readyWriter struct {
	mu   sync.Mutex
	buf  []byte
	url  chan string
	sent bool
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if m := readyRe.FindSubmatch(w.buf); m != nil && !w.sent {
		w.sent = true
		w.url <- string(m[1])
	}
	return len(p), nil
}

// startCrashServer starts the binary on a free loopback port and waits for
// it to say it is ready; more are further flags.
func startCrashServer(t *testing.T, path string, more ...string) *crashServer {
	t.Helper()
	// Every client here is one address writing far faster than a table
	// does, so the per-client write limit is off.
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", path, "--write-rate", "-1"}, more...)
	s := &crashServer{cmd: command(t, args...),
		stderr: &bytes.Buffer{}, exited: make(chan struct{})}
	out := &readyWriter{url: make(chan string, 1)}
	s.cmd.Stdout, s.cmd.Stderr = out, s.stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		<-s.exited
	})
	select {
	case s.url = <-out.url:
		return s
	case <-s.exited:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		<-s.exited
	}
	t.Fatalf("the server did not start (%v):\n%s", s.cmd.ProcessState, s.stderr)
	return nil
}

// kill sends SIGKILL and checks that is what ended the server: a server
// that had already exited on its own is a failure.
func (s *crashServer) kill(t *testing.T) {
	s.cmd.Process.Kill() // SIGKILL where there are signals
	<-s.exited
	if ws, ok := s.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("the server ended with %v before it was killed:\n%s", s.cmd.ProcessState, s.stderr)
	}
}

// crashWorld is what the clients believe is stored.
type crashWorld struct {
	entries []*entryClient
	tables  []*moveClient
	kills   int
}

// newCrashWorld stores the games the clients write to, through the store
// as the setup form would: crashEntryGames games for score entries, and
// crashTables games whose round 1 has its starting double laid.
func newCrashWorld(t *testing.T, path string) *crashWorld {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rules := referee.Standard()
	hs, err := referee.SuggestHand(rules.Set, crashSeats)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]string, crashSeats)
	for i := range players {
		players[i] = fmt.Sprintf("Player %d", i+1)
	}
	game := func(name string) string {
		g, err := store.CreateGame(ctx, app.NewGame{Name: name, PlayedOn: "2026-11-28", Rules: rules, HandSize: hs.Tiles, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		return g.Slug
	}
	w := &crashWorld{}
	for i := range crashEntryGames {
		w.entries = append(w.entries, &entryClient{slug: game(fmt.Sprintf("Entries %d", i+1)),
			stored: make([]int, crashSeats), inflight: make([]int, crashSeats), versions: make([]int64, crashSeats)})
	}
	start := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 9), Start: true}}
	for i := range crashTables {
		c := &moveClient{slug: game(fmt.Sprintf("Table %d", i+1))}
		if _, err := store.Act(ctx, c.slug, 1, app.Move{Action: start, Seen: 0}); err != nil { // on the new table
			t.Fatal(err)
		}
		c.log = []referee.Action{start}
		w.tables = append(w.tables, c)
	}
	return w
}

// write runs every client against the server at base until its requests
// fail, calls kill, and waits for the clients to stop. It returns the
// answers no client should have had.
func (w *crashWorld) write(base string, kill func()) []error {
	tr := &http.Transport{MaxIdleConnsPerHost: 16}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var mu sync.Mutex
	var errs []error
	bad := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		errs = append(errs, err)
	}
	var wg sync.WaitGroup
	for _, c := range w.entries {
		wg.Go(func() { c.run(hc, base, bad) })
	}
	for _, c := range w.tables {
		wg.Go(func() { c.run(hc, base, bad) })
	}
	kill()
	wg.Wait()
	return errs
}

// check opens the file with the db package beside the restarted server,
// checks each client's acknowledged writes are there, takes what is stored
// as the clients' new starting point, and runs PRAGMA integrity_check.
func (w *crashWorld) check(t *testing.T, path, when string) {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, path)
	if err != nil {
		t.Fatalf("%s: opening the database: %v", when, err)
	}
	defer store.Close()
	for _, c := range w.entries {
		sh, err := store.Sheet(ctx, c.slug)
		if err != nil {
			t.Fatalf("%s: game %s: %v", when, c.slug, err)
		}
		if err := c.check(sh.Rounds[0].Entries); err != nil {
			t.Errorf("%s: game %s: %v", when, c.slug, err)
		}
		for seat := range c.versions {
			c.versions[seat] = sh.Version(1, seat)
		}
	}
	for _, c := range w.tables {
		tb, err := store.Table(ctx, c.slug, 1)
		if err != nil {
			t.Fatalf("%s: table %s: %v", when, c.slug, err)
		}
		if err := c.check(tb.Actions()); err != nil {
			t.Errorf("%s: table %s: %v", when, c.slug, err)
		}
	}
	if found := integrityCheck(t, path); found != "ok" {
		t.Errorf("%s: PRAGMA integrity_check says %q", when, found)
	}
	if t.Failed() {
		t.FailNow()
	}
}

// integrityCheck runs PRAGMA integrity_check on a read-only connection and
// returns its findings, one a line.
func integrityCheck(t *testing.T, path string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rows, err := conn.Query("PRAGMA integrity_check")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		found = append(found, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(found, "\n")
}

// post sends a form the way htmx does and reads the whole answer. An
// error means no answer came: the write may or may not have been stored.
func post(hc *http.Client, u string, form url.Values) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, body, nil
}

// savedVersion is the version an entry's answer shows, which the next
// save of that entry is based on.
var savedVersion = regexp.MustCompile(`name="version" value="(\d+)"`)

// An entryClient saves typed pips for round 1 of one game, seat after
// seat, each save changing the seat's pips.
type entryClient struct {
	slug       string
	stored     []int   // by seat: the pips stored when last checked, then each acknowledged save; 0 for none
	inflight   []int   // by seat: the pips of a save sent and never answered; 0 for none
	versions   []int64 // by seat: the version the next save is based on
	next       int     // the seat to save next
	acked      int     // saves acknowledged in all
	unanswered int     // saves unanswered when the server died
	landed     int     // of those, the ones found stored
}

func (c *entryClient) run(hc *http.Client, base string, bad func(error)) {
	for {
		seat := c.next % len(c.stored)
		c.next++
		pips := c.stored[seat]%40 + 1
		u := fmt.Sprintf("%s/g/%s/rounds/1/entries/%d", base, c.slug, seat) // each player's id is their seat
		code, body, err := post(hc, u, url.Values{"pips": {fmt.Sprint(pips)}, "version": {fmt.Sprint(c.versions[seat])}})
		if err != nil {
			c.inflight[seat] = pips
			c.unanswered++
			return
		}
		if code/100 != 2 {
			bad(fmt.Errorf("game %s, seat %d, pips %d: status %d", c.slug, seat, pips, code))
			return
		}
		c.stored[seat] = pips
		c.acked++
		if m := savedVersion.FindSubmatch(body); m != nil {
			c.versions[seat], _ = strconv.ParseInt(string(m[1]), 10, 64)
		}
	}
}

// check compares the stored entries with what was acknowledged: each seat
// has its last acknowledged pips, or the pips of its save in flight.
func (c *entryClient) check(got []*referee.Entry) error {
	var errs []error
	for seat, want := range c.stored {
		pips := 0
		if e := got[seat]; e != nil {
			pips = e.Pips
		}
		switch {
		case pips == want:
		case pips == c.inflight[seat] && pips != 0:
			c.landed++
		default:
			errs = append(errs, fmt.Errorf("seat %d has %d pips stored; %d were acknowledged (and %d in flight)", seat, pips, want, c.inflight[seat]))
		}
		c.stored[seat], c.inflight[seat] = pips, 0
	}
	return errors.Join(errs...)
}

// A moveClient lays 9-3 on the starting 9-9 of one table for seat 1 and
// takes it back, in turn.
type moveClient struct {
	slug       string
	log        []referee.Action // the log when last checked, then each acknowledged move
	inflight   *referee.Action  // a move sent and never answered
	acked      int
	unanswered int
	landed     int
}

func (c *moveClient) run(hc *http.Client, base string, bad func(error)) {
	lay := referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 3), On: referee.NewTile(9, 9)}}
	back := referee.Action{Seat: 1, Kind: referee.ActTakeBack}
	for {
		seq := fmt.Sprint(len(c.log))
		a, form := lay, url.Values{"kind": {"play"}, "player": {"1"}, "tile": {"9-3"}, "on": {"9-9"}, "seq": {seq}}
		if sameAction(c.log[len(c.log)-1], lay) {
			a, form = back, url.Values{"kind": {"take-back"}, "player": {"1"}, "seq": {seq}}
		}
		code, _, err := post(hc, fmt.Sprintf("%s/g/%s/rounds/1/table", base, c.slug), form)
		if err != nil {
			c.inflight = &a
			c.unanswered++
			return
		}
		if code/100 != 2 {
			bad(fmt.Errorf("table %s, %s after %d actions: status %d", c.slug, a.Kind, len(c.log), code))
			return
		}
		c.log = append(c.log, a)
		c.acked++
	}
}

// check compares the stored log with what was acknowledged: it must begin
// with every acknowledged move, in order, and may hold after them only the
// move in flight.
func (c *moveClient) check(got []referee.Action) error {
	n := len(c.log)
	if len(got) < n {
		return fmt.Errorf("the log has %d actions; %d were acknowledged", len(got), n)
	}
	for i := range n {
		if !sameAction(got[i], c.log[i]) {
			return fmt.Errorf("action %d is %+v; %+v was acknowledged", i+1, got[i], c.log[i])
		}
	}
	switch extra := got[n:]; {
	case len(extra) == 0:
	case len(extra) == 1 && c.inflight != nil && sameAction(extra[0], *c.inflight):
		c.landed++
	default:
		return fmt.Errorf("the log has %d actions after the %d acknowledged (in flight: %v)", len(extra), n, c.inflight)
	}
	c.log, c.inflight = got, nil
	return nil
}

// sameAction compares the parts of an action the clients send.
func sameAction(a, b referee.Action) bool {
	return a.Seat == b.Seat && a.Kind == b.Kind && (a.Kind != referee.ActPlay || a.Move == b.Move)
}
