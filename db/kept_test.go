package db

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestKeptTablesMatchTheFile plays three games at once from four
// goroutines, so writes share batches: moves legal and refused by the
// rules, moves and other writes refused as stale (sent on a page another
// goroutine's write made old), take-backs, draws and passes, mixed with
// scores, closes, openings and renewed links. After each write every table the writer
// keeps is read again from the file and compared (checkKeptTables), so
// any drift of a kept table from the file fails the test.
func TestKeptTablesMatchTheFile(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	var mu sync.Mutex
	links := make([]string, 3)
	for i := range links {
		links[i] = newGame(t, s, "Ann", "Bob", "Cy").Slug
	}
	var wg sync.WaitGroup
	var moves, ruled, stale int
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range 200 {
				mu.Lock()
				i := rng.IntN(len(links))
				link := links[i]
				mu.Unlock()
				renewed, moved, err := randomWrite(ctx, s, rng, link)
				if cerr := s.checkKeptTables(ctx); cerr != nil {
					t.Error(cerr)
					return
				}
				switch {
				case err == nil:
				case app.From(err) == nil:
					t.Error(err)
					return
				case app.CodeOf(err) == app.CodeConflict:
					mu.Lock()
					stale++
					mu.Unlock()
				default:
					mu.Lock()
					ruled++
					mu.Unlock()
				}
				mu.Lock()
				if moved && err == nil {
					moves++
				}
				if renewed != "" {
					links[i] = renewed
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if moves < 200 || ruled < 50 || stale < 20 {
		t.Fatalf("%d moves made, %d writes refused by the rules and %d as stale: too few to test", moves, ruled, stale)
	}
	if s.speed.tables.hits < moves/3 {
		t.Fatalf("%d of %d moves started from a kept table: it is hardly used", s.speed.tables.hits, moves)
	}
	t.Logf("%d moves, %d writes refused by the rules, %d as stale, %d moves from a kept table", moves, ruled, stale, s.speed.tables.hits)
}

// randomWrite makes one random write on the game's last round, mostly a
// move. It reports the game's new link if it renewed it, and whether the
// write was a move.
func randomWrite(ctx context.Context, s *Store, rng *rand.Rand, link string) (renewed string, moved bool, err error) {
	sh, err := s.Sheet(ctx, link)
	if err != nil {
		return "", false, err
	}
	n := len(sh.Rounds)
	tb, err := s.Table(ctx, link, n)
	if err != nil {
		return "", false, err
	}
	basedOn := len(tb.Log)
	if rng.IntN(10) == 0 {
		basedOn = max(0, basedOn-1) // a stale page
	}
	r := tb.Live
	switch roll := rng.IntN(100); {
	case roll < 70:
		var a referee.Action
		switch turn := r.Turn(); {
		case r.Layout().Len() == 0:
			d := sh.Round(n).Double()
			a = referee.Action{Seat: rng.IntN(3), Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(d, d), Start: true}}
		case turn < 0 || rng.IntN(10) == 0:
			a = referee.Action{Seat: rng.IntN(3), Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(rng.IntN(7), rng.IntN(7)), On: referee.NewTile(6, 6)}}
		default:
			legal := r.LegalMoves(turn)
			switch {
			case len(legal) > 0 && rng.IntN(5) > 0:
				a = referee.Action{Seat: turn, Kind: referee.ActPlay, Move: legal[rng.IntN(len(legal))]}
			case r.Boneyard() > 0 && rng.IntN(2) == 0:
				a = referee.Action{Seat: turn, Kind: referee.ActDraw}
			default:
				a = referee.Action{Seat: turn, Kind: referee.ActPass}
			}
		}
		_, err = s.Act(ctx, link, n, app.Move{Action: a, Seen: basedOn})
		return "", true, err
	case roll < 80:
		seat := 0
		if len(tb.Log) > 0 {
			seat = tb.Log[len(tb.Log)-1].Action.Seat
		}
		_, err = s.Act(ctx, link, n, app.Move{Action: referee.Action{Seat: seat, Kind: referee.ActTakeBack}, Seen: basedOn})
		return "", true, err
	case roll < 85: // a score sent by a phone: the sheet is kept after it
		player := sh.Game.IDs[rng.IntN(len(sh.Game.IDs))]
		_, err = s.Enter(ctx, link, n, app.ScoreForm{Player: player, Pips: strconv.Itoa(1 + rng.IntN(40)), Basis: entryBasis(sh, n, sh.Game.SeatOf(player))})
	case roll < 90:
		seat := rng.IntN(3)
		_, err = s.saveEntry(ctx, link, n, seat, typed(rng.IntN(40)), "", entryBasis(sh, n, seat))
	case roll < 94:
		_, err = s.CloseRound(ctx, link, n, app.Basis{Version: sh.RoundVersion(n)})
	case roll < 97:
		_, err = s.SetOpening(ctx, link, n, app.Opening{Double: sh.Round(n).Double(), Setter: rng.IntN(3)}, sh.Opening(n))
	default:
		var g app.Game
		if g, err = s.RenewLink(ctx, link, "", false); err == nil {
			renewed = g.Slug
		}
	}
	return renewed, false, err
}

