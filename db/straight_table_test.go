package db

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// tableMove makes a move on g's live table as the page showing t would
// send it, failing the test on a refusal.
func tableMove(t *testing.T, s *Store, g app.Game, tb app.StraightTable, seat int, kind, tile, on string, at int) app.StraightTable {
	t.Helper()
	out, err := s.StraightAct(context.Background(), g.Slug, app.StraightTableMove{Hand: tb.Hand, Seen: tb.Version, Player: g.IDs[seat], Kind: kind, Tile: tile, On: on, At: at})
	if err != nil {
		t.Fatalf("seat %d %s %s on %s#%d: %v", seat, kind, tile, on, at, err)
	}
	return out
}

// refused makes a move that must be refused with code, and checks that
// nothing changed.
func refused(t *testing.T, s *Store, g app.Game, tb app.StraightTable, m app.StraightTableMove, code app.Code) {
	t.Helper()
	_, err := s.StraightAct(context.Background(), g.Slug, m)
	if got := app.CodeOf(err); got != code {
		t.Fatalf("%+v = %v (%s), want %s", m, err, got, code)
	}
	after, err := s.StraightTable(context.Background(), g.Slug)
	if err != nil || after.Version != tb.Version || after.Sheet.Version != tb.Sheet.Version {
		t.Fatalf("a refused move changed the table: version %d → %d, sheet %d → %d (%v)", tb.Version, after.Version, tb.Sheet.Version, after.Sheet.Version, err)
	}
}

