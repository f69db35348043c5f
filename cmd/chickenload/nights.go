package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"chickenfoot/cmd/chickenload/measure"
	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

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
	// What the night's pages would show, sent back with each write as the
	// app requires: each seat's entry version, by seat, and the table's
	// count of actions (the starting double is the first).
	versions map[int]string
	actions  int
}

// loadRun is the run's shared counters.
type loadRun struct {
	cfg               loadConfig
	base              string
	server            *measure.Child // the app, in a process of its own
	nights            []*loadNight
	windowStart, end  time.Time
	events, refreshes atomic.Int64 // events received in the measured run
	refused, dropped  atomic.Int64
	notSent           atomic.Int64 // writes whose night was too far behind to queue them
	closing           atomic.Bool
	streamErr         atomic.Value // the first refusal or drop, as a string
}

// load makes the nights, starts the app in a child process, runs the load
// and says what it measured.
func load(ctx context.Context, cfg loadConfig, progress io.Writer) (*loadReport, error) {
	progress = &lockedWriter{w: progress} // the server's process writes to it too
	dir, err := os.MkdirTemp("", "chickenload-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	store, path, err := openLoadStore(ctx, cfg.db, dir)
	if err != nil {
		return nil, err
	}
	r := &loadRun{cfg: cfg}
	fmt.Fprintf(progress, "Making %d game nights in %s…\n", cfg.nights, path)
	err = r.makeNights(ctx, store)
	// The server opens the file afresh: nothing the making kept in
	// memory is shared with it.
	if err := errors.Join(err, store.Close()); err != nil {
		return nil, err
	}
	if r.server, err = startServer(cfg, path, progress); err != nil {
		return nil, err
	}
	r.base = "http://" + r.server.Addr
	return r.run(ctx, progress)
}

// openLoadStore opens the run's database: file, which must not exist yet,
// or load.db in dir.
func openLoadStore(ctx context.Context, file, dir string) (*db.Store, string, error) {
	path := file
	if path == "" {
		path = filepath.Join(dir, "load.db")
	} else if _, err := os.Stat(path); err == nil {
		return nil, "", errSetup{fmt.Errorf("--db %s exists: the load wants a fresh file", path)}
	}
	store, err := db.Open(ctx, path)
	return store, path, err
}

// run opens the viewers' streams on the running server, writes to the
// nights, and reports what it measured.
func (r *loadRun) run(ctx context.Context, progress io.Writer) (*loadReport, error) {
	if err := r.checkSources(r.server.Addr); err != nil {
		return nil, errors.Join(err, r.shutdown())
	}
	fmt.Fprintf(progress, "Opening %d live streams on %s…\n", r.cfg.viewers, r.base)
	clientCtx, cancelClients := context.WithCancel(ctx)
	defer cancelClients()
	viewers := r.openStreams(clientCtx)
	if n := r.refused.Load(); n > 0 {
		cancelClients()
		viewers.wg.Wait()
		return nil, errors.Join(fmt.Errorf("%d of %d streams refused: %v", n, r.cfg.viewers, r.streamErr.Load()), r.shutdown())
	}
	machine := r.runWrites(clientCtx, progress)
	// The end: the server shuts down, which ends every stream (its Stop
	// context); then the viewers see their streams close.
	errShutdown := r.shutdown()
	viewers.wait(cancelClients)
	r.closeWriters()
	rep := r.report(machine)
	if errShutdown != nil {
		rep.OK = false
		rep.Problems = append(rep.Problems, errShutdown.Error())
	}
	return rep, nil
}

// shutdown stops the server, which ends every stream, so the run is
// marked as closing first: the viewers take that end for no drop.
func (r *loadRun) shutdown() error {
	r.closing.Store(true)
	if err := r.server.Stop(15 * time.Second); err != nil {
		return fmt.Errorf("the server process: %w", err)
	}
	return nil
}

// makeNights stores the nights through the store, as the setup form
// would, each with its table's starting double down.
func (r *loadRun) makeNights(ctx context.Context, store *db.Store) error {
	for i := range r.cfg.nights {
		n, err := storeNight(ctx, store, i)
		if err != nil {
			return err
		}
		r.equip(n, i)
		r.nights = append(r.nights, n)
	}
	return nil
}

// storeNight stores night i, double-12 and double-9 in turn with 4 to 6
// players, and lays its table's starting double.
func storeNight(ctx context.Context, store *db.Store, i int) (*loadNight, error) {
	set, players := referee.Set(12), 4+i%3
	if i%2 == 1 {
		set = 9
	}
	rules := referee.Standard()
	rules.Set = set
	hs, err := referee.SuggestHand(set, players)
	if err != nil {
		return nil, err
	}
	names := make([]string, players)
	for p := range names {
		names[p] = fmt.Sprintf("Player %d", p+1)
	}
	g, err := store.CreateGame(ctx, app.NewGame{Name: fmt.Sprintf("Load night %d", i+1), PlayedOn: time.Now().Format(time.DateOnly),
		Rules: rules, HandSize: hs.Tiles, Players: names})
	if err != nil {
		return nil, fmt.Errorf("making night %d: %w", i+1, err)
	}
	d := int(set)
	startDouble := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(d, d), Start: true}}
	if _, err := store.Act(ctx, g.Slug, 1, app.Move{Action: startDouble, Seen: 0}); err != nil { // on the new table
		return nil, fmt.Errorf("night %d's starting double: %w", i+1, err)
	}
	return &loadNight{slug: g.Slug, players: players, double: d, queue: make(chan time.Time, 1024), versions: map[int]string{}, actions: 1}, nil
}

// equip gives night i its share of the viewers, and its writer a client
// for each of its addresses.
func (r *loadRun) equip(n *loadNight, i int) {
	n.viewers = r.cfg.viewers / r.cfg.nights
	if i < r.cfg.viewers%r.cfg.nights {
		n.viewers++
	}
	per := writersPerNight(r.cfg)
	for k := range per {
		n.clients = append(n.clients, &http.Client{Transport: loadTransport(clientIP(2, i*per+k)),
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }})
	}
}

// closeWriters closes the writers' idle connections.
func (r *loadRun) closeWriters() {
	for _, n := range r.nights {
		for _, c := range n.clients {
			c.CloseIdleConnections()
		}
	}
}

// lockedWriter is a writer shared by goroutines: this process's progress
// and the copy of the server process's standard error.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
