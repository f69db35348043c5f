package db

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestJoinLateAndLeave plays a group's night worked out by hand: Dee
// joins after round 1 (a missed round counts its highest score), Bob
// leaves after round 2 (the average), and Eve, added by mistake before
// round 3, goes again without a trace.
func TestJoinLateAndLeave(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Friday club", "dev")
	rules := referee.Standard()
	rules.Set, rules.Rounds = 6, 3
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Late", PlayedOn: "2026-11-27", Rules: rules, HandSize: 7,
		Players: []string{"Ann", "Bob", "Cy"}, Group: grp.Slug})
	if err != nil {
		t.Fatal(err)
	}
	play := func(n int, entries map[int]*referee.Entry) {
		t.Helper()
		for seat, e := range entries {
			if e == nil {
				e = &out
			}
			if _, err := s.saveEntry(ctx, g.Slug, n, seat, *e, "", seenEntry(t, s, g.Slug, n, seat)); err != nil {
				t.Fatalf("round %d seat %d: %v", n, seat, err)
			}
		}
	}
	closeRound := func(n int) {
		t.Helper()
		if _, err := s.CloseRound(ctx, g.Slug, n, seenRound(t, s, g.Slug, n)); err != nil {
			t.Fatalf("closing round %d: %v", n, err)
		}
	}
	play(1, map[int]*referee.Entry{0: nil, 1: pips(10), 2: pips(4)})
	closeRound(1)
	sh, err := s.Join(ctx, g.Slug, "Dee", referee.MissedHighest, "")
	if err != nil || len(sh.Players) != 4 || !sh.Plays(3, 2) || sh.Plays(3, 1) {
		t.Fatalf("Dee joins before round 2: %v, %v", sh.Players, err)
	}
	// Four hands of 7 would take all of double-6's 28 tiles: from round 2
	// each is dealt the usual hand for four; round 1 keeps its 7.
	four, _ := referee.SuggestHand(6, 4)
	sh, _ = s.Sheet(ctx, g.Slug)
	if d1, d2 := sh.Deal(1), sh.Deal(2); d1.HandSize != 7 || d1.Players != 3 || d2.HandSize != four.Tiles || d2.Players != 4 || sh.Game.HandSize != four.Tiles {
		t.Errorf("deals after Dee joined: round 1 %d×%d, round 2 %d×%d, game %d; want 3×7, then 4×%d", d1.Players, d1.HandSize, d2.Players, d2.HandSize, sh.Game.HandSize, four.Tiles)
	}
	if _, err := s.Join(ctx, g.Slug, "Cy", referee.MissedZero, ""); app.CodeOf(err) != app.CodeInvalid {
		t.Errorf("a second Cy joins: %v, want refused", err)
	}
	play(2, map[int]*referee.Entry{0: pips(6), 1: nil, 2: pips(9), 3: pips(3)})
	// Round 2 has its entries: Bob leaves after it.
	if _, sh, err = s.Leave(ctx, g.Slug, 1, referee.MissedAverage, ""); err != nil || !sh.Plays(1, 2) || sh.Plays(1, 3) {
		t.Fatalf("Bob leaves during round 2: %v", err)
	}
	if _, err := s.saveEntry(ctx, g.Slug, 1, 3, typed(5), "Ann", seenEntry(t, s, g.Slug, 1, 3)); !isCode(err, referee.CodeNotPlaying) {
		t.Errorf("a score for Dee in round 1: %v, want %s", err, referee.CodeNotPlaying)
	}
	closeRound(2)
	// Eve joins round 3 by mistake, and goes before anything is recorded;
	// the phone that said it was hers is nobody's then.
	if _, err := s.Join(ctx, g.Slug, "Eve", referee.MissedHighest, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Visit(ctx, "eves-phone", g.Slug); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSeat(ctx, "eves-phone", g.Slug, 4); err != nil {
		t.Fatal(err)
	}
	if _, sh, err = s.Leave(ctx, g.Slug, 4, referee.MissedHighest, ""); err != nil || len(sh.Players) != 4 {
		t.Fatalf("Eve leaves before playing: %v, %v", sh.Players, err)
	}
	if v, err := s.Visit(ctx, "eves-phone", g.Slug); err != nil || v.Seat != -1 {
		t.Errorf("Eve's phone after she went: seat %d, %v; want nobody's", v.Seat, err)
	}
	sh, err = s.Sheet(ctx, g.Slug)
	if err != nil || !slices.Equal(sh.Players, []string{"Ann", "Bob", "Cy", "Dee"}) || !slices.Equal(sh.Seated(3), []int{0, 2, 3}) {
		t.Fatalf("round 3 as stored: %v seated %v, %v", sh.Players, sh.Seated(3), err)
	}
	play(3, map[int]*referee.Entry{0: pips(5), 2: nil, 3: pips(8)})
	closeRound(3)

	// Round 1: Dee counts 10, its highest. Round 3: Bob counts the average
	// of 5, 0 and 8, 4.33, so 4. Ann 0+6+5 = 11 wins; Bob 10+0+4 = 14;
	// Cy 4+9+0 = 13; Dee 10+3+8 = 21.
	sh, _ = s.Sheet(ctx, g.Slug)
	if got := sh.Totals(); !slices.Equal(got, []int{11, 14, 13, 21}) {
		t.Errorf("totals %v, want [11 14 13 21]", got)
	}
	people, err := s.People(ctx, grp.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]app.Person{}
	for _, p := range people {
		got[p.Name] = p
	}
	// Rounds and points are those played; the night's total counts the missed ones.
	want := map[string]app.Person{
		"Ann": {Nights: 1, Record: app.Record{Finished: 1, Won: 1, Rounds: 3, Points: 11, Outs: 1, Zeros: 1}},
		"Bob": {Nights: 1, Record: app.Record{Finished: 1, Rounds: 2, Points: 10, Outs: 1, Zeros: 1}},
		"Cy":  {Nights: 1, Record: app.Record{Finished: 1, Rounds: 3, Points: 13, Outs: 1, Zeros: 1}},
		"Dee": {Nights: 1, Record: app.Record{Finished: 1, Rounds: 2, Points: 11}},
	}
	if len(got) != len(want) {
		t.Errorf("the group's people: %v, want Ann, Bob, Cy and Dee (Eve left no trace)", slices.Collect(mapKeys(got)))
	}
	for name, w := range want {
		p := got[name]
		w.ID = p.ID
		w.Name = name
		if p != w {
			t.Errorf("%s: %+v, want %+v", name, p, w)
		}
	}
	if rec, err := s.PersonRecord(ctx, grp.ID, got["Dee"].ID); err != nil || len(rec.Recent) != 1 || rec.Recent[0].Total != 21 || rec.Recent[0].Winning != 11 {
		t.Errorf("Dee's nights: %+v, %v; want her total of 21 beside the winning 11", rec.Recent, err)
	}
	checkKept(t, s, grp.ID, "after a night with a late joiner and a leaver")

	// The night goes out and comes back the same, stays and all.
	first := exportJSON(t, s, g.Slug)
	other := openTest(t)
	a, err := ReadArchive(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Import(ctx, a); err != nil {
		t.Fatal(err)
	}
	if again := exportJSON(t, other, g.Slug); !bytes.Equal(first, again) {
		t.Errorf("exported again after import:\n%s\nwant\n%s", again, first)
	}
	var b bytes.Buffer
	if err := a.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// Dee in round 1: missed, counted 10. Bob in round 3: missed, counted 4, total 14.
	if dee := rows[4]; dee[5] != "Dee" || dee[9] != "10" || dee[11] != "no" || dee[6] != "" {
		t.Errorf("Dee's round-1 row: %q", dee)
	}
	if bob := rows[10]; bob[5] != "Bob" || bob[9] != "4" || bob[10] != "14" || bob[11] != "no" {
		t.Errorf("Bob's round-3 row: %q", bob)
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func isCode(err error, c referee.Code) bool {
	return app.CodeOf(err) == c
}
