package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// openTest opens a fresh store in the test's temp dir with a fixed clock
// that ticks a second per call.
func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	clock := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	return s
}

// openGroup is a test store with one table of friends, name, started on
// device.
func openGroup(t *testing.T, name, device string) (*Store, app.Group) {
	t.Helper()
	s := openTest(t)
	grp, err := s.CreateGroup(context.Background(), name, device)
	if err != nil {
		t.Fatal(err)
	}
	return s, grp
}

// personIDs is the id of each of the group's people, by name.
func personIDs(t *testing.T, s *Store, group int64) map[string]int64 {
	t.Helper()
	people, err := s.People(context.Background(), group)
	if err != nil {
		t.Fatal(err)
	}
	id := map[string]int64{}
	for _, p := range people {
		id[p.Name] = p.ID
	}
	return id
}

func newGame(t *testing.T, s *Store, players ...string) app.Game {
	t.Helper()
	rules := referee.Standard()
	rules.Set = 6
	g, err := s.CreateGame(context.Background(), app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: rules, HandSize: 7, Players: players})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

// seenSheet is the night as a page showing it now would: the sheet its
// changes are based on.
func seenSheet(t testing.TB, s *Store, link string) app.Sheet {
	t.Helper()
	sh, err := s.Sheet(context.Background(), link)
	if err != nil {
		t.Fatalf("the sheet a page shows: %v", err)
	}
	return sh
}

// seenEntry is the basis a page showing the night now sends with seat's
// score in round n: the entry's version, and whether the round is open.
func seenEntry(t testing.TB, s *Store, link string, n, seat int) app.Basis {
	t.Helper()
	return entryBasis(seenSheet(t, s, link), n, seat)
}

// seenPlayer is seenEntry for the player with that id.
func seenPlayer(t testing.TB, s *Store, link string, n, id int) app.Basis {
	t.Helper()
	sh := seenSheet(t, s, link)
	return entryBasis(sh, n, sh.Game.SeatOf(id))
}

func entryBasis(sh app.Sheet, n, seat int) app.Basis {
	r := sh.Round(n)
	return app.Basis{Version: sh.Version(n, seat), Open: r != nil && !r.Closed}
}

// seenRound is the basis a page showing the night now sends with a close
// or an undo of round n.
func seenRound(t testing.TB, s *Store, link string, n int) app.Basis {
	t.Helper()
	return app.Basis{Version: seenSheet(t, s, link).RoundVersion(n)}
}

// seenOpening is round n's opening as a page showing it now has it.
func seenOpening(t testing.TB, s *Store, link string, n int) app.Opening {
	t.Helper()
	return seenSheet(t, s, link).Opening(n)
}

// seenLog is the length of round n's table log a page showing it now has.
func seenLog(t testing.TB, s *Store, link string, n int) int {
	t.Helper()
	tb, err := s.Table(context.Background(), link, n)
	if err != nil {
		t.Fatalf("the table a page shows: %v", err)
	}
	return len(tb.Log)
}

func typed(pips int) referee.Entry { return referee.Entry{Pips: pips, Score: pips} }

var out = referee.Entry{WentOut: true}

func TestCreateAndLoad(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob", "O'Brien; DROP TABLE games;--")
	if len(g.Slug) != 26 {
		t.Errorf("slug %q has %d characters, want 26 (128 bits)", g.Slug, len(g.Slug))
	}
	sh, err := s.Sheet(ctx, g.Slug)
	if err != nil {
		t.Fatalf("Sheet: %v", err)
	}
	if sh.Game.Players[2] != "O'Brien; DROP TABLE games;--" || sh.Game.Rules.Set != 6 || sh.Game.HandSize != 7 {
		t.Errorf("loaded game = %+v, want what was stored", sh.Game)
	}
	if len(sh.Rounds) != 1 || sh.Rounds[0].Planned != 6 || sh.Rounds[0].Opened != -1 || sh.Current() == nil {
		t.Errorf("rounds = %+v, want round 1 planned on 6-6", sh.Rounds)
	}
	if _, err := s.Sheet(ctx, "nope"); app.CodeOf(err) != app.CodeNotFound {
		t.Errorf("Sheet(unknown) error = %v, want ErrNotFound", err)
	}
	newGame(t, s, "Cy", "Di")
	list, err := s.allGames(ctx, 10)
	if err != nil || len(list) != 2 || list[0].Players[0] != "Cy" || list[1].Slug != g.Slug {
		t.Errorf("allGames() = %+v, %v, want newest first", list, err)
	}
	if other := newGame(t, s, "Ed", "Flo"); other.Slug == g.Slug {
		t.Error("two games got the same slug")
	}
}

