package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// TestReplicaRestoreDrill is the restore drill: the real server, streaming
// to a file:// replica, takes scores and moves from several clients at
// once, is killed with SIGKILL, and its database file, WAL and
// Litestream's folder beside them are deleted, as if the disk had died.
// Started again with the same --replica, it restores the file first and
// serves it. Then:
//
//   - every write acknowledged before the replica was seen to hold it
//     (the first burst of writes, then a restore that finds them all) is
//     there, and what the clients wrote after it is there as a prefix of
//     what each acknowledged (later writes may be lost: they came after
//     the replica's last sync);
//   - PRAGMA integrity_check says ok;
//   - `chickenfoot restore --at T`, T taken between the two bursts, gives
//     exactly the state at T: all of the first burst, none of the second.
func TestReplicaRestoreDrill(t *testing.T) {
	if !longTests() {
		t.Skip("a long test: CHICKENFOOT_LONG=1 go test runs it, as CI does")
	}
	began := time.Now()
	dir := t.TempDir()
	built := time.Now()
	path := filepath.Join(dir, "live", "chickenfoot.db")
	if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	rep := "file://" + filepath.Join(dir, "replica")
	w := newCrashWorld(t, path)
	drill := newDrill(t, w, path)

	srv := startCrashServer(t, path, "--replica", rep)
	// The first burst, then wait until a restore from the replica holds
	// every write of it: from then on, those writes are the replica's.
	drill.burst(t, srv.url, time.Now().Add(1500*time.Millisecond), nil)
	first := drill.mark()
	probe := filepath.Join(dir, "probe.db")
	for deadline := time.Now().Add(15 * time.Second); ; {
		os.Remove(probe)
		if err := command(t, "restore", "--replica", rep, probe).Run(); err == nil && drill.holds(t, probe, first) == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 15 s the replica still lacks the first burst: %v\n%s", drill.holds(t, probe, first), srv.stderr)
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	at := time.Now().UTC()
	time.Sleep(20 * time.Millisecond)
	behind := healthLine(t, srv.url)

	// The second burst, killed at a random moment while it writes.
	run := 1500*time.Millisecond + time.Duration(rand.Int64N(int64(time.Second)))
	drill.burst(t, srv.url, time.Now().Add(time.Minute), func() {
		time.Sleep(run)
		behind = healthLine(t, srv.url)
		srv.kill(t)
	})
	second := drill.mark()

	// The disk is gone: the file, its WAL and index, Litestream's folder.
	for _, name := range []string{path, path + "-wal", path + "-shm", filepath.Join(filepath.Dir(path), ".chickenfoot.db-litestream")} {
		if err := os.RemoveAll(name); err != nil {
			t.Fatal(err)
		}
	}
	restart := time.Now()
	srv = startCrashServer(t, path, "--replica", rep)
	restoreSecs := time.Since(restart).Seconds()
	if !strings.Contains(srv.stderr.String(), "restoring it from the replica") {
		t.Errorf("the server's log does not say it restored the file:\n%s", srv.stderr)
	}
	restored, err := drill.between(t, path, first, second)
	if err != nil {
		t.Fatalf("after the restart from the replica: %v", err)
	}
	if found := integrityCheck(t, path); found != "ok" {
		t.Errorf("after the restart: PRAGMA integrity_check says %q", found)
	}
	// The server serves the restored file: a health check writes to it.
	if line := healthLine(t, srv.url); !strings.HasPrefix(line, "ok") {
		t.Errorf("after the restart, /healthz says %q", line)
	}

	pit := filepath.Join(dir, "pit.db")
	out, err := command(t, "restore", "--replica", rep, "--at", at.Format(time.RFC3339Nano), pit).CombinedOutput()
	if err != nil {
		t.Fatalf("restore --at %s: %v\n%s", at.Format(time.RFC3339Nano), err, out)
	}
	if err := drill.holds(t, pit, first); err != nil {
		t.Errorf("restored to %s, between the bursts: %v", at.Format(time.RFC3339Nano), err)
	}
	if found := integrityCheck(t, pit); found != "ok" {
		t.Errorf("the point-in-time restore: PRAGMA integrity_check says %q", found)
	}
	if first.writes == 0 || second.writes == first.writes {
		t.Fatalf("%d writes in the first burst, %d in the second: the drill proved little", first.writes, second.writes-first.writes)
	}
	t.Logf("%d writes acknowledged (%d before the replica was seen to hold them, %d after); %d restored; %d acknowledged after the replica's last sync lost; "+
		"at the kill /healthz said %q; restart with restore %.2f s; drill %s (build %s)",
		second.writes, first.writes, second.writes-first.writes, restored, second.writes-restored,
		strings.TrimPrefix(behind, "ok\n"), restoreSecs, time.Since(built).Round(time.Millisecond), built.Sub(began).Round(time.Millisecond))
}

// healthLine is what /healthz answers, its lines joined.
func healthLine(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 512)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return strings.TrimSpace(b.String())
}

