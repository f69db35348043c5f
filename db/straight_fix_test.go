package db

import (
	"context"
	"slices"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

func correct(t *testing.T, s *Store, g app.Game, f app.StraightFix) app.StraightSheet {
	t.Helper()
	sh, err := s.StraightCorrect(context.Background(), g.Slug, f)
	if err != nil {
		t.Fatalf("correct line %d on version %d: %v", f.Line, f.Seen, err)
	}
	return sh
}

// pointsOf lists the points of a sheet's lines, an end as -1.
func pointsOf(sh app.StraightSheet) []int {
	var out []int
	for _, m := range sh.Marks {
		if m.End {
			m.Points = -1
		}
		out = append(out, m.Points)
	}
	return out
}

// TestStraightCorrect: any line can be corrected (a play's points and
// side, an end's who and spots) or removed, on the version the page
// showed; the hands are numbered again and the totals and awards worked
// out again; what can't be is refused and changes nothing.
func TestStraightCorrect(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, true, nil) // Ann & Cy against Bob & Di
	play(t, s, g, 0, 0, 10)
	play(t, s, g, 1, 1, 5)
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 2, Player: g.IDs[1], End: true,
		Pips: map[int]int{g.IDs[0]: 6, g.IDs[2]: 8, g.IDs[3]: 3}}); err != nil {
		t.Fatal(err)
	}
	sh := play(t, s, g, 3, 2, 20) // hand 2
	if sh.Totals[0] != 30 || sh.Totals[1] != 20 {
		t.Fatalf("before: totals %v, want [30 20]", sh.Totals)
	}

	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 4, Player: g.IDs[0], Points: 15}, Line: 1})
	if sh.Version != 5 || len(sh.Marks) != 4 || sh.Marks[0].Points != 15 || sh.Totals[0] != 35 || sh.Hands[0].Play[0] != 15 {
		t.Fatalf("line 1 to 15: version %d, lines %v, totals %v", sh.Version, pointsOf(sh), sh.Totals)
	}
	if _, err := s.StraightCorrect(ctx, g.Slug, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 4, Player: g.IDs[0], Points: 5}, Line: 2}); app.CodeOf(err) != app.CodeConflict {
		t.Fatalf("a correction on a stale version: %v, want a conflict", err)
	}
	// Line 2 was Cy's side's, not Bob's.
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 5, Player: g.IDs[2], Points: 5}, Line: 2})
	if sh.Marks[1].Side != 0 || sh.Totals[0] != 40 || sh.Totals[1] != 15 {
		t.Fatalf("line 2 to Ann & Cy: side %d, totals %v, want [40 15]", sh.Marks[1].Side, sh.Totals)
	}
	// The end was blocked: Ann & Cy hold 2 + 3, Bob & Di 10 + 9, and
	// score 19 → 20. Points sent for an end line are not read: it stays
	// an end.
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 6, Player: -1, Points: 10,
		Pips: map[int]int{g.IDs[0]: 2, g.IDs[1]: 10, g.IDs[2]: 3, g.IDs[3]: 9}}, Line: 3})
	h := sh.Hands[0]
	if !sh.Marks[2].End || h.Out != -1 || h.Award.Raw[0] != 19 || h.Award.Points[0] != 20 || sh.Totals[0] != 60 || sh.Totals[1] != 0 {
		t.Fatalf("line 3 blocked: %+v, award %+v, totals %v; want 19 → 20 for Ann & Cy, totals [60 0]", sh.Marks[2], h.Award, sh.Totals)
	}
	for _, bad := range []app.StraightFix{
		{StraightPlay: app.StraightPlay{Seen: 7, Player: g.IDs[0], Points: 7}, Line: 1},
		{StraightPlay: app.StraightPlay{Seen: 7, Player: -1, Pips: map[int]int{g.IDs[0]: 2}}, Line: 3},
	} {
		if _, err := s.StraightCorrect(ctx, g.Slug, bad); app.CodeOf(err) != app.CodeInvalid {
			t.Errorf("correction %+v: %v, want invalid", bad, err)
		}
	}
	for _, line := range []int{0, 5} {
		if _, err := s.StraightCorrect(ctx, g.Slug, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 7, Player: g.IDs[0], Points: 5}, Line: line}); app.CodeOf(err) != app.CodeNotFound {
			t.Errorf("line %d of 4: %v, want not found", line, err)
		}
	}
	if _, err := s.StraightCorrect(ctx, g.ViewSlug, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 7, Player: g.IDs[0], Points: 5}, Line: 1}); app.CodeOf(err) != app.CodeViewOnly {
		t.Errorf("a correction by the view-only link: %v", err)
	}
	if got, _ := s.StraightSheet(ctx, g.Slug); got.Version != 7 || !slices.Equal(pointsOf(got), []int{15, 5, -1, 20}) {
		t.Fatalf("refused corrections changed the sheet: version %d, lines %v", got.Version, pointsOf(got))
	}

	// Removing line 2 moves the lines after it up; hand 2 stays hand 2.
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 7}, Line: 2, Remove: true})
	if !slices.Equal(pointsOf(sh), []int{15, -1, 20}) || sh.Marks[2].Seq != 3 || sh.Marks[2].Hand != 2 || sh.Totals[0] != 55 {
		t.Fatalf("line 2 removed: lines %v, last %+v, totals %v", pointsOf(sh), sh.Marks[2], sh.Totals)
	}
	// The end of a hand another ended hand follows can't go; the last
	// end can, and its hand runs on.
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: 8, Player: -1, End: true,
		Pips: map[int]int{g.IDs[0]: 1, g.IDs[1]: 1, g.IDs[2]: 1, g.IDs[3]: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StraightCorrect(ctx, g.Slug, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 9}, Line: 2, Remove: true}); app.CodeOf(err) != app.CodeInvalid {
		t.Fatalf("removing the end of hand 1 before hand 2's: %v, want invalid", err)
	}
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 9}, Line: 4, Remove: true})
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 10}, Line: 2, Remove: true})
	if len(sh.Marks) != 2 || sh.Marks[1].Hand != 1 || sh.Marks[1].Seq != 2 || len(sh.Hands) != 1 || sh.Current().Play[0] != 35 {
		t.Fatalf("the only end removed: lines %+v, hands %+v", sh.Marks, sh.Hands)
	}
	again, err := s.StraightSheet(ctx, g.Slug)
	if err != nil || again.Version != 11 || !slices.Equal(pointsOf(again), []int{15, 20}) || again.Marks[1].Hand != 1 {
		t.Fatalf("read back: %v, version %d, lines %+v", err, again.Version, again.Marks)
	}
}