func TestEntriesHistoryAndUndo(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	save := func(seat, pips int, by string) {
		t.Helper()
		if _, err := s.saveEntry(ctx, g.Slug, 1, seat, typed(pips), by, seenEntry(t, s, g.Slug, 1, seat)); err != nil {
			t.Fatalf("saveEntry: %v", err)
		}
	}
	save(0, 12, "")
	save(1, 30, "")
	save(1, 31, "")
	tiles := referee.Entry{Tiles: []referee.Tile{{Hi: 5, Lo: 3}, {}}, Pips: 8, DoubleBlank: true, Score: 58}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 0, tiles, "", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
		t.Fatal(err)
	}
	sh, _ := s.sheetWithHistory(ctx, g.Slug)
	r := sh.Rounds[0]
	if e := r.Entries[0]; e == nil || !e.Tapped() || len(e.Tiles) != 2 || e.Score != 58 || !e.DoubleBlank {
		t.Fatalf("entry 0 = %+v, want the tapped 5-3 and 0-0", e)
	}
	kinds := ""
	for _, c := range sh.History {
		kinds += string(c.Kind) + " "
	}
	if kinds != "entry entry edit edit " {
		t.Errorf("history kinds = %q, want entry entry edit edit", kinds)
	}
	// Undo twice: Ann's tiles go back to 12, then Bob's 31 back to 30.
	for _, want := range []struct{ seat, score int }{{0, 12}, {1, 30}} {
		c, _, err := s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1))
		if err != nil || c.Seat != want.seat {
			t.Fatalf("UndoLast = %+v, %v, want seat %d", c, err, want.seat)
		}
		sh, _ = s.Sheet(ctx, g.Slug)
		if e := sh.Rounds[0].Entries[want.seat]; e == nil || e.Score != want.score {
			t.Fatalf("after undo seat %d = %+v, want score %d", want.seat, e, want.score)
		}
	}
	s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1))
	s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1))
	if _, _, err := s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("UndoLast on an empty round = %v, want a conflict", err)
	}
	sh, _ = s.sheetWithHistory(ctx, g.Slug)
	if sh.Rounds[0].Entries[0] != nil || sh.Rounds[0].Entries[1] != nil || len(sh.History) != 8 {
		t.Fatalf("after undoing everything: entries %v, %d history lines, want none and 8", sh.Rounds[0].Entries, len(sh.History))
	}
}

