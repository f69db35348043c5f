package db

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// straightNight keeps a Straight night of four in partnerships to 60: a
// hand dominoed (14 → 15), a blocked one (22 → 20), a corrected play,
// and the play that wins; with a Chickenfoot night of the same table
// beside it.
func straightNight(t *testing.T, s *Store) app.Game {
	t.Helper()
	ctx := context.Background()
	grp, err := s.CreateGroup(ctx, "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	playNight(t, s, grp.Slug, "2026-12-04", []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(9)})
	r := referee.StandardStraight()
	r.Straight.Partners, r.Straight.Target = referee.Yes, 60
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Hall, upstairs", PlayedOn: "2026-12-05", Rules: r, HandSize: referee.StraightHandSize,
		Players: []string{"Ann", "Bob", "Cy", "Di"}, Group: grp.Slug})
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, g, 0, 0, 10)
	play(t, s, g, 1, 1, 5)
	end := func(seen, out int, pips ...int) {
		t.Helper()
		p := app.StraightPlay{Seen: seen, Player: out, End: true, Pips: map[int]int{}}
		for seat, n := range pips {
			p.Pips[g.IDs[seat]] = n
		}
		if _, err := s.StraightScore(ctx, g.Slug, p); err != nil {
			t.Fatal(err)
		}
	}
	end(2, g.IDs[1], 6, 0, 8, 3)
	play(t, s, g, 3, 2, 20)
	end(4, -1, 3, 10, 2, 12)
	correct(t, s, g, app.StraightFix{StraightPlay: app.StraightPlay{Seen: 5, Player: g.IDs[2], Points: 25}, Line: 4})
	if sh := play(t, s, g, 6, 0, 5); sh.Winner != 0 || !slices.Equal(sh.Totals, []int{60, 20}) {
		t.Fatalf("the night: winner %d, totals %v; want Ann & Cy with 60 to 20", sh.Winner, sh.Totals)
	}
	return g
}

// TestStraightArchiveRoundTrip: a Straight night exported as JSON and
// imported into another database reads as the same sheet (lines, hands,
// awards, totals, winner, finished), and exported again gives the same
// bytes.
func TestStraightArchiveRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := straightNight(t, s)
	want, err := s.StraightSheet(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	arc, err := s.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var first bytes.Buffer
	if err := arc.WriteJSON(&first); err != nil {
		t.Fatal(err)
	}
	back, err := ReadArchive(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	other := openTest(t)
	if _, err := other.Import(ctx, back); err != nil {
		t.Fatal(err)
	}
	got, err := other.StraightSheet(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got.Marks, want.Marks, func(a, b app.StraightMark) bool {
		return a.Seq == b.Seq && a.Hand == b.Hand && a.End == b.End && a.Side == b.Side && a.Points == b.Points && slices.Equal(a.Pips, b.Pips)
	}) {
		t.Errorf("lines: got %+v, want %+v", got.Marks, want.Marks)
	}
	if !slices.Equal(got.Totals, want.Totals) || got.Winner != want.Winner || len(got.Hands) != len(want.Hands) || !got.Game.Finished() {
		t.Errorf("imported sheet: totals %v winner %d hands %d finished %v; want %v, %d, %d, finished",
			got.Totals, got.Winner, len(got.Hands), got.Game.Finished(), want.Totals, want.Winner, len(want.Hands))
	}
	for i, h := range got.Hands {
		if h.Award != nil && !slices.Equal(h.Award.Points, want.Hands[i].Award.Points) {
			t.Errorf("hand %d's award: %v, want %v", h.Number, h.Award.Points, want.Hands[i].Award.Points)
		}
	}
	again, err := other.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	if err := again.WriteJSON(&second); err != nil {
		t.Fatal(err)
	}
	if first.String() != second.String() {
		t.Errorf("exported again, the archive differs:\n%s\nwant:\n%s", second.String(), first.String())
	}
}

// TestStraightCSV: a Straight night's CSV has its own columns, after the
// Chickenfoot nights: a row per play, a row per side at each hand's end
// with the spots, the award before and after rounding and who went out,
// running totals, and the line that won.
func TestStraightCSV(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	straightNight(t, s)
	arc, err := s.ExportAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := arc.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	chickenfoot, straight, ok := strings.Cut(b.String(), "\n\n")
	if !ok || !strings.HasPrefix(chickenfoot, "night,date,round,double,seat,player,pips,double_blank,went_out,score,total,played") {
		t.Fatalf("the CSV does not hold the Chickenfoot nights, then an empty line:\n%s", b.String())
	}
	rows, err := csv.NewReader(strings.NewReader(straight)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"night", "date", "hand", "line", "kind", "out", "side", "points", "spots", "award", "rounded", "total", "counted", "won"},
		{"Hall, upstairs", "2026-12-05", "1", "1", "play", "", "Ann & Cy", "10", "", "", "", "10", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "1", "2", "play", "", "Bob & Di", "5", "", "", "", "5", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "1", "3", "dominoed", "Bob", "Ann & Cy", "0", "14", "0", "0", "10", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "1", "3", "dominoed", "Bob", "Bob & Di", "15", "3", "14", "15", "20", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "2", "4", "play", "", "Ann & Cy", "25", "", "", "", "35", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "2", "5", "blocked", "", "Ann & Cy", "20", "5", "22", "20", "55", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "2", "5", "blocked", "", "Bob & Di", "0", "22", "0", "0", "20", "yes", "no"},
		{"Hall, upstairs", "2026-12-05", "3", "6", "play", "", "Ann & Cy", "5", "", "", "", "60", "yes", "yes"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d Straight rows, want %d:\n%s", len(rows), len(want), straight)
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d = %q, want %q", i, rows[i], want[i])
		}
	}
}
