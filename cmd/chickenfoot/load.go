package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"chickenfoot/db"
	"chickenfoot/handlers"
	"chickenfoot/referee"
)

// chickenfoot load runs the real app on this machine's loopback and puts
// it under a game night's load many times over: phones following each
// night's live stream, and scores and table moves written to the nights
// at a steady rate. It measures how long a write takes to reach every
// phone following its night.
//
// Each viewer and each writer dials from its own loopback address (Linux
// routes all of 127.0.0.0/8 to the loopback device), so the server's limits
// per client address stay on, as they are for real phones: no address
// holds more than one stream or makes more than loadWriterRate writes a
// second.

// loadConfig is one load run.
type loadConfig struct {
	nights     int
	viewers    int
	writes     float64       // writes a second, over all nights
	dur        time.Duration // the measured run
	warmup     time.Duration // writes before it, not measured
	grace      time.Duration // how long a write may take to reach a viewer before it counts as missing
	addr       string        // where the server listens: a 127.x.x.x address
	db         string        // the SQLite file; empty for one in a temp dir
	json       bool
	cpuprofile string
}

// Limits of a run: enough loopback addresses for every client, and a run
// that ends.
const (
	loadMaxNights  = 10000
	loadMaxViewers = 50000
	loadMaxWrites  = 10000
	loadMaxFor     = 10 * time.Minute
	// loadWriterRate is the most writes a second one writer address makes:
	// under the server's default limit of 20.
	loadWriterRate = 15
	// loadPerOctet is how many client addresses are used in each 127.a.b.0/24.
	loadPerOctet = 250
)

func parseLoad(args []string, stderr io.Writer) (loadConfig, error) {
	cfg := loadConfig{}
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&cfg.nights, "nights", 100, "game nights to make (double-12 and double-9, 4 to 6 players)")
	fs.IntVar(&cfg.viewers, "viewers", 500, "live viewers, each on its night's stream, spread evenly over the nights")
	fs.Float64Var(&cfg.writes, "writes", 200, "writes a second over all nights (score entries and table moves in turn)")
	fs.DurationVar(&cfg.dur, "for", 20*time.Second, "how long to measure")
	fs.DurationVar(&cfg.warmup, "warmup", 2*time.Second, "writes before the measured run, not counted")
	fs.DurationVar(&cfg.grace, "grace", 5*time.Second, "a write not seen by a viewer within this long is missing")
	fs.StringVar(&cfg.addr, "addr", "127.0.0.1:0", "loopback address for the server (127.x.x.x; port 0 picks a free one)")
	fs.StringVar(&cfg.db, "db", "", "SQLite file to create for the run (must not exist; default: one in a temporary folder, removed at the end)")
	fs.BoolVar(&cfg.json, "json", false, "print the report as JSON")
	fs.StringVar(&cfg.cpuprofile, "cpuprofile", "", "write a CPU profile of the measured run to this file (go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case cfg.nights < 1 || cfg.nights > loadMaxNights:
		return cfg, fmt.Errorf("--nights %d: want 1 to %d", cfg.nights, loadMaxNights)
	case cfg.viewers < 0 || cfg.viewers > loadMaxViewers:
		return cfg, fmt.Errorf("--viewers %d: want 0 to %d", cfg.viewers, loadMaxViewers)
	case math.IsNaN(cfg.writes) || cfg.writes <= 0 || cfg.writes > loadMaxWrites:
		return cfg, fmt.Errorf("--writes %v: want more than 0 and at most %d a second", cfg.writes, loadMaxWrites)
	case cfg.dur <= 0 || cfg.dur > loadMaxFor:
		return cfg, fmt.Errorf("--for %v: want more than 0 and at most %v", cfg.dur, loadMaxFor)
	case cfg.warmup < 0 || cfg.warmup > time.Minute:
		return cfg, fmt.Errorf("--warmup %v: want 0 to 1m", cfg.warmup)
	case cfg.grace <= 0 || cfg.grace > time.Minute:
		return cfg, fmt.Errorf("--grace %v: want more than 0 and at most 1m", cfg.grace)
	}
	if writers := cfg.nights * writersPerNight(cfg); writers > loadMaxViewers {
		return cfg, fmt.Errorf("%d writer addresses needed: want at most %d", writers, loadMaxViewers)
	}
	return cfg, checkLoopback(cfg.addr)
}

