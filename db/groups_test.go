package db

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// playNight keeps a two-round night of the group, the rounds' entries
// given by seat (nil: went out), and closes both.
func playNight(t *testing.T, s *Store, group, date string, players []string, rounds ...[]*referee.Entry) app.Game {
	t.Helper()
	ctx := context.Background()
	rules := referee.Standard()
	rules.Set, rules.Rounds, rules.TieBreak = 6, len(rounds), referee.TieShared
	g, err := s.CreateGame(ctx, app.NewGame{Name: "Night " + date, PlayedOn: date, Rules: rules, HandSize: 7, Players: players, Group: group})
	if err != nil {
		t.Fatal(err)
	}
	for n, entries := range rounds {
		for seat, e := range entries {
			if e == nil {
				e = &out
			}
			if _, err := s.saveEntry(ctx, g.Slug, n+1, seat, *e, "", seenEntry(t, s, g.Slug, n+1, seat)); err != nil {
				t.Fatalf("%s round %d seat %d: %v", date, n+1, seat, err)
			}
		}
		if _, err := s.CloseRound(ctx, g.Slug, n+1, seenRound(t, s, g.Slug, n+1)); err != nil {
			t.Fatalf("%s closing round %d: %v", date, n+1, err)
		}
	}
	return g
}

func pips(n int) *referee.Entry { return &referee.Entry{Pips: n, Score: n} }

// held0 is a hand of n pips holding the 0-0, which scores 50 more.
func held0(n int) *referee.Entry { return &referee.Entry{Pips: n, DoubleBlank: true, Score: n + 50} }

