package handlers

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/securecookie"

	"chickenfoot/db"
)

const passphrase = "green tiles at dusk"

// newAppWith is newTestApp run as cfg says, on store (a new one when nil).
func newAppWith(t *testing.T, store *db.Store, cfg Config) *testApp {
	t.Helper()
	if store == nil {
		s, err := db.Open(context.Background(), migratedFile(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		store = s
	}
	cfg.Now = func() time.Time { return time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC) }
	e := wired(store, cfg)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	a := &testApp{t: t, store: store, echo: e, server: srv}
	return a.anotherBrowser()
}

// anotherBrowser is the same app seen from another browser: no cookies yet.
func (a *testApp) anotherBrowser() *testApp {
	jar, _ := cookiejar.New(nil)
	b := *a
	b.client = &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &b
}

// tryPassphrase posts the unlock form from the client address addr (sent
// as a proxy on this machine forwards it; empty for the connection's own).
func (a *testApp) tryPassphrase(typed, next, addr string) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+"/unlock", strings.NewReader(form("passphrase", typed, "next", next).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if addr != "" {
		req.Header.Set("X-Forwarded-For", addr)
	}
	return a.do(req)
}

// cookieSet is the unlock cookie a response sets, or nil.
func cookieSet(r response) *http.Cookie {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == unlockCookie {
			return c
		}
	}
	return nil
}

func TestLockedPagesAskForThePassphrase(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase})
	for path, next := range map[string]string{"/": "/", "/new": "/new", "/new?set=9": "/new?set=9"} {
		r := a.get(path)
		if want := "/unlock?next=" + url.QueryEscape(next); r.code != http.StatusSeeOther || r.header.Get("Location") != want {
			t.Errorf("locked GET %s = %d to %q, want 303 to %q", path, r.code, r.header.Get("Location"), want)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/new/suggest?players=Ann", nil)
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Current-URL", a.server.URL+"/new")
	if r := a.do(req); r.code != http.StatusOK || r.header.Get("HX-Redirect") != "/unlock?next=%2Fnew" {
		t.Errorf("locked htmx GET /new/suggest = %d, HX-Redirect %q, want 200 to /unlock?next=%%2Fnew", r.code, r.header.Get("HX-Redirect"))
	}
	r := a.post("/games", form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "6"))
	if r.code != http.StatusSeeOther || r.header.Get("Location") != "/unlock?next=%2F" {
		t.Errorf("locked POST /games = %d to %q, want 303 to the unlock page", r.code, r.header.Get("Location"))
	}
	if n := len(a.gameSlugs()); n != 0 {
		t.Fatalf("a locked browser made %d games", n)
	}

	page := expectTestID(t, "the unlock page", a.get("/unlock?next=%2Fnew"), http.StatusOK, "unlock", "")
	if f := page.named("passphrase"); f.attr("type") != "password" || !f.has("required") {
		t.Errorf("the passphrase field is %q, want one required password field", f.attr("type"))
	}
	if got := page.named("next").attr("value"); got != "/new" {
		t.Errorf("the unlock form comes back to %q, want /new", got)
	}
	expectNoTestID(t, "the unlock page, first visit", a.get("/unlock"), "problem")
	for _, next := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "evil", "javascript:alert(1)", "/\r\nSet-Cookie: x=1"} {
		if got := a.get("/unlock?next=" + url.QueryEscape(next)).doc().named("next").attr("value"); got != "/" {
			t.Errorf("next=%q: the form comes back to %q, want / (not a local path)", next, got)
		}
		r := a.tryPassphrase("wrong", next, "192.0.2.1")
		if got := r.doc().named("next").attr("value"); got != "/" {
			t.Errorf("posted next=%q: the form comes back to %q, want /", next, got)
		}
	}

	for _, open := range []string{"/rules", "/check", "/static/app.css", "/healthz"} {
		expect(t, "locked GET "+open, a.get(open), http.StatusOK)
	}
}

