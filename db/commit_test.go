package db

import (
	"context"
	"errors"
	"sync"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestGroupCommitKeepsEachWriteWhole: writes sent at once share commits,
// yet each lands whole or not at all: one that fails or panics after
// writing leaves nothing, and the others all land.
func TestGroupCommitKeepsEachWriteWhole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	if err := s.inTx(ctx, func(tx conn) error {
		_, err := tx.ExecContext(ctx, `CREATE TABLE probe (n INTEGER PRIMARY KEY, half INTEGER)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused")
	const writers = 200
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for n := range writers {
		wg.Go(func() {
			errs[n] = s.inTx(ctx, func(tx conn) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO probe (n, half) VALUES (?, 1)`, n); err != nil {
					return err
				}
				switch {
				case n%5 == 0:
					return refused
				case n%7 == 0:
					panic("a bug in one write")
				}
				_, err := tx.ExecContext(ctx, `UPDATE probe SET half = 0 WHERE n = ?`, n)
				return err
			})
		})
	}
	wg.Wait()
	var rows, halves int
	if err := s.read.QueryRow(`SELECT count(*), coalesce(sum(half), 0) FROM probe`).Scan(&rows, &halves); err != nil {
		t.Fatal(err)
	}
	want := 0
	for n, err := range errs {
		switch {
		case n%5 == 0 && !errors.Is(err, refused), n%5 != 0 && n%7 == 0 && err == nil, n%5 != 0 && n%7 != 0 && err != nil:
			t.Errorf("write %d answered %v", n, err)
		case err == nil:
			want++
		}
	}
	if rows != want || halves != 0 {
		t.Fatalf("%d rows (%d half written) after %d writes that landed: a failed write left something, or a good one was lost", rows, halves, want)
	}
	s.Close()
	if err := s.inTx(ctx, func(conn) error { return nil }); !errors.Is(err, errClosed) {
		t.Fatalf("a write after Close: %v, want refused", err)
	}
}

// TestWriteOutlivesItsRequest: a request that goes away while its write
// runs (a phone closing the page) neither cuts the write short nor undoes
// the writes batched with it.
func TestWriteOutlivesItsRequest(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	bg := context.Background()
	if err := s.inTx(bg, func(tx conn) error {
		_, err := tx.ExecContext(bg, `CREATE TABLE probe (n INTEGER PRIMARY KEY)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	const writers = 60
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for n := range writers {
		wg.Go(func() {
			ctx, cancel := context.WithCancel(bg)
			defer cancel()
			errs[n] = s.inTx(ctx, func(tx conn) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO probe (n) VALUES (?)`, 2*n); err != nil {
					return err
				}
				if n%3 == 0 {
					cancel() // the phone is gone, half way through
				}
				_, err := tx.ExecContext(ctx, `INSERT INTO probe (n) VALUES (?)`, 2*n+1)
				return err
			})
		})
	}
	wg.Wait()
	for n, err := range errs {
		if err != nil {
			t.Errorf("write %d: %v", n, err)
		}
	}
	var rows int
	if err := s.read.QueryRow(`SELECT count(*) FROM probe`).Scan(&rows); err != nil || rows != 2*writers {
		t.Fatalf("%d rows, want %d: %v", rows, 2*writers, err)
	}
}

// TestWritesKeepTheGamesTheyRead: a move or a score, which change no
// game's settings or players, leaves the game it read in the cache once
// committed; a batch in which a player also joined keeps nothing stale,
// and every later read sees the new player.
func TestWritesKeepTheGamesTheyRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy")
	s.speed.games.Delete(g.ID) // as if nobody had read it since the server started
	start := referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 6), Start: true}}
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: start, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	v, ok := s.speed.games.Load(g.ID)
	if !ok || len(v.(app.Game).Players) != 3 {
		t.Fatalf("after a move the cache holds %v (%v), want the game of three players", v, ok)
	}

	// Hold the writer, take the move's and the join's writes as they are
	// sent, in that order, and hand them to the writer as one batch.
	s.speed.games.Delete(g.ID)
	release, held := make(chan struct{}), make(chan struct{})
	go s.inTx(ctx, func(conn) error { close(held); <-release; return nil })
	<-held
	sent := make(chan queued)
	s.speed.writes = sent // the writer reads the field again only once released
	var wg sync.WaitGroup
	draw := referee.Action{Seat: 1, Kind: referee.ActDraw}
	wg.Go(func() {
		if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: draw, Seen: 1}); err != nil {
			t.Error(err)
		}
	})
	move := <-sent
	wg.Go(func() {
		if _, err := s.Join(ctx, g.Slug, "Dee", referee.MissedHighest, ""); err != nil {
			t.Error(err)
		}
	})
	join := <-sent
	batch := make(chan queued, 2)
	batch <- move
	batch <- join
	s.speed.writes = batch
	close(release)
	wg.Wait()
	if v, ok := s.speed.games.Load(g.ID); ok && len(v.(app.Game).Players) != 4 {
		t.Fatalf("after a move and a join in one batch the cache holds %v, want nothing or the four players", v.(app.Game).Players)
	}
	sh, err := s.Sheet(ctx, g.Slug)
	if err != nil || len(sh.Players) != 4 {
		t.Fatalf("the sheet after the join: %v (%v), want four players", sh.Players, err)
	}
}

// TestActReadsTheTile: a move's tile sent as typed is read in the game's
// own set, and Act returns the table it wrote; a tile outside the set and
// a move out of turn are refused with nothing written.
func TestActReadsTheTile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	start := app.Move{Action: referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Start: true}}, Tile: "6-6", Seen: 0}
	tb, err := s.Act(ctx, g.Slug, 1, start)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Log) != 1 || tb.Log[0].Action.Move.Tile != referee.NewTile(6, 6) {
		t.Fatalf("Act(6-6 typed) = log %+v, want one action laying 6-6", tb.Log)
	}
	outside := app.Move{Action: referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{On: referee.NewTile(6, 6)}}, Tile: "66-1", Seen: 1}
	if _, err := s.Act(ctx, g.Slug, 1, outside); !errors.Is(err, referee.ErrNotation) {
		t.Fatalf("Act(66-1 typed) = %v, want a layout refusal", err)
	}
	pass := app.Move{Action: referee.Action{Seat: 0, Kind: referee.ActPass}, Seen: 1}
	if _, err := s.Act(ctx, g.Slug, 1, pass); app.From(err) == nil {
		t.Fatalf("a pass out of turn answered %v, want a refusal", err)
	}
	if tb, err := s.Table(ctx, g.Slug, 1); err != nil || len(tb.Log) != 1 {
		t.Fatalf("after two refusals the log holds %d actions (%v), want 1", len(tb.Log), err)
	}
}
