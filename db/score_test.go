package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
)

// TestEnter: a phone's form is read under the game's rules and saved in
// one call; while the round is played it is kept as made by the player
// whose phone sent it; a form that can't be read names its field and the
// sentence to word; a view-only link and an unknown seat write nothing.
func TestEnter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	const phone = "0123456789abcdef0123456789abcdef"
	if err := s.SetSeat(ctx, phone, g.Slug, 1); err != nil {
		t.Fatal(err)
	}
	sh, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 0, Pips: " 12 ", Device: phone, Basis: app.Basis{Version: seenPlayer(t, s, g.Slug, 1, 0).Version, Open: true}})
	if err != nil {
		t.Fatal(err)
	}
	if e := sh.Round(1).Entries[0]; e == nil || e.Pips != 12 {
		t.Fatalf("Enter(pips 12) = entry %+v, want 12 pips", e)
	}
	if c, ok := sh.Undoable(1); !ok || c.By != "Bob" {
		t.Fatalf("Enter from Bob's phone: undoable change %+v (%v), want one made by Bob", c, ok)
	}
	tapped := app.ScoreForm{Player: 1, Tapped: true, Tiles: []string{"6-5", "2-1"}, Basis: seenPlayer(t, s, g.Slug, 1, 1)}
	if sh, err = s.Enter(ctx, g.Slug, 1, tapped); err != nil || sh.Round(1).Entries[1].Pips != 14 {
		t.Fatalf("Enter(tapped 6-5 2-1) = %+v, %v; want 14 pips", sh.Round(1).Entries[1], err)
	}
	for _, c := range []struct {
		f          app.ScoreForm
		field, key string
	}{
		{app.ScoreForm{Player: 0, Pips: ""}, "pips", "pips-blank"},
		{app.ScoreForm{Player: 0, Pips: "ten"}, "pips", "pips-not-number"},
		{app.ScoreForm{Player: 0, Pips: "3", BlankHalves: "x"}, "blank_halves", "blank-halves-not-number"},
		{app.ScoreForm{Player: 0, Tapped: true, Tiles: []string{"9-9"}}, "tile", "tile-unreadable"},
	} {
		c.f.Basis = seenPlayer(t, s, g.Slug, 1, 0)
		_, err := s.Enter(ctx, g.Slug, 1, c.f)
		if re := app.From(err); re == nil || re.Code != app.CodeInvalid || re.Field != c.field || re.Key != c.key {
			t.Errorf("Enter(%+v) = %v, want invalid %s (%s), left to word", c.f, err, c.field, c.key)
		}
	}
	if _, err := s.Enter(ctx, g.ViewSlug, 1, app.ScoreForm{Player: 0, Pips: "nonsense"}); app.CodeOf(err) != app.CodeViewOnly {
		t.Errorf("Enter through the view-only link = %v, want view-only", err)
	}
	if _, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 2, Pips: "1", Basis: seenPlayer(t, s, g.Slug, 1, 2)}); app.CodeOf(err) != app.CodeNotFound {
		t.Errorf("Enter for seat 2 of two = %v, want not found", err)
	}
	if sh, err := s.Sheet(ctx, g.Slug); err != nil || sh.Round(1).Entries[0].Pips != 12 {
		t.Fatalf("after the refusals Ann's entry is %+v (%v), want 12 pips still", sh.Round(1).Entries[0], err)
	}
}
