package handlers

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Writes and reads a test makes on the store directly, through its
// services, as another phone would: each write is based on what the store
// holds, read first, as a page showing it would send it.

// actAsShown makes a move on round n's table as a page showing the table
// as stored sends it.
func actAsShown(tb testing.TB, store *db.Store, slug string, n int, a referee.Action) app.Table {
	tb.Helper()
	ctx := context.Background()
	t, err := store.Table(ctx, slug, n)
	if err == nil {
		t, err = store.Act(ctx, slug, n, app.Move{Action: a, Seen: len(t.Log)})
	}
	if err != nil {
		tb.Fatalf("%s on round %d's table: %v", a, n, err)
	}
	return t
}

// closeAsShown closes round n as a page showing its entries as stored
// sends it.
func closeAsShown(tb testing.TB, store *db.Store, slug string, n int) app.Sheet {
	tb.Helper()
	ctx := context.Background()
	sh, err := store.Sheet(ctx, slug)
	if err == nil {
		sh, err = store.CloseRound(ctx, slug, n, app.Basis{Version: sh.RoundVersion(n)})
	}
	if err != nil {
		tb.Fatalf("closing round %d: %v", n, err)
	}
	return sh
}

// enterAsShown sends f for round n as a page showing the player's entry
// as stored sends it.
func enterAsShown(tb testing.TB, store *db.Store, slug string, n int, f app.ScoreForm) app.Sheet {
	tb.Helper()
	ctx := context.Background()
	sh, err := store.Sheet(ctx, slug)
	if err == nil {
		f.Basis.Version = sh.Version(n, sh.Game.SeatOf(f.Player))
		sh, err = store.Enter(ctx, slug, n, f)
	}
	if err != nil {
		tb.Fatalf("round %d, player %d: %v", n, f.Player, err)
	}
	return sh
}

// sheetWithHistory is a game's sheet with every round's changes, oldest
// first.
func sheetWithHistory(ctx context.Context, store *db.Store, link string) (app.Sheet, error) {
	sh, err := store.Sheet(ctx, link)
	if err != nil {
		return sh, err
	}
	for n := range sh.Rounds {
		r, err := store.SheetWithRoundHistory(ctx, link, n+1)
		if err != nil {
			return sh, err
		}
		sh.History = append(sh.History, r.History...)
	}
	slices.SortFunc(sh.History, func(a, b app.Change) int { return cmp.Compare(a.ID, b.ID) })
	return sh, nil
}
