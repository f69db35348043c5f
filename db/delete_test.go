package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestDeleteGame: deleting a night removes it and all of it, in every
// table, and nothing of another night; its links stop; the view-only
// link can't delete it; the same form sent again answers as the first.
func TestDeleteGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	keep := newGame(t, s, "Cy", "Di")
	g := newGame(t, s, "Ann", "Bob")
	for _, game := range []app.Game{keep, g} {
		fillNight(t, s, game)
	}
	before := rowCounts(t, s)

	if _, err := s.DeleteGame(ctx, g.ViewSlug, "f1"); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("DeleteGame by the view-only link = %v, want refused as view-only", err)
	}
	name, err := s.DeleteGame(ctx, g.Slug, "f1")
	if err != nil || name != "Friday" {
		t.Fatalf("DeleteGame = %q, %v, want Friday deleted", name, err)
	}
	for _, link := range []string{g.Slug, g.ViewSlug} {
		if _, err := s.Settings(ctx, link); app.CodeOf(err) != app.CodeNotFound {
			t.Fatalf("Settings(%s) after the delete = %v, want not found", link, err)
		}
	}
	after := rowCounts(t, s)
	for table, n := range before {
		if n == 0 || after[table] != n/2 {
			t.Errorf("%s: %d rows after the delete, want %d: the other night's alone", table, after[table], n/2)
		}
	}
	if list, _ := s.Nights(ctx, "host", 10); len(list) != 1 || list[0].Slug != keep.Slug {
		t.Fatalf("the host's nights after the delete: %+v, want only the other one", list)
	}
	if _, err := s.sheetWithHistory(ctx, keep.Slug); err != nil {
		t.Fatalf("the other night after the delete: %v", err)
	}

	if again, err := s.DeleteGame(ctx, g.Slug, "f1"); err != nil || again != "Friday" {
		t.Fatalf("the same form again = %q, %v, want Friday, as the first time", again, err)
	}
	if _, err := s.DeleteGame(ctx, g.Slug, "f2"); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("another delete of the night = %v, want not found", err)
	}

	// SQLite gives the newest row's id to the next one: the next night
	// must not be shown the deleted one's name and players.
	rules := referee.Standard()
	next, err := s.CreateGame(ctx, app.NewGame{Name: "Saturday", PlayedOn: "2026-11-29", Rules: rules, HandSize: 7, Players: []string{"Eve", "Fay", "Gus"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Settings(ctx, next.Slug)
	if err != nil || got.Name != "Saturday" || len(got.Players) != 3 || got.Players[0] != "Eve" {
		t.Fatalf("the night made after the delete (id %d, was %d) reads as %q %q, %v", next.ID, g.ID, got.Name, got.Players, err)
	}
}

// fillNight gives a night a row in every table of its own: entries with
// their history, a move on the table, two browsers (one by each link).
func fillNight(t *testing.T, s *Store, g app.Game) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	for seat, e := range []referee.Entry{typed(5), out} {
		if _, err := s.saveEntry(ctx, g.Slug, 1, seat, e, "", seenEntry(t, s, g.Slug, 1, seat)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil {
		t.Fatal(err)
	}
	for device, link := range map[string]string{"host": g.Slug, "watcher": g.ViewSlug} {
		if _, err := s.Visit(ctx, device, link); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetSeat(ctx, "host", g.Slug, 1); err != nil {
		t.Fatal(err)
	}
}

// rowCounts counts the rows of every table a night has rows in.
func rowCounts(t *testing.T, s *Store) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for _, table := range []string{"games", "players", "rounds", "entries", "entry_history", "round_actions", "device_games"} {
		var n int
		if err := s.read.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}
