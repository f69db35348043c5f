// Command chickenload puts the Chickenfoot app under a game night's load
// many times over, on this machine's loopback: phones following each
// night's live stream, and scores and table moves written to the nights at
// a steady rate. It measures how long a write takes to reach every phone
// following its night, and what the server spent on it.
//
// Usage:
//
//	chickenload [--nights 100] [--viewers 500] [--writes 200] [--for 20s] [--json]
//
// The app runs in a child process (this same program, started again), so
// the server's CPU time is measured apart from the load's own clients.
//
// Each viewer and each writer dials from its own loopback address (Linux
// routes all of 127.0.0.0/8 to the loopback device), so the server's limits
// per client address stay on, as they are for real phones: no address
// holds more than one stream or makes more than loadWriterRate writes a
// second.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"strconv"
	"time"
)

func main() {
	if os.Getenv(serverEnv) != "" {
		os.Exit(runServer(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

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

// errSetup is a run that could not start for a reason the caller can fix.
type errSetup struct{ error }

// run runs a load and returns its exit code: 2 for flags or a machine the
// run can't use, 1 for a run that failed or found a problem.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseLoad(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "chickenload: %v\n", err)
		return 2
	}
	rep, err := load(context.Background(), cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "chickenload: %v\n", err)
		if errors.As(err, new(errSetup)) {
			return 2
		}
		return 1
	}
	if err := rep.print(stdout, cfg.json); err != nil {
		fmt.Fprintf(stderr, "chickenload: %v\n", err)
		return 1
	}
	if !rep.OK {
		return 1
	}
	return 0
}

// print writes rep to w as text, or as indented JSON for a script.
func (rep *loadReport) print(w io.Writer, asJSON bool) error {
	if !asJSON {
		rep.write(w)
		return nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// parseLoad reads the load flags and refuses a run this machine can't
// make.
func parseLoad(args []string, stderr io.Writer) (loadConfig, error) {
	cfg := loadConfig{}
	fs := loadFlags(&cfg, stderr)
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := checkLoad(cfg); err != nil {
		return cfg, err
	}
	return cfg, checkLoopback(cfg.addr)
}

// loadFlags is the load command's flags, each with its default, read into
// cfg.
func loadFlags(cfg *loadConfig, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("chickenload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: chickenload [flags]\n\n"+
			"Runs the Chickenfoot app on this machine's loopback under load: viewers following the nights'\n"+
			"live streams while scores and moves are written. Reports how long a write takes to reach every\n"+
			"viewer, and the server's CPU time; exit 1 on any error or missed update.\n\n")
		fs.PrintDefaults()
	}
	fs.IntVar(&cfg.nights, "nights", 100, "game nights to make (double-12 and double-9, 4 to 6 players)")
	fs.IntVar(&cfg.viewers, "viewers", 500, "live viewers, each on its night's stream, spread evenly over the nights")
	fs.Float64Var(&cfg.writes, "writes", 200, "writes a second over all nights (score entries and table moves in turn)")
	fs.DurationVar(&cfg.dur, "for", 20*time.Second, "how long to measure")
	fs.DurationVar(&cfg.warmup, "warmup", 2*time.Second, "writes before the measured run, not counted")
	fs.DurationVar(&cfg.grace, "grace", 5*time.Second, "a write not seen by a viewer within this long is missing")
	fs.StringVar(&cfg.addr, "addr", "127.0.0.1:0", "loopback address for the server (127.x.x.x; port 0 picks a free one)")
	fs.StringVar(&cfg.db, "db", "", "SQLite file to create for the run (must not exist; default: one in a temporary folder, removed at the end)")
	fs.BoolVar(&cfg.json, "json", false, "print the report as JSON")
	fs.StringVar(&cfg.cpuprofile, "cpuprofile", "", "write a CPU profile of the server process, from its start to its end, to this file (go tool pprof)")
	return fs
}

// checkLoad refuses numbers outside a run's limits.
func checkLoad(cfg loadConfig) error {
	switch {
	case cfg.nights < 1 || cfg.nights > loadMaxNights:
		return fmt.Errorf("--nights %d: want 1 to %d", cfg.nights, loadMaxNights)
	case cfg.viewers < 0 || cfg.viewers > loadMaxViewers:
		return fmt.Errorf("--viewers %d: want 0 to %d", cfg.viewers, loadMaxViewers)
	case math.IsNaN(cfg.writes) || cfg.writes <= 0 || cfg.writes > loadMaxWrites:
		return fmt.Errorf("--writes %v: want more than 0 and at most %d a second", cfg.writes, loadMaxWrites)
	case cfg.dur <= 0 || cfg.dur > loadMaxFor:
		return fmt.Errorf("--for %v: want more than 0 and at most %v", cfg.dur, loadMaxFor)
	case cfg.warmup < 0 || cfg.warmup > time.Minute:
		return fmt.Errorf("--warmup %v: want 0 to 1m", cfg.warmup)
	case cfg.grace <= 0 || cfg.grace > time.Minute:
		return fmt.Errorf("--grace %v: want more than 0 and at most 1m", cfg.grace)
	}
	if writers := cfg.nights * writersPerNight(cfg); writers > loadMaxViewers {
		return fmt.Errorf("%d writer addresses needed: want at most %d", writers, loadMaxViewers)
	}
	return nil
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