// TestStraightTableHand plays a hand of four in two partnerships on the
// live table: the leader picked, the spinner led and scored, a tile that
// fits twice asks where, scoring plays write their side's line on the
// sheet and a take-back takes it back, a stale page is refused, four
// passes block the hand, and the sheet's end line starts the next hand
// with the leader the blocked hand's award says.
func TestStraightTableHand(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, true, nil)
	tb, err := s.StraightTable(ctx, g.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Hand != 1 || tb.Leader != -1 || tb.Live != nil || tb.Playing() {
		t.Fatalf("new table: hand %d, leader %d, live %v", tb.Hand, tb.Leader, tb.Live)
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 0, Player: g.IDs[0], Kind: "play", Tile: "5-5"}, app.CodeConflict)
	tb = tableMove(t, s, g, tb, 1, app.LeaderKind, "", "", 0) // Bob, then the table says Ann
	tb = tableMove(t, s, g, tb, 0, app.LeaderKind, "", "", 0)
	if tb.Leader != 0 || tb.Live.Turn() != 0 || tb.Version != 2 {
		t.Fatalf("after picking Ann: leader %d, turn %d, version %d", tb.Leader, tb.Live.Turn(), tb.Version)
	}

	// Ann leads 5-5, the spinner: both sides bare count 10, which the lead scores.
	tb = tableMove(t, s, g, tb, 0, "play", "5-5", "", 0)
	if tb.Live.Line().Ends() != 10 || tb.Sheet.Totals[0] != 10 || tb.Log[2].Mark != 1 {
		t.Fatalf("lead 5-5: ends %d, totals %v, mark %d", tb.Live.Line().Ends(), tb.Sheet.Totals, tb.Log[2].Mark)
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 2, Player: g.IDs[1], Kind: "play", Tile: "5-0"}, app.CodeConflict)
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 3, Player: g.IDs[0], Kind: app.LeaderKind}, app.CodeConflict)
	// 5-0 fits either side of the spinner: where must be said.
	_, err = s.StraightAct(ctx, g.Slug, app.StraightTableMove{Hand: 1, Seen: 3, Player: g.IDs[1], Kind: "play", Tile: "5-0"})
	if e := app.From(err); e == nil || e.Code != app.CodeInvalid || e.Field != "place" {
		t.Fatalf("5-0 with no place = %v, want invalid place", err)
	}
	tb = tableMove(t, s, g, tb, 1, "play", "5-0", "5-5", 1) // one side bare: 10 + 0
	if tb.Sheet.Totals[1] != 10 || tb.Sheet.Version != 2 {
		t.Fatalf("5-0 on a side: totals %v, version %d", tb.Sheet.Totals, tb.Sheet.Version)
	}
	// A tile that fits nowhere is refused with the rule it breaks.
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 4, Player: g.IDs[2], Kind: "play", Tile: "6-1"}, referee.CodeMismatch)
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 4, Player: g.IDs[2], Kind: "play", Tile: "5-5"}, referee.CodeAlreadyPlayed)
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 4, Player: g.IDs[3], Kind: "pass"}, referee.CodeNotYourTurn)
	tb = tableMove(t, s, g, tb, 2, "play", "5-3", "", 0) // the only place left: 0 + 3, no score
	if tb.Live.Line().Ends() != 3 || tb.Sheet.Version != 2 || tb.Log[4].Mark != 0 {
		t.Fatalf("5-3: ends %d, sheet version %d", tb.Live.Line().Ends(), tb.Sheet.Version)
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: 5, Player: g.IDs[3], Kind: "take-back"}, referee.CodeNoTakeBack)
	tb = tableMove(t, s, g, tb, 2, "take-back", "", "", 0)
	tb = tableMove(t, s, g, tb, 2, "play", "5-3", "", 0)

	// Di's 5-2 on an end scores 5 for Bob and Di; taken back, the line goes.
	tb = tableMove(t, s, g, tb, 3, "play", "5-2", "5-5", 3)
	if tb.Sheet.Totals[1] != 15 || tb.Sheet.Version != 3 {
		t.Fatalf("5-2 on an end: totals %v, version %d", tb.Sheet.Totals, tb.Sheet.Version)
	}
	tb = tableMove(t, s, g, tb, 3, "take-back", "", "", 0)
	if tb.Sheet.Totals[1] != 10 || len(tb.Sheet.Marks) != 2 || tb.Sheet.Version != 4 || tb.Live.Line().Len() != 3 {
		t.Fatalf("taken back: totals %v, version %d, %d tiles", tb.Sheet.Totals, tb.Sheet.Version, tb.Live.Line().Len())
	}
	tb = tableMove(t, s, g, tb, 3, "play", "5-2", "5-5", 3)
	// A line tapped on the sheet after it: the take-back waits for its undo.
	sh := play(t, s, g, tb.Sheet.Version, 0, 5)
	tb, _ = s.StraightTable(ctx, g.Slug)
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: tb.Version, Player: g.IDs[3], Kind: "take-back"}, app.CodeConflict)
	if _, err := s.StraightUndo(ctx, g.Slug, sh.Version); err != nil {
		t.Fatal(err)
	}
	tb, _ = s.StraightTable(ctx, g.Slug)
	tb = tableMove(t, s, g, tb, 3, "take-back", "", "", 0)
	tb = tableMove(t, s, g, tb, 3, "play", "5-2", "5-5", 3)

	// Nobody can play: four passes with the boneyard empty block the hand.
	for _, seat := range []int{0, 1, 2, 3} {
		tb = tableMove(t, s, g, tb, seat, "pass", "", "", 0)
	}
	if tb.Live.Ending() != referee.Blocked || tb.Playing() {
		t.Fatalf("after four passes: ending %q", tb.Live.Ending())
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: tb.Version, Player: g.IDs[0], Kind: "play", Tile: "2-2"}, referee.CodeRoundOver)

	// The moves are on the disk: a read replays them to the same table.
	again, err := s.StraightTable(ctx, g.Slug)
	if err != nil || again.Version != tb.Version || again.Live.Line().Ends() != 5 || again.Live.Ending() != referee.Blocked {
		t.Fatalf("read again: %+v, %v", again, err)
	}

	// Blocked: Ann and Cy hold 15 against 35; Cy, the fewest, leads hand 2.
	end, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: tb.Sheet.Version, Player: -1, End: true,
		Pips: map[int]int{g.IDs[0]: 10, g.IDs[1]: 20, g.IDs[2]: 5, g.IDs[3]: 15}})
	if err != nil {
		t.Fatal(err)
	}
	if end.Totals[0] != 45 || end.Totals[1] != 15 {
		t.Fatalf("after the blocked hand: totals %v, want [45 15]", end.Totals)
	}
	next, err := s.StraightTable(ctx, g.Slug)
	if err != nil || next.Hand != 2 || next.Version != 0 || next.Leader != 2 || next.Live.Turn() != 2 || next.Live.Line().Len() != 0 {
		t.Fatalf("hand 2's table: hand %d, version %d, leader %d (%v)", next.Hand, next.Version, next.Leader, err)
	}
	refused(t, s, g, next, app.StraightTableMove{Hand: 1, Seen: 0, Player: g.IDs[2], Kind: "play", Tile: "6-6"}, app.CodeConflict)
	view, _ := s.Settings(ctx, g.ViewSlug)
	if _, err := s.StraightAct(ctx, view.Slug, app.StraightTableMove{Hand: 2, Seen: 0, Player: g.IDs[2], Kind: "play", Tile: "6-6"}); app.CodeOf(err) != app.CodeViewOnly {
		t.Fatalf("a move through the view-only link = %v, want view-only", err)
	}
	if _, err := s.StraightAct(ctx, g.Slug, app.StraightTableMove{Hand: 2, Seen: -1, Player: g.IDs[2], Kind: "play", Tile: "6-6"}); app.CodeOf(err) != app.CodeInvalid {
		t.Fatalf("a move that doesn't say what it saw = %v, want invalid", err)
	}
}

