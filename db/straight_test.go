package db

import (
	"context"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// newStraight starts a Straight night of four, partners or not, under
// rules tweaked by set.
func newStraight(t *testing.T, s *Store, partners bool, set func(*referee.Rules)) app.Game {
	t.Helper()
	r := referee.StandardStraight()
	if partners {
		r.Straight.Partners = referee.Yes
	}
	if set != nil {
		set(&r)
	}
	g, err := s.CreateGame(context.Background(), app.NewGame{Name: "Hall", PlayedOn: "2026-12-05", Rules: r,
		HandSize: referee.StraightHandSize, Players: []string{"Ann", "Bob", "Cy", "Di"}})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func play(t *testing.T, s *Store, g app.Game, seen, seat, points int) app.StraightSheet {
	t.Helper()
	sh, err := s.StraightScore(context.Background(), g.Slug, app.StraightPlay{Seen: seen, Player: g.IDs[seat], Points: points})
	if err != nil {
		t.Fatalf("play %d to seat %d on version %d: %v", points, seat, seen, err)
	}
	return sh
}

// TestStraightSheet: the game kind is frozen with the night; plays climb
// per side, an end's award is worked out with its rounding, a stale
// version is a conflict, undo takes the last line back.
func TestStraightSheet(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, true, nil)
	sh, err := s.StraightSheet(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if sh.Game.Rules.Game != referee.Straight || len(sh.Sides) != 2 || sh.Version != 0 {
		t.Fatalf("new night: game %q, %d sides, version %d", sh.Game.Rules.Game, len(sh.Sides), sh.Version)
	}
	play(t, s, g, 0, 0, 10) // Ann
	play(t, s, g, 1, 2, 15) // Cy, Ann's partner
	sh = play(t, s, g, 2, 1, 5)
	if sh.Totals[0] != 25 || sh.Totals[1] != 5 {
		t.Fatalf("totals = %v, want [25 5]", sh.Totals)
	}
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 2, Player: g.IDs[0], Points: 5}); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("stale play: %v, want a conflict", err)
	}
	for _, bad := range []int{0, 7, 65} {
		if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 3, Player: g.IDs[0], Points: bad}); app.CodeOf(err) != app.CodeInvalid {
			t.Errorf("play of %d: %v, want invalid", bad, err)
		}
	}
	// Bob dominoes; Ann holds 6, Cy 8: 14 rounds to 15 for Bob and Di; Di's 3 is a partner's and not counted.
	sh, err = s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 3, Player: g.IDs[1], End: true,
		Pips: map[int]int{g.IDs[0]: 6, g.IDs[2]: 8, g.IDs[3]: 3}})
	if err != nil {
		t.Fatal(err)
	}
	h := sh.Hands[0]
	if h.Award == nil || h.Award.Raw[1] != 14 || h.Award.Points[1] != 15 || sh.Totals[1] != 20 {
		t.Fatalf("award %+v, totals %v: want 14 → 15 for side 1, totals [25 20]", h.Award, sh.Totals)
	}
	if len(sh.Hands) != 2 || sh.Current().Number != 2 {
		t.Fatalf("after the end: %d hands, want hand 2 on", len(sh.Hands))
	}
	again, _ := s.StraightSheet(ctx, g.Slug)
	if again.Totals[1] != 20 || again.Version != 4 {
		t.Fatalf("read back: totals %v version %d", again.Totals, again.Version)
	}
	sh, err = s.StraightUndo(ctx, g.Slug, 4)
	if err != nil || sh.Version != 5 || len(sh.Marks) != 3 || sh.Totals[1] != 5 || sh.Current().Number != 1 {
		t.Fatalf("undo: %v, version %d totals %v", err, sh.Version, sh.Totals)
	}
	if _, err := s.StraightUndo(ctx, g.Slug, 4); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("stale undo: %v", err)
	}
	if _, err := s.StraightScore(ctx, g.ViewSlug, app.StraightPlay{Seen: 5, Player: g.IDs[0], Points: 5}); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("view-only play: %v", err)
	}
}