// checkLoopback refuses any address but an IPv4 loopback one: the load
// must stay on this machine, and the clients dial from 127.x.x.x.
func checkLoopback(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v", addr, err)
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.To4() == nil || !ip.IsLoopback() {
		return fmt.Errorf("--addr %q: the load runs on this machine only; give a 127.x.x.x address, such as 127.0.0.1:0", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return fmt.Errorf("--addr %q: bad port", addr)
	}
	return nil
}

// writersPerNight is how many addresses a night's writer turns between,
// so that none makes more than loadWriterRate writes a second.
func writersPerNight(cfg loadConfig) int {
	return max(1, int(math.Ceil(cfg.writes/float64(cfg.nights)/loadWriterRate)))
}

// clientIP is the n-th client address of a kind (1 viewers, 2 writers):
// 127.kind.x.y, y from 1 to loadPerOctet.
func clientIP(kind, n int) net.IP {
	return net.IPv4(127, byte(kind), byte(n/loadPerOctet), byte(n%loadPerOctet+1))
}

// errSetup is a run that could not start for a reason the caller can fix.
type errSetup struct{ error }

func runLoadCmd(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseLoad(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "chickenfoot load: %v\n", err)
		return 2
	}
	rep, err := load(context.Background(), cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot load: %v\n", err)
		if errors.As(err, new(errSetup)) {
			return 2
		}
		return 1
	}
	if cfg.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "chickenfoot load: %v\n", err)
			return 1
		}
	} else {
		rep.write(stdout)
	}
	if !rep.OK {
		return 1
	}
	return 0
}

// loadNight is one game night under load.
type loadNight struct {
	slug    string
	players int
	double  int
	viewers int // following it
	clients []*http.Client
	queue   chan time.Time // scheduled times of its writes, done in order

	mu     sync.Mutex
	writes []*loadWrite
	laid   bool // a tile lies on the table's starting double
	n      int  // writes sent
}

// loadWrite is one write and when each viewer of its night saw it.
type loadWrite struct {
	scheduled, start time.Time
	response         time.Duration
	event            string // the event it publishes first
	status           int
	failed           bool            // no 2xx answer: nothing is waited for
	measured         bool            // scheduled within the measured run
	seen             []time.Duration // per viewer of the night; 0 while unseen
}

// loadViewer is one phone following a night.
type loadViewer struct {
	night *loadNight
	index int // among its night's viewers
	next  int // its night's first write it has not yet seen
}

// loadRun is the run's shared counters.
type loadRun struct {
	cfg               loadConfig
	base              string
	nights            []*loadNight
	windowStart, end  time.Time
	events, refreshes atomic.Int64 // events received in the measured run
	refused, dropped  atomic.Int64
	notSent           atomic.Int64 // writes whose night was too far behind to queue them
	closing           atomic.Bool
	streamErr         atomic.Value // the first refusal or drop, as a string
}

