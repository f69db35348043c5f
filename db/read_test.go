package db

import (
	"context"
	"testing"

	"chickenfoot/referee"
)

// TestReadIsOneState: every statement of a read transaction sees the
// state it began on, whatever is committed meanwhile.
func TestReadIsOneState(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	err := s.readTx(ctx, func(q conn) error {
		before, err := s.loadSheet(ctx, q, g.Slug, noHistory)
		if err != nil {
			return err
		}
		if _, err := s.saveEntry(ctx, g.Slug, 1, 0, typed(5), "", seenEntry(t, s, g.Slug, 1, 0)); err != nil {
			return err
		}
		after, err := s.loadSheet(ctx, q, g.Slug, noHistory)
		if err != nil {
			return err
		}
		if before.Rounds[0].Entries[0] != nil || after.Rounds[0].Entries[0] != nil {
			t.Errorf("a read that began before an entry was saved saw it: %v, then %v", before.Rounds[0].Entries[0], after.Rounds[0].Entries[0])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if sh, err := s.Sheet(ctx, g.Slug); err != nil || sh.Rounds[0].Entries[0] == nil {
		t.Fatalf("Sheet after the save = %v, %v; want the entry", sh.Rounds, err)
	}
}

// TestReadKeepsNoRenamedName: a read transaction that began before a
// rename reads the old name, and must not leave it in the cache of games
// for the reads after the rename.
func TestReadKeepsNoRenamedName(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Club", "")
	g := playNight(t, s, grp.Slug, "2026-01-09", []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(3)})
	people, err := s.People(ctx, grp.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.forgetGroupGames() // nobody has read the night yet
	err = s.readTx(ctx, func(q conn) error {
		if _, _, _, _, err := findLink(ctx, q, g.Slug); err != nil { // the transaction's state is fixed here
			return err
		}
		if err := s.RenamePerson(ctx, grp.Slug, people[0].ID, "Anne"); err != nil {
			return err
		}
		old, err := s.loadGame(ctx, q, g.Slug)
		if err == nil && old.Players[0] != "Ann" {
			t.Errorf("the read that began before the rename read %q, want Ann", old.Players[0])
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Settings(ctx, g.Slug); err != nil || got.Players[0] != "Anne" {
		t.Fatalf("Settings after the rename = %v, %v; want Anne", got.Players, err)
	}
}