func TestRefusedChecksWriteNothing(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	// 6-6 opened round 1, so it is in no hand; 50 pips is more than the
	// tiles off a double-6 table carry beside Bob's 130; Bob did not go out.
	tries := []struct {
		name string
		do   func() error
		code referee.Code
	}{
		{"the opener in a hand", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 1, 0, referee.Entry{Tiles: []referee.Tile{{Hi: 6, Lo: 6}}, Pips: 12, Score: 12}, "", seenEntry(t, s, g.Slug, 1, 0))
			return err
		}, referee.CodeOpenerInHand},
		{"too many pips", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(200), "", seenEntry(t, s, g.Slug, 1, 0))
			return err
		}, referee.CodeTooManyPips},
		{"a stranger's edit", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(3), "Zed", seenEntry(t, s, g.Slug, 1, 0))
			return err
		}, app.CodeInvalid},
		{"a missing round", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 2, 0, typed(3), "", seenEntry(t, s, g.Slug, 2, 0))
			return err
		}, app.CodeNotFound},
		{"a missing seat", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 1, 2, typed(3), "", seenEntry(t, s, g.Slug, 1, 2))
			return err
		}, app.CodeNotFound},
		{"closing with entries missing", func() error { _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); return err }, referee.CodeMissingEntries},
		{"a skipped double under the draw rule", func() error {
			_, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 5, Setter: 0}, seenOpening(t, s, g.Slug, 1))
			return err
		}, referee.CodeNoSkip},
		{"a stale version", func() error {
			_, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(3), "", app.Basis{Version: 99})
			return err
		}, app.CodeConflict},
	}
	for _, tc := range tries {
		if err := tc.do(); app.CodeOf(err) != tc.code {
			t.Errorf("%s: error = %v, want code %s", tc.name, err, tc.code)
		}
	}
	sh, _ := s.sheetWithHistory(ctx, g.Slug)
	if sh.Rounds[0].Entries[0] != nil || len(sh.History) != 0 || sh.Rounds[0].Closed || sh.Rounds[0].Opened != -1 {
		t.Fatal("a refused request wrote to the database")
	}
}

func TestCloseRound(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	s.saveEntry(ctx, g.Slug, 1, 0, out, "", seenEntry(t, s, g.Slug, 1, 0))
	s.saveEntry(ctx, g.Slug, 1, 1, typed(9), "", seenEntry(t, s, g.Slug, 1, 1))
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 1}, seenOpening(t, s, g.Slug, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("closing twice = %v, want a conflict", err)
	}
	sh, _ := s.Sheet(ctx, g.Slug)
	if len(sh.Rounds) != 2 || sh.Rounds[1].Planned != 5 || sh.Rounds[0].Setter != 1 || sh.Rounds[0].Double() != 6 {
		t.Fatalf("rounds = %+v, want round 2 planned on 5-5 and round 1 set by Bob", sh.Rounds)
	}
	res := sh.Results()
	if len(res) != 1 || res[0].WentOut != 0 || res[0].Scores[1] != 9 {
		t.Fatalf("Results() = %+v", res)
	}
	// A correction of the closed round is kept with who made it.
	if _, err := s.saveEntry(ctx, g.Slug, 1, 1, typed(19), "Ann", seenEntry(t, s, g.Slug, 1, 1)); err != nil {
		t.Fatal(err)
	}
	sh, _ = s.sheetWithHistory(ctx, g.Slug)
	last := sh.History[len(sh.History)-1]
	if last.Kind != "correction" || last.By != "Ann" || last.Old.Score != 9 || last.New.Score != 19 {
		t.Fatalf("last change = %+v, want Ann's correction 9 → 19", last)
	}
	if _, _, err := s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("undo on a closed round = %v, want a conflict", err)
	}
	s.saveEntry(ctx, g.Slug, 2, 0, typed(1), "", seenEntry(t, s, g.Slug, 2, 0))
	s.saveEntry(ctx, g.Slug, 2, 1, out, "", seenEntry(t, s, g.Slug, 2, 1))
	for n := 2; n <= 7; n++ { // double-6: seven rounds, 6-6 down to 0-0
		s.saveEntry(ctx, g.Slug, n, 0, typed(1), "", seenEntry(t, s, g.Slug, n, 0))
		s.saveEntry(ctx, g.Slug, n, 1, out, "", seenEntry(t, s, g.Slug, n, 1))
		if _, err := s.CloseRound(ctx, g.Slug, n, seenRound(t, s, g.Slug, n)); err != nil {
			t.Fatalf("closing round %d: %v", n, err)
		}
	}
	sh, _ = s.Sheet(ctx, g.Slug)
	if !sh.Game.Finished() || sh.Current() != nil || len(sh.Rounds) != 7 {
		t.Fatalf("after the last round: finished %v, current %v, %d rounds", sh.Game.Finished(), sh.Current(), len(sh.Rounds))
	}
}

func TestMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for from := 0; from < schemaVersion(); from++ {
		path := filepath.Join(t.TempDir(), "old.db")
		conn, err := sql.Open("sqlite", dsn(path, false, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		if from > 0 {
			if err := migrate(ctx, conn, from); err != nil {
				t.Fatalf("migrating to %d: %v", from, err)
			}
			oldRows(t, conn, from)
		}
		conn.Close()
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("Open on a version-%d file: %v", from, err)
		}
		var version int
		s.read.QueryRow("PRAGMA user_version").Scan(&version)
		var fk, busy int
		var mode string
		s.read.QueryRow("PRAGMA foreign_keys").Scan(&fk)
		s.read.QueryRow("PRAGMA busy_timeout").Scan(&busy)
		s.read.QueryRow("PRAGMA journal_mode").Scan(&mode)
		if version != schemaVersion() || fk != 1 || busy != 5000 || mode != "wal" {
			t.Errorf("from version %d: user_version %d, foreign_keys %d, busy_timeout %d, journal %s", from, version, fk, busy, mode)
		}
		if from > 0 {
			sh, err := s.Sheet(ctx, "oldgameslugfromanoldfile23")
			if err != nil || sh.Rounds[0].Entries[1] == nil || sh.Rounds[0].Entries[1].Score != 57 {
				t.Errorf("from version %d: the old entry did not survive: %+v, %v", from, sh.Rounds, err)
			}
			if v := sh.Version(1, 1); v != 7 {
				t.Errorf("from version %d: the old entry's version is %d, want 7, the change that wrote it", from, v)
			}
			if r := sh.Rules; r.Impossible != referee.ImpossibleStaysOwed || r.Ladder != referee.LadderDown || r.Validate() != nil {
				t.Errorf("from version %d: the old rules read as %+v, want the old stuck-chickie name read as stays owed and new rules at their defaults", from, r)
			}
			if tb, err := s.Table(ctx, "oldgameslugfromanoldfile23", 1); from >= 2 && (err != nil || len(tb.Log) != 1 || !tb.Log[0].Action.Move.Start) {
				t.Errorf("from version %d: the old move did not survive: %+v, %v", from, tb.Log, err)
			}
			if v, err := s.Settings(ctx, sh.Game.ViewSlug); err != nil || !v.ViewOnly || from < 8 && len(sh.Game.ViewSlug) != 32 {
				t.Errorf("from version %d: the old game's view-only link %q opens %+v, %v", from, sh.Game.ViewSlug, v, err)
			}
			if !slices.Equal(sh.Game.IDs, []int{0, 1}) {
				t.Errorf("from version %d: the old players' ids are %v, want their seats", from, sh.Game.IDs)
			}
			if j, err := s.Join(ctx, sh.Game.Slug, "Cy", referee.MissedHighest, ""); err != nil || !slices.Equal(j.Game.IDs, []int{0, 1, 2}) {
				t.Errorf("from version %d: a player joining the old night gets ids %v, %v; want the next", from, j.Game.IDs, err)
			}
			if st, err := s.StraightSheet(ctx, "oldstraightslugfromafile23"); from >= 14 && (err != nil || st.Version != 2 || !slices.Equal(st.Totals, []int{10, 15})) {
				t.Errorf("from version %d: the old Straight sheet reads as version %d, totals %v, %v; want version 2 (its lines), totals [10 15]", from, st.Version, st.Totals, err)
			}
		}
		newGame(t, s, "Ann", "Bob")
		s.Close()
	}
}

