package db

import (
	"context"
	"reflect"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestServicesPublishWhatTheyCommitted: each write, once committed, hands
// its news to Publish; a refused write hands none.
func TestServicesPublishWhatTheyCommitted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTest(t)
	var got []app.News
	s.Publish = func(n app.News) { got = append(got, n) }
	g := newGame(t, s, "Ann", "Bob")
	six := referee.NewTile(6, 6)
	steps := []struct {
		name  string
		write func() error
		want  []app.News
	}{
		{"the double set on the table", func() error {
			_, err := s.Act(ctx, g.Slug, 1, app.Move{Action: referee.Action{Seat: 0, Kind: referee.ActPlay, Move: referee.Move{Tile: six, Start: true}}, Seen: 0})
			return err
		}, []app.News{{Kind: app.NewsTable, Game: g.ID, Round: 1, Seat: -1, Player: -1, Opening: true}}},
		{"a move out of turn", func() error {
			_, err := s.Act(ctx, g.Slug, 1, app.Move{Action: referee.Action{Seat: 0, Kind: referee.ActPass}, Seen: 1})
			if err == nil {
				t.Error("a pass out of turn was accepted")
			}
			return nil
		}, nil},
		{"an entry", func() error {
			_, err := s.Enter(ctx, g.Slug, 1, app.ScoreForm{Player: 1, Pips: "5", Basis: seenPlayer(t, s, g.Slug, 1, 1)})
			return err
		}, []app.News{{Kind: app.NewsEntry, Game: g.ID, Round: 1, Seat: 1, Player: 1, Open: true}}},
		{"an undo", func() error {
			_, _, err := s.UndoLast(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1))
			return err
		}, []app.News{{Kind: app.NewsEntry, Game: g.ID, Round: 1, Seat: 1, Player: 1, Open: true}}},
		{"a join", func() error {
			_, err := s.Join(ctx, g.Slug, "Cy", referee.MissedHighest, "")
			return err
		}, []app.News{{Kind: app.NewsSeats, Game: g.ID, Round: 1, Seat: -1, Player: -1}}},
		{"a renewed link", func() error {
			_, err := s.RenewLink(ctx, g.Slug, "", true)
			return err
		}, []app.News{{Kind: app.NewsGone, Game: g.ID, Seat: -1, Player: -1}}},
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
	var got []app.News
	s.Publish = func(n app.News) { got = append(got, n) }
	rules := referee.Standard()
	rules.Set, rules.Unheld = 6, referee.UnheldBurn
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Burn", PlayedOn: "2026-11-28", Rules: rules, HandSize: 7, Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	five := referee.NewTile(5, 5)
	if _, err := s.Act(ctx, g.Slug, 1, app.Move{Action: referee.Action{Seat: 1, Kind: referee.ActPlay, Move: referee.Move{Tile: five, Start: true}}, Seen: 0}); err != nil {
		t.Fatal(err)
	}
	want := []app.News{{Kind: app.NewsTable, Game: g.ID, Round: 1, Seat: -1, Player: -1, Opening: true, Whole: true}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("a start on 5-5 in 6-6's round published %+v, want %+v", got, want)
	}
}

// TestRenameAndMergePublishNames: a rename and a merge change the names
// shown on the person's nights, and publish that for each of them once
// committed; a refused rename publishes nothing.
func TestRenameAndMergePublishNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Club", "")
	a := playNight(t, s, grp.Slug, "2026-01-09", []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(3)})
	b := playNight(t, s, grp.Slug, "2026-01-16", []string{"Bob", "Ann"}, []*referee.Entry{nil, pips(3)})
	c := playNight(t, s, grp.Slug, "2026-01-23", []string{"Robert", "Cy"}, []*referee.Entry{nil, pips(3)})
	id := personIDs(t, s, grp.ID)
	names := func(games ...int64) []app.News {
		var out []app.News
		for _, g := range games {
			out = append(out, app.News{Kind: app.NewsNames, Game: g, Seat: -1, Player: -1})
		}
		return out
	}
	var got []app.News
	s.Publish = func(n app.News) { got = append(got, n) }
	for _, tc := range []struct {
		name  string
		write func() error
		want  []app.News
	}{
		{"a rename", func() error { return s.RenamePerson(ctx, grp.Slug, id["Ann"], "Anne") }, names(a.ID, b.ID)},
		{"a refused rename", func() error {
			if err := s.RenamePerson(ctx, grp.Slug, id["Bob"], "Cy"); err == nil {
				t.Error("Bob renamed Cy, who is another player of the group")
			}
			return nil
		}, nil},
		{"a merge", func() error { return s.MergePeople(ctx, grp.Slug, id["Robert"], id["Bob"]) }, names(c.ID)},
	} {
		got = nil
		if err := tc.write(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s published %+v, want %+v", tc.name, got, tc.want)
		}
	}
	if sh, err := s.Sheet(ctx, c.Slug); err != nil || sh.Players[0] != "Bob" {
		t.Fatalf("the merged night's players: %v, %v; want Bob first", sh.Players, err)
	}
}
