package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// getIn asks for path as a browser that accepts the languages given, and
// sends the cookies given.
func (a *testApp) getIn(path, accept string, cookies ...*http.Cookie) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+path, nil)
	req.Header.Set("Accept-Language", accept)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return a.do(req)
}

// TestLanguageChosen: a page is in the language the browser accepts best
// among English, Afrikaans and Danish, says so in <html lang>, and a
// language picked with the switch wins from then on, on this browser.
func TestLanguageChosen(t *testing.T) {
	a := newTestApp(t)
	for accept, want := range map[string]string{
		"da-DK,da;q=0.9,en;q=0.5": "da",
		"af-ZA":                   "af",
		"en-GB,en;q=0.8":          "en",
		"fr-FR,fr;q=0.9":          "en",
		"":                        "en",
		"de;q=0.9,af;q=0.5":       "af",
	} {
		r := a.getIn("/rules", accept)
		expect(t, "rules for "+accept, r, http.StatusOK)
		if got := r.doc().tag("html").attr("lang"); got != want {
			t.Errorf("Accept-Language %q: <html lang=%q>, want %q", accept, got, want)
		}
		if !strings.Contains(r.header.Get("Vary"), "Accept-Language") {
			t.Errorf("Accept-Language %q: Vary = %q, want it to name Accept-Language", accept, r.header.Get("Vary"))
		}
	}
	// The switch is on every page, in each language's own name.
	sw := expectTestID(t, "the switch", a.getIn("/", "da"), http.StatusOK, "lang-switch", "")
	if got := sw.testid("lang-af").text(); got != "Afrikaans" || sw.testid("lang-da").attr("aria-pressed") != "true" {
		t.Errorf("the switch offers %q for Afrikaans, Danish pressed %q", got, sw.testid("lang-da").attr("aria-pressed"))
	}

	// Afrikaans picked on a Danish browser: remembered, and back at the page.
	r := a.postWith("/lang", form("lang", "af", "back", "/rules#scoring"), false)
	expect(t, "pick Afrikaans", r, http.StatusSeeOther)
	if loc := r.header.Get("Location"); loc != "/rules#scoring" {
		t.Errorf("after picking, the browser goes to %q, want back to /rules#scoring", loc)
	}
	var picked *http.Cookie
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == langCookie {
			picked = c
		}
	}
	if picked == nil || picked.Value != "af" || !picked.HttpOnly || picked.MaxAge < 300*24*3600 {
		t.Fatalf("the language cookie: %+v", picked)
	}
	if got := a.getIn("/", "da", picked).doc().tag("html").attr("lang"); got != "af" {
		t.Errorf("with Afrikaans picked, a Danish browser gets lang %q", got)
	}

	// What can't be right is refused, in the language picked before, or
	// made safe.
	expectTestID(t, "an unknown language", a.postWith("/lang", form("lang", "xx", "back", "/"), false), http.StatusBadRequest,
		"problem", views.Text("af", "lang-unknown", nil))
	for _, back := range []string{"//elsewhere.example/", "https://elsewhere.example/", `/\elsewhere`} {
		r := a.postWith("/lang", form("lang", "da", "back", back), false)
		if loc := r.header.Get("Location"); r.code != http.StatusSeeOther || loc != "/" {
			t.Errorf("back to %q: %d to %q, want 303 to /", back, r.code, loc)
		}
	}
}

// TestRefusalAndBannerInEachLanguage: on the live table, a move out of
// turn is refused in the reader's language, with the same rule code, and
// the banner says whose turn it is in that language.
func TestRefusalAndBannerInEachLanguage(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	expect(t, "Ann sets 9-9 down", a.postHTMX(game+"/rounds/1/table", form("player", "0", "kind", "play", "tile", "9-9")), http.StatusOK)
	sh := a.sheet(game)
	// Cy lays before Bob: the referee's refusal, worded in each language.
	out := referee.Action{Seat: 2, Kind: referee.ActPlay, Move: referee.Move{Tile: referee.NewTile(9, 3), On: referee.NewTile(9, 9)}}
	tb, err := a.store.Table(t.Context(), strings.TrimPrefix(game, "/g/"), 1)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = sh.Act(1, tb.Actions(), out)
	re := refusalOf(t, err, referee.CodeNotYourTurn)
	for _, tag := range []string{"en", "af", "da"} {
		req, _ := http.NewRequest(http.MethodPost, a.server.URL+game+"/rounds/1/table",
			strings.NewReader(form("player", "2", "kind", "play", "tile", "9-3", "on", "9-9", "seq", "1").Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Accept-Language", tag)
		r := a.do(req)
		want := re.Rule.Say(tag)
		expectRefusalIn(t, tag, tag+": Cy out of turn", r, http.StatusUnprocessableEntity, referee.CodeNotYourTurn, want)
		if tag != "en" && want == re.Rule.Reason() {
			t.Errorf("%s: the refusal is the English %q", tag, want)
		}
		turn := views.Text(tag, "turn", referee.Params{"Name": "Bob"})
		expectTestID(t, tag+": the banner", a.getIn(game+"/rounds/1/table", tag), http.StatusOK, "turn", turn)
		if tag != "en" && turn == views.Text("en", "turn", referee.Params{"Name": "Bob"}) {
			t.Errorf("%s: the banner says %q, as in English", tag, turn)
		}
	}
}