// TestGameLinkNeedsNoPassphrase: a guest with only a game's link gets
// into that game, and can keep score in it, without unlocking.
func TestGameLinkNeedsNoPassphrase(t *testing.T) {
	t.Parallel()
	host := newAppWith(t, nil, Config{Passphrase: passphrase})
	expect(t, "the host unlocks", host.tryPassphrase(passphrase, "/new", ""), http.StatusSeeOther)
	g := host.createGame("6", "Ann", "Bob")
	guest := host.anotherBrowser()
	expectTestID(t, "the guest opens the game's link", guest.get(g), http.StatusOK, "game-name", "Friday")
	expectTestID(t, "the guest opens round 1", guest.get(g+"/rounds/1"), http.StatusOK, "round-page", "")
	expect(t, "the guest keeps score", guest.post(g+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	if e := host.sheet(g).Rounds[0].Entries[0]; e == nil || e.Pips != 5 {
		t.Fatalf("the guest's entry was not kept: %+v", e)
	}
	if r := guest.get("/"); r.code != http.StatusSeeOther {
		t.Fatalf("the guest's GET / = %d, want 303 to the unlock page: a game's link opens only that game", r.code)
	}
}

func TestWrongPassphrases(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase, BehindProxy: true})
	for i := 1; i <= 4; i++ {
		r := a.tryPassphrase("green tiles at dawn", "/new", "")
		expectProblem(t, "wrong try "+itoa(i), r, http.StatusForbidden, say("unlock.wrong", nil))
		if cookieSet(r) != nil {
			t.Fatalf("wrong try %d set the unlock cookie", i)
		}
		if got := r.doc().named("next").attr("value"); got != "/new" {
			t.Fatalf("wrong try %d: the form comes back to %q, want /new", i, got)
		}
	}
	// The right one does not use up a try: the fifth wrong one is still
	// checked, and only the sixth is refused unchecked.
	right := a.anotherBrowser()
	expect(t, "the right passphrase between wrong ones", right.tryPassphrase(passphrase, "/", ""), http.StatusSeeOther)
	expectProblem(t, "wrong try 5", a.tryPassphrase("", "/", ""), http.StatusForbidden, say("unlock.wrong", nil))
	for _, typed := range []string{"wrong again", passphrase} {
		r := a.tryPassphrase(typed, "/", "")
		expectProblem(t, "a try after five wrong ones", r, http.StatusTooManyRequests, say("unlock.wait", map[string]any{"N": 60}))
		if got := r.header.Get("Retry-After"); got != "60" {
			t.Fatalf("a try after five wrong ones: Retry-After %q, want 60", got)
		}
		if cookieSet(r) != nil {
			t.Fatalf("a try after five wrong ones set the unlock cookie")
		}
	}
	// The count is per client address: another one may still try.
	expect(t, "another address", a.tryPassphrase(passphrase, "/", "203.0.113.9"), http.StatusSeeOther)
}