// load makes the nights, starts the app, runs the load and says what it
// measured.
func load(ctx context.Context, cfg loadConfig, progress io.Writer) (*loadReport, error) {
	dir, err := os.MkdirTemp("", "chickenfoot-load-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := cfg.db
	if path == "" {
		path = filepath.Join(dir, "load.db")
	} else if _, err := os.Stat(path); err == nil {
		return nil, errSetup{fmt.Errorf("--db %s exists: the load wants a fresh file", path)}
	}
	store, err := db.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, errSetup{err}
	}
	defer ln.Close()
	r := &loadRun{cfg: cfg, base: "http://" + ln.Addr().String()}
	fmt.Fprintf(progress, "Making %d game nights in %s…\n", cfg.nights, path)
	if err := r.makeNights(ctx, store); err != nil {
		return nil, err
	}

	streams, endStreams := context.WithCancel(context.Background())
	defer endStreams()
	log := slog.New(slog.NewTextHandler(progress, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := newServer(handlers.New(store, handlers.Config{Log: log, Stop: streams}))
	srv.RegisterOnShutdown(endStreams)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	shutdown := func() error {
		r.closing.Store(true)
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Shutdown(c); err != nil {
			return fmt.Errorf("shutting the server down: %w", err)
		}
		if err := <-served; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}

	if err := r.checkSources(ln.Addr().String()); err != nil {
		return nil, errors.Join(err, shutdown())
	}
	fmt.Fprintf(progress, "Opening %d live streams on %s…\n", cfg.viewers, r.base)
	clientCtx, cancelClients := context.WithCancel(ctx)
	defer cancelClients()
	var viewers sync.WaitGroup
	var transports []*http.Transport
	ready := make(chan struct{}, cfg.viewers)
	for i := range cfg.viewers {
		n := r.nights[i%cfg.nights]
		v := &loadViewer{night: n, index: i / cfg.nights}
		tr := loadTransport(clientIP(1, i))
		transports = append(transports, tr)
		viewers.Go(func() { r.follow(clientCtx, v, tr, ready) })
	}
	for range cfg.viewers {
		<-ready
	}
	if n := r.refused.Load(); n > 0 {
		cancelClients()
		viewers.Wait()
		return nil, errors.Join(fmt.Errorf("%d of %d streams refused: %v", n, cfg.viewers, r.streamErr.Load()), shutdown())
	}

	fmt.Fprintf(progress, "Writing %.0f a second: %v warm-up, then %v measured…\n", cfg.writes, cfg.warmup, cfg.dur)
	var writers sync.WaitGroup
	writeCtx, stopWrites := context.WithCancel(clientCtx)
	defer stopWrites()
	for _, n := range r.nights {
		writers.Go(func() { r.write(writeCtx, n) })
	}
	load0 := loadAverage()
	start := time.Now()
	r.windowStart = start.Add(cfg.warmup)
	r.end = r.windowStart.Add(cfg.dur)
	cpu0, machine0 := time.Duration(-1), machineCPU{}
	stopProfile, stopProbe := func() {}, func() []time.Duration { return nil }
	r.pace(start, func() { // as the measured run starts
		cpu0, machine0 = processCPU(), readMachineCPU()
		stopProfile = startProfile(cfg.cpuprofile, progress)
		stopProbe = wakeProbe()
	})
	stopProfile()
	wakes := stopProbe()
	cpu := time.Duration(-1)
	if now := processCPU(); cpu0 >= 0 && now >= 0 {
		cpu = now - cpu0
	}
	machine := readMachineCPU().since(machine0)
	// The writes still queued are sent, the last one no later than the
	// grace after the run; then every viewer has the grace to see it.
	drained := make(chan struct{})
	go func() { writers.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(cfg.grace):
		stopWrites()
		<-drained
	}
	lastStart := r.lastStart()
	for !r.allSeen() && time.Since(lastStart) < cfg.grace {
		time.Sleep(10 * time.Millisecond)
	}

	// The end: the server shuts down, which ends every stream (its Stop
	// context); then the viewers see their streams close.
	errShutdown := shutdown()
	waited := make(chan struct{})
	go func() { viewers.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		cancelClients()
		<-waited
	}
	for _, tr := range transports {
		tr.CloseIdleConnections()
	}
	for _, n := range r.nights {
		for _, c := range n.clients {
			c.CloseIdleConnections()
		}
	}
	rep := r.report(cpu, machine, wakes, load0)
	if errShutdown != nil {
		rep.OK = false
		rep.Problems = append(rep.Problems, errShutdown.Error())
	}
	return rep, nil
}

// makeNights stores the nights through the store, as the setup form
// would, each with its table's starting double down.
func (r *loadRun) makeNights(ctx context.Context, store *db.Store) error {
	per := writersPerNight(r.cfg)
	for i := range r.cfg.nights {
		set, players := referee.Set(12), 4+i%3
		if i%2 == 1 {
			set = 9
		}
		rules := referee.Standard()
		rules.Set = set
		hs, err := referee.SuggestHand(set, players)
		if err != nil {
			return err
		}
		names := make([]string, players)
		for p := range names {
			names[p] = fmt.Sprintf("Player %d", p+1)
		}
		g, err := store.CreateGame(ctx, db.NewGame{Name: fmt.Sprintf("Load night %d", i+1), PlayedOn: time.Now().Format(time.DateOnly),
			Rules: rules, HandSize: hs.Tiles, Players: names})
		if err != nil {
			return fmt.Errorf("making night %d: %w", i+1, err)
		}
		d := int(set)
		startDouble := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(d, d), Start: true}}
		if _, err := store.Act(ctx, g.Slug, 1, startDouble, db.Unchecked); err != nil {
			return fmt.Errorf("night %d's starting double: %w", i+1, err)
		}
		n := &loadNight{slug: g.Slug, players: players, double: d, queue: make(chan time.Time, 1024)}
		n.viewers = r.cfg.viewers / r.cfg.nights
		if i < r.cfg.viewers%r.cfg.nights {
			n.viewers++
		}
		for k := range per {
			n.clients = append(n.clients, &http.Client{Transport: loadTransport(clientIP(2, i*per+k)),
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }})
		}
		r.nights = append(r.nights, n)
	}
	return nil
}