// straightGameRow is the row of a Straight night under the standard rules.
func straightGameRow(t *testing.T) string {
	t.Helper()
	rules, err := json.Marshal(referee.StandardStraight())
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`INSERT INTO games (id, slug, view_slug, name, played_on, rules, hand_size, created_at) VALUES (2, 'oldstraightslugfromafile23', 'oldstraightviewfromafile23', 'Hall', '2026-01-02', '%s', 7, '2026-01-02T20:00:00Z')`, rules)
}

// oldRows writes a game with an entry (and, from version 2, a move) the
// way a file at that version holds them.
func oldRows(t *testing.T, conn *sql.DB, version int) {
	t.Helper()
	stmts := []string{
		`INSERT INTO games (id, slug, name, played_on, rules, hand_size, created_at) VALUES (1, 'oldgameslugfromanoldfile23', 'Old', '2026-01-01', '{"set":9,"spinner_arms":4,"double_blank":50,"draw":"one-may-play","unheld_double":"draw","blocked_round":"all-score","last_tile":"courtesy","take_back":"until-next-play","tie_break":"zero-rounds","impossible_chickie":"blocked"}', 10, '2026-01-01T20:00:00Z')`,
		`INSERT INTO players (game_id, seat, name) VALUES (1, 0, 'Ann'), (1, 1, 'Bob')`,
		`INSERT INTO rounds (id, game_id, number, planned_double) VALUES (1, 1, 1, 9)`,
		`INSERT INTO entries (round_id, seat, pips, double_blank, went_out, tiles, score, updated_at) VALUES (1, 1, 7, 1, 0, NULL, 57, '2026-01-01T20:30:00Z')`,
		`INSERT INTO entry_history (id, round_id, seat, kind, new_value, new_score, changed_by, changed_at) VALUES (7, 1, 1, 'entry', '{"pips":7,"double_blank":true,"score":57}', 57, '', '2026-01-01T20:30:00Z')`,
	}
	if version >= 4 {
		stmts = append(stmts, `UPDATE entries SET version = 7`)
	}
	if version >= 8 { // a game is made with both its links
		stmts = append(stmts, `UPDATE games SET view_slug = 'oldviewslugfromanoldfile23'`)
	}
	if version >= 13 { // players carry their ids
		stmts = append(stmts, `UPDATE players SET player_id = seat`)
	}
	if version >= 14 { // a Straight night kept by hand, two lines on its sheet
		stmts = append(stmts,
			straightGameRow(t),
			`INSERT INTO players (game_id, seat, name, player_id) VALUES (2, 0, 'Ann', 0), (2, 1, 'Bob', 1)`,
			`INSERT INTO straight_marks (game_id, seq, hand, kind, side, points) VALUES (2, 1, 1, 'play', 0, 10), (2, 2, 1, 'play', 1, 15)`)
	}
	if version >= 15 { // its version kept beside it: two changes
		stmts = append(stmts, `UPDATE games SET straight_version = 2 WHERE id = 2`)
	}
	if version >= 2 {
		stmts = append(stmts, `INSERT INTO round_actions (round_id, seq, seat, kind, tile, on_tile, created_at) VALUES (1, 1, 0, 'play', '9-9', NULL, '2026-01-01T20:10:00Z')`)
	}
	for _, q := range stmts {
		if _, err := conn.Exec(q); err != nil {
			t.Fatalf("version %d: %s: %v", version, q, err)
		}
	}
}

