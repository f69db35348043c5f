package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
)

// TestChangesFromAPhone: a change sent from a round's card says where the
// phone that sent it sits, read after the change; nobody for a plain form
// (no device) or a phone that never said; a refused change is the
// change's refusal. A view-only link records no seat.
func TestChangesFromAPhone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy")
	if err := s.SetSeat(ctx, "bobs-phone", g.Slug, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSeat(ctx, "watcher", g.ViewSlug, 1); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("SetSeat by the view-only link = %v, want refused as view-only", err)
	}
	for _, c := range []struct {
		device string
		seat   int
	}{{"bobs-phone", 1}, {"", -1}, {"new-phone", -1}} {
		sh, v, err := s.SetOpeningFrom(ctx, c.device, g.Slug, 1, app.Opening{Double: 6, Setter: 2}, seenOpening(t, s, g.Slug, 1))
		if err != nil || v.Seat != c.seat || sh.Opening(1).Setter != 2 {
			t.Errorf("SetOpeningFrom(%q) = setter %d, seat %d, %v; want setter 2, seat %d", c.device, sh.Opening(1).Setter, v.Seat, err, c.seat)
		}
	}
	if _, _, err := s.SetOpeningFrom(ctx, "bobs-phone", g.ViewSlug, 1, app.Opening{Double: 6, Setter: 0}, seenOpening(t, s, g.ViewSlug, 1)); app.CodeOf(err) != app.CodeViewOnly {
		t.Errorf("SetOpeningFrom by the view-only link = %v, want refused as view-only", err)
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(5), "", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
		t.Fatal(err)
	}
	undone, sh, v, err := s.UndoLastFrom(ctx, "bobs-phone", g.Slug, 1, seenRound(t, s, g.Slug, 1))
	if err != nil || undone.Seat != 0 || sh.Round(1).Entries[0] != nil || v.Seat != 1 {
		t.Fatalf("UndoLastFrom = seat %d undone, seat %d, %v; want Ann's entry undone, seat 1", undone.Seat, v.Seat, err)
	}
	if _, _, err := s.CloseRoundFrom(ctx, "bobs-phone", g.Slug, 1, seenRound(t, s, g.Slug, 1)); err == nil {
		t.Fatal("CloseRoundFrom with no entries closed the round")
	}
	for seat := range 3 {
		if _, err := s.saveEntry(ctx, g.Slug, 1, seat, typed(seat), "", seenEntry(t, s, g.Slug, 1, seat)); err != nil {
			t.Fatal(err)
		}
	}
	sh, v, err = s.CloseRoundFrom(ctx, "bobs-phone", g.Slug, 1, seenRound(t, s, g.Slug, 1))
	if err != nil || !sh.Round(1).Closed || v.Seat != 1 {
		t.Fatalf("CloseRoundFrom = closed %v, seat %d, %v; want closed, seat 1", sh.Round(1).Closed, v.Seat, err)
	}
}