// TestGroupRecords checks a group's records against two small nights
// worked out by hand, then after a correction made once a night was over,
// and after two records of one person are merged.
func TestGroupRecords(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Friday club", "dev")
	// Night A: Ann 0+7 = 7 wins; Bob 60 (caught with the 0-0) + 0 = 60; Cy 5+3 = 8.
	a := playNight(t, s, grp.Slug, "2026-01-09", []string{"Ann", "Bob", "Cy"},
		[]*referee.Entry{nil, held0(10), pips(5)}, []*referee.Entry{pips(7), nil, pips(3)})
	// Night B: Bob 4+2 = 6 and Cy 0+6 = 6 share second; Dee 4+0 = 4 wins.
	playNight(t, s, grp.Slug, "2026-01-16", []string{"Bob", "Cy", "Dee"},
		[]*referee.Entry{pips(4), nil, pips(4)}, []*referee.Entry{pips(2), pips(6), nil})

	id := personIDs(t, s, grp.ID)
	record := func(name string) app.PersonPage {
		t.Helper()
		p, err := s.PersonRecord(ctx, grp.ID, id[name])
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := map[string]app.Person{
		"Ann": {Nights: 1, Record: app.Record{Finished: 1, Won: 1, Rounds: 2, Points: 7, Outs: 1, Zeros: 1}},
		"Bob": {Nights: 2, Record: app.Record{Finished: 2, Rounds: 4, Points: 66, Outs: 1, Zeros: 1, Caught: 1}},
		"Cy":  {Nights: 2, Record: app.Record{Finished: 2, Rounds: 4, Points: 14, Outs: 1, Zeros: 1}},
		"Dee": {Nights: 1, Record: app.Record{Finished: 1, Won: 1, Rounds: 2, Points: 4, Outs: 1, Zeros: 1}},
	}
	check := func(when string) {
		t.Helper()
		for name, w := range want {
			got := record(name)
			if got.Nights != w.Nights || got.Record != w.Record {
				t.Errorf("%s: %s's record is %+v over %d nights, want %+v over %d", when, name, got.Record, got.Nights, w.Record, w.Nights)
			}
		}
	}
	check("after two nights")
	checkKept(t, s, grp.ID, "after two nights")
	bob := record("Bob")
	if bob.Best == nil || bob.Best.Best != 6 || bob.Worst == nil || bob.Worst.Best != 60 || bob.Worst.Link != a.ViewSlug {
		t.Fatalf("Bob's best and worst nights: %+v, %+v", bob.Best, bob.Worst)
	}
	if len(bob.Against) != 3 {
		t.Fatalf("Bob is head to head against %d players, want Ann, Cy and Dee: %+v", len(bob.Against), bob.Against)
	}
	for _, h := range bob.Against {
		switch h.Other.Name {
		case "Cy": // behind in A, level in B
			if h.Nights != 2 || h.Ahead != 0 || h.Behind != 1 {
				t.Errorf("Bob against Cy: %+v", h)
			}
		case "Ann", "Dee":
			if h.Nights != 1 || h.Behind != 1 || h.Ahead != 0 {
				t.Errorf("Bob against %s: %+v", h.Other.Name, h)
			}
		}
	}

	// Bob did not hold the 0-0 after all: corrected once night A is over.
	if _, err := s.saveEntry(ctx, a.Slug, 1, 1, *pips(10), "Ann", seenEntry(t, s, a.Slug, 1, 1)); err != nil {
		t.Fatal(err)
	}
	w := want["Bob"]
	w.Points, w.Caught = 16, 0
	want["Bob"] = w
	check("after the correction")
	checkKept(t, s, grp.ID, "after the correction")
	if bob := record("Bob"); bob.Worst.Best != 10 {
		t.Fatalf("Bob's worst night after the correction: %+v", bob.Worst)
	}

	// Robert is Bob under another name: merged, his night is Bob's. Bob
	// and Cy sat at the same night, so they can't be merged.
	playNight(t, s, grp.Slug, "2026-01-23", []string{"Robert", "Ann"}, []*referee.Entry{nil, pips(9)})
	id = personIDs(t, s, grp.ID)
	if err := s.MergePeople(ctx, grp.Slug, id["Cy"], id["Bob"]); app.CodeOf(err) != app.CodeInvalid || app.From(err).Key != "merge-together" {
		t.Fatalf("merging two who played together: %v", err)
	}
	if err := s.MergePeople(ctx, grp.Slug, id["Robert"], id["Bob"]); err != nil {
		t.Fatal(err)
	}
	w = want["Bob"]
	w.Nights, w.Finished, w.Won, w.Rounds, w.Outs, w.Zeros = 3, 3, 1, 5, 2, 2
	want["Bob"] = w
	ann := want["Ann"]
	ann.Nights, ann.Finished, ann.Rounds, ann.Points = 2, 2, 3, 16
	want["Ann"] = ann
	check("after the merge")
	checkKept(t, s, grp.ID, "after the merge")
	if p, _ := s.People(ctx, grp.ID); len(p) != 4 {
		t.Fatalf("%d people after the merge, want 4", len(p))
	}
	if err := s.RenamePerson(ctx, grp.Slug, id["Bob"], "Ann"); app.CodeOf(err) != app.CodeInvalid || app.From(err).Key != "person-taken" {
		t.Fatalf("renaming Bob to Ann: %v", err)
	}
	if err := s.RenamePerson(ctx, grp.Slug, id["Bob"], "Robert"); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Settings(ctx, a.Slug); g.Players[1] != "Robert" {
		t.Fatalf("night A's players after the rename: %q", g.Players)
	}
	if lines, _, err := s.GroupNights(ctx, grp.ID, app.NightFilter{Limit: 10}); err != nil || len(lines) != 3 ||
		strings.Join(lines[2].Players, ",") != "Ann,Robert,Cy" || strings.Join(lines[2].Winners, ",") != "Ann" || lines[2].Best != 7 {
		t.Fatalf("the history after the rename: %+v, %v", lines, err)
	}

	// Night A is deleted: the records no longer count it.
	if _, err := s.DeleteGame(ctx, a.Slug, ""); err != nil {
		t.Fatal(err)
	}
	delete(want, "Bob")
	ann = want["Ann"]
	ann.Nights, ann.Finished, ann.Won, ann.Rounds, ann.Points, ann.Outs, ann.Zeros = 1, 1, 0, 1, 9, 0, 0
	want["Ann"] = ann
	cy := want["Cy"]
	cy.Nights, cy.Finished, cy.Rounds, cy.Points = 1, 1, 2, 6
	want["Cy"] = cy
	check("after night A is deleted")
	checkKept(t, s, grp.ID, "after night A is deleted")
}

// TestGroupHistoryPages: a group's nights come newest first, a page at a
// time from where the last stopped, filtered by person and by date.
func TestGroupHistoryPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Club", "")
	dates := []string{"2026-01-02", "2026-01-09", "2026-01-09", "2026-01-16", "2026-01-23"}
	for i, d := range dates {
		players := []string{"Ann", "Bob"}
		if i%2 == 1 {
			players = []string{"Cy", "Bob"}
		}
		playNight(t, s, grp.Slug, d, players, []*referee.Entry{nil, pips(3 + i)})
	}
	var seen []string
	f := app.NightFilter{Limit: 2}
	for page := 0; ; page++ {
		lines, more, err := s.GroupNights(ctx, grp.ID, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			seen = append(seen, l.PlayedOn)
			if !l.Finished || len(l.Winners) != 1 || l.Best != 0 || len(l.Players) != 2 {
				t.Errorf("line %+v", l)
			}
		}
		if !more {
			break
		}
		last := lines[len(lines)-1]
		f.AfterOn, f.AfterID = last.PlayedOn, last.ID
		if page > 5 {
			t.Fatal("the pages never end")
		}
	}
	if len(seen) != 5 || seen[0] != "2026-01-23" || seen[4] != "2026-01-02" || seen[1] != "2026-01-16" {
		t.Fatalf("nights in the order %q", seen)
	}
	cy := personIDs(t, s, grp.ID)["Cy"]
	lines, more, err := s.GroupNights(ctx, grp.ID, app.NightFilter{Person: cy, From: "2026-01-10", Limit: 50})
	if err != nil || more || len(lines) != 1 || lines[0].PlayedOn != "2026-01-16" {
		t.Fatalf("Cy's nights from 10 January: %+v, %v, %v", lines, more, err)
	}
}