// TestStraightTableDominoed plays a hand of two to its end by the
// referee's first legal play each turn: every point made in play is on
// the sheet, whoever went out leads the next hand, and a take-back of a
// scoring play leaves the sheet as it was before it.
func TestStraightTableDominoed(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Two", PlayedOn: "2026-12-05", Rules: referee.StandardStraight(),
		HandSize: referee.StraightHandSize, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := s.StraightTable(ctx, g.Slug)
	tb = tableMove(t, s, g, tb, 1, app.LeaderKind, "", "", 0)
	for step := 0; tb.Playing(); step++ {
		if step > 100 {
			t.Fatal("the hand never ended")
		}
		seat := tb.Live.Turn()
		moves := tb.Live.LegalMoves(seat)
		if len(moves) == 0 {
			tb = tableMove(t, s, g, tb, seat, "draw", "", "", 0)
			continue
		}
		m := moves[0]
		before := tb.Sheet
		on := ""
		if !m.Lead {
			on = m.On.String()
		}
		tb = tableMove(t, s, g, tb, seat, "play", m.Tile.String(), on, m.At)
		if tb.Live.Scored() > 0 && tb.Playing() {
			// Taken back and laid again: the sheet is as before, then as after.
			back := tableMove(t, s, g, tb, seat, "take-back", "", "", 0)
			if len(back.Sheet.Marks) != len(before.Marks) || back.Sheet.Version != tb.Sheet.Version+1 || back.Sheet.Totals[seat] != before.Totals[seat] {
				t.Fatalf("take-back of a score: sheet of %d lines, version %d, totals %v; want %d lines, version %d, totals %v",
					len(back.Sheet.Marks), back.Sheet.Version, back.Sheet.Totals, len(before.Marks), tb.Sheet.Version+1, before.Totals)
			}
			tb = tableMove(t, s, g, back, seat, "play", m.Tile.String(), on, m.At)
		}
	}
	h := tb.Live
	if h.Ending() != referee.Domino {
		t.Fatalf("the hand ended %q, want dominoed", h.Ending())
	}
	for seat := range 2 {
		if got := tb.Sheet.Hands[0].Play[seat]; got != h.Points(seat) {
			t.Errorf("seat %d made %d in play on the table, %d on the sheet", seat, h.Points(seat), got)
		}
	}
	out := h.WentOut()
	other := 1 - out
	if _, err := s.StraightScore(ctx, g.Slug, app.StraightPlay{Seen: tb.Sheet.Version, Player: g.IDs[out], End: true, Pips: map[int]int{g.IDs[other]: 12}}); err != nil {
		t.Fatal(err)
	}
	next, err := s.StraightTable(ctx, g.Slug)
	if err != nil || next.Hand != 2 || next.Leader != out || next.Live.Turn() != out {
		t.Fatalf("hand 2: hand %d, leader %d, want %d who went out (%v)", next.Hand, next.Leader, out, err)
	}
}

// TestStraightTableDraw: three players leave seven tiles to draw; under
// draw one, a player draws once and then may pass, and the table counts
// the tiles in hand and in the boneyard.
func TestStraightTableDraw(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	r := referee.StandardStraight()
	r.Straight.Draw = referee.StraightDrawOne
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Three", PlayedOn: "2026-12-05", Rules: r, HandSize: referee.StraightHandSize, Players: []string{"Ann", "Bob", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := s.StraightTable(ctx, g.Slug)
	tb = tableMove(t, s, g, tb, 0, app.LeaderKind, "", "", 0)
	tb = tableMove(t, s, g, tb, 0, "play", "6-6", "", 0)
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: tb.Version, Player: g.IDs[1], Kind: "pass"}, referee.CodeMustDraw)
	tb = tableMove(t, s, g, tb, 1, "draw", "", "", 0)
	if tb.Live.Boneyard() != 6 || tb.Live.HandCount(1) != 8 {
		t.Fatalf("after a draw: boneyard %d, Bob holds %d", tb.Live.Boneyard(), tb.Live.HandCount(1))
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: tb.Version, Player: g.IDs[1], Kind: "draw"}, referee.CodeAlreadyDrew)
	tb = tableMove(t, s, g, tb, 1, "pass", "", "", 0)
	if tb.Live.Turn() != 2 {
		t.Fatalf("after Bob's pass the turn is seat %d, want Cy", tb.Live.Turn())
	}
}