// TestConcurrentWritesSeeEachOther runs writers at once on one round: each
// check must see every write committed before it, so of many players
// claiming to have gone out exactly one succeeds, and no entry is lost.
func TestConcurrentWritesSeeEachOther(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	players := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	g := newGame(t, s, players...)
	var wg sync.WaitGroup
	results := make([]error, len(players))
	for seat := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, results[seat] = s.saveEntry(ctx, g.Slug, 1, seat, out, "", seenEntry(t, s, g.Slug, 1, seat))
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range results {
		if err == nil {
			won++
		}
	}
	sh, _ := s.sheetWithHistory(ctx, g.Slug)
	out := 0
	for _, e := range sh.Rounds[0].Entries {
		if e != nil && e.WentOut {
			out++
		}
	}
	if won != 1 || out != 1 || len(sh.History) != 1 {
		t.Fatalf("%d writers succeeded, %d players out, %d changes; want exactly one of each", won, out, len(sh.History))
	}
	// Then every player's pips at once: all land.
	for seat := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.saveEntry(ctx, g.Slug, 1, seat, typed(seat+1), "", seenEntry(t, s, g.Slug, 1, seat)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	sh, _ = s.sheetWithHistory(ctx, g.Slug)
	for seat, e := range sh.Rounds[0].Entries {
		if e == nil || e.Pips != seat+1 {
			t.Fatalf("seat %d entry = %+v, want %d pips", seat, e, seat+1)
		}
	}
	if len(sh.History) != 1+len(players) {
		t.Fatalf("%d changes, want %d", len(sh.History), 1+len(players))
	}
}

// TestCorrectionResettlesALossLimitGame: a correction can reopen a game
// played to a losing total, or end it.
func TestCorrectionResettlesALossLimitGame(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	rules := referee.Standard()
	rules.Set, rules.LossLimit = 6, 20
	g, err := s.CreateGame(ctx, app.NewGame{Name: "To 20", PlayedOn: "2026-11-28", Rules: rules, HandSize: 7, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	s.saveEntry(ctx, g.Slug, 1, 0, typed(25), "", seenEntry(t, s, g.Slug, 1, 0))
	s.saveEntry(ctx, g.Slug, 1, 1, out, "", seenEntry(t, s, g.Slug, 1, 1))
	if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil {
		t.Fatal(err)
	}
	if sh, _ := s.Sheet(ctx, g.Slug); !sh.Game.Finished() {
		t.Fatal("Ann reached 20 and the game goes on")
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(5), "Bob", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
		t.Fatal(err)
	}
	sh, _ := s.Sheet(ctx, g.Slug)
	if sh.Game.Finished() || sh.Current() == nil || sh.Current().Number != 2 || sh.Current().Planned != 5 {
		t.Fatalf("after correcting Ann to 5: finished %v, current %+v; want round 2 on 5-5", sh.Game.Finished(), sh.Current())
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(21), "Bob", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
		t.Fatal(err)
	}
	sh, _ = s.Sheet(ctx, g.Slug)
	if !sh.Game.Finished() || sh.Current() != nil || len(sh.Rounds) != 1 {
		t.Fatalf("after correcting Ann to 21: finished %v, %d rounds; want the game over and the empty round 2 gone", sh.Game.Finished(), len(sh.Rounds))
	}
}

// TestVersions: every entry carries the id of the change that wrote it; a
// change based on another version is a conflict that names the current
// value, and writes nothing.
func TestVersions(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	sh, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(12), "", app.Basis{Version: 0})
	if err != nil {
		t.Fatalf("first entry based on no entry: %v", err)
	}
	v1 := sh.Version(1, 0)
	if v1 == 0 {
		t.Fatal("a saved entry has version 0")
	}
	if sh, err = s.saveEntry(ctx, g.Slug, 1, 0, typed(14), "", app.Basis{Version: v1}); err != nil {
		t.Fatalf("edit based on the current version: %v", err)
	}
	v2 := sh.Version(1, 0)
	_, err = s.saveEntry(ctx, g.Slug, 1, 0, typed(9), "", app.Basis{Version: v1})
	if re := app.From(err); re == nil || re.Code != app.CodeConflict || !strings.Contains(fmt.Sprint(re.Params["Now"]), "14") {
		t.Fatalf("edit based on a stale version = %v, want a conflict naming the current 14", err)
	}
	if sh, _ = s.Sheet(ctx, g.Slug); sh.Rounds[0].Entries[0].Score != 14 || sh.Version(1, 0) != v2 {
		t.Fatal("a stale edit wrote")
	}
	if _, sh, err = s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil || sh.Version(1, 0) == v2 {
		t.Fatalf("undo: %v; the version did not move", err)
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 1, typed(3), "", app.Basis{Version: 0, Open: true}); err != nil {
		t.Fatal(err)
	}
	s.saveEntry(ctx, g.Slug, 1, 0, out, "", seenEntry(t, s, g.Slug, 1, 0))
	if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 1, typed(4), "Ann", app.Basis{Version: seenEntry(t, s, g.Slug, 1, 1).Version, Open: true}); app.From(err) == nil || app.From(err).Key != "round-closed" {
		t.Fatalf("an entry typed while the round was open, saved after it closed = %v, want the round-closed conflict", err)
	}
}

// TestAct: the table's actions go through the referee in the store's
// transaction, with what they change on the score sheet.
func TestAct(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	start := referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	tb, err := s.Act(ctx, g.Slug, 1, app.Move{Action: start, Seen: 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Log) != 1 || tb.Live.Turn() != 0 || tb.Round(1).Setter != 1 || !tb.Round(1).Tracked() {
		t.Fatalf("after Bob sets 6-6: log %d, turn %d, setter %d; want 1, Ann, Bob", len(tb.Log), tb.Live.Turn(), tb.Round(1).Setter)
	}
	lay := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 1), On: referee.NewTile(6, 6)}}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: lay, Seen: 0}); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("a move based on the empty table after 6-6 was set = %v, want a conflict", err)
	}
	wrong := referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 1), On: referee.NewTile(6, 6)}}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: wrong, Seen: 1}); !errors.Is(err, referee.ErrTurn) {
		t.Fatalf("Bob laying on Ann's turn = %v, want a turn error", err)
	}
	if tb, err = s.Table(ctx, g.Slug, 1); err != nil || len(tb.Log) != 1 {
		t.Fatalf("refused actions wrote: %d actions, %v", len(tb.Log), err)
	}
	// The score sheet's record of who set the double is the table's too.
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 0}, seenOpening(t, s, g.Slug, 1)); err != nil {
		t.Fatalf("the same double with another setter: %v", err)
	}
	if tb, _ = s.Table(ctx, g.Slug, 1); tb.Live.Setter() != 0 || tb.Live.Turn() != 1 {
		t.Fatalf("after the sheet says Ann set 6-6: the table's setter %d, turn %d; want Ann, then Bob", tb.Live.Setter(), tb.Live.Turn())
	}
	bob := referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 1), On: referee.NewTile(6, 6)}}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: bob, Seen: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 1}, seenOpening(t, s, g.Slug, 1)); !errors.Is(err, referee.ErrScore) {
		t.Fatalf("changing who set the double once tiles are laid after it = %v, want a refusal", err)
	}
}

