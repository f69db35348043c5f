package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestLinksAndDevices: a game opens by either link, the view-only one
// changing nothing; a browser's nights are its own; renewing a link stops
// the old one and drops it from every browser but the renewer's.
func TestLinksAndDevices(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	if g.ViewSlug == "" || g.ViewSlug == g.Slug {
		t.Fatalf("links %q and %q: want two different ones", g.Slug, g.ViewSlug)
	}
	v, err := s.Settings(ctx, g.ViewSlug)
	if err != nil || !v.ViewOnly || v.Slug != g.ViewSlug || v.ID != g.ID {
		t.Fatalf("by the view-only link: %+v, %v", v, err)
	}
	if _, err := s.saveEntry(ctx, g.ViewSlug, 1, 0, typed(5), "", seenEntry(t, s, g.ViewSlug, 1, 0)); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("a save by the view-only link: %v, want refused as view-only", err)
	}
	if _, err := s.Act(ctx, g.ViewSlug, 1, app.Move{Action: referee.Action{Kind: referee.ActPass}, Seen: seenLog(t, s, g.ViewSlug, 1)}); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("a move by the view-only link: %v, want refused as view-only", err)
	}
	if _, err := s.RenewLink(ctx, g.ViewSlug, "", true); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("renewing by the view-only link: %v, want refused", err)
	}

	const host, guest, watcher, stranger = "host", "guest", "watcher", "stranger"
	for _, visit := range []struct{ device, link string }{{host, g.Slug}, {guest, g.Slug}, {watcher, g.ViewSlug}} {
		if v, err := s.Visit(ctx, visit.device, visit.link); err != nil || !v.Known || v.Seat != -1 {
			t.Fatalf("Visit(%s): %+v, %v", visit.device, v, err)
		}
	}
	if err := s.SetSeat(ctx, host, g.Slug, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSeat(ctx, host, g.Slug, 2); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("a seat the game lacks: %v", err)
	}
	nights := func(device string) []app.Summary {
		t.Helper()
		list, err := s.Nights(ctx, device, 10)
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	if list := nights(watcher); len(list) != 1 || list[0].Slug != g.ViewSlug || !list[0].ViewOnly {
		t.Fatalf("watcher's nights: %+v", list)
	}
	if list := nights(stranger); len(list) != 0 {
		t.Fatalf("a stranger's nights: %+v", list)
	}

	renewed, err := s.RenewLink(ctx, g.Slug, host, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Settings(ctx, g.Slug); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("the old edit link after renewing: %v, want not found", err)
	}
	if list := nights(guest); len(list) != 0 {
		t.Fatalf("guest with the old link still lists %+v", list)
	}
	if list := nights(host); len(list) != 1 || list[0].Slug != renewed.Slug {
		t.Fatalf("host's nights after renewing: %+v, want the new link %s", list, renewed.Slug)
	}
	if v, err := s.Visit(ctx, host, renewed.Slug); err != nil || v.Seat != 1 {
		t.Fatalf("the host's seat after renewing: %+v, %v; want 1 kept", v, err)
	}
	if list := nights(watcher); len(list) != 1 {
		t.Fatalf("renewing the edit link dropped the view-only one: %+v", list)
	}
	if _, err := s.RenewLink(ctx, renewed.Slug, host, true); err != nil {
		t.Fatal(err)
	}
	if list := nights(watcher); len(list) != 0 {
		t.Fatalf("watcher still lists a renewed view-only link: %+v", list)
	}
}
