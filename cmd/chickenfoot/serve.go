package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/replica"
	"chickenfoot/handlers"
)

// serveConfig is where the app listens and keeps its data.
type serveConfig struct {
	addr string
	db   string
	// passphrase, when set, keeps the game nights' list and making new
	// ones to browsers that typed it; writeRate limits each client's posts
	// per second (0 the app's default, negative off).
	passphrase string
	writeRate  float64
	// behindProxy believes the X-Forwarded-For and X-Forwarded-Proto of a
	// proxy on this machine.
	behindProxy bool
	// origin is the public address share links are made from; hosts the
	// names the app answers to besides its own (handlers.Config).
	origin string
	hosts  []string
	// replica, when set, is where every commit is streamed to (file:// or
	// s3://), and where the database comes from when its file is missing.
	replica string
	// voice is the language the command speaks (CHICKENFOOT_LANG).
	voice voice
}

// parseServe reads the serve flags; flags beat the environment, which
// beats the defaults.
func parseServe(args []string, getenv func(string) string, stderr io.Writer) (serveConfig, error) {
	cfg := serveConfig{addr: ":8080", db: "chickenfoot.db"}
	cfg.voice, _ = voiceOf(getenv)
	if v := getenv("CHICKENFOOT_ADDR"); v != "" {
		cfg.addr = v
	}
	if v := getenv("CHICKENFOOT_DB"); v != "" {
		cfg.db = v
	}
	cfg.passphrase = getenv("CHICKENFOOT_PASSPHRASE")
	if v := getenv("CHICKENFOOT_WRITE_RATE"); v != "" {
		rate, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return cfg, refuse("cli.serve.write-rate-env", "Value", v)
		}
		cfg.writeRate = rate
	}
	fs := newFlags("serve")
	fs.StringVar(&cfg.addr, "addr", cfg.addr, "cli.serve.addr-flag")
	fs.StringVar(&cfg.db, "db", cfg.db, "cli.serve.db-flag")
	fs.StringVar(&cfg.passphrase, "passphrase", cfg.passphrase, "cli.serve.passphrase-flag")
	fs.Float64Var(&cfg.writeRate, "write-rate", cfg.writeRate, "cli.serve.write-rate-flag")
	fs.StringVar(&cfg.origin, "origin", getenv("CHICKENFOOT_ORIGIN"), "cli.serve.origin-flag")
	hosts := fs.String("hosts", getenv("CHICKENFOOT_HOSTS"), "cli.serve.hosts-flag")
	fs.StringVar(&cfg.replica, "replica", getenv("CHICKENFOOT_REPLICA"), "cli.serve.replica-flag")
	fs.BoolVar(&cfg.behindProxy, "behind-proxy", getenv("CHICKENFOOT_BEHIND_PROXY") == "1", "cli.serve.proxy-flag")
	if err := cfg.voice.parsed(fs.Parse(args), fs, "chickenfoot", "cli.serve.usage", stderr); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, refuse("cli.serve.extra", "Arg", fs.Arg(0))
	}
	if math.IsNaN(cfg.writeRate) || math.IsInf(cfg.writeRate, 0) {
		return cfg, refuse("cli.serve.write-rate", "Value", cfg.writeRate)
	}
	if cfg.origin != "" {
		origin, err := handlers.ParseOrigin(cfg.origin)
		if err != nil {
			return cfg, refuse("cli.serve.origin", "Value", cfg.origin)
		}
		cfg.origin = origin
	}
	if cfg.replica != "" {
		if err := replica.CheckURL(cfg.replica); err != nil {
			return cfg, refuse("cli.replica.url", "URL", cfg.replica, "Reason", err)
		}
	}
	names, err := handlers.ParseHosts(*hosts)
	if err != nil {
		return cfg, refuse("cli.serve.hosts", "Value", err.Error())
	}
	cfg.hosts = names
	return cfg, nil
}

// runServe serves the web app until the context is cancelled (Ctrl-C),
// then shuts down gracefully.
func runServe(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseServe(args, os.Getenv, stderr)
	v := cfg.voice
	if errors.Is(err, flag.ErrHelp) || errors.Is(err, errShown) {
		return usageExit(err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot: %s\n", v.tell(err))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(stderr, nil))
	if err := serve(ctx, cfg, stdout, log); err != nil {
		fmt.Fprintf(stderr, "chickenfoot: %s\n", v.tell(err))
		return 1
	}
	return 0
}

func serve(ctx context.Context, cfg serveConfig, stdout io.Writer, log *slog.Logger) error {
	if cfg.replica != "" {
		// No file and a replica: the file comes back from the replica
		// before anything opens it (an empty replica starts a new one).
		if _, err := replica.RestoreMissing(ctx, cfg.db, cfg.replica, log); err != nil {
			return err
		}
	}
	store, err := db.OpenWith(ctx, cfg.db, db.Options{Replicated: cfg.replica != ""})
	if errors.Is(err, db.ErrDamaged) {
		e := phrase("cli.serve.damaged", "Damage", err, "Path", cfg.db)
		e.Err = err
		return e
	}
	if err != nil {
		return err
	}
	var rep *replica.Replica
	if cfg.replica != "" {
		// Replication outlives the request that stops the server, so its
		// last sync, at Close, still runs.
		rep, err = replica.Start(context.WithoutCancel(ctx), cfg.db, cfg.replica, log, time.Minute)
		if err != nil {
			store.Close()
			return err
		}
	}
	defer func() {
		// The app's connections close first: Litestream's must be the
		// file's last, and it sends what is left as it closes.
		store.Close()
		if rep != nil {
			closing, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := rep.Close(closing); err != nil {
				log.Error("replica", "err", err)
			}
		}
	}()
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	// Shutdown waits for every handler, and a live stream only ends when
	// told: end them all as it starts.
	streams, endStreams := context.WithCancel(context.Background())
	defer endStreams()
	hc := handlers.Config{Log: log, Passphrase: cfg.passphrase, WritesPerSecond: cfg.writeRate,
		BehindProxy: cfg.behindProxy, Origin: cfg.origin, Hosts: cfg.hosts, Stop: streams}
	if rep != nil {
		hc.Replication = func() (time.Duration, uint64, bool) {
			st := rep.Status()
			return st.Since, st.Pending, !st.LastSync.IsZero()
		}
	}
	srv := handlers.Server(serveApp(store, hc))
	srv.RegisterOnShutdown(endStreams)
	fmt.Fprintln(stdout, cfg.voice.say("cli.serve.ready", "URL", displayURL(ln.Addr()), "Path", cfg.db))
	if cfg.passphrase != "" {
		fmt.Fprintln(stdout, cfg.voice.say("cli.serve.private"))
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(handlers.Listener(ln)) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	fmt.Fprintln(stdout, cfg.voice.say("cli.serve.stopped"))
	return nil
}

// displayURL is the address to open in a browser on this machine.
func displayURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// serveApp is the web app on store, the store publishing the news of each
// committed write to the app's live hub.
func serveApp(store *db.Store, cfg handlers.Config) http.Handler {
	cfg.Hub = handlers.NewHub()
	store.Publish = cfg.Hub.Publish
	return handlers.New(store, cfg)
}
