package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"chickenfoot/db"
	"chickenfoot/db/app"
)

// archiveFlags are what export and import share: the database file.
func archiveFlags(name string) (*flag.FlagSet, *string) {
	fs := newFlags(name)
	path := fs.String("db", envOr("CHICKENFOOT_DB", "chickenfoot.db"), "cli.archive.db-flag")
	return fs, path
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// runExport writes game nights to standard output: one night (by either
// of its links, or its whole address), or every night kept.
func runExport(v voice, args []string, stdout, stderr io.Writer) int {
	fs, path := archiveFlags("export")
	format := fs.String("format", "json", "cli.export.format-flag")
	night := fs.String("night", "", "cli.export.night-flag")
	group := fs.String("group", "", "cli.export.group-flag")
	if err := v.parsed(fs.Parse(args), fs, "chickenfoot", "cli.export.usage", stderr); err != nil {
		return usageExit(err)
	}
	if fs.NArg() > 0 {
		return fail(stderr, 2, "%s", v.say("cli.export.extra", "Arg", fs.Arg(0)))
	}
	if *night != "" && *group != "" {
		return fail(stderr, 2, "%s", v.say("cli.export.both"))
	}
	if *format != "json" && *format != "csv" {
		return fail(stderr, 2, "%s", v.say("cli.export.format", "Format", *format))
	}
	store, code := openExisting(v, *path, stderr)
	if store == nil {
		return code
	}
	defer store.Close()
	a, err := pickNights(store, *night, *group)
	if app.CodeOf(err) == app.CodeNotFound {
		return fail(stderr, 2, "%s", v.say("cli.export.no-link", "Path", *path, "Link", *night+*group))
	}
	if err != nil {
		return fail(stderr, 1, "%s", v.tell(err))
	}
	if *format == "csv" {
		err = a.WriteCSV(stdout)
	} else {
		err = a.WriteJSON(stdout)
	}
	if err != nil {
		return fail(stderr, 1, "%s", v.say("cli.export.writing", "Err", err.Error()))
	}
	return 0
}

// pickNights reads one night (by its link), a table's nights, or all.
func pickNights(store *db.Store, night, group string) (app.Archive, error) {
	ctx := context.Background()
	switch {
	case group != "":
		return store.ExportGroup(ctx, linkPart(group, "/t/"), true)
	case night != "":
		return store.Export(ctx, linkPart(night, "/g/"))
	}
	return store.ExportAll(ctx)
}

// runImport adds the game nights of a JSON export to the database, all or
// none.
func runImport(v voice, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, path := archiveFlags("import")
	if err := v.parsed(fs.Parse(args), fs, "chickenfoot", "cli.import.synopsis", stderr); err != nil {
		return usageExit(err)
	}
	if fs.NArg() != 1 {
		return fail(stderr, 2, "%s", v.say("cli.import.usage"))
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fail(stderr, 2, "%s", v.tell(err))
		}
		defer f.Close()
		in = f
	}
	a, err := db.ReadArchive(in)
	if err != nil {
		return fail(stderr, 2, "%s", v.say("cli.import.nothing", "Err", v.tell(err)))
	}
	store, err := db.Open(context.Background(), *path)
	if err != nil {
		return fail(stderr, 1, "%s", v.tell(err))
	}
	defer store.Close()
	n, err := store.Import(context.Background(), a)
	if errors.Is(err, db.ErrArchive) {
		return fail(stderr, 2, "%s", v.say("cli.import.nothing", "Err", v.tell(err)))
	}
	if err != nil {
		return fail(stderr, 1, "%s", v.say("cli.import.nothing", "Err", v.tell(err)))
	}
	fmt.Fprintln(stdout, v.say("cli.import.done", "N", n, "Path", *path))
	for _, night := range a.Nights {
		if night.Link != "" {
			fmt.Fprintf(stdout, "  %s: /g/%s\n", oneLine(night.Name), night.Link)
		}
	}
	return 0
}

// openExisting opens a database that must already exist: exporting from
// a mistyped path should not make an empty one.
func openExisting(v voice, path string, stderr io.Writer) (*db.Store, int) {
	if _, err := os.Stat(path); err != nil {
		return nil, fail(stderr, 2, "%s", v.say("cli.archive.no-db", "Path", path))
	}
	store, err := db.Open(context.Background(), path)
	if err != nil {
		return nil, fail(stderr, 1, "%s", v.tell(err))
	}
	return store, 0
}

// linkPart is the unguessable part of a link or address, after prefix
// (/g/ for a game night, /t/ for a table of friends).
func linkPart(s, prefix string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndex(s, prefix); i >= 0 {
		s = s[i+len(prefix):]
	}
	s, _, _ = strings.Cut(s, "/")
	s, _, _ = strings.Cut(s, "?")
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func fail(stderr io.Writer, code int, format string, args ...any) int {
	fmt.Fprintf(stderr, "chickenfoot: "+format+"\n", args...)
	return code
}
