package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"chickenfoot/db/replica"
)

// restoreConfig is which replica to restore from, as of when, and where
// to, and the language the command speaks.
type restoreConfig struct {
	replica, out string
	at           time.Time // zero: the newest
	voice        voice
}

// parseRestore reads the restore command's flags and its one argument; the
// replica is found as serve finds it.
func parseRestore(args []string, getenv func(string) string, stderr io.Writer) (restoreConfig, error) {
	cfg := restoreConfig{replica: getenv("CHICKENFOOT_REPLICA")}
	cfg.voice, _ = voiceOf(getenv)
	flags := newFlags("restore")
	flags.StringVar(&cfg.replica, "replica", cfg.replica, "cli.restore.replica-flag")
	at := flags.String("at", "", "cli.restore.at-flag")
	if err := cfg.voice.parsed(flags.Parse(args), flags, "chickenfoot restore", "cli.restore.usage", stderr); err != nil {
		return cfg, err
	}
	switch flags.NArg() {
	case 0:
		return cfg, refuse("cli.restore.no-out")
	case 1:
		cfg.out = flags.Arg(0)
	default:
		return cfg, refuse("cli.restore.extra", "Arg", flags.Arg(1))
	}
	if cfg.out == "" {
		return cfg, refuse("cli.restore.empty-name")
	}
	if cfg.replica == "" {
		return cfg, refuse("cli.restore.no-replica")
	}
	if err := replica.CheckURL(cfg.replica); err != nil {
		return cfg, refuse("cli.replica.url", "URL", cfg.replica, "Reason", err)
	}
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return cfg, refuse("cli.restore.at", "Value", *at)
		}
		cfg.at = t
	}
	return cfg, nil
}

// runRestore writes the replica's copy of the database to a new file and
// checks it. Exit 2 for bad usage or a file already at OUT, 1 when the
// restore fails.
func runRestore(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseRestore(args, os.Getenv, stderr)
	v := cfg.voice
	if errors.Is(err, flag.ErrHelp) || errors.Is(err, errShown) {
		return usageExit(err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot restore: %s\n", v.tell(err))
		return 2
	}
	if _, err := os.Lstat(cfg.out); err == nil {
		fmt.Fprintf(stderr, "chickenfoot restore: %s\n", v.say("cli.backup.exists", "Path", cfg.out))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	began := time.Now()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	err = replica.Restore(ctx, cfg.replica, cfg.out, cfg.at, quiet)
	switch {
	case errors.Is(err, replica.ErrExists):
		fmt.Fprintf(stderr, "chickenfoot restore: %s\n", v.say("cli.backup.exists", "Path", cfg.out))
		return 2
	case errors.Is(err, replica.ErrEmpty):
		fmt.Fprintf(stderr, "chickenfoot restore: %s\n", v.say("cli.restore.empty", "URL", cfg.replica))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "chickenfoot restore: %s\n", v.tell(err))
		return 1
	}
	var bytes int64
	if st, err := os.Stat(cfg.out); err == nil {
		bytes = st.Size()
	}
	when := v.say("cli.restore.newest")
	if !cfg.at.IsZero() {
		when = cfg.at.Format(time.RFC3339)
	}
	fmt.Fprintln(stdout, v.say("cli.restore.done", "To", cfg.out, "When", when, "Size", v.size(bytes),
		"Seconds", fmt.Sprintf("%.1f", time.Since(began).Seconds())))
	return 0
}