// A drill's clients keep every state they were acknowledged, in order, so
// a restored file can be matched to a prefix of what each acknowledged.
type drill struct {
	entries []*drillEntries
	tables  []*drillTable
}

// drillEntries saves pips for round 1 of one game, seat after seat.
type drillEntries struct {
	slug     string
	versions []int64
	states   [][]int // the pips of every seat after each acknowledged save; states[0] before any
	inflight []int   // the state had the unanswered save landed
}

// drillTable lays 9-3 on the starting double and takes it back, in turn.
type drillTable struct {
	slug     string
	log      []referee.Action // every acknowledged move, after the starting double
	inflight *referee.Action
}

// A drillMark is how many writes each client had acknowledged at a moment.
type drillMark struct {
	entries, tables []int
	writes          int
}

func newDrill(t *testing.T, w *crashWorld, path string) *drill {
	t.Helper()
	w.check(t, path, "setup") // each entry client's versions
	d := &drill{}
	for _, c := range w.entries {
		d.entries = append(d.entries, &drillEntries{slug: c.slug, versions: slices.Clone(c.versions), states: [][]int{make([]int, len(c.versions))}})
	}
	for _, c := range w.tables {
		d.tables = append(d.tables, &drillTable{slug: c.slug, log: slices.Clone(c.log)})
	}
	return d
}

// burst runs every client until until, or until its requests go
// unanswered (kill, when set, kills the server meanwhile).
func (d *drill) burst(t *testing.T, base string, until time.Time, kill func()) {
	t.Helper()
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
	for _, c := range d.entries {
		wg.Go(func() { c.run(hc, base, until, bad) })
	}
	for _, c := range d.tables {
		wg.Go(func() { c.run(hc, base, until, bad) })
	}
	if kill != nil {
		kill()
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
}

func (c *drillEntries) run(hc *http.Client, base string, until time.Time, bad func(error)) {
	for seat := 0; time.Now().Before(until); seat = (seat + 1) % len(c.versions) {
		now := c.states[len(c.states)-1]
		next := slices.Clone(now)
		next[seat] = now[seat]%40 + 1
		u := fmt.Sprintf("%s/g/%s/rounds/1/entries/%d", base, c.slug, seat)
		code, body, err := post(hc, u, url.Values{"pips": {fmt.Sprint(next[seat])}, "version": {fmt.Sprint(c.versions[seat])}})
		if err != nil {
			c.inflight = next
			return
		}
		if code/100 != 2 {
			bad(fmt.Errorf("game %s, seat %d: status %d", c.slug, seat, code))
			return
		}
		c.states = append(c.states, next)
		if m := savedVersion.FindSubmatch(body); m != nil {
			c.versions[seat], _ = strconv.ParseInt(string(m[1]), 10, 64)
		}
	}
}

func (c *drillTable) run(hc *http.Client, base string, until time.Time, bad func(error)) {
	lay := referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 3), On: referee.NewTile(9, 9)}}
	back := referee.Action{Seat: 1, Kind: referee.ActTakeBack}
	for time.Now().Before(until) {
		seq := fmt.Sprint(len(c.log))
		a, form := lay, url.Values{"kind": {"play"}, "player": {"1"}, "tile": {"9-3"}, "on": {"9-9"}, "seq": {seq}}
		if sameAction(c.log[len(c.log)-1], lay) {
			a, form = back, url.Values{"kind": {"take-back"}, "player": {"1"}, "seq": {seq}}
		}
		code, _, err := post(hc, fmt.Sprintf("%s/g/%s/rounds/1/table", base, c.slug), form)
		if err != nil {
			c.inflight = &a
			return
		}
		if code/100 != 2 {
			bad(fmt.Errorf("table %s: status %d", c.slug, code))
			return
		}
		c.log = append(c.log, a)
	}
}