// checkSources dials the server once from every client address, so a
// machine that cannot use them is told before anything is measured.
func (r *loadRun) checkSources(server string) error {
	for i := range r.cfg.viewers {
		if err := dialFrom(clientIP(1, i), server); err != nil {
			return err
		}
	}
	for i := range r.cfg.nights * writersPerNight(r.cfg) {
		if err := dialFrom(clientIP(2, i), server); err != nil {
			return err
		}
	}
	return nil
}

// dialFrom dials server from the address ip and hangs up.
func dialFrom(ip net.IP, server string) error {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", server)
	if err != nil {
		return errSetup{fmt.Errorf("cannot dial from loopback address %s: %v\n"+
			"Each viewer and writer dials from its own 127.x.x.x address so that the server's limits per address stay on; "+
			"this needs all of 127.0.0.0/8 routed to the loopback device, as Linux does", ip, err)}
	}
	return c.Close()
}

// loadTransport is one client's connections, all dialled from ip.
func loadTransport(ip net.IP) *http.Transport {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	return &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1, IdleConnTimeout: time.Minute,
		ResponseHeaderTimeout: 30 * time.Second}
}

// follow opens v's stream and reads it until the end, matching each event
// to its night's writes.
func (r *loadRun) follow(ctx context.Context, v *loadViewer, tr *http.Transport, ready chan<- struct{}) {
	signal := sync.OnceFunc(func() { ready <- struct{}{} })
	defer signal()
	fail := func(counter *atomic.Int64, msg string) {
		counter.Add(1)
		r.streamErr.CompareAndSwap(nil, msg)
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, r.base+"/g/"+v.night.slug+"/events", nil)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		fail(&r.refused, err.Error())
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		fail(&r.refused, fmt.Sprintf("%s: %s", resp.Status, strings.TrimSpace(string(b))))
		return
	}
	signal() // subscribed: the server answers only once it follows the night
	sc := bufio.NewScanner(resp.Body)
	name := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if name != "" {
				r.saw(v, name, time.Now())
			}
			name = ""
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
		}
	}
	if !r.closing.Load() && ctx.Err() == nil {
		msg := "stream ended"
		if sc.Err() != nil {
			msg = sc.Err().Error()
		}
		fail(&r.dropped, msg)
	}
}

// saw is event name arriving at v at t. Per night the writes are
// sequential, so the first event of a write's own kind (its entry's, or
// the table's) that v receives after the write started is that write's:
// it is the first event the write publishes. A refresh (v fell behind)
// stands for every write started before it.
func (r *loadRun) saw(v *loadViewer, name string, t time.Time) {
	if !t.Before(r.windowStart) && t.Before(r.end) {
		r.events.Add(1)
		if name == "refresh" {
			r.refreshes.Add(1)
		}
	}
	n := v.night
	n.mu.Lock()
	defer n.mu.Unlock()
	for v.next < len(n.writes) {
		w := n.writes[v.next]
		switch {
		case w.failed:
			v.next++
			continue
		case t.Before(w.start):
			return
		case name == "refresh":
			w.seen[v.index] = max(t.Sub(w.start), 1)
			v.next++
			continue
		case name == w.event:
			w.seen[v.index] = max(t.Sub(w.start), 1)
			v.next++
		}
		return
	}
}

