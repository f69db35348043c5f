package db

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"chickenfoot/db/app"
)

// TestDatabaseFileIsPrivate: the database file, its -wal and -shm files
// are made readable by their owner alone, whatever the umask; a file an
// earlier version left readable by others is narrowed on open.
func TestDatabaseFileIsPrivate(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "app.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	newGame(t, s, "Ann", "Bob") // the WAL and its index now exist
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if perm := st.Mode().Perm(); perm&0o077 != 0 {
			t.Errorf("%s is %v, want readable by its owner alone", filepath.Base(f), perm)
		}
	}
	s.Close()

	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		os.Chmod(f, 0o644) // as an earlier version left them
	}
	s, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if st, err := os.Stat(f); err == nil && st.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s reopened is %v, want narrowed to its owner", filepath.Base(f), st.Mode().Perm())
		}
	}
}

// TestFileGoneStopsWrites: once the database file is deleted, or another
// file put in its place, under a running store, every write is refused as
// unavailable (nothing would reach the file anyone opens again) and the
// health check fails; reads of what was there go on.
func TestFileGoneStopsWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, how := range []string{"deleted", "replaced"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			s := openTest(t)
			g := newGame(t, s, "Ann", "Bob")
			if err := s.Ping(ctx); err != nil {
				t.Fatalf("Ping before = %v", err)
			}
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(s.path + suffix)
			}
			if how == "replaced" {
				if err := os.WriteFile(s.path, nil, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 0, Pips: "7", Basis: seenPlayer(t, s, g.Slug, 1, 0)})
			if !errors.Is(err, ErrFileGone) || app.CodeOf(err) != app.CodeUnavailable {
				t.Fatalf("Enter with the file %s = %v, want ErrFileGone (unavailable)", how, err)
			}
			if _, err := s.CreateGame(ctx, app.NewGame{Name: "Later", PlayedOn: "2026-11-28", Rules: g.Rules, HandSize: 7, Players: []string{"Cy", "Di"}}); !errors.Is(err, ErrFileGone) {
				t.Fatalf("CreateGame with the file %s = %v, want ErrFileGone", how, err)
			}
			if err := s.Ping(ctx); !errors.Is(err, ErrFileGone) {
				t.Fatalf("Ping with the file %s = %v, want ErrFileGone", how, err)
			}
		})
	}
}

// TestDiskFullIsSaid: a write that finds no room (here, the file held to
// the pages it has) is refused as full, nothing of it written, and the
// health check says so too once its row is due.
func TestDiskFullIsSaid(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	var pages int
	if err := s.write.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.Exec("PRAGMA max_page_count = " + strconv.Itoa(pages)); err != nil { // the writer's one connection
		t.Fatal(err)
	}
	var err error
	for i := 0; i < 200 && err == nil; i++ {
		_, err = s.CreateGame(ctx, app.NewGame{Name: strings.Repeat("night ", 9), PlayedOn: "2026-11-28", Rules: g.Rules, HandSize: 7,
			Players: []string{strings.Repeat("a", 40), strings.Repeat("b", 40), strings.Repeat("c", 40)}})
	}
	if !errors.Is(err, ErrDiskFull) || app.CodeOf(err) != app.CodeFull {
		t.Fatalf("CreateGame on a full file = %v, want ErrDiskFull (full)", err)
	}
}

// TestPingWritesAtMostOnceAMinute: asking for the health often costs no
// write, and so no disk sync, each time: the row is written on the first
// check and again only a minute later.
func TestPingWritesAtMostOnceAMinute(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	clock := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return clock }
	checkedAt := func() string {
		t.Helper()
		var at string
		if err := s.read.QueryRow("SELECT coalesce(max(checked_at), '') FROM health").Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	for i := range 50 {
		clock = clock.Add(time.Second / 2)
		if err := s.Ping(ctx); err != nil {
			t.Fatalf("Ping #%d = %v", i+1, err)
		}
	}
	if at := checkedAt(); at != "2026-11-28T20:00:00.5Z" {
		t.Fatalf("after 50 checks in 25 s the health row was written at %q, want once, at the first (20:00:00.5)", at)
	}
	clock = clock.Add(time.Minute)
	if err := s.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	if at := checkedAt(); at != stamp(clock) {
		t.Fatalf("a minute later the health row says %q, want written again at %s", at, stamp(clock))
	}
}