// TestStraightCorrectWinner: a correction can give the game, take it to
// the other side, or take it back; the first to reach the target wins,
// and lines after that count for nothing; the night is finished or open
// again to match.
func TestStraightCorrectWinner(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	r := referee.StandardStraight()
	r.Straight.Target = 30
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Two", PlayedOn: "2026-12-05", Rules: r, HandSize: referee.StraightHandSize, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range []int{10, 10, 15, 15} {
		play(t, s, g, i, i%2, p)
	}
	fix := func(seen, line, points int) app.StraightSheet {
		t.Helper()
		seat := (line - 1) % 2
		return correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: seen, Player: g.IDs[seat], Points: points}, Line: line})
	}
	finished := func() bool {
		got, _ := s.StraightSheet(ctx, g.Slug)
		return got.Game.Finished()
	}
	sh := fix(4, 4, 20)
	if sh.Winner != 1 || sh.Before != -1 || !sh.Corrected || !finished() {
		t.Fatalf("Bob to 30: winner %d, before %d, finished %v", sh.Winner, sh.Before, finished())
	}
	sh = fix(5, 3, 20)
	if sh.Winner != 0 || sh.Before != 1 || sh.Counted != 3 || !slices.Equal(sh.Totals, []int{30, 10}) || !finished() {
		t.Fatalf("Ann to 30 first: winner %d, before %d, counted %d, totals %v", sh.Winner, sh.Before, sh.Counted, sh.Totals)
	}
	sh = fix(6, 3, 5)
	if sh.Winner != 1 || sh.Before != 0 || sh.Counted != 4 || !slices.Equal(sh.Totals, []int{15, 30}) {
		t.Fatalf("Ann back to 15: winner %d, before %d, totals %v", sh.Winner, sh.Before, sh.Totals)
	}
	sh = correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 7}, Line: 4, Remove: true})
	if sh.Winner != -1 || sh.Before != 1 || sh.Current() == nil || finished() {
		t.Fatalf("Bob's 20 removed: winner %d, before %d, finished %v", sh.Winner, sh.Before, finished())
	}
}