// pace hands out the writes, open-loop: at each tick of a fine ticker,
// every write due by then goes to its night (round-robin) whatever the earlier writes are
// doing. measuring is called as the measured run starts.
func (r *loadRun) pace(start time.Time, measuring func()) {
	tick := time.NewTicker(time.Millisecond) // a write is sent at most 1 ms late
	defer tick.Stop()
	defer func() {
		for _, n := range r.nights {
			close(n.queue)
		}
	}()
	// Write i is due at i/writes seconds from the start; the run's last is
	// the last due before its end, even when a tick comes late.
	due := func(i int) time.Time {
		return start.Add(time.Duration(float64(i) / r.cfg.writes * float64(time.Second)))
	}
	issued, measured := 0, false
	for now := range tick.C {
		if !measured && !now.Before(r.windowStart) {
			measured = true
			measuring()
		}
		for ; due(issued).Before(r.end) && !due(issued).After(now); issued++ {
			select {
			case r.nights[issued%len(r.nights)].queue <- due(issued):
			default:
				r.notSent.Add(1)
			}
		}
		if !now.Before(r.end) {
			return
		}
	}
}

// write sends n's writes in turn: a score entry with new pips, then a
// move on the live table (a tile laid on the starting double, or taken
// back), and so on.
func (r *loadRun) write(ctx context.Context, n *loadNight) {
	for at := range n.queue {
		if ctx.Err() != nil {
			r.notSent.Add(1)
			continue
		}
		k := n.n
		n.n++
		var path, event string
		var form url.Values
		if k%2 == 0 {
			// Entries go to every seat but 1, whose tile the moves lay and
			// take back (a take-back also names seat 1's entry).
			e := k / 2
			seat := e % (n.players - 1)
			if seat >= 1 {
				seat++
			}
			path = fmt.Sprintf("/g/%s/rounds/1/entries/%d", n.slug, seat)
			form = url.Values{"pips": {strconv.Itoa(1 + e%37)}, "open": {"1"}}
			event = fmt.Sprintf("round-1-entry-%d", seat)
		} else {
			path, event = fmt.Sprintf("/g/%s/rounds/1/table", n.slug), "round-1-table"
			form = url.Values{"kind": {"take-back"}, "seat": {"1"}}
			if !n.laid {
				d := strconv.Itoa(n.double)
				form = url.Values{"kind": {"play"}, "seat": {"1"}, "tile": {d + "-3"}, "on": {d + "-" + d}}
			}
		}
		w := &loadWrite{scheduled: at, event: event, measured: !at.Before(r.windowStart), seen: make([]time.Duration, n.viewers)}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, r.base+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		client := n.clients[k%len(n.clients)]
		n.mu.Lock()
		w.start = time.Now()
		n.writes = append(n.writes, w)
		n.mu.Unlock()
		resp, err := client.Do(req)
		status := 0
		if err == nil {
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status = resp.StatusCode
		}
		n.mu.Lock()
		w.response = time.Since(w.start)
		w.status = status
		w.failed = err != nil || status < 200 || status > 299
		if !w.failed && k%2 == 1 {
			n.laid = !n.laid
		}
		n.mu.Unlock()
	}
}

// lastStart is when the last write started.
func (r *loadRun) lastStart() time.Time {
	var last time.Time
	for _, n := range r.nights {
		n.mu.Lock()
		if len(n.writes) > 0 {
			if t := n.writes[len(n.writes)-1].start; t.After(last) {
				last = t
			}
		}
		n.mu.Unlock()
	}
	return last
}

// allSeen reports whether every viewer has seen every write answered.
func (r *loadRun) allSeen() bool {
	for _, n := range r.nights {
		n.mu.Lock()
		for _, w := range n.writes {
			if !w.failed && slices.Contains(w.seen, 0) {
				n.mu.Unlock()
				return false
			}
		}
		n.mu.Unlock()
	}
	return true
}

