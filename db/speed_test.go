package db

import (
	"context"
	"errors"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// The write queue is tested in commit_test.go, the kept tables in
// kept_test.go; the games cache and the queue's end here.

// TestGamesCache: a game read outside the writer is kept, and handed out
// with players of the caller's own; forgetting it, or any game while a
// read was under way, keeps nothing stale.
func TestGamesCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	sp := s.speed
	sp.forget(g.ID)
	read := func() app.Game {
		t.Helper()
		got, err := readGame(ctx, s.reader(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}

	sp.keepGame(s.reader(), sp.since(s.reader()), read())
	kept, ok := sp.game(g.ID)
	if !ok || kept.Players[0] != "Ann" {
		t.Fatalf("game(%d) after a read = %v, %v; want Ann and Bob", g.ID, kept.Players, ok)
	}
	kept.Players[0] = "Changed"
	if again, _ := sp.game(g.ID); again.Players[0] != "Ann" {
		t.Fatalf("changing the players handed out changed the cache: %v", again.Players)
	}

	sp.forget(g.ID)
	if _, ok := sp.game(g.ID); ok {
		t.Fatal("a forgotten game is still kept")
	}
	since := sp.since(s.reader())
	stale := read()
	sp.forgetAll() // a rename, say, committed after the read
	sp.keepGame(s.reader(), since, stale)
	if _, ok := sp.game(g.ID); ok {
		t.Fatal("a game read before a forget was kept after it")
	}
}

// TestWriteKeepingKeepsOnCommit: the games a write that changes none
// reads are kept once it is committed, and not when it fails; a write
// that may change a game keeps nothing it read.
func TestWriteKeepingKeepsOnCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	sp := s.speed
	readIn := func(tx conn) error {
		_, err := s.frozenGame(ctx, tx, g.ID)
		return err
	}
	failed := errors.New("refused")
	for _, tc := range []struct {
		name  string
		write func() error
		kept  bool
	}{
		{"a write that may change the game", func() error { return sp.write(ctx, readIn) }, false},
		{"a refused write", func() error {
			err := sp.writeKeeping(ctx, func(tx conn) error { readIn(tx); return failed })
			if !errors.Is(err, failed) {
				return err
			}
			return nil
		}, false},
		{"a write that changes no game", func() error { return sp.writeKeeping(ctx, readIn) }, true},
	} {
		sp.forget(g.ID)
		if err := tc.write(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, ok := sp.game(g.ID); ok != tc.kept {
			t.Errorf("after %s the game is kept: %v, want %v", tc.name, ok, tc.kept)
		}
	}
}

// TestWriteAfterClose: once the store is closed, a write is refused
// rather than left waiting.
func TestWriteAfterClose(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	s.Close()
	if err := s.speed.write(context.Background(), func(conn) error { return nil }); !errors.Is(err, errClosed) {
		t.Fatalf("a write after Close: %v, want %v", err, errClosed)
	}
}

// BenchmarkGameRead: what the games cache buys a read of a game's
// settings, the read every request makes; forgetting the game first
// reads it as the store would without the cache.
func BenchmarkGameRead(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: referee.Standard(), HandSize: 11,
		Players: []string{"Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal"}})
	if err != nil {
		b.Fatal(err)
	}
	for _, cached := range []bool{true, false} {
		b.Run(map[bool]string{true: "cached", false: "read"}[cached], func(b *testing.B) {
			for b.Loop() {
				if !cached {
					s.speed.forget(g.ID)
				}
				if _, err := s.Settings(ctx, g.Slug); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
