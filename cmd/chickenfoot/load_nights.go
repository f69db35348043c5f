package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"chickenfoot/db"
	"chickenfoot/handlers"
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
	store, path, err := openLoadStore(ctx, cfg.db, dir)
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
	return r.run(ctx, store, ln, progress)
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

// run serves the app on ln, opens the viewers' streams, writes to the
// nights, and reports what it measured.
func (r *loadRun) run(ctx context.Context, store *db.Store, ln net.Listener, progress io.Writer) (*loadReport, error) {
	shutdown := r.serve(store, ln, progress)
	if err := r.checkSources(ln.Addr().String()); err != nil {
		return nil, errors.Join(err, shutdown())
	}
	fmt.Fprintf(progress, "Opening %d live streams on %s…\n", r.cfg.viewers, r.base)
	clientCtx, cancelClients := context.WithCancel(ctx)
	defer cancelClients()
	viewers := r.openStreams(clientCtx)
	if n := r.refused.Load(); n > 0 {
		cancelClients()
		viewers.wg.Wait()
		return nil, errors.Join(fmt.Errorf("%d of %d streams refused: %v", n, r.cfg.viewers, r.streamErr.Load()), shutdown())
	}
	machine := r.runWrites(clientCtx, progress)
	// The end: the server shuts down, which ends every stream (its Stop
	// context); then the viewers see their streams close.
	errShutdown := shutdown()
	viewers.wait(cancelClients)
	r.closeWriters()
	rep := r.report(machine)
	if errShutdown != nil {
		rep.OK = false
		rep.Problems = append(rep.Problems, errShutdown.Error())
	}
	return rep, nil
}

// serve starts the app on ln, behind the same server as chickenfoot
// serve, and returns what shuts it down. Shutting down ends every stream,
// so the run is marked as closing first: the viewers take that end for no
// drop.
func (r *loadRun) serve(store *db.Store, ln net.Listener, progress io.Writer) (shutdown func() error) {
	streams, endStreams := context.WithCancel(context.Background())
	log := slog.New(slog.NewTextHandler(progress, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := newServer(serveApp(store, handlers.Config{Log: log, Stop: streams}))
	srv.RegisterOnShutdown(endStreams)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	return func() error {
		defer endStreams()
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
	g, err := store.CreateGame(ctx, db.NewGame{Name: fmt.Sprintf("Load night %d", i+1), PlayedOn: time.Now().Format(time.DateOnly),
		Rules: rules, HandSize: hs.Tiles, Players: names})
	if err != nil {
		return nil, fmt.Errorf("making night %d: %w", i+1, err)
	}
	d := int(set)
	startDouble := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(d, d), Start: true}}
	if _, err := store.Act(ctx, g.Slug, 1, db.Move{Action: startDouble, Seen: db.Unchecked}); err != nil {
		return nil, fmt.Errorf("night %d's starting double: %w", i+1, err)
	}
	return &loadNight{slug: g.Slug, players: players, double: d, queue: make(chan time.Time, 1024)}, nil
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