func TestRightPassphraseUnlocks(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase})
	r := a.tryPassphrase(passphrase, "/new", "")
	if r.code != http.StatusSeeOther || r.header.Get("Location") != "/new" {
		t.Fatalf("the right passphrase = %d to %q, want 303 to /new", r.code, r.header.Get("Location"))
	}
	c := cookieSet(r)
	if c == nil {
		t.Fatal("the right passphrase set no cookie")
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure || c.MaxAge < 30*24*3600 {
		t.Fatalf("the unlock cookie is %+v, want HttpOnly, SameSite=Lax, Path=/, lasting, not Secure over plain HTTP", c)
	}
	expectTestID(t, "home once unlocked", a.get("/"), http.StatusOK, "new-game", "")
	expectTestID(t, "the setup form once unlocked", a.get("/new"), http.StatusOK, "setup", "")
	a.createGame("6", "Ann", "Bob")
	if r := a.get("/unlock?next=%2Fnew"); r.code != http.StatusSeeOther || r.header.Get("Location") != "/new" {
		t.Fatalf("the unlock page, unlocked = %d to %q, want 303 to /new", r.code, r.header.Get("Location"))
	}

	req, _ := http.NewRequest(http.MethodPost, a.server.URL+"/unlock", strings.NewReader(form("passphrase", passphrase).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-Proto", "https") // anyone may write it: without --behind-proxy it is not believed
	if c := cookieSet(a.anotherBrowser().do(req)); c == nil || c.Secure {
		t.Fatalf("the unlock cookie with a forwarded scheme no proxy vouches for is %+v, want it not Secure", c)
	}

	req, _ = http.NewRequest(http.MethodPost, a.server.URL+"/unlock", strings.NewReader(form("passphrase", passphrase).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if r := a.anotherBrowser().do(req); r.code != http.StatusForbidden || cookieSet(r) != nil {
		t.Fatalf("another site posting the passphrase = %d, cookie %v, want 403 and none", r.code, cookieSet(r))
	}
}

// TestForgedCookieRefused: only a cookie this server signed, for this
// passphrase, unlocks.
func TestForgedCookieRefused(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase})
	real := cookieSet(a.tryPassphrase(passphrase, "/", ""))
	if real == nil {
		t.Fatal("the right passphrase set no cookie")
	}
	otherKey, _ := securecookie.New(securecookie.GenerateRandomKey(32), nil).Encode(unlockCookie, unlockValue)
	tampered := []byte(real.Value)
	tampered[len(tampered)/2] ^= 1
	for what, value := range map[string]string{
		"a plain value":         unlockValue,
		"signed by another key": otherKey,
		"altered":               string(tampered),
		"cut short":             real.Value[:len(real.Value)-4],
		"empty":                 "",
	} {
		req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/", nil)
		req.AddCookie(&http.Cookie{Name: unlockCookie, Value: value})
		if r := a.anotherBrowser().do(req); r.code != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/unlock") {
			t.Errorf("GET / with a cookie %s = %d to %q, want 303 to the unlock page", what, r.code, r.header.Get("Location"))
		}
	}
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: unlockCookie, Value: real.Value})
	expectTestID(t, "GET / with the real cookie", a.anotherBrowser().do(req), http.StatusOK, "new-game", "")

	// A new passphrase on the same database locks every browser again.
	b := newAppWith(t, a.store, Config{Passphrase: "a new passphrase"})
	req, _ = http.NewRequest(http.MethodGet, b.server.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: unlockCookie, Value: real.Value})
	if r := b.do(req); r.code != http.StatusSeeOther {
		t.Fatalf("GET / with the old passphrase's cookie = %d, want 303 to the unlock page", r.code)
	}
	// The same passphrase after a restart keeps them unlocked: the key is kept.
	c := newAppWith(t, a.store, Config{Passphrase: passphrase})
	req, _ = http.NewRequest(http.MethodGet, c.server.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: unlockCookie, Value: real.Value})
	expectTestID(t, "GET / after a restart", c.do(req), http.StatusOK, "new-game", "")
}

// TestNoPassphraseNoLock: without a passphrase nothing asks for one.
func TestNoPassphraseNoLock(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{})
	expectTestID(t, "home", a.get("/"), http.StatusOK, "new-game", "")
	a.createGame("6", "Ann", "Bob")
	if r := a.get("/unlock?next=%2Fnew"); r.code != http.StatusSeeOther || r.header.Get("Location") != "/new" {
		t.Fatalf("the unlock page without a passphrase = %d to %q, want 303 to /new", r.code, r.header.Get("Location"))
	}
	if r := a.tryPassphrase("anything", "/", ""); r.code != http.StatusSeeOther || cookieSet(r) != nil {
		t.Fatalf("posting a passphrase to a server without one = %d, cookie %v, want 303 and none", r.code, cookieSet(r))
	}
}
