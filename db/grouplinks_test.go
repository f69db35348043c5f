package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestImportGroupWithoutLink: an archive from a page of the app names its
// nights' table of friends but not its link. Imported, the nights of one
// table name go to one new table of that name, with a link of its own,
// whose records hold them.
func TestImportGroupWithoutLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Friday club", "")
	for _, date := range []string{"2026-01-09", "2026-01-16"} {
		playNight(t, s, grp.Slug, date, []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(5)})
	}
	arch, err := s.ExportGroup(ctx, grp.Slug, true)
	if err != nil {
		t.Fatal(err)
	}
	for i := range arch.Nights {
		arch.Nights[i].Group.Link = ""
	}
	other := openTest(t)
	if n, err := other.Import(ctx, arch); err != nil || n != 2 {
		t.Fatalf("Import = %d, %v, want 2 nights", n, err)
	}
	back, err := other.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	first, second := back.Nights[0].Group, back.Nights[1].Group
	if first == nil || second == nil || first.Link != second.Link || first.Link == grp.Slug || first.Name != "Friday club" {
		t.Fatalf("the imported nights' tables: %+v and %+v, want one new table named Friday club", first, second)
	}
	g, err := other.Group(ctx, first.Link, "")
	if err != nil {
		t.Fatal(err)
	}
	if lines, _, err := other.GroupNights(ctx, g.ID, app.NightFilter{Limit: 10}); err != nil || len(lines) != 2 {
		t.Fatalf("the new table's history: %d nights, %v, want 2", len(lines), err)
	}
}
