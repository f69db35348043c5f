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

// backupConfig is which database to copy, and where to.
type backupConfig struct {
	db, out string
}

// parseBackup reads the backup command's flags and its one argument; the
// database is found as serve finds it.
func parseBackup(args []string, getenv func(string) string, stderr io.Writer) (backupConfig, error) {
	cfg := backupConfig{db: "chickenfoot.db"}
	if v := getenv("CHICKENFOOT_DB"); v != "" {
		cfg.db = v
	}
	flags := flag.NewFlagSet("backup", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprint(stderr, "usage: chickenfoot backup [--db FILE] OUT\n")
		flags.PrintDefaults()
	}
	flags.StringVar(&cfg.db, "db", cfg.db, "the SQLite database to copy (env CHICKENFOOT_DB)")
	if err := flags.Parse(args); err != nil {
		return cfg, err
	}
	switch flags.NArg() {
	case 0:
		return cfg, errors.New("say where to write the backup: chickenfoot backup [--db FILE] OUT")
	case 1:
		cfg.out = flags.Arg(0)
	default:
		return cfg, fmt.Errorf("unexpected argument %q: a backup goes to one file", flags.Arg(1))
	}
	if cfg.out == "" {
		return cfg, errors.New("the backup's file name is empty")
	}
	return cfg, nil
}

// runBackup copies the database, which may be serving meanwhile, to a new
// file and checks the copy. Exit 2 for bad usage or a file already at
// OUT, 1 when the copy fails.
func runBackup(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseBackup(args, os.Getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot backup: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	b, err := backup(ctx, cfg)
	if errors.Is(err, db.ErrExists) {
		fmt.Fprintf(stderr, "chickenfoot backup: %s already exists; pick a new name, or remove it first\n", cfg.out)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "chickenfoot backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Backed up %s to %s: %s, %s.\n", cfg.db, b.Path, size(b.Size), plural(b.Games, "game night", "game nights"))
	return 0
}

func backup(ctx context.Context, cfg backupConfig) (db.BackupCopy, error) {
	// Open would make an empty database where none is: a mistyped name
	// must not back up nothing and call it done.
	if _, err := os.Stat(cfg.db); errors.Is(err, fs.ErrNotExist) {
		return db.BackupCopy{}, fmt.Errorf("there is no database at %s: name it with --db or CHICKENFOOT_DB", cfg.db)
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
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return plural(int(n), "byte", "bytes")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