// TestGroupRecordsDoubleBlank: under each house rule for the 0-0 left in
// hand (it scores 0, 25, 50 or 100), a player caught holding it is
// counted as caught, and their points are the pips plus what the rule
// says.
func TestGroupRecordsDoubleBlank(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, worth := range []int{0, 25, 50, 100} {
		s, grp := openGroup(t, "Club", "")
		rules := referee.Standard()
		rules.Set, rules.Rounds, rules.DoubleBlank = 6, 1, worth
		g, err := s.CreateGame(ctx, app.NewGame{Name: "Night", PlayedOn: "2026-02-06", Rules: rules, HandSize: 7, Players: []string{"Ann", "Bob"}, Group: grp.Slug})
		if err != nil {
			t.Fatal(err)
		}
		held, err := rules.TypedEntry(7, true, 0)
		if err != nil {
			t.Fatal(err)
		}
		for seat, e := range []referee.Entry{out, held} {
			if _, err := s.saveEntry(ctx, g.Slug, 1, seat, e, "", seenEntry(t, s, g.Slug, 1, seat)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.CloseRound(ctx, g.Slug, 1, seenRound(t, s, g.Slug, 1)); err != nil {
			t.Fatal(err)
		}
		people, _ := s.People(ctx, grp.ID)
		for _, p := range people {
			if p.Name != "Bob" {
				continue
			}
			if p.Points != 7+worth || p.Caught != 1 || p.Zeros != 0 || p.Finished != 1 || p.Won != 0 {
				t.Errorf("0-0 worth %d: Bob's record %+v, want 7+%d points and caught once", worth, p.Record, worth)
			}
		}
	}
}

// checkKept recomputes a group's running sums and head to head from its
// nights' sheets and fails the test unless the kept rows match.
func checkKept(t *testing.T, s *Store, group int64, when string) {
	t.Helper()
	ctx := context.Background()
	type pair struct{ a, b int64 }
	totals := map[int64]app.Record{}
	nights := map[int64]int{}
	pairs := map[pair][3]int{}
	var links []string
	if err := eachRow(ctx, s.reader(), `SELECT slug FROM games WHERE group_id = ?`, []any{group}, func(r *sql.Rows) error {
		var l string
		err := r.Scan(&l)
		links = append(links, l)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		sh, err := s.Sheet(ctx, l)
		if err != nil {
			t.Fatal(err)
		}
		people, err := seatPeople(ctx, s.reader(), sh.Game.ID)
		if err != nil {
			t.Fatal(err)
		}
		rows := resultsOf(&sh, people)
		for _, r := range rows {
			rec := totals[r.person]
			rec.Finished += r.finished
			rec.Won += r.won
			rec.Rounds += r.rounds
			rec.Points += r.points
			rec.Outs += r.outs
			rec.Zeros += r.zeros
			rec.Caught += r.caught
			totals[r.person] = rec
			nights[r.person]++
			for _, o := range rows {
				if o.person == r.person || r.finished == 0 {
					continue
				}
				p := pairs[pair{r.person, o.person}]
				p[0]++
				if r.place < o.place {
					p[1]++
				} else if r.place > o.place {
					p[2]++
				}
				pairs[pair{r.person, o.person}] = p
			}
		}
	}
	people, err := s.People(ctx, group)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range people {
		if p.Record != totals[p.ID] || p.Nights != nights[p.ID] {
			t.Errorf("%s: %s's kept record %+v over %d nights, recomputed %+v over %d", when, p.Name, p.Record, p.Nights, totals[p.ID], nights[p.ID])
		}
	}
	kept := map[pair][3]int{}
	if err := eachRow(ctx, s.reader(), `SELECT person_id, other_id, nights, ahead, behind FROM person_pairs WHERE nights <> 0 OR ahead <> 0 OR behind <> 0`, nil,
		func(r *sql.Rows) error {
			var p pair
			var v [3]int
			err := r.Scan(&p.a, &p.b, &v[0], &v[1], &v[2])
			kept[p] = v
			return err
		}); err != nil {
		t.Fatal(err)
	}
	if len(kept) != len(pairs) {
		t.Errorf("%s: %d head-to-head rows kept, %d recomputed", when, len(kept), len(pairs))
	}
	for p, v := range pairs {
		if kept[p] != v {
			t.Errorf("%s: head to head %d against %d kept %v, recomputed %v", when, p.a, p.b, kept[p], v)
		}
	}
}

// TestLastNight: a group's latest night by date, and a not-found error,
// never an empty game, for a group with none.
func TestLastNight(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, grp := openGroup(t, "Club", "")
	if g, err := s.LastNight(ctx, grp.ID); app.CodeOf(err) != app.CodeNotFound {
		t.Fatalf("LastNight(a group with no night) = %+v, %v; want not found", g, err)
	}
	playNight(t, s, grp.Slug, "2026-01-16", []string{"Bob", "Cy"}, []*referee.Entry{nil, pips(3)})
	playNight(t, s, grp.Slug, "2026-01-09", []string{"Ann", "Bob"}, []*referee.Entry{nil, pips(3)})
	if g, err := s.LastNight(ctx, grp.ID); err != nil || g.PlayedOn != "2026-01-16" {
		t.Fatalf("LastNight = %q, %v; want the night of 2026-01-16", g.PlayedOn, err)
	}
}