// loadReport is what a run measured. Times are in milliseconds.
type loadReport struct {
	Nights         int      `json:"nights"`
	Viewers        int      `json:"viewers"`
	TargetWrites   float64  `json:"target_writes_per_s"`
	Seconds        float64  `json:"seconds"`
	WarmupSeconds  float64  `json:"warmup_seconds"`
	GraceSeconds   float64  `json:"grace_seconds"`
	CPUs           int      `json:"cpus"`
	LoadAverage    string   `json:"load_average"`     // /proc/loadavg's first three, as the run started
	CPUSeconds     float64  `json:"cpu_seconds"`      // this process, over the measured run; -1 unknown
	MachineCPUs    float64  `json:"machine_cpus"`     // CPUs busy on the whole machine over the measured run, this process's included; -1 unknown
	StealCPUs      float64  `json:"steal_cpus"`       // of those, taken by the hypervisor for other machines
	WakeLateP99    float64  `json:"wake_late_p99_ms"` // how late a 1 ms sleep in this process woke: the machine's own stalls
	WakeLateMax    float64  `json:"wake_late_max_ms"`
	Writes         int      `json:"writes"`       // scheduled in the measured run and sent
	WritesOK       int      `json:"writes_ok"`    // of those, answered 2xx
	HTTPErrors     int      `json:"http_errors"`  // any write answered otherwise or not at all
	NotSent        int      `json:"not_sent"`     // writes dropped: their night was too far behind
	WritesPerSec   float64  `json:"writes_per_s"` // answered 2xx, per second of the measured run
	ResponseP50    float64  `json:"response_p50_ms"`
	ResponseP99    float64  `json:"response_p99_ms"`
	LagP99         float64  `json:"start_lag_p99_ms"` // a write's start after its scheduled time
	LagMax         float64  `json:"start_lag_max_ms"`
	Streams        int      `json:"streams"`
	Refused        int      `json:"streams_refused"`
	Dropped        int      `json:"streams_dropped"`
	EventsPerSec   float64  `json:"events_per_s"` // received, over all viewers
	Refreshes      int      `json:"refreshes"`    // viewers told to fetch everything (they fell behind)
	Deliveries     int      `json:"deliveries"`   // (write, viewer) pairs expected
	Missing        int      `json:"missing"`      // of those, not seen within the grace
	DeliveryP50    float64  `json:"delivery_p50_ms"`
	DeliveryP90    float64  `json:"delivery_p90_ms"`
	DeliveryP99    float64  `json:"delivery_p99_ms"`
	DeliveryMax    float64  `json:"delivery_max_ms"`
	SlowestP50     float64  `json:"per_write_slowest_viewer_p50_ms"`
	SlowestP99     float64  `json:"per_write_slowest_viewer_p99_ms"`
	OK             bool     `json:"ok"`
	Problems       []string `json:"problems,omitempty"`
	FirstHTTPError string   `json:"first_http_error,omitempty"`
}