// TestStraightWinner: reaching the target in play wins at once under the
// usual rule and finishes the night; nothing more is scored; an undo
// opens it again. Blocked ties score nobody.
func TestStraightWinner(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, false, func(r *referee.Rules) { r.Straight.Target = 30 })
	sh, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 0, Player: -1, End: true,
		Pips: map[int]int{g.IDs[0]: 4, g.IDs[1]: 4, g.IDs[2]: 9, g.IDs[3]: 12}})
	if err != nil || sh.Hands[0].Award.Tie != true || sh.Totals[0] != 0 || sh.Totals[1] != 0 {
		t.Fatalf("blocked tie: %v, %+v", err, sh.Hands[0].Award)
	}
	play(t, s, g, 1, 2, 15)
	sh = play(t, s, g, 2, 2, 15)
	if sh.Winner != 2 || sh.Current() != nil {
		t.Fatalf("winner = %d, want Cy (2)", sh.Winner)
	}
	got, _ := s.StraightSheet(ctx, g.Slug)
	if !got.Game.Finished() {
		t.Fatal("a won night is not finished")
	}
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 3, Player: g.IDs[0], Points: 5}); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("play after the win: %v", err)
	}
	if sh, err = s.StraightUndo(ctx, g.Slug, 3); err != nil || sh.Winner != -1 {
		t.Fatalf("undo the win: %v winner %d", err, sh.Winner)
	}
	if got, _ = s.StraightSheet(ctx, g.Slug); got.Game.Finished() {
		t.Fatal("an undone win still finished")
	}
}

// TestStraightInAGroup: a table of friends keeps both games, apart: a
// Straight night is listed in the group's history with its winners, and
// counts in no Chickenfoot record.
func TestStraightInAGroup(t *testing.T) {
	ctx := context.Background()
	s, grp := openGroup(t, "Club", "")
	playNight(t, s, grp.Slug, "2026-01-09", []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(9)})
	r := referee.StandardStraight()
	r.Straight.Target = 10
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Hall", PlayedOn: "2026-01-10", Rules: r, HandSize: 7, Players: []string{"Ann", "Bob"}, Group: grp.Slug})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 0, Player: g.IDs[1], Points: 10}); err != nil {
		t.Fatal(err)
	}
	people, err := s.People(ctx, grp.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range people {
		if p.Nights != 1 || p.Finished != 1 {
			t.Errorf("%s's Chickenfoot record: %d nights, %d finished; want the one Chickenfoot night", p.Name, p.Nights, p.Finished)
		}
	}
	lines, _, err := s.GroupNights(ctx, grp.ID, app.NightFilter{Limit: 10})
	if err != nil || len(lines) != 2 {
		t.Fatalf("group nights: %v, %d", err, len(lines))
	}
	if l := lines[0]; l.Name != "Hall" || !l.Finished || len(l.Winners) != 1 || l.Winners[0] != "Bob" || l.Best != 10 {
		t.Fatalf("the Straight night's line: %+v", l)
	}
}

// TestStraightExportImport: a Straight night's sheet goes out in its
// archive and comes back line by line, with its totals.
func TestStraightExportImport(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, true, nil)
	play(t, s, g, 0, 0, 10)
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 1, Player: g.IDs[1], End: true,
		Pips: map[int]int{g.IDs[0]: 6, g.IDs[2]: 8, g.IDs[3]: 3}}); err != nil {
		t.Fatal(err)
	}
	arc, err := s.Export(ctx, g.ViewSlug)
	if err != nil || len(arc.Nights) != 1 || len(arc.Nights[0].Straight) != 2 {
		t.Fatalf("export: %v, %+v", err, arc.Nights)
	}
	other := openTest(t)
	if _, err := other.Import(ctx, arc); err != nil {
		t.Fatal(err)
	}
	games, err := other.ExportAll(ctx)
	if err != nil || len(games.Nights) != 1 {
		t.Fatal(err)
	}
	sh, err := other.StraightSheet(ctx, games.Nights[0].Link)
	if err != nil || sh.Version != 2 || sh.Totals[0] != 10 || sh.Totals[1] != 15 {
		t.Fatalf("imported: %v, version %d totals %v", err, sh.Version, sh.Totals)
	}
	bad := arc
	bad.Nights = []app.Night{arc.Nights[0]}
	bad.Nights[0].Straight = []app.NightMark{{Hand: 1, Side: 3, Points: 5}} // partners: no side 3
	if _, err := openTest(t).Import(ctx, bad); err == nil {
		t.Fatal("a line for a side the night does not have was imported")
	}
}
