package db

import (
	"context"
	"slices"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// conflictKey is the catalog key of a conflict, or "" for another error.
func conflictKey(err error) string {
	if e := app.From(err); e != nil && e.Code == app.CodeConflict {
		return e.Key
	}
	return ""
}

// TestStalePageAfterAPlayerGoes: Cy gives up her seat before playing and
// Di moves up into it. A page drawn before still names Cy by her id: its
// score, its opening and its "this is my phone" are refused, saying who
// went, and never land on Di; Di's own card, by her id, still reaches
// her at her new seat.
func TestStalePageAfterAPlayerGoes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy", "Di")
	if !slices.Equal(g.IDs, []int{0, 1, 2, 3}) {
		t.Fatalf("ids at the start = %v, want the seats", g.IDs)
	}
	name, sh, err := s.Leave(ctx, g.Slug, 2, referee.MissedHighest, "")
	if err != nil || name != "Cy" || !slices.Equal(sh.Players, []string{"Ann", "Bob", "Di"}) || !slices.Equal(sh.Game.IDs, []int{0, 1, 3}) {
		t.Fatalf("Cy leaves = %q, %v ids %v, %v", name, sh.Players, sh.Game.IDs, err)
	}
	stale := app.ScoreForm{Player: 2, Pips: "7", Basis: app.Basis{Version: 0, Open: true}}
	if _, err = s.Enter(ctx, g.Slug, 1, stale); conflictKey(err) != "player-gone" {
		t.Fatalf("Cy's stale score = %v, want refused as player-gone", err)
	}
	if re := app.From(err); re == nil || re.Params["Name"] != "Cy" {
		t.Errorf("refusal names %v, want Cy", re)
	}
	if _, err := s.SetOpening(ctx, g.Slug, 1, app.Opening{Double: 6, Setter: 2}, sh.Opening(1)); conflictKey(err) != "player-gone" {
		t.Errorf("Cy as the setter on a stale page = %v, want player-gone", err)
	}
	if err := s.SetSeat(ctx, "phone", g.Slug, 2); conflictKey(err) != "player-gone" {
		t.Errorf("Cy's phone on a stale page = %v, want player-gone", err)
	}
	sh, err = s.Sheet(ctx, g.Slug)
	if err != nil || sh.Rounds[0].Entries[2] != nil || sh.Rounds[0].Setter != -1 {
		t.Fatalf("after the stale forms: Di's entry %v, setter %d, %v; want nothing written", sh.Rounds[0].Entries[2], sh.Rounds[0].Setter, err)
	}
	// Di's card names her by id 3: it reaches her at seat 2, and the news
	// names her by her id, which her card follows on every phone.
	var news []app.News
	s.Publish = func(n app.News) { news = append(news, n) }
	if sh, err = s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 3, Pips: "9", Basis: app.Basis{Version: 0, Open: true}}); err != nil || sh.Rounds[0].Entries[2].Score != 9 {
		t.Fatalf("Di's score = %v, %v", sh.Rounds[0].Entries, err)
	}
	if len(news) != 1 || news[0].Seat != 2 || news[0].Player != 3 {
		t.Errorf("Di's score published %+v, want seat 2, player 3", news)
	}
	// Eve joins: she gets a new id, never Cy's.
	if sh, err = s.Join(ctx, g.Slug, "Eve", referee.MissedHighest, ""); err != nil || !slices.Equal(sh.Game.IDs, []int{0, 1, 3, 4}) {
		t.Fatalf("Eve joins: ids %v, %v; want 0 1 3 4", sh.Game.IDs, err)
	}
	if g, err := s.Settings(ctx, g.Slug); err != nil || !slices.Equal(g.IDs, []int{0, 1, 3, 4}) {
		t.Fatalf("ids as stored %v, %v", g.IDs, err)
	}
}

// TestLeaveTwice: the same leave form sent twice (two taps) takes one
// player, and both answers name them; a leave naming someone gone, from
// another form, is refused.
func TestLeaveTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy", "Di")
	for range 2 {
		name, sh, err := s.Leave(ctx, g.Slug, 2, referee.MissedHighest, "leave-1")
		if err != nil || name != "Cy" || len(sh.Players) != 3 {
			t.Fatalf("Leave = %q, %v, %v; want Cy gone, three left", name, sh.Players, err)
		}
	}
	if _, _, err := s.Leave(ctx, g.Slug, 2, referee.MissedHighest, "leave-2"); conflictKey(err) != "player-gone" {
		t.Fatalf("leaving again from another form = %v, want player-gone", err)
	}
	for range 2 {
		if _, err := s.Join(ctx, g.Slug, "Eve", referee.MissedHighest, "join-1"); err != nil {
			t.Fatalf("Join sent twice: %v", err)
		}
	}
	if sh, _ := s.Sheet(ctx, g.Slug); !slices.Equal(sh.Players, []string{"Ann", "Bob", "Di", "Eve"}) {
		t.Fatalf("players %v, want Eve once", sh.Players)
	}
}

