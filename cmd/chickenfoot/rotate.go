package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"chickenfoot/db"
)

// runRotate replaces the keys the app signs its cookies with, in the
// database a server may be serving from: every browser's unlock cookie
// stops working at once, and each must type the passphrase again. Exit 2
// for bad usage, 1 when it fails.
func runRotate(args []string, stdout, stderr io.Writer) int {
	path := "chickenfoot.db"
	if v := os.Getenv("CHICKENFOOT_DB"); v != "" {
		path = v
	}
	flags := flag.NewFlagSet("rotate-secret", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintln(stderr, say("cli.rotate.usage"))
		flags.PrintDefaults()
	}
	flags.StringVar(&path, "db", path, say("cli.rotate.db-flag"))
	if err := flags.Parse(args); errors.Is(err, flag.ErrHelp) {
		return 0
	} else if err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		return fail(stderr, 2, "%s", say("cli.serve.extra", "Arg", flags.Arg(0)))
	}
	// Open would make an empty database where none is: a mistyped name
	// must not rotate nothing and call it done.
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fail(stderr, 1, "%s", say("cli.backup.no-db", "Path", path))
	}
	ctx := context.Background()
	store, err := db.Open(ctx, path)
	if err != nil {
		return fail(stderr, 1, "%v", err)
	}
	defer store.Close()
	n, err := store.RotateSecrets(ctx)
	if err != nil {
		return fail(stderr, 1, "%v", err)
	}
	fmt.Fprintln(stdout, say("cli.rotate.done", "Path", path, "N", n))
	return 0
}
