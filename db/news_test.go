package db

import (
	"context"
	"reflect"
	"testing"

	"chickenfoot/referee"
)

// TestServicesPublishWhatTheyCommitted: each write, once committed, hands
// its news to Publish; a refused write hands none.
func TestServicesPublishWhatTheyCommitted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	var got []News
	s.Publish = func(n News) { got = append(got, n) }
	g := newGame(t, s, "Ann", "Bob")
	six := referee.NewTile(6, 6)
	steps := []struct {
		name  string
		write func() error
		want  []News
	}{
		{"the double set on the table", func() error {
			_, err := s.Act(ctx, g.Slug, 1, Move{Action: referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: six, Start: true}}, Seen: 0})
			return err
		}, []News{{Kind: NewsTable, Game: g.ID, Round: 1, Seat: -1, Player: -1, Opening: true}}},
		{"a move out of turn", func() error {
			_, err := s.Act(ctx, g.Slug, 1, Move{Action: referee.Action{Seat: 0, Kind: referee.ActPass}, Seen: 1})
			if err == nil {
				t.Error("a pass out of turn was accepted")
			}
			return nil
		}, nil},
		{"an entry", func() error {
			_, err := s.Enter(ctx, g.Slug, 1, ScoreForm{Player: 1, Pips: "5", Basis: anyBasis})
			return err
		}, []News{{Kind: NewsEntry, Game: g.ID, Round: 1, Seat: 1, Player: 1, Open: true}}},
		{"an undo", func() error {
			_, _, err := s.UndoLast(ctx, g.Slug, 1, anyBasis)
			return err
		}, []News{{Kind: NewsEntry, Game: g.ID, Round: 1, Seat: 1, Player: 1, Open: true}}},
		{"a join", func() error {
			_, err := s.Join(ctx, g.Slug, "Cy", referee.MissedHighest, "")
			return err
		}, []News{{Kind: NewsSeats, Game: g.ID, Round: 1, Seat: -1, Player: -1}}},
		{"a renewed link", func() error {
			_, err := s.RenewLink(ctx, g.Slug, "", true)
			return err
		}, []News{{Kind: NewsGone, Game: g.ID, Seat: -1, Player: -1}}},
	}
	for _, st := range steps {
		got = nil
		if err := st.write(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if !reflect.DeepEqual(got, st.want) {
			t.Errorf("%s published %+v, want %+v", st.name, got, st.want)
		}
	}
}

// TestLowerOpeningIsWholeNews: a start on a lower double than planned is
// news for the whole game page; the planned double is not.
func TestLowerOpeningIsWholeNews(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	var got []News
	s.Publish = func(n News) { got = append(got, n) }
	rules := referee.Standard()
	rules.Set, rules.Unheld = 6, referee.UnheldBurn
	g, err := s.CreateGame(ctx, NewGame{Name: "Burn", PlayedOn: "2026-11-28", Rules: rules, HandSize: 7, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	five := referee.NewTile(5, 5)
	if _, err := s.Act(ctx, g.Slug, 1, Move{Action: referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: five, Start: true}}, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	want := []News{{Kind: NewsTable, Game: g.ID, Round: 1, Seat: -1, Player: -1, Opening: true, Whole: true}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("a start on 5-5 in 6-6's round published %+v, want %+v", got, want)
	}
}
