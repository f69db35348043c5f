package db

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestSaveAnswersWithTheUndoable: a save reads only the change its Undo
// would take back, not the round's history; over a random run of saves
// and undos (and saves that change nothing, which leave an earlier change
// the one to undo) that change is always the one the whole history gives.
func TestSaveAnswersWithTheUndoable(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob", "Cy")
	rng := rand.New(rand.NewPCG(9, 3))
	for step := range 120 {
		if rng.IntN(3) == 0 {
			s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)) // with nothing left to undo, refused: fine
			continue
		}
		seat, pips := rng.IntN(3), 1+rng.IntN(3) // often the same again
		got, err := s.saveEntry(ctx, g.Slug, 1, seat, typed(pips), "", seenEntry(t, s, g.Slug, 1, seat))
		if err != nil {
			t.Fatalf("step %d: saveEntry: %v", step, err)
		}
		whole, err := s.SheetWithRoundHistory(ctx, g.Slug, 1)
		if err != nil {
			t.Fatal(err)
		}
		gotC, gotOK := got.Undoable(1)
		wantC, wantOK := whole.Undoable(1)
		if gotOK != wantOK || gotC.ID != wantC.ID {
			t.Fatalf("step %d: the save's answer offers to undo change %d (%v), the history says %d (%v)", step, gotC.ID, gotOK, wantC.ID, wantOK)
		}
		if len(got.History) > 2 {
			t.Fatalf("step %d: the save read %d changes of history", step, len(got.History))
		}
	}
}