// TestFormSentAgainChanged: a form sent again with other content is no
// repeat. Save 30, Back, fix to 3, Save: the second is judged by the
// version it carries, and refused as stale, never answered as the
// first with 30 kept. A night's setup form sent again with other
// players opens a new night.
func TestFormSentAgainChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	f := app.ScoreForm{Player: 0, Pips: "30", Basis: app.Basis{Version: 0, Open: true, Form: "e1"}}
	if _, err := s.Enter(ctx, g.Slug, 1, f); err != nil {
		t.Fatal(err)
	}
	f.Pips = "3"
	if _, err := s.Enter(ctx, g.Slug, 1, f); conflictKey(err) != "entry-changed" {
		t.Fatalf("the fixed form sent again = %v, want refused as stale", err)
	}
	sh, _ := s.Sheet(ctx, g.Slug)
	f.Basis.Version = sh.Version(1, 0)
	if sh, err := s.Enter(ctx, g.Slug, 1, f); err != nil || sh.Rounds[0].Entries[0].Score != 3 {
		t.Fatalf("the fix on the current version = %v, %v; want 3", sh.Rounds[0].Entries[0], err)
	}

	ng := app.NewGame{Name: "Friday", PlayedOn: "2026-11-28", Rules: referee.Standard(), HandSize: 7, Players: []string{"Ann", "Bob"}, Form: "g1"}
	first, err := s.CreateGame(ctx, ng)
	if err != nil {
		t.Fatal(err)
	}
	ng.Players = []string{"Cy", "Di"}
	other, err := s.CreateGame(ctx, ng)
	if err != nil || other.Slug == first.Slug || !slices.Equal(other.Players, []string{"Cy", "Di"}) {
		t.Fatalf("the setup form sent again with other players = %q %v, %v; want a new night", other.Slug, other.Players, err)
	}
}

// TestCloseAndOpeningStale: a close based on scores that changed since,
// and an opening based on another setter than the one stored, write
// nothing.
func TestCloseAndOpeningStale(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	s.saveEntry(ctx, g.Slug, 1, 0, typed(5), "", seenEntry(t, s, g.Slug, 1, 0))
	sh, _ := s.saveEntry(ctx, g.Slug, 1, 1, out, "", seenEntry(t, s, g.Slug, 1, 1))
	seen := sh.RoundVersion(1)
	s.saveEntry(ctx, g.Slug, 1, 0, typed(8), "", seenEntry(t, s, g.Slug, 1, 0)) // another phone
	_, err := s.CloseRound(ctx, g.Slug, 1, app.Basis{Version: seen})
	if conflictKey(err) != "close-changed" {
		t.Fatalf("a close on a stale page = %v, want close-changed", err)
	}
	sh, _ = s.Sheet(ctx, g.Slug)
	if sh.Rounds[0].Closed {
		t.Fatal("the round closed on a stale page")
	}
	if sh, err = s.CloseRound(ctx, g.Slug, 1, app.Basis{Version: sh.RoundVersion(1)}); err != nil {
		t.Fatalf("a close on the current page: %v", err)
	}

	nobody := sh.Opening(2)
	if _, err := s.SetOpening(ctx, g.Slug, 2, app.Opening{Double: nobody.Double, Setter: 1}, nobody); err != nil {
		t.Fatal(err)
	}
	// The same tap from a page that showed nobody either changes nothing.
	if _, err := s.SetOpening(ctx, g.Slug, 2, app.Opening{Double: nobody.Double, Setter: 1}, nobody); err != nil {
		t.Fatalf("the same opening again: %v", err)
	}
	if _, err := s.SetOpening(ctx, g.Slug, 2, app.Opening{Double: nobody.Double, Setter: 0}, nobody); conflictKey(err) != "opening-changed" {
		t.Fatalf("another setter on a stale page = %v, want opening-changed", err)
	}
}

// TestKeptCloseAfterAPlayerGoes: Cy gives up her seat and Di moves up
// into it. A phone off line sends Di's score, then the close, naming the
// score's form as its own: the close holds, though Di's id (3) is not her
// seat (2).
func TestKeptCloseAfterAPlayerGoes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob", "Cy", "Di")
	if _, _, err := s.Leave(ctx, g.Slug, 2, referee.MissedHighest, ""); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{0, 1} {
		if _, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: id, Pips: "5", Basis: seenPlayer(t, s, g.Slug, 1, id)}); err != nil {
			t.Fatal(err)
		}
	}
	shown := seenRound(t, s, g.Slug, 1) // the page as the phone went off line
	di := app.ScoreForm{Player: 3, WentOut: true, Tapped: true, Basis: seenPlayer(t, s, g.Slug, 1, 3)}
	di.Basis.Form = "0123456789abcdef0123456789abcde1"
	if _, err := s.Enter(ctx, g.Slug, 1, di); err != nil {
		t.Fatal(err)
	}
	shown.After, shown.Form = []string{di.Basis.Form}, "0123456789abcdef0123456789abcde2"
	sh, err := s.CloseRound(ctx, g.Slug, 1, shown)
	if err != nil || !sh.Round(1).Closed {
		t.Fatalf("the kept close after Di's kept score = %v: want the round closed", err)
	}
}
