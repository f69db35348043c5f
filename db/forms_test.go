package db

import (
	"context"
	"testing"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestFormSentTwice: a form sent twice (a double tap, or Back and send
// again) makes one of anything, and the second is answered as the first.
func TestFormSentTwice(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	ng := app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: referee.Standard(), HandSize: 7, Players: []string{"Ann", "Bob"}, Form: "f1"}
	first, err := s.CreateGame(ctx, ng)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.CreateGame(ctx, ng)
	if err != nil || again.Slug != first.Slug {
		t.Fatalf("CreateGame sent again = %q, %v; want the first game, %q", again.Slug, err, first.Slug)
	}
	ng.Form = "f2"
	if other, err := s.CreateGame(ctx, ng); err != nil || other.Slug == first.Slug {
		t.Fatalf("CreateGame from another form = %q, %v; want a new game", other.Slug, err)
	}
	if games, _ := s.allGames(ctx, 10); len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}

	// The entry form: the second post is based on a version that is now
	// stale, yet it is answered with the sheet, not refused.
	b := app.Basis{Version: 0, Open: true, Form: "e1"}
	for range 2 {
		sh, err := s.saveEntry(ctx, first.Slug, 1, 0, typed(12), "", b)
		if err != nil || sh.Rounds[0].Entries[0].Score != 12 {
			t.Fatalf("saveEntry = %v, %v; want Ann's 12", sh.Rounds[0].Entries[0], err)
		}
	}
	// The same id on another player's form is another form.
	if _, err := s.saveEntry(ctx, first.Slug, 1, 1, typed(5), "", app.Basis{Version: 0, Open: true, Form: "e1"}); err != nil {
		t.Fatal(err)
	}
	// Undo sent twice takes back one change, and both say which.
	sh, _ := s.sheetWithHistory(ctx, first.Slug)
	u := app.Basis{Version: sh.RoundVersion(1), Form: "u1"}
	for range 2 {
		c, _, err := s.UndoLast(ctx, first.Slug, 1, u)
		if err != nil || c.Seat != 1 || c.New.Score != 5 {
			t.Fatalf("UndoLast = %+v, %v; want Bob's 5 taken back", c, err)
		}
	}
	sh, _ = s.sheetWithHistory(ctx, first.Slug)
	if len(sh.History) != 3 || sh.Rounds[0].Entries[0] == nil || sh.Rounds[0].Entries[1] != nil {
		t.Fatalf("history %d lines, entries %v; want 3 lines (two entries, one undo), Ann's 12 kept", len(sh.History), sh.Rounds[0].Entries)
	}

	// A day later the ids are forgotten.
	s.Now = func() time.Time { return time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC) }
	if _, err := s.CreateGame(ctx, app.NewGame{Name: "Later", PlayedOn: "2026-11-29", Rules: referee.Standard(), HandSize: 7, Players: []string{"Ann", "Bob"}, Form: "f3"}); err != nil {
		t.Fatal(err)
	}
	var kept int
	s.read.QueryRow(`SELECT count(*) FROM form_ids`).Scan(&kept)
	if kept != 1 {
		t.Fatalf("%d form ids kept, want only the newest", kept)
	}
}

// TestSameEntryAgain: saving what is already there leaves no line in the
// history, so Undo never takes back a change that changed nothing.
func TestSameEntryAgain(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	tiles := func(ts ...referee.Tile) referee.Entry {
		return referee.Entry{Tiles: ts, Pips: 12, Score: 12}
	}
	steps := []struct {
		name  string
		entry referee.Entry
		lines int
	}{
		{"tapped", tiles(referee.Tile{Hi: 5, Lo: 3}, referee.Tile{Hi: 4, Lo: 0}), 1},
		{"the same tiles again", tiles(referee.Tile{Hi: 4, Lo: 0}, referee.Tile{Hi: 5, Lo: 3}), 1},
		{"typed, the same total", typed(12), 2},
		{"typed again", typed(12), 2},
	}
	for _, st := range steps {
		if _, err := s.saveEntry(ctx, g.Slug, 1, 0, st.entry, "", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		sh, _ := s.sheetWithHistory(ctx, g.Slug)
		if len(sh.History) != st.lines {
			t.Fatalf("%s: %d history lines, want %d", st.name, len(sh.History), st.lines)
		}
	}
}

// TestUndoBasedOnAChange: an undo offered for one change is refused once
// another is the latest, and nothing is undone.
func TestUndoBasedOnAChange(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	s.saveEntry(ctx, g.Slug, 1, 0, typed(12), "", seenEntry(t, s, g.Slug, 1, 0))
	sh, _ := s.sheetWithHistory(ctx, g.Slug)
	offered, ok := sh.Undoable(1)
	if !ok || offered.Seat != 0 {
		t.Fatalf("Undoable = %+v, %v; want Ann's 12", offered, ok)
	}
	s.saveEntry(ctx, g.Slug, 1, 1, typed(5), "", seenEntry(t, s, g.Slug, 1, 1)) // another phone
	_, _, err := s.UndoLast(ctx, g.Slug, 1, app.Basis{Version: seenRound(t, s, g.Slug, 1).Version, Change: offered.ID})
	if app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("UndoLast of a change no longer the latest = %v, want a conflict", err)
	}
	if sh, _ = s.Sheet(ctx, g.Slug); sh.Rounds[0].Entries[0] == nil || sh.Rounds[0].Entries[1] == nil {
		t.Fatal("a refused undo took something back")
	}
}
