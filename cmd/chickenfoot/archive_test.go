package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestExportImportCommands: a database exported as JSON imports into a new
// one and exports again the same; one night exports by its link, as CSV
// too; a second import, a broken file and bad usage are refused with exit
// 2, a message, and nothing imported.
func TestExportImportCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	store, err := db.Open(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	rules := referee.Standard()
	g, err := store.CreateGame(context.Background(), app.NewGame{Name: "Friday, late", PlayedOn: "2026-11-27", Rules: rules, HandSize: 10,
		Players: []string{"Ann", "Bob \"B\""}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Enter(context.Background(), g.Slug, 1, app.ScoreForm{Player: g.IDs[1], Pips: "12", Basis: app.Basis{Version: 0}}); err != nil { // Bob has no entry yet
		t.Fatal(err)
	}
	store.Close()

	cmd := func(stdin string, args ...string) (int, string, string) {
		var out, errs bytes.Buffer
		code := run(args, strings.NewReader(stdin), &out, &errs)
		return code, out.String(), errs.String()
	}
	code, whole, stderr := cmd("", "export", "--db", src)
	if code != 0 || !strings.Contains(whole, `"Bob \"B\""`) {
		t.Fatalf("export: %d, %q\n%s", code, stderr, whole)
	}
	file := filepath.Join(dir, "all.json")
	if err := os.WriteFile(file, []byte(whole), 0o600); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "dst.db")
	if code, out, stderr := cmd("", "import", "--db", dst, file); code != 0 || !strings.Contains(out, "Imported 1 game night ") || !strings.Contains(out, "/g/"+g.Slug) {
		t.Fatalf("import: %d, %q, %q", code, out, stderr)
	}
	if code, again, _ := cmd("", "export", "--db", dst); code != 0 || again != whole {
		t.Fatalf("export after import differs:\n%s\n---\n%s", whole, again)
	}
	if code, _, stderr := cmd(whole, "import", "--db", dst, "-"); code != 2 || !strings.Contains(stderr, "already here") || !strings.Contains(stderr, "nothing was imported") {
		t.Fatalf("second import: %d, %q", code, stderr)
	}
	if code, csv, _ := cmd("", "export", "--db", src, "--format", "csv", "--night", "https://example.test/g/"+g.ViewSlug+"/rounds/1"); code != 0 ||
		!strings.Contains(csv, "\"Friday, late\",2026-11-27,1,9-9,1,\"Bob \"\"B\"\"\",12,no,no,12,12") {
		t.Fatalf("one night as CSV: %d\n%s", code, csv)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "--db", filepath.Join(dir, "missing.db")}, "no database"},
		{[]string{"export", "--db", src, "--format", "xml"}, "pick json or csv"},
		{[]string{"export", "--db", src, "--night", "nosuchnightlink123"}, "nothing in"},
		{[]string{"export", "--db", src, "--group", "nosuchtablelink12"}, "nothing in"},
		{[]string{"export", "--db", src, "--group", "a", "--night", "b"}, "not both"},
		{[]string{"export", "--db", src, "out.json"}, "standard output"},
		{[]string{"import", "--db", dst}, "name one file"},
		{[]string{"import", "--db", dst, filepath.Join(dir, "missing.json")}, "no such file"},
	} {
		if code, _, stderr := cmd("", c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 saying %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := cmd(`{"format": "something else"}`, "import", "--db", dst, "-"); code != 2 || !strings.Contains(stderr, "not \"chickenfoot-archive\"") {
		t.Errorf("a foreign file: %d, %q", code, stderr)
	}
}
