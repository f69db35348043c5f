package handlers

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee/refereetest"
)

// benchTableRound stores a whole double-18 round of 16 players as the app
// keeps it: a random round the referee plays with known hands, stored
// action by action through the app's own check, hands unknown and draws
// unnamed. It returns the game and the number of tiles laid.
func benchTableRound(tb testing.TB, store *db.Store) (app.Game, int) {
	tb.Helper()
	g := benchNewGame(tb, store, 18, 16)
	ctx := context.Background()
	p, err := refereetest.RandomRound(g.Rules, 16, rand.New(rand.NewPCG(18, 16)))
	if err != nil {
		tb.Fatal(err)
	}
	seen := 0 // the new table's actions
	for _, a := range p.Round.Log() {
		a.Drawn = nil
		t, err := store.Act(ctx, g.Slug, 1, app.Move{Action: a, Seen: seen})
		if err != nil {
			tb.Fatalf("storing %s: %v", a, err)
		}
		seen = len(t.Log)
	}
	return g, p.Round.Layout().Len()
}

func TestBenchTableRoundBuilt(t *testing.T) {
	a := newBenchApp(t)
	g, laid := benchTableRound(t, a.store)
	code, body, err := a.send(a.request(http.MethodGet, tableURL(g.Slug, 1), nil))
	if err != nil || code != http.StatusOK {
		t.Fatalf("GET the table: %d %v", code, err)
	}
	if got := strings.Count(body, `<g class="tile `); got != laid || laid < 60 {
		t.Fatalf("the table draws %d tiles, want the %d laid (and a long round)", got, laid)
	}
}

// BenchmarkTableMove is one move request end to end: a tile laid over
// HTTP, checked by the referee against the replayed log, stored, and the
// table rendered back. Each iteration lays a tile and takes it back, on
// one of 100 tables in turn, so no log grows past a few dozen actions.
func BenchmarkTableMove(b *testing.B) {
	a := newBenchApp(b)
	var tables []string
	seqs := map[string]int{} // each table's count of actions, sent back as a page does
	post := func(table string, f url.Values) {
		f.Set("seq", strconv.Itoa(seqs[table]))
		req := a.request(http.MethodPost, table, strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set(keptHeader, "keypad-1-9") // the page holds its keypad, as its script says
		if code, err := a.sendDiscard(req); err != nil || code != http.StatusOK {
			b.Fatalf("POST %v: %d %v", f, code, err)
		}
		seqs[table]++
	}
	for range 100 {
		table := tableURL(benchNewGame(b, a.store, 9, 4).Slug, 1)
		post(table, url.Values{"kind": {"play"}, "player": {"0"}, "tile": {"9-9"}})
		tables = append(tables, table)
	}
	i := 0
	for b.Loop() {
		table := tables[i%len(tables)]
		i++
		post(table, url.Values{"kind": {"play"}, "player": {"1"}, "tile": {"9-3"}, "on": {"9-9"}})
		post(table, url.Values{"kind": {"take-back"}, "player": {"1"}})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N), "ns/request")
	// The answer to a tile laid, as htmx gets it and on the wire.
	for _, coding := range []string{"identity", "gzip"} {
		lay := url.Values{"kind": {"play"}, "player": {"1"}, "tile": {"9-3"}, "on": {"9-9"}, "seq": {strconv.Itoa(seqs[tables[0]])}}
		req := a.request(http.MethodPost, tables[0], strings.NewReader(lay.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept-Encoding", coding) // set by hand, so the client leaves the body as sent
		req.Header.Set(keptHeader, "keypad-1-9")
		code, body, err := a.send(req)
		if err != nil || code != http.StatusOK {
			b.Fatalf("POST a tile (%s): %d %v", coding, code, err)
		}
		b.ReportMetric(float64(len(body)), coding+"-B/answer")
		seqs[tables[0]]++
		post(tables[0], url.Values{"kind": {"take-back"}, "player": {"1"}})
	}
}

// BenchmarkTableRender renders the table page of a whole double-18 round
// of 16 players: replaying its log and drawing the layout.
func BenchmarkTableRender(b *testing.B) {
	a := newBenchApp(b)
	g, laid := benchTableRound(b, a.store)
	var size int
	for b.Loop() {
		code, body, err := a.send(a.request(http.MethodGet, tableURL(g.Slug, 1), nil))
		if err != nil || code != http.StatusOK {
			b.Fatalf("GET the table: %d %v", code, err)
		}
		size = len(body)
	}
	b.ReportMetric(float64(laid), "tiles")
	b.ReportMetric(float64(size), "B/page")
}