func (r *loadRun) report(cpu time.Duration, machine machineCPU, wakes []time.Duration, loadAvg string) *loadReport {
	cfg := r.cfg
	rep := &loadReport{Nights: cfg.nights, Viewers: cfg.viewers, TargetWrites: cfg.writes, Seconds: cfg.dur.Seconds(),
		WarmupSeconds: cfg.warmup.Seconds(), GraceSeconds: cfg.grace.Seconds(), CPUs: runtime.NumCPU(), LoadAverage: loadAvg,
		CPUSeconds: math.Round(cpu.Seconds()*100) / 100, NotSent: int(r.notSent.Load()), Refused: int(r.refused.Load()), Dropped: int(r.dropped.Load()),
		Refreshes: int(r.refreshes.Load())}
	if cpu < 0 {
		rep.CPUSeconds = -1
	}
	rep.MachineCPUs, rep.StealCPUs = -1, -1
	if machine.total > 0 {
		cpus := float64(runtime.NumCPU()) / float64(machine.total)
		rep.MachineCPUs, rep.StealCPUs = math.Round(float64(machine.busy)*cpus*100)/100, math.Round(float64(machine.steal)*cpus*100)/100
	}
	rep.Streams = cfg.viewers - rep.Refused
	rep.EventsPerSec = float64(r.events.Load()) / cfg.dur.Seconds()
	var response, lag, delivery, slowest []time.Duration
	for _, n := range r.nights {
		n.mu.Lock()
		for _, w := range n.writes {
			if !w.measured {
				continue
			}
			rep.Writes++
			response = append(response, w.response)
			lag = append(lag, w.start.Sub(w.scheduled))
			if w.failed {
				rep.HTTPErrors++
				if rep.FirstHTTPError == "" {
					rep.FirstHTTPError = fmt.Sprintf("POST for %s answered %d", w.event, w.status)
				}
				continue
			}
			rep.WritesOK++
			worst := time.Duration(0)
			for _, d := range w.seen {
				rep.Deliveries++
				if d == 0 || d > cfg.grace {
					rep.Missing++
					continue
				}
				delivery = append(delivery, d)
				worst = max(worst, d)
			}
			if worst > 0 {
				slowest = append(slowest, worst)
			}
		}
		n.mu.Unlock()
	}
	rep.WritesPerSec = float64(rep.WritesOK) / cfg.dur.Seconds()
	ms := func(d time.Duration) float64 { return math.Round(float64(d)/1e3) / 1e3 }
	q := func(ds []time.Duration, p float64) float64 { return ms(quantile(ds, p)) }
	for _, s := range [][]time.Duration{response, lag, delivery, slowest} {
		slices.Sort(s)
	}
	rep.ResponseP50, rep.ResponseP99 = q(response, .50), q(response, .99)
	rep.LagP99, rep.LagMax = q(lag, .99), q(lag, 1)
	rep.DeliveryP50, rep.DeliveryP90, rep.DeliveryP99, rep.DeliveryMax = q(delivery, .50), q(delivery, .90), q(delivery, .99), q(delivery, 1)
	rep.SlowestP50, rep.SlowestP99 = q(slowest, .50), q(slowest, .99)
	slices.Sort(wakes)
	rep.WakeLateP99, rep.WakeLateMax = q(wakes, .99), q(wakes, 1)

	if rep.HTTPErrors > 0 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%d writes failed (first: %s)", rep.HTTPErrors, rep.FirstHTTPError))
	}
	if rep.NotSent > 0 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%d writes not sent: their night was too far behind", rep.NotSent))
	}
	if rep.Refused+rep.Dropped > 0 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%d streams refused and %d dropped (first: %v)", rep.Refused, rep.Dropped, r.streamErr.Load()))
	}
	if rep.Missing > 0 {
		rep.Problems = append(rep.Problems, fmt.Sprintf("%d of %d deliveries missing: not seen within %v", rep.Missing, rep.Deliveries, cfg.grace))
	}
	if rep.Writes == 0 {
		rep.Problems = append(rep.Problems, "no write measured")
	}
	rep.OK = len(rep.Problems) == 0
	return rep
}

// quantile is the nearest-rank p-quantile of sorted ds (p 1: the max).
func quantile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return ds[max(0, min(len(ds)-1, int(math.Ceil(p*float64(len(ds))))-1))]
}

