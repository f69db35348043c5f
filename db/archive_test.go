package db

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// trickyNight keeps a night whose names need care in JSON and CSV, with
// every kind of thing an archive carries: typed, tapped and went-out
// entries, an edit, an undo, a correction, a closed round and moves.
func trickyNight(t *testing.T, s *Store) app.Game {
	t.Helper()
	ctx := context.Background()
	rules := referee.Standard()
	rules.Set = 9
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Friday, \"the\" big one\nround two 🐔", PlayedOn: "2026-11-27", Rules: rules, HandSize: 7,
		Players: []string{"Ann, Jr.", "\"Bob\"", "Zoë\nnew line", "سارة", "🦶 Foot"}})
	if err != nil {
		t.Fatal(err)
	}
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 9, Setter: 2}, seenOpening(t, s, g.Slug, 1)))
	for _, a := range []referee.Action{
		{Seat: 2, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 9), Start: true}},
		{Seat: 3, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 1), On: referee.NewTile(9, 9)}},
		{Seat: 4, Kind: referee.ActDraw},
	} {
		must(s.Act(ctx, g.Slug, 1, app.Move{Action: a, Seen: seenLog(t, s, g.Slug, 1)}))
	}
	tapped, err := rules.TappedEntry([]referee.Tile{referee.NewTile(5, 4), referee.NewTile(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	must(s.saveEntry(ctx, g.Slug, 1, 0, typed(7), "", seenEntry(t, s, g.Slug, 1, 0)))
	must(s.saveEntry(ctx, g.Slug, 1, 0, typed(9), "", seenEntry(t, s, g.Slug, 1, 0)))
	must(s.saveEntry(ctx, g.Slug, 1, 1, tapped, "", seenEntry(t, s, g.Slug, 1, 1)))
	must(s.saveEntry(ctx, g.Slug, 1, 2, out, "", seenEntry(t, s, g.Slug, 1, 2)))
	must(s.saveEntry(ctx, g.Slug, 1, 3, typed(4), "", seenEntry(t, s, g.Slug, 1, 3)))
	_, _, err = s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1))
	must(nil, err)
	must(s.saveEntry(ctx, g.Slug, 1, 3, typed(3), "", seenEntry(t, s, g.Slug, 1, 3)))
	must(s.saveEntry(ctx, g.Slug, 1, 4, typed(11), "", seenEntry(t, s, g.Slug, 1, 4)))
	must(s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)))
	must(s.saveEntry(ctx, g.Slug, 1, 4, typed(12), "Ann, Jr.", seenEntry(t, s, g.Slug, 1, 4)))
	must(s.saveEntry(ctx, g.Slug, 2, 0, typed(5), "", seenEntry(t, s, g.Slug, 2, 0)))
	return g
}

