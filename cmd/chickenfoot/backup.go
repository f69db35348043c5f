package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	"chickenfoot/db"
)

// backupConfig is which database to copy, and where to, and the
// language the command speaks.
type backupConfig struct {
	db, out string
	voice   voice
}

// parseBackup reads the backup command's flags and its one argument; the
// database is found as serve finds it.
func parseBackup(args []string, getenv func(string) string, stderr io.Writer) (backupConfig, error) {
	cfg := backupConfig{db: "chickenfoot.db"}
	cfg.voice, _ = voiceOf(getenv)
	if v := getenv("CHICKENFOOT_DB"); v != "" {
		cfg.db = v
	}
	flags := newFlags("backup")
	flags.StringVar(&cfg.db, "db", cfg.db, "cli.backup.db-flag")
	if err := cfg.voice.parsed(flags.Parse(args), flags, "chickenfoot backup", "cli.backup.usage", stderr); err != nil {
		return cfg, err
	}
	switch flags.NArg() {
	case 0:
		return cfg, refuse("cli.backup.no-out")
	case 1:
		cfg.out = flags.Arg(0)
	default:
		return cfg, refuse("cli.backup.extra", "Arg", flags.Arg(1))
	}
	if cfg.out == "" {
		return cfg, refuse("cli.backup.empty-name")
	}
	return cfg, nil
}

// runBackup copies the database, which may be serving meanwhile, to a new
// file and checks the copy. Exit 2 for bad usage or a file already at
// OUT, 1 when the copy fails.
func runBackup(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseBackup(args, os.Getenv, stderr)
	v := cfg.voice
	if errors.Is(err, flag.ErrHelp) || errors.Is(err, errShown) {
		return usageExit(err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot backup: %s\n", v.tell(err))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	b, err := backup(ctx, cfg)
	if errors.Is(err, db.ErrExists) {
		fmt.Fprintf(stderr, "chickenfoot backup: %s\n", v.say("cli.backup.exists", "Path", cfg.out))
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot backup: %s\n", v.tell(err))
		return 1
	}
	fmt.Fprintln(stdout, v.say("cli.backup.done", "From", cfg.db, "To", b.Path, "Size", v.size(b.Size), "Nights", b.Games))
	return 0
}

func backup(ctx context.Context, cfg backupConfig) (db.BackupCopy, error) {
	// Open would make an empty database where none is: a mistyped name
	// must not back up nothing and call it done.
	if _, err := os.Stat(cfg.db); errors.Is(err, fs.ErrNotExist) {
		return db.BackupCopy{}, refuse("cli.backup.no-db", "Path", cfg.db)
	}
	if _, err := os.Lstat(cfg.out); err == nil {
		return db.BackupCopy{}, db.ErrExists // checked before opening, so a refusal costs nothing
	}
	store, err := db.Open(ctx, cfg.db)
	if err != nil {
		return db.BackupCopy{}, err
	}
	defer store.Close()
	return store.Backup(ctx, cfg.out)
}

// size words a file's size for a person.
func (v voice) size(n int64) string {
	switch {
	case n >= 1<<20:
		return v.say("cli.size.mb", "N", fmt.Sprintf("%.1f", float64(n)/(1<<20)))
	case n >= 1<<10:
		return v.say("cli.size.kb", "N", fmt.Sprintf("%.0f", float64(n)/(1<<10)))
	}
	return v.say("count.byte", "N", int(n))
}
