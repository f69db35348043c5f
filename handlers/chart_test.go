package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestTotalsChart: the running totals chart joins the score sheet once a
// round is closed, one line a player, its description naming the leader
// and its table the totals round by round; the sheet's live fragment
// brings it too. When the night is over it moves to the final standings.
func TestTotalsChart(t *testing.T) {
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob\nCy", "set", "6", "rounds", "3"))
	if r.code != http.StatusSeeOther {
		t.Fatalf("POST /games = %d:\n%s", r.code, r.body)
	}
	game := r.header.Get("Location")
	expectNoTestID(t, "before any round is closed", a.get(game), "totals-chart")

	closeRound(t, a, game, 1, 0, "20", "9") // Ann went out; totals 0 20 9
	closeRound(t, a, game, 2, 1, "30", "5") // Bob went out; totals 30 20 14
	for what, page := range map[string]response{"the game page": a.get(game), "the sheet's fragment": a.getHTMX(game + "/sheet")} {
		t.Run(what, func(t *testing.T) {
			sheet := page.testid("sheet")
			chart := sheet.testid("totals-chart")
			if len(chart) != 1 {
				t.Fatalf("%d charts in the sheet, want 1", len(chart))
			}
			if n := len(chart.testid("chart-line")); n != 3 {
				t.Errorf("%d lines, want 3, one a player", n)
			}
			if got := chart.attr("role"); got != "img" {
				t.Errorf("the chart's role = %q, want img", got)
			}
			ids := strings.Fields(chart.attr("aria-labelledby"))
			if len(ids) != 2 || chart.byID(ids[0]).text() != "Running totals" {
				t.Fatalf("aria-labelledby = %q, want the title and the description", ids)
			}
			desc := chart.byID(ids[1]).text()
			for _, want := range []string{"2 rounds", "lowest total is best", "Cy is lowest with 14, 6 ahead of Bob."} {
				if !strings.Contains(desc, want) {
					t.Errorf("description %q, want it to say %q", desc, want)
				}
			}
			if got := chart.testid("chart-label").texts(); strings.Join(got, " ") != "Ann Bob Cy" {
				t.Errorf("end labels = %q, want every player", got)
			}
			rows := sheet.testid("chart-numbers").tag("tr").texts()
			want := []string{"Round Ann Bob Cy", "1 0 20 9", "2 30 20 14"}
			if strings.Join(rows, "|") != strings.Join(want, "|") {
				t.Errorf("the numbers = %q, want %q", rows, want)
			}
		})
	}
	if sheet := a.get(game).testid("sheet"); sheet.attr("hx-get") == "" || !strings.Contains(sheet.attr("hx-trigger"), "sse:sheet") {
		t.Errorf("the sheet holding the chart follows %q from %q, want the sheet event", sheet.attr("hx-trigger"), sheet.attr("hx-get"))
	}

	closeRound(t, a, game, 3, 2, "1", "2") // the last of 3 rounds
	page := a.get(game)
	if n := len(page.testid("sheet").testid("totals-chart")); n != 0 {
		t.Errorf("game over: %d charts in the sheet, want it in the final standings only", n)
	}
	final := page.testid("final").testid("totals-chart")
	if len(final) != 1 || len(final.testid("chart-line")) != 3 {
		t.Fatalf("game over: the final standings have %d charts, want 1 of 3 lines", len(final))
	}
	if desc := final.byID("totals-desc").text(); !strings.Contains(desc, "Cy") {
		t.Errorf("game over: description %q, want it to name Cy", desc)
	}
}

// closeRound enters a round, the player at out going out and the others
// holding the pips given in seat order, and closes it.
func closeRound(t *testing.T, a *testApp, game string, n, out int, pips ...string) {
	t.Helper()
	path := game + "/rounds/" + itoa(n)
	k := 0
	for seat := range len(pips) + 1 {
		f := form("went_out", "1", "open", "1")
		if seat != out {
			f = form("pips", pips[k], "open", "1")
			k++
		}
		a.post(path+"/entries/"+itoa(seat), f)
	}
	a.post(path+"/close", form())
}