// TestStraightTableWonMidHand: a lay that brings a side to the target
// wins the night there and then, as the sheet says; the table takes no
// more moves until the sheet's Undo takes the win back.
func TestStraightTableWonMidHand(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, false, func(r *referee.Rules) { r.Straight.Target = 10 })
	tb, _ := s.StraightTable(ctx, g.Slug)
	tb = tableMove(t, s, g, tb, 0, app.LeaderKind, "", "", 0)
	tb = tableMove(t, s, g, tb, 0, "play", "5-5", "", 0)
	if tb.Sheet.Winner != 0 || tb.Playing() {
		t.Fatalf("Ann's 10 to a target of 10: winner %d, playing %v", tb.Sheet.Winner, tb.Playing())
	}
	if g2, _ := s.Settings(ctx, g.Slug); !g2.Finished() {
		t.Fatal("the night won on the table is not finished")
	}
	refused(t, s, g, tb, app.StraightTableMove{Hand: 1, Seen: tb.Version, Player: g.IDs[1], Kind: "play", Tile: "5-0", On: "5-5", At: 1}, app.CodeConflict)
	if _, err := s.StraightUndo(ctx, g.Slug, tb.Sheet.Version); err != nil {
		t.Fatal(err)
	}
	tb, _ = s.StraightTable(ctx, g.Slug)
	if !tb.Playing() || tb.Sheet.Winner >= 0 {
		t.Fatalf("after the sheet's undo: playing %v, winner %d", tb.Playing(), tb.Sheet.Winner)
	}
	undone := tb.Sheet.Version
	tb = tableMove(t, s, g, tb, 0, "take-back", "", "", 0) // its line gone already: the sheet stays as it is
	if tb.Sheet.Version != undone || len(tb.Sheet.Marks) != 0 || tb.Live.Line().Len() != 0 {
		t.Fatalf("the lead taken back: sheet version %d, %d tiles", tb.Sheet.Version, tb.Live.Line().Len())
	}
}

// TestStraightTableExportImport: a night's archive carries its table's
// moves, and an import replays them to the same table; a move the
// referee refuses, or a score on a line that is not its side's, refuses
// the whole night.
func TestStraightTableExportImport(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newStraight(t, s, true, nil)
	tb, _ := s.StraightTable(ctx, g.Slug)
	tb = tableMove(t, s, g, tb, 0, app.LeaderKind, "", "", 0)
	tb = tableMove(t, s, g, tb, 0, "play", "5-5", "", 0)
	tb = tableMove(t, s, g, tb, 1, "play", "5-0", "5-5", 2)
	tb = tableMove(t, s, g, tb, 1, "take-back", "", "", 0)
	tb = tableMove(t, s, g, tb, 1, "play", "5-0", "5-5", 1)
	tb = tableMove(t, s, g, tb, 2, "pass", "", "", 0)
	arc, err := s.Export(ctx, g.Slug)
	if err != nil || len(arc.Nights) != 1 || len(arc.Nights[0].StraightMoves) != 6 || arc.Nights[0].StraightMoves[1].Mark != 1 {
		t.Fatalf("export: %v, %+v", err, arc.Nights)
	}
	other := openTest(t)
	if _, err := other.Import(ctx, arc); err != nil {
		t.Fatal(err)
	}
	got, err := other.StraightTable(ctx, arc.Nights[0].Link)
	if err != nil || got.Version != tb.Version || got.Leader != 0 || got.Live.Line().Ends() != tb.Live.Line().Ends() ||
		got.Live.Turn() != 3 || len(got.Sheet.Marks) != len(tb.Sheet.Marks) || got.Sheet.Totals[1] != 10 {
		t.Fatalf("imported table: %+v, %v; want version %d, ends %d, Di's turn", got, err, tb.Version, tb.Live.Line().Ends())
	}
	again, err := other.Export(ctx, arc.Nights[0].Link)
	if err != nil || !reflect.DeepEqual(again.Nights[0].StraightMoves, arc.Nights[0].StraightMoves) {
		t.Fatalf("exported again: %+v, %v; want %+v", again.Nights, err, arc.Nights[0].StraightMoves)
	}
	for _, c := range []struct {
		name string
		bad  func(*app.Night)
	}{
		{"a tile that does not match", func(n *app.Night) { n.StraightMoves[2].Tile = "6-1" }},
		{"a lay out of turn", func(n *app.Night) { n.StraightMoves[2].Seat = 3 }},
		{"a score on the other side's line", func(n *app.Night) { n.StraightMoves[4].Mark = 1 }},
		{"a move with no name", func(n *app.Night) { n.StraightMoves[5].Kind = "dance" }},
	} {
		bad := arc
		night := arc.Nights[0]
		night.Link, night.ViewLink = "", ""
		night.StraightMoves = slices.Clone(night.StraightMoves)
		c.bad(&night)
		bad.Nights = []app.Night{night}
		fresh := openTest(t)
		if _, err := fresh.Import(ctx, bad); err == nil {
			t.Errorf("%s: imported", c.name)
		}
		if all, _ := fresh.ExportAll(ctx); len(all.Nights) != 0 {
			t.Errorf("%s: a refused import left %d nights", c.name, len(all.Nights))
		}
	}
}