// TestKeptTableForgottenAfterAnotherProcessWrites: a move kept by the
// writer is taken back behind its back, by another connection to the
// file (another process: the command line, a restore). The next move is
// checked against the file's log, not the kept one.
func TestKeptTableForgottenAfterAnotherProcessWrites(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	act := func(seat int, tile, on referee.Tile, basedOn int) error { // basedOn -1: what the file holds now
		if basedOn < 0 {
			basedOn = seenLog(t, s, g.Slug, 1)
		}
		_, err := s.Act(ctx, g.Slug, 1, app.Move{Action: referee.Action{Seat: seat, Kind: referee.ActPlay, Move: referee.Move{Tile: tile, On: on, Start: on == referee.Tile{}}}, Seen: basedOn})
		return err
	}
	six := referee.NewTile(6, 6)
	if err := act(0, six, referee.Tile{}, 0); err != nil {
		t.Fatal(err)
	}
	if err := act(1, referee.NewTile(6, 1), six, 1); err != nil { // plain: kept
		t.Fatal(err)
	}
	if err := act(0, referee.NewTile(6, 2), six, 2); err != nil { // from the kept table
		t.Fatal(err)
	}
	hits := s.speed.tables.hits
	if hits == 0 {
		t.Fatal("the move after a plain move read the file again: nothing was kept")
	}
	other, err := sql.Open("sqlite", dsn(s.path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, `DELETE FROM round_actions WHERE seq = 3`); err != nil {
		t.Fatal(err)
	}
	// As the file stands Ann is to lay again: Bob's move, based on
	// the log as the file now has it, is out of turn.
	err = act(1, referee.NewTile(6, 3), six, -1)
	if s.speed.tables.hits != hits {
		t.Fatalf("the writer used its kept table after another process changed the file (%v)", err)
	}
	if !errors.Is(err, referee.ErrTurn) {
		t.Fatalf("Bob laying after Ann's 6-2 was taken back behind the writer's back = %v, want a turn refusal", err)
	}
	if err := act(0, referee.NewTile(6, 3), six, 2); err != nil {
		t.Fatalf("Ann laying on the table as the file has it: %v", err)
	}
	if tb, err := s.Table(ctx, g.Slug, 1); err != nil || len(tb.Log) != 3 || tb.Log[2].Action.Move.Tile != referee.NewTile(6, 3) {
		t.Fatalf("the log after: %+v, %v; want 6-6, 6-1, 6-3", tb.Log, err)
	}
}

// TestKeptTablesBounded: past maxKeptActions, kept tables are let go
// until their logs are back under it, and the count stays true.
func TestKeptTablesBounded(t *testing.T) {
	var w writerTables
	big := make([]app.Action, maxKeptActions/4)
	for i := range 10 {
		w.beginWrite()
		w.keep(string(rune('a'+i)), 1, app.Sheet{}, big, nil)
		w.endWrite(false, false)
		w.endBatch(true)
		sum := 0
		for _, kt := range w.committed {
			sum += len(kt.log)
		}
		if sum != w.actions || w.actions > maxKeptActions {
			t.Fatalf("after %d tables: %d kept in %d tables, counted %d; want at most %d", i+1, sum, len(w.committed), w.actions, maxKeptActions)
		}
	}
	if len(w.committed) != 4 {
		t.Errorf("%d tables kept, want the 4 that fit", len(w.committed))
	}
	w.beginWrite()
	w.endWrite(false, false) // a write that is not a plain move
	w.endBatch(true)
	if len(w.committed) != 0 || w.actions != 0 {
		t.Errorf("after another write: %d tables, %d actions kept; want none", len(w.committed), w.actions)
	}
}

// TestAnswersKeepTheirTable: the table a move returns is shared with the
// writer's kept table, and the moves after it, made from that kept table,
// leave it as it was: its sheet, its log and its round.
func TestAnswersKeepTheirTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "Ann", "Bob")
	six := referee.NewTile(6, 6)
	moves := []referee.Action{
		{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: six, Start: true}},
		{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 1), On: six}},
		{Seat: 0, Kind: referee.ActDraw},
		{Seat: 0, Kind: referee.ActPass},
		{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(6, 2), On: six}},
		{Seat: 1, Kind: referee.ActTakeBack},
		{Seat: 1, Kind: referee.ActDraw},
	}
	type seen struct {
		sheet  app.Sheet
		log    []app.Action
		layout string
		turn   int
	}
	var answers []app.Table
	var saw []seen
	for _, a := range moves {
		tb, err := s.Act(ctx, g.Slug, 1, app.Move{Action: a, Seen: seenLog(t, s, g.Slug, 1)})
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		answers = append(answers, tb)
		saw = append(saw, seen{cloneSheet(tb.Sheet), slices.Clone(tb.Log), tb.Live.Layout().String(), tb.Live.Turn()})
	}
	if s.speed.tables.hits < len(moves)-2 {
		t.Fatalf("%d of %d moves ran from a kept table; the test needs them to", s.speed.tables.hits, len(moves))
	}
	for i, tb := range answers {
		now := seen{tb.Sheet, tb.Log, tb.Live.Layout().String(), tb.Live.Turn()}
		if !reflect.DeepEqual(now, saw[i]) {
			t.Errorf("the answer to move %d (%v) changed after the moves that followed:\nthen %+v\nnow  %+v", i+1, moves[i], saw[i], now)
		}
	}
}