func exportJSON(t *testing.T, s *Store, link string) []byte {
	t.Helper()
	a, err := s.Export(context.Background(), link)
	if link == "" {
		a, err = s.ExportAll(context.Background())
	}
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := a.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestArchiveRoundTrip: a whole database exported, imported into an empty
// one and exported again gives the same bytes; the imported nights read
// back as they were; importing the file again is refused whole.
func TestArchiveRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openTest(t)
	g := trickyNight(t, src)
	newGame(t, src, "Ann", "Bob")
	grp, err := src.CreateGroup(ctx, "Club, \"the\" best", "")
	if err != nil {
		t.Fatal(err)
	}
	playNight(t, src, grp.Slug, "2026-01-09", []string{"Ann", "Bob"}, []*referee.Entry{nil, held0(4)}, []*referee.Entry{pips(3), nil})
	playNight(t, src, grp.Slug, "2026-01-16", []string{"Bob", "Cy"}, []*referee.Entry{nil, pips(8)})
	first := exportJSON(t, src, "")
	if !bytes.Contains(first, []byte(`"Zoë\nnew line"`)) || !bytes.Contains(first, []byte("🐔")) {
		t.Fatalf("names are not kept as typed:\n%s", first)
	}

	dst := openTest(t)
	a, err := ReadArchive(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := dst.Import(ctx, a); err != nil || n != 4 {
		t.Fatalf("Import = %d, %v", n, err)
	}
	if again := exportJSON(t, dst, ""); !bytes.Equal(first, again) {
		t.Fatalf("export, import, export changed the bytes:\n%s\n---\n%s", first, again)
	}
	was, err := src.sheetWithHistory(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	now, err := dst.sheetWithHistory(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if len(now.History) != len(was.History) || now.Round(1).Entries[4].Score != 12 || now.Version(1, 4) == 0 ||
		!now.Round(1).Closed || len(now.Rounds) != 2 || now.Players[3] != "سارة" {
		t.Fatalf("the imported night reads back as %+v", now.Sheet)
	}
	theirs, err := dst.Group(ctx, grp.Slug, "")
	if err != nil {
		t.Fatalf("the table of friends after the import: %v", err)
	}
	was2, _ := src.People(ctx, grp.ID)
	now2, _ := dst.People(ctx, theirs.ID)
	if len(was2) != 3 || fmt.Sprint(was2) != fmt.Sprint(now2) {
		t.Fatalf("the table's records after the import:\n%+v\nwere\n%+v", now2, was2)
	}
	viewOnly := exportJSON(t, dst, only0ViewLink(t, dst, grp.Slug))
	if bytes.Contains(viewOnly, []byte(grp.Slug)) {
		t.Fatal("a night's view-only archive gives away its table's link")
	}
	var table bytes.Buffer
	only, err := dst.ExportGroup(ctx, grp.Slug, true)
	if err != nil || len(only.Nights) != 2 || only.WriteJSON(&table) != nil || !bytes.Contains(table.Bytes(), []byte(`"name": "Club, \"the\" best"`)) {
		t.Fatalf("the table's own archive: %d nights, %v", len(only.Nights), err)
	}
	if _, _, err := dst.UndoLast(ctx, g.Slug, 2, seenRound(t, dst, g.Slug, 2)); err != nil {
		t.Fatalf("undo on the imported night: %v", err)
	}
	tb, err := dst.Table(ctx, g.Slug, 1)
	if err != nil || len(tb.Log) != 3 {
		t.Fatalf("the imported table: %d moves, %v", len(tb.Log), err)
	}

	before := exportJSON(t, dst, "")
	if _, err := dst.Import(ctx, a); !errors.Is(err, ErrArchive) || !strings.Contains(wordedErr(t, err), "already here") {
		t.Fatalf("importing the same file twice: %v, want refused as a clash", err)
	}
	if after := exportJSON(t, dst, ""); !bytes.Equal(before, after) {
		t.Fatal("a refused import changed the database")
	}
}

// only0ViewLink is the view-only link of the first night of a table.
func only0ViewLink(t *testing.T, s *Store, group string) string {
	t.Helper()
	a, err := s.ExportGroup(context.Background(), group, true)
	if err != nil || len(a.Nights) == 0 {
		t.Fatalf("the table's archive: %v", err)
	}
	return a.Nights[0].ViewLink
}

// TestArchiveRefusesBadInput: a malformed night refuses the whole file,
// the nights before it included, with a message naming what is wrong.
func TestArchiveRefusesBadInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openTest(t)
	newGame(t, src, "Ann", "Bob")
	newGame(t, src, "Cy", "Dee")
	good := exportJSON(t, src, "")
	dst := openTest(t)
	for _, c := range []struct{ name, from, to, want string }{
		{"one player", `"Cy",`, ``, "it has 1 player;"},
		{"unknown field", `"hand_size"`, `"hands": 1, "hand_size"`, "unknown field"},
		{"other version", `"version": 1`, `"version": 7`, "version 7"},
		{"bad time", `"created_at": "`, `"created_at": "yesterday`, "not RFC 3339"},
		{"trailing data", "", "{}\n", "more than one"},
		{"bad date", `"played_on": "`, `"played_on": "someday`, "not a date"},
		{"bad link", `"link": "`, `"link": "../`, "lowercase letters"},
		{"stays for too few", `"rounds": [`, `"stays": [{"from": 1, "missed": "highest"}], "rounds": [`, "stays for 1 player, not 2"},
		{"stay past the rounds", `"rounds": [`, `"stays": [{"from": 1, "missed": "highest"}, {"from": 3, "missed": "highest"}], "rounds": [`, "which the night doesn't have"},
		{"unknown missed rule", `"rounds": [`, `"stays": [{"from": 1, "missed": "highest"}, {"from": 1, "missed": "twice"}], "rounds": [`, "count as \"twice\""},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if c.from == "" {
			bad = string(good) + c.to
		}
		if bad == string(good) {
			t.Fatalf("%s: the test's edit changed nothing", c.name)
		}
		a, err := ReadArchive(strings.NewReader(bad))
		if err == nil {
			_, err = dst.Import(ctx, a)
		}
		if !errors.Is(err, ErrArchive) || !strings.Contains(wordedErr(t, err), c.want) {
			t.Errorf("%s: %v, want refused saying %q", c.name, err, c.want)
		}
	}
	if list, _ := dst.allGames(ctx, 10); len(list) != 0 {
		t.Fatalf("refused imports left %d nights", len(list))
	}
}

// TestArchiveByLink: a night's archive through its view-only link leaves
// the edit link out, and the CSV has one row per player per round with
// running totals, names intact.
func TestArchiveByLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := trickyNight(t, s)
	newGame(t, s, "Ann", "Bob")
	view := exportJSON(t, s, g.ViewSlug)
	if bytes.Contains(view, []byte(g.Slug)) || !bytes.Contains(view, []byte(g.ViewSlug)) {
		t.Fatal("the view-only archive gives away the edit link")
	}
	a, err := s.Export(ctx, g.Slug)
	if err != nil || len(a.Nights) != 1 {
		t.Fatalf("one night's archive: %d nights, %v", len(a.Nights), err)
	}
	var b bytes.Buffer
	if err := a.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+2*5 { // header, then 5 players in each of 2 rounds
		t.Fatalf("%d CSV rows, want 11", len(rows))
	}
	last := rows[len(rows)-5] // Ann, Jr. in round 2: 9 then 5
	if last[5] != "Ann, Jr." || last[0] != a.Nights[0].Name || last[9] != "5" || last[10] != "14" {
		t.Fatalf("Ann's round-2 row: %q", last)
	}
	if zoe := rows[3]; zoe[5] != "Zoë\nnew line" || zoe[8] != "yes" || zoe[10] != "0" {
		t.Fatalf("Zoë's round-1 row: %q", zoe)
	}
}