// TestTableWithAStaleLog: a log holding an action the rules refuse now
// (kept from before a rule changed) still loads, replayed as far as it
// goes with why it stops; nothing more can be added to it.
func TestTableWithAStaleLog(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	start := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: start, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.Exec(`INSERT INTO round_actions (round_id, seq, seat, kind, tile, on_tile, created_at)
		SELECT id, 2, 0, 'play', '6-5', '6-6', '2026-01-01T20:10:00Z' FROM rounds WHERE number = 1`); err != nil {
		t.Fatal(err)
	}
	tb, err := s.Table(ctx, g.Slug, 1)
	if err != nil || tb.Stopped == nil || tb.Stopped.Code != referee.CodeNotYourTurn || tb.Live.Layout().Len() != 1 {
		t.Fatalf("Table() = stopped %v, %d tiles, %v; want it shown up to Ann's second tile, stopped there", tb.Stopped, tb.Live.Layout().Len(), err)
	}
	bob := referee.Action{Seat: 1, Kind: referee.ActPass}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: bob, Seen: seenLog(t, s, g.Slug, 1)}); !isKey(err, "sheet.log-stale") {
		t.Fatalf("acting on a log the rules refuse now = %v, want it refused for that (sheet.log-stale), not as a stale page", err)
	}
}

