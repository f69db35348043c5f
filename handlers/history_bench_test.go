package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"testing"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// historyBench is a table of friends with many finished nights, kept
// through the store's import, and the pages to read.
type historyBench struct {
	app    *benchApp
	pages  map[string]string // page name → address
	nights int
}

// historyApp keeps nights finished double-12 nights of 6 players, drawn
// from a table of 8 friends, with seeded random scores, and finds the
// addresses of its pages: the table's, a page deep in its history, a
// player's record and a player's nights.
func historyApp(tb testing.TB, nights int) *historyBench {
	tb.Helper()
	a := newBenchApp(tb)
	rules := referee.Standard()
	rules.Set = 12
	raw, err := json.Marshal(rules)
	if err != nil {
		tb.Fatal(err)
	}
	friends := []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"}
	rng := rand.New(rand.NewPCG(11, uint64(nights)))
	group := &app.NightGroup{Link: "benchtablelinkbenchtable22", Name: "Bench club"}
	arch := app.Archive{Format: app.ArchiveFormat, Version: app.ArchiveVersion}
	day := time.Date(2000, 1, 1, 20, 0, 0, 0, time.UTC)
	for i := range nights {
		at := day.Add(time.Duration(i) * 24 * time.Hour).Format(time.RFC3339Nano)
		seats := rng.Perm(len(friends))[:6]
		// Links are random, as the app's are: the store finds a link by
		// its first characters.
		n := app.Night{Link: benchLink(rng), ViewLink: benchLink(rng), Group: group,
			Name: "Night " + strconv.Itoa(i), PlayedOn: at[:10], CreatedAt: at, FinishedAt: &at, HandSize: 12, Rules: raw}
		for _, s := range seats {
			n.Players = append(n.Players, friends[s])
		}
		for r := range 13 {
			double := 12 - r
			round := app.NightRound{Number: r + 1, PlannedDouble: double, OpenedDouble: &double, ClosedAt: &at,
				Entries: []app.NightEntry{}, History: []app.NightChange{}, Actions: []app.NightAction{}}
			out := rng.IntN(6)
			for seat := range 6 {
				e := app.NightEntry{Seat: seat, UpdatedAt: at}
				if seat == out {
					e.WentOut = true
				} else {
					e.Pips = 1 + rng.IntN(60)
					e.Score = e.Pips
				}
				round.Entries = append(round.Entries, e)
			}
			n.Rounds = append(n.Rounds, round)
		}
		arch.Nights = append(arch.Nights, n)
	}
	if _, err := a.store.Import(context.Background(), arch); err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	grp, err := a.store.Group(ctx, group.Link, "")
	if err != nil {
		tb.Fatal(err)
	}
	people, err := a.store.People(ctx, grp.ID)
	if err != nil || len(people) != len(friends) {
		tb.Fatalf("%d people, %v", len(people), err)
	}
	lines, _, err := a.store.GroupNights(ctx, grp.ID, app.NightFilter{Limit: nights / 2})
	if err != nil || len(lines) == 0 {
		tb.Fatalf("history: %d nights, %v", len(lines), err)
	}
	mid := lines[len(lines)-1]
	base := groupURL(group.Link)
	person := strconv.FormatInt(people[0].ID, 10)
	return &historyBench{app: a, nights: nights, pages: map[string]string{
		"table":          base,
		"history-deep":   base + "?after=" + mid.PlayedOn + "_" + strconv.FormatInt(mid.ID, 10),
		"player":         base + "/players/" + person,
		"player-nights":  base + "?player=" + person,
		"nights-by-date": base + "?from=" + lines[len(lines)-1].PlayedOn + "&to=" + lines[0].PlayedOn,
	}}
}

// BenchmarkHistoryPages reads each page of a table of friends with 10
// and with 10,000 finished nights, in one run: the pages come from
// indexes and kept sums, so their cost should not grow with the history.
// Compare the ns/op of a page at the two sizes (docs/BENCHMARKS.md).
func BenchmarkHistoryPages(b *testing.B) {
	for _, nights := range []int{10, 10000} {
		h := historyApp(b, nights)
		for _, page := range []string{"table", "history-deep", "player", "player-nights", "nights-by-date"} {
			b.Run(fmt.Sprintf("%s/nights=%d", page, nights), func(b *testing.B) {
				req := h.app.request(http.MethodGet, h.pages[page], nil)
				for b.Loop() {
					if code, err := h.app.sendDiscard(req); err != nil || code != http.StatusOK {
						b.Fatalf("GET %s: %d, %v", h.pages[page], code, err)
					}
				}
			})
		}
	}
}

// longRoundGame keeps a night whose open round 1 has changes changes to
// its entries (each seat's score typed again and again), through the
// store's import, and returns the game page's address.
func longRoundGame(tb testing.TB, a *benchApp, changes int) string {
	tb.Helper()
	rules, err := json.Marshal(referee.Standard())
	if err != nil {
		tb.Fatal(err)
	}
	at := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC).Format(time.RFC3339Nano)
	link := fmt.Sprintf("longroundlinklonground%c%c%c%c", 'a'+changes/1000%10, 'a'+changes/100%10, 'a'+changes/10%10, 'a'+changes%10)
	n := app.Night{Link: link, Name: "Long round", PlayedOn: at[:10], CreatedAt: at, HandSize: 10, Rules: rules,
		Players: []string{"Ann", "Bob", "Cy", "Dee"}}
	round := app.NightRound{Number: 1, PlannedDouble: 9, Entries: []app.NightEntry{}, History: []app.NightChange{}, Actions: []app.NightAction{}}
	entry := func(pips int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"pips":%d,"score":%[1]d}`, pips)) }
	for i := range changes {
		seat, kind, old := i%4, "entry", json.RawMessage("null")
		if i >= 4 {
			kind, old = "edit", entry(i-3)
		}
		round.History = append(round.History, app.NightChange{Seat: seat, Kind: kind, Old: old, New: entry(i + 1), By: "Ann", At: at})
	}
	for seat := range 4 {
		last := changes - 4 + seat
		round.Entries = append(round.Entries, app.NightEntry{Seat: seat, Pips: last + 1, Score: last + 1, UpdatedAt: at})
	}
	n.Rounds = append(n.Rounds, round)
	if _, err := a.store.Import(context.Background(), app.Archive{Format: app.ArchiveFormat, Version: app.ArchiveVersion, Nights: []app.Night{n}}); err != nil {
		tb.Fatal(err)
	}
	return gameURL(link)
}

// BenchmarkGamePageLongRound reads the game page of a night whose open
// round has 10 and 10,000 changes in its history: the page shows the one
// change Undo would take back, so its cost should not grow with the rest.
func BenchmarkGamePageLongRound(b *testing.B) {
	a := newBenchApp(b)
	for _, changes := range []int{12, 10000} {
		page := longRoundGame(b, a, changes)
		b.Run(fmt.Sprintf("changes=%d", changes), func(b *testing.B) {
			req := a.request(http.MethodGet, page, nil)
			for b.Loop() {
				if code, err := a.sendDiscard(req); err != nil || code != http.StatusOK {
					b.Fatalf("GET %s: %d, %v", page, code, err)
				}
			}
		})
	}
}

// benchLink makes a random link of the app's form: 26 characters of
// lowercase base32, as the store makes them and import accepts.
func benchLink(rng *rand.Rand) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
	b := make([]byte, 26)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}