// TestImportTakesOnlyTheAppsLinks: a night whose link is not one the app
// makes (26 letters a–z and digits 2–7), say a 9-letter one any script
// could guess, is refused, saying what a link is; so is a name with an
// invisible formatting character.
func TestImportTakesOnlyTheAppsLinks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openTest(t)
	g := newGame(t, src, "Ann", "Bob")
	good := string(exportJSON(t, src, ""))
	dst := openTest(t)
	for _, c := range []struct{ name, from, to, want string }{
		{"9 letters", g.Slug, "abcdefghi", "26 characters"},
		{"27 letters", g.Slug, g.Slug + "a", "26 characters"},
		{"a digit base32 lacks", g.Slug, "1" + g.Slug[1:], "digits 2 to 7"},
		{"a view link of 9 letters", g.ViewSlug, "abcdefghj", "26 characters"},
		{"a reversing name", `"Bob"`, `"B\u202eob"`, "invisible formatting"},
		{"a zero-width space", `"Bob"`, `"Ann\u200b"`, "invisible formatting"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
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
	a, err := ReadArchive(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := dst.Import(ctx, a); err != nil || n != 1 {
		t.Fatalf("the app's own export imported %d nights, %v; want 1", n, err)
	}
}

// TestCSVCellsAreNotFormulas: a name a spreadsheet would run as a formula
// (=, +, -, @, a tab or a carriage return first) is written with a leading
// apostrophe; the numbers stay numbers.
func TestCSVCellsAreNotFormulas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	names := []string{"=HYPERLINK(\"http://evil.example\")", "+Bo", "-Cy", "@SUM(A1)", "\tDi", "\rEd", "Fay"}
	rules := newGame(t, s, "x", "y").Rules
	g, err := s.CreateGame(ctx, app.NewGame{Name: "=1+1", PlayedOn: "2026-11-28", Rules: rules, HandSize: 5, Players: names})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 2, Pips: "12", Basis: seenPlayer(t, s, g.Slug, 1, 2)}); err != nil {
		t.Fatal(err)
	}
	a, err := s.Export(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := a.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		row := rows[1+i]
		want := "'" + name
		if name == "Fay" {
			want = name
		}
		if row[5] != want || row[0] != "'=1+1" {
			t.Errorf("row of %q: night %q, player %q; want %q, %q", name, row[0], row[5], "'=1+1", want)
		}
		if row[4] != strconv.Itoa(i) {
			t.Errorf("row of %q: seat %q, want %d", name, row[4], i)
		}
	}
	if cy := rows[3]; cy[6] != "12" || cy[9] != "12" || cy[10] != "12" {
		t.Errorf("Cy's row: pips, score, total %q %q %q, want the numbers 12", cy[6], cy[9], cy[10])
	}
}

// TestOldBrowsersForgotten: what is remembered of a browser not seen for
// longer than a browser keeps its id is dropped when the store opens;
// recent visits stay.
func TestOldBrowsersForgotten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "app.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "Ann", "Bob")
	now := time.Now()
	for dev, seen := range map[string]time.Time{"old": now.Add(-app.DeviceKept - time.Hour), "new": now.Add(-time.Hour)} {
		if _, err := s.write.Exec(`INSERT INTO device_games (device, link, seen_at) VALUES (?, ?, ?)`, dev, g.Slug, stamp(seen)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var devices []string
	rows, err := s.read.Query(`SELECT device FROM device_games ORDER BY device`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var d string
		rows.Scan(&d)
		devices = append(devices, d)
	}
	rows.Close()
	if strings.Join(devices, ",") != "new" {
		t.Fatalf("after reopening, the browsers remembered are %q, want only the recent one", devices)
	}
}