// TestSetterTakenBack: a start taken back clears who set the double; the
// next start is the one the sheet and the table share; draws for the
// double do not stop the score page changing it.
func TestSetterTakenBack(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob", "Cy")
	start := func(seat int) referee.Action {
		return referee.Action{Seat: seat, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	}
	steps := []referee.Action{{Seat: 0, Kind: referee.ActDraw}, start(1), {Seat: 1, Kind: referee.ActTakeBack}}
	for _, a := range steps {
		if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: a, Seen: seenLog(t, s, g.Slug, 1)}); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if sh, _ := s.Sheet(ctx, g.Slug); sh.Rounds[0].Setter != -1 {
		t.Fatalf("after the start was taken back the sheet says seat %d set it, want nobody", sh.Rounds[0].Setter)
	}
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 2}, seenOpening(t, s, g.Slug, 1)); err != nil {
		t.Fatalf("setting who set it with only a draw and a lifted start on the table: %v", err)
	}
	tb, err := s.Act(ctx, g.Slug, 1, app.Move{Action: start(2), Seen: seenLog(t, s, g.Slug, 1)})
	if err != nil || tb.Live.Setter() != 2 || tb.Live.Turn() != 0 || tb.Round(1).Setter != 2 {
		t.Fatalf("Cy sets 6-6: %v; the table's setter %d, turn %d, the sheet's %d; want Cy, Ann, Cy", err, tb.Live.Setter(), tb.Live.Turn(), tb.Round(1).Setter)
	}
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 1}, seenOpening(t, s, g.Slug, 1)); err != nil {
		t.Fatalf("changing who set it with only the double on the table: %v", err)
	}
	if tb, err = s.Table(ctx, g.Slug, 1); err != nil || tb.Stopped != nil || tb.Live.Setter() != 1 || tb.Live.Turn() != 2 {
		t.Fatalf("after the sheet says Bob: %v, stopped %v, setter %d, turn %d; want Bob, then Cy", err, tb.Stopped, tb.Live.Setter(), tb.Live.Turn())
	}
}

// TestEveryChangeIsChecked: only the store's own tests change what they
// have not read; a version of -1 sent to a service is refused like any
// version that is not the stored one.
func TestEveryChangeIsChecked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	six := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	for _, tc := range []struct {
		name  string
		write func() error
		want  app.Code
	}{
		{"an entry", func() error {
			_, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 0, Pips: "5", Basis: app.Basis{Version: -1, Open: true}})
			return err
		}, app.CodeConflict},
		{"a move", func() error {
			_, err := s.Act(ctx, g.Slug, 1, app.Move{Action: six, Seen: -1})
			return err
		}, app.CodeInvalid}, // no page shows fewer than no actions
		{"an opening", func() error {
			_, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 0}, app.Opening{Double: -1, Setter: -1})
			return err
		}, app.CodeConflict},
		{"an undo", func() error {
			_, _, err := s.UndoLast(ctx, g.Slug, 1, app.Basis{Version: -1})
			return err
		}, app.CodeConflict},
		{"a close", func() error {
			for seat := range g.Players {
				if _, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: seat, Pips: "5", Basis: app.Basis{Open: true}}); err != nil {
					return err
				}
			}
			_, err := s.CloseRound(ctx, g.Slug, 1, app.Basis{Version: -1})
			return err
		}, app.CodeConflict},
	} {
		if err := tc.write(); app.CodeOf(err) != tc.want {
			t.Errorf("%s based on version -1: %v, want a refusal coded %q", tc.name, err, tc.want)
		}
	}
}

// isKey reports whether err is a refusal by the referee with that message key.
func isKey(err error, key string) bool {
	var re *referee.RuleError
	return errors.As(err, &re) && re.Key == key
}
