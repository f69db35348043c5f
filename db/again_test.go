package db

import (
	"context"
	"slices"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestGroupByLink: a night like the group's last, and a rename or a merge
// of its people, by the group's link; an unknown link changes nothing.
func TestGroupByLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Friday club", "dev")
	ng := app.NewGame{Name: "Again", PlayedOn: "2026-02-01", Device: "dev"}
	if _, err := s.CreateLikeLast(ctx, grp.Slug, ng); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("CreateLikeLast with no night yet = %v, want not found", err)
	}
	rules := referee.Standard()
	rules.Set = 6
	first, err := s.CreateGame(ctx, app.NewGame{Name: "First", PlayedOn: "2026-01-09", Rules: rules, HandSize: 7,
		Players: []string{"Ann", "Bob", "Cy"}, Group: grp.Slug})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.saveEntry(ctx, first.Slug, 1, 0, typed(5), "", seenEntry(t, s, first.Slug, 1, 0)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Leave(ctx, first.Slug, 2, referee.MissedHighest, ""); err != nil { // after round 1
		t.Fatal(err)
	}
	again, err := s.CreateLikeLast(ctx, grp.Slug, ng)
	if err != nil || !slices.Equal(again.Players, []string{"Ann", "Bob"}) || again.Rules != first.Rules ||
		again.HandSize != first.HandSize || again.GroupID != grp.ID || again.Name != "Again" {
		t.Fatalf("CreateLikeLast = %+v, %v; want Ann and Bob under the first night's rules, in the group", again, err)
	}
	if _, err := s.CreateLikeLast(ctx, grp.Slug+"x", ng); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("CreateLikeLast by an unknown link = %v, want not found", err)
	}

	id := personIDs(t, s, grp.ID)
	if err := s.RenamePerson(ctx, grp.Slug+"x", id["Ann"], "Anna"); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("RenamePerson by an unknown link = %v, want not found", err)
	}
	if err := s.RenamePerson(ctx, grp.Slug, id["Ann"], "Bob"); app.From(err) == nil || app.From(err).Key != "person-taken" {
		t.Fatalf("RenamePerson to Bob = %v, want the name taken", err)
	}
	if err := s.RenamePerson(ctx, grp.Slug, id["Ann"], "Anna"); err != nil {
		t.Fatal(err)
	}
	if err := s.MergePeople(ctx, grp.Slug, id["Cy"], id["Bob"]); app.From(err) == nil || app.From(err).Key != "merge-together" {
		t.Fatalf("MergePeople of two who played together = %v", err)
	}
	if err := s.MergePeople(ctx, grp.Slug+"x", id["Cy"], id["Anna"]); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("MergePeople by an unknown link = %v, want not found", err)
	}
	rec, err := s.PersonRecord(ctx, grp.ID, id["Ann"])
	if err != nil || rec.Person.Name != "Anna" {
		t.Fatalf("Ann's record after the rename: %+v, %v", rec.Person, err)
	}
}

// TestCheckLeave: asking whether a player leaves refuses as Leave would,
// and writes nothing.
func TestCheckLeave(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy")
	if _, _, err := s.CheckLeave(ctx, g.ViewSlug, 1); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("CheckLeave by the view-only link = %v, want refused as view-only", err)
	}
	if _, _, err := s.CheckLeave(ctx, g.Slug, 7); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("CheckLeave of a player never seated = %v, want not found", err)
	}
	sh, l, err := s.CheckLeave(ctx, g.Slug, 2)
	if err != nil || len(sh.Players) != 3 || !l.Remove {
		t.Fatalf("CheckLeave(Cy) = %d players, %+v, %v; want the sheet of three, and Cy taken off (she played no round)", len(sh.Players), l, err)
	}
	if _, _, err := s.Leave(ctx, g.Slug, 2, referee.MissedHighest, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.CheckLeave(ctx, g.Slug, 2); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("CheckLeave of Cy, gone = %v, want a conflict naming her", err)
	}
	if _, _, err := s.CheckLeave(ctx, g.Slug, 1); err == nil {
		t.Fatal("CheckLeave of Bob, of the last two, was not refused")
	}
}
