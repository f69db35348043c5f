package main

import (
	"context"
	"errors"
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
func runRotate(v voice, args []string, stdout, stderr io.Writer) int {
	path := "chickenfoot.db"
	if env := os.Getenv("CHICKENFOOT_DB"); env != "" {
		path = env
	}
	flags := newFlags("rotate-secret")
	flags.StringVar(&path, "db", path, "cli.rotate.db-flag")
	if err := v.parsed(flags.Parse(args), flags, "chickenfoot rotate-secret", "cli.rotate.usage", stderr); err != nil {
		return usageExit(err)
	}
	if flags.NArg() > 0 {
		return fail(stderr, 2, "%s", v.say("cli.serve.extra", "Arg", flags.Arg(0)))
	}
	// Open would make an empty database where none is: a mistyped name
	// must not rotate nothing and call it done.
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fail(stderr, 1, "%s", v.say("cli.backup.no-db", "Path", path))
	}
	ctx := context.Background()
	store, err := db.Open(ctx, path)
	if err != nil {
		return fail(stderr, 1, "%s", v.tell(err))
	}
	defer store.Close()
	n, err := store.RotateSecrets(ctx)
	if err != nil {
		return fail(stderr, 1, "%s", v.tell(err))
	}
	fmt.Fprintln(stdout, v.say("cli.rotate.done", "Path", path, "N", n))
	return 0
}