// TestKeptSheetAfterEntries: a score entry in an open round keeps the
// sheet and the next entry starts from it, leaving the answers already
// handed out as they were; what is kept is what the file holds.
func TestKeptSheetAfterEntries(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "Ann", "Bob")
	first, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: g.IDs[0], Pips: "12", Basis: seenPlayer(t, s, g.Slug, 1, g.IDs[0])})
	if err != nil {
		t.Fatal(err)
	}
	if s.speed.tables.table(g.Slug) == nil {
		t.Fatal("no sheet kept after an entry in an open round")
	}
	hits := s.speed.tables.hits
	sh, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: g.IDs[1], Pips: "7", Basis: seenPlayer(t, s, g.Slug, 1, g.IDs[1])})
	if err != nil || sh.Round(1).Entries[0].Pips != 12 || sh.Round(1).Entries[1].Pips != 7 {
		t.Fatalf("the next entry = %v, %v; want Ann's 12 and Bob's 7", sh.Round(1).Entries, err)
	}
	if s.speed.tables.hits != hits+1 {
		t.Fatal("the next entry did not start from the kept sheet")
	}
	if e := first.Round(1).Entries[1]; e != nil {
		t.Fatalf("the first answer, already handed out, changed under its reader: Bob's entry %v", e)
	}
	if err := s.checkKeptTables(ctx); err != nil {
		t.Fatal(err)
	}
}
