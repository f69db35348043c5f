package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/db"
	"chickenfoot/handlers"
	"chickenfoot/referee"
)

// TestAppAndCommandAgree plays one round to its natural end on the live
// table of the web app and through the referee command's whole-round
// form: draws for the starting double, then a skipped double (6-6 turned
// up nowhere, so the table opens the round on 5-5), a chickie that can't be finished, a
// last-tile penalty, then draws until the boneyard is empty and a full
// turn of passes. Both must tell the same round: every action accepted,
// the same turn, hands, boneyard and ending; and the game's rules page
// marks the rule the round was played under.
func TestAppAndCommandAgree(t *testing.T) {
	script := []string{
		"Ann draw", "Bob draw", "Cy lay 5-5",
		"Ann lay 5-0@5-5", "Bob lay 5-1@5-5", "Cy lay 5-2@5-5", "Ann lay 5-3@5-5",
		"Bob lay 3-0@5-0", "Cy lay 3-1@5-1", "Ann lay 3-2@5-2",
		"Bob lay 3-3@5-3",              // 4-3 and 6-3 are left for three toes: it can't be finished
		"Cy lay 4-3@3-3", "Cy penalty", // Cy, down to one tile, was caught silent
		"Ann lay 6-3@3-3", // no 3 is left: nothing more can ever be laid
	}
	seats := []string{"Ann", "Bob", "Cy"}
	for range 12 { // the boneyard's ten tiles are drawn, then everyone passes
		for _, s := range []string{"Bob", "Cy", "Ann"} {
			script = append(script, s+" draw", s+" pass")
		}
	}
	app := playOnTable(t, seats, script)

	six := 6
	in := rdInput{Rules: map[string]any{"set": 6, "unheld_double": "burn", "last_tile": "draw-penalty"},
		StartingDouble: &six, Round: rdRound{Seats: seats, HandSize: 5, Actions: rdActs(app.accepted...)}}
	out := rdJudge(t, in)
	for i, v := range out.Actions {
		if !v.OK {
			t.Fatalf("the command refused action %d (%s %s), which the app accepted: %s %s", i, v.Seat, v.Act, v.Rule, v.Message)
		}
	}
	got := out.Round
	if got.Over != app.live.Over() || (got.End != nil) != app.live.Over() || got.Boneyard != app.live.Boneyard() {
		t.Fatalf("the command says over %v, end %v, boneyard %d; the app over %v, boneyard %d",
			got.Over, got.End, got.Boneyard, app.live.Over(), app.live.Boneyard())
	}
	if !app.live.Over() || *got.End != "blocked" {
		t.Fatalf("the round did not end blocked: the command says %+v", got)
	}
	for seat, name := range seats {
		if got.Hands[name] != app.live.HandCount(seat) {
			t.Errorf("%s holds %d tiles by the command, %d by the app", name, got.Hands[name], app.live.HandCount(seat))
		}
	}
	if !strings.Contains(app.rules, `data-testid="option-impossible_chickie-stays-owed"`) {
		t.Error("the game's rules page does not show the stuck-chickie rule")
	}
}

// tableRun is a round played on the app's live table.
type tableRun struct {
	accepted []string       // the actions, as the command writes them, in the order accepted
	live     *referee.Round // the round the app stored, rebuilt
	rules    string         // the game's rules page
}

// playOnTable creates a double-6 game night under the burn and
// penalty-draw rules and posts each scripted action to the live table while the app accepts it
// (a draw past the empty boneyard stops the script).
func playOnTable(t *testing.T, seats []string, script []string) tableRun {
	t.Helper()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "agree.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(serveApp(store, handlers.Config{}))
	t.Cleanup(srv.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path string, f url.Values) *http.Response {
		t.Helper()
		resp, err := client.PostForm(srv.URL+path, f)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	resp := post("/games", url.Values{"date": {"2026-11-30"}, "players": {strings.Join(seats, "\n")}, "set": {"6"},
		"hand_size": {"5"}, "unheld_double": {"burn"}, "last_tile": {"draw-penalty"}})
	game := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || game == "" {
		t.Fatalf("creating the game: %d", resp.StatusCode)
	}
	var run tableRun
	for _, step := range script {
		f := strings.Fields(step)
		seat := strconv.Itoa(indexOf(seats, f[0]))
		kind := map[string]string{"lay": "play"}[f[1]]
		if kind == "" {
			kind = f[1]
		}
		// Each player's id is their seat; the page counts the actions laid.
		form := url.Values{"player": {seat}, "kind": {kind}, "seq": {strconv.Itoa(len(run.accepted))}}
		if len(f) > 2 {
			tile, on, _ := strings.Cut(f[2], "@")
			form.Set("tile", tile)
			form.Set("on", on)
		}
		r := post(game+"/rounds/1/table", form)
		switch {
		case r.StatusCode == http.StatusSeeOther:
			run.accepted = append(run.accepted, step)
		case f[1] == "draw" && len(run.accepted) > 20:
			// The boneyard is empty: the player passes without a draw.
		case len(run.accepted) > 20:
			return finish(t, run, store, client, srv.URL, game) // the round is over
		default:
			t.Fatalf("the app refused %q: %d", step, r.StatusCode)
		}
	}
	return finish(t, run, store, client, srv.URL, game)
}

// finish reads back the round the app stored and the game's rules page.
func finish(t *testing.T, run tableRun, store *db.Store, client *http.Client, base, game string) tableRun {
	t.Helper()
	tb, err := store.Table(context.Background(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		t.Fatal(err)
	}
	run.live = tb.Live
	page, err := client.Get(base + game + "/rules")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	run.rules = string(body)
	return run
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