// mark counts the writes acknowledged so far.
func (d *drill) mark() drillMark {
	var m drillMark
	for _, c := range d.entries {
		m.entries = append(m.entries, len(c.states)-1)
		m.writes += len(c.states) - 1
	}
	for _, c := range d.tables {
		m.tables = append(m.tables, len(c.log))
		m.writes += len(c.log) - 1 // the starting double was laid at setup
	}
	return m
}

// holds says whether the file at path holds exactly the writes of m.
func (d *drill) holds(t *testing.T, path string, m drillMark) error {
	t.Helper()
	_, err := d.match(path, m, m)
	return err
}

// between checks the file at path holds, for each client, every write of
// from and a prefix of the rest up to to (or the one in flight), and says
// how many acknowledged writes it holds.
func (d *drill) between(t *testing.T, path string, from, to drillMark) (int, error) {
	t.Helper()
	return d.match(path, from, to)
}

func (d *drill) match(path string, from, to drillMark) (int, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, err
	}
	ctx := context.Background()
	store, err := db.OpenWith(ctx, path, db.Options{Replicated: true})
	if err != nil {
		return 0, err
	}
	defer store.Close()
	held := 0
	var errs []error
	for i, c := range d.entries {
		sh, err := store.Sheet(ctx, c.slug)
		if err != nil {
			return 0, err
		}
		got := make([]int, len(c.versions))
		for seat, e := range sh.Rounds[0].Entries {
			if e != nil {
				got[seat] = e.Pips
			}
		}
		k := -1
		for j := to.entries[i]; j >= from.entries[i]; j-- {
			if slices.Equal(c.states[j], got) {
				k = j
				break
			}
		}
		switch {
		case k >= 0:
			held += k
		case to.entries[i] == len(c.states)-1 && c.inflight != nil && slices.Equal(c.inflight, got):
			held += len(c.states) - 1
		default:
			errs = append(errs, fmt.Errorf("game %s holds pips %v: not a state acknowledged between write %d and %d", c.slug, got, from.entries[i], to.entries[i]))
		}
	}
	for i, c := range d.tables {
		tb, err := store.Table(ctx, c.slug, 1)
		if err != nil {
			return 0, err
		}
		got := tb.Actions()
		n := len(got)
		switch {
		case n < from.tables[i] || n > to.tables[i]+1:
			errs = append(errs, fmt.Errorf("table %s holds %d actions, not between %d and %d", c.slug, n, from.tables[i], to.tables[i]))
			continue
		case n == to.tables[i]+1 && (to.tables[i] != len(c.log) || c.inflight == nil || !sameAction(got[n-1], *c.inflight)):
			errs = append(errs, fmt.Errorf("table %s holds an action after the %d acknowledged", c.slug, to.tables[i]))
			continue
		}
		for j := range min(n, len(c.log)) {
			if !sameAction(got[j], c.log[j]) {
				errs = append(errs, fmt.Errorf("table %s: action %d is %+v; %+v was acknowledged", c.slug, j+1, got[j], c.log[j]))
				break
			}
		}
		held += min(n, to.tables[i]) - 1
	}
	return held, errors.Join(errs...)
}