func (rep *loadReport) write(w io.Writer) {
	fmt.Fprintf(w, "chickenfoot load: %d nights, %d viewers, %.0f writes/s for %gs (after %gs warm-up)\n",
		rep.Nights, rep.Viewers, rep.TargetWrites, rep.Seconds, rep.WarmupSeconds)
	cpu, machine := "unknown", "unknown"
	if rep.CPUSeconds >= 0 {
		cpu = fmt.Sprintf("%.2f CPUs", rep.CPUSeconds/rep.Seconds)
	}
	if rep.MachineCPUs >= 0 {
		machine = fmt.Sprintf("%.2f (%.2f stolen by the hypervisor)", rep.MachineCPUs, rep.StealCPUs)
	}
	fmt.Fprintf(w, "machine: %d CPUs, load average %s at the start; CPUs busy during the run: %s, this process (server and clients) %s;\n",
		rep.CPUs, rep.LoadAverage, machine, cpu)
	fmt.Fprintf(w, "         a 1 ms sleep here woke late by p99 %.1f ms, max %.1f ms\n\n", rep.WakeLateP99, rep.WakeLateMax)
	fmt.Fprintf(w, "writes      %d sent, %d answered 2xx, %d HTTP errors, %d not sent: %.1f writes/s\n",
		rep.Writes, rep.WritesOK, rep.HTTPErrors, rep.NotSent, rep.WritesPerSec)
	fmt.Fprintf(w, "  response  p50 %.1f ms   p99 %.1f ms\n", rep.ResponseP50, rep.ResponseP99)
	fmt.Fprintf(w, "  start lag p99 %.1f ms   max %.1f ms   (sent after its time: the night's previous write still going, or the client late)\n", rep.LagP99, rep.LagMax)
	fmt.Fprintf(w, "streams     %d open, %d refused, %d dropped: %.0f events/s received, %d refreshes\n",
		rep.Streams, rep.Refused, rep.Dropped, rep.EventsPerSec, rep.Refreshes)
	fmt.Fprintf(w, "delivery    %d (write, viewer) pairs, %d missing (not seen within %gs)\n", rep.Deliveries, rep.Missing, rep.GraceSeconds)
	fmt.Fprintf(w, "  each      p50 %.1f ms   p90 %.1f ms   p99 %.1f ms   max %.1f ms\n", rep.DeliveryP50, rep.DeliveryP90, rep.DeliveryP99, rep.DeliveryMax)
	fmt.Fprintf(w, "  slowest viewer of each write: p50 %.1f ms   p99 %.1f ms\n\n", rep.SlowestP50, rep.SlowestP99)
	if rep.OK {
		fmt.Fprintln(w, "OK: every write answered and seen by every viewer of its night.")
		return
	}
	for _, p := range rep.Problems {
		fmt.Fprintf(w, "FAILED: %s\n", p)
	}
}

// startProfile starts a CPU profile into file, when named, and returns
// what stops it.
func startProfile(file string, progress io.Writer) (stop func()) {
	if file == "" {
		return func() {}
	}
	f, err := os.Create(file)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(progress, "chickenfoot load: no CPU profile: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(progress, "chickenfoot load: CPU profile: %v\n", err)
		}
	}
}

// processCPU is the CPU time (user and system) this process has used, from
// /proc/self/stat; -1 where there is none.
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

// machineCPU is the machine's CPU time from /proc/stat, in ticks.
type machineCPU struct{ busy, steal, total int64 }

func readMachineCPU() machineCPU {
	b, err := os.ReadFile("/proc/stat")
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if err != nil || len(f) < 9 || f[0] != "cpu" {
		return machineCPU{}
	}
	var m machineCPU
	for i, v := range f[1:9] { // user nice system idle iowait irq softirq steal
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return machineCPU{}
		}
		m.total += n
		if i != 3 && i != 4 {
			m.busy += n
		}
		if i == 7 {
			m.steal = n
		}
	}
	return m
}

// since is the CPU time between then and m; zero when either is unknown.
func (m machineCPU) since(then machineCPU) machineCPU {
	if m.total == 0 || then.total == 0 {
		return machineCPU{}
	}
	return machineCPU{busy: m.busy - then.busy, steal: m.steal - then.steal, total: m.total - then.total}
}

// wakeProbe sleeps 1 ms at a time until stopped, and says how late each
// sleep woke: when this process itself could not run, every latency
// measured in it grows too.
func wakeProbe() (stop func() []time.Duration) {
	done := make(chan struct{})
	out := make(chan []time.Duration)
	go func() {
		var late []time.Duration
		for {
			select {
			case <-done:
				out <- late
				return
			default:
			}
			t := time.Now()
			time.Sleep(time.Millisecond)
			late = append(late, time.Since(t)-time.Millisecond)
		}
	}()
	return func() []time.Duration { close(done); return <-out }
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
