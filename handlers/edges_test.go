package handlers

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestNamesRefuseFormatCharacters: a name with an invisible formatting
// character (a direction override, a zero-width space or joiner) is
// refused wherever a name is typed, with a sentence that says so, so
// "Ann" and "Ann" with a zero-width space can't be two players; a name
// is kept composed (NFC), so "Zoë" typed either way is one name.
func TestNamesRefuseFormatCharacters(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	setup := func(name, players string) response {
		return a.post("/games", form("name", name, "date", "2026-11-28", "players", players, "set", "6"))
	}
	for _, c := range []struct{ what, name, players, want string }{
		{"a zero-width space", "Friday", "Ann\nAnn\u200b", say("player-name.format", referee.Params{"Seat": 2})},
		{"a right-to-left override", "Friday", "Ann\nB\u202eob", say("player-name.format", referee.Params{"Seat": 2})},
		{"a bidi isolate", "Friday", "Ann\n\u2066Bob", say("player-name.format", referee.Params{"Seat": 2})},
		{"a night's name reversed", "Fri\u202eday", "Ann\nBob", say("game-name.format", nil)},
	} {
		expect(t, c.what, setup(c.name, c.players), http.StatusBadRequest, html.EscapeString(c.want))
	}
	if n := len(a.gameSlugs()); n != 0 {
		t.Fatalf("refused names started %d nights", n)
	}

	game := setup("Friday", "Ann\nZoe\u0308").header.Get("Location") // "Zoë" as e and a diaeresis
	if got := a.sheet(game).Players[1]; got != "Zo\u00eb" {
		t.Fatalf("Zoë typed as e and an accent is kept as %q, want the composed %q", got, "Zo\u00eb")
	}
	expectProblem(t, "join as Ann and a zero-width space", a.post(game+"/players", form("name", "Ann\u200b", "missed", "highest")),
		http.StatusBadRequest, say("join-name.format", nil))
	expectProblem(t, "join as Zoë composed", a.post(game+"/players", form("name", "Zo\u00eb", "missed", "highest")),
		http.StatusBadRequest, say("join-taken", referee.Params{"Name": "Zo\u00eb"}))
	if got := a.sheet(game).Players; len(got) != 2 {
		t.Fatalf("after refused joins the night has %q", got)
	}
	expect(t, "a table named with an override", a.post("/groups", form("name", "Club\u202e")), http.StatusBadRequest)
}

// TestNamesIsolatedInMarkup: every page that shows a name shows it inside
// <bdi>, so a name in a right-to-left script (or one kept before names
// were checked) can't reorder what stands around it.
func TestNamesIsolatedInMarkup(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	group := a.post("/groups", form("name", "שולחן")).header.Get("Location")
	names := []string{"Ann", "דוד", "Bob"}
	r := a.post("/games", form("name", "ליל שישי", "date", "2026-11-28", "players", strings.Join(names, "\n"), "set", "6",
		"group", strings.TrimPrefix(group, "/t/")))
	expect(t, "new night", r, http.StatusSeeOther)
	game := r.header.Get("Location")
	for seat, p := range []string{"3", "9"} {
		expect(t, "score", a.post(game+"/rounds/1/entries/"+itoa(seat), form("pips", p)), http.StatusSeeOther)
	}
	expect(t, "out", a.post(game+"/rounds/1/entries/2", form("went_out", "1")), http.StatusSeeOther)
	expect(t, "close", a.post(game+"/rounds/1/close", form()), http.StatusSeeOther)
	expect(t, "this is my phone", a.post(game+"/me", form("player", "1")), http.StatusSeeOther)
	person := expectTestID(t, "table", a.get(group), http.StatusOK, "player-link", "").attr("href")

	shown := append([]string{"ליל שישי", "שולחן"}, names...)
	pages := []string{"/", game, game + "/sheet", game + "/rounds/1", game + "/rounds/2/table", game + "/delete", group, person}
	for _, page := range pages {
		r := a.get(page)
		expect(t, page, r, http.StatusOK)
		found := 0
		for _, n := range r.doc().textNodes() {
			text := strings.TrimSpace(n.Data)
			for _, name := range shown {
				if text != name && !strings.HasPrefix(text, name+",") {
					continue
				}
				found++
				if !isolated(n) {
					t.Errorf("%s: %q stands in <%s> without <bdi> or dir", page, text, n.Parent.Data)
				}
			}
		}
		if found == 0 {
			t.Errorf("%s shows none of the names: the test looks in the wrong place", page)
		}
	}
	// Inside a sentence, a right-to-left name stands between the isolates
	// U+2068 and U+2069 (a left-to-right one is left as typed, as every
	// other test's sentences show).
	expect(t, "אבי joins", a.post(game+"/players", form("name", "אבי", "missed", "highest")), http.StatusSeeOther)
	flash := expectTestID(t, "after אבי joined", a.get(game), http.StatusOK, "flash", "").text()
	if !strings.HasPrefix(flash, "\u2068אבי\u2069 plays from round 2") {
		t.Errorf("the notice of אבי joining says %q, want the name between isolates", flash)
	}
}

// textNodes lists the text under es, outside <title>, <script>, <style>,
// <textarea> and <option> (which can't hold markup).
func (es elems) textNodes() []*xhtml.Node {
	var out []*xhtml.Node
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			switch n.Data {
			case "title", "script", "style", "textarea", "option":
				return
			}
		}
		if n.Type == xhtml.TextNode {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, e := range es {
		walk(e)
	}
	return out
}

// isolated reports whether a text stands alone in a <bdi>, an element
// with a dir, or a chart's <text> (placed on its own, with nothing beside
// it to reorder).
func isolated(n *xhtml.Node) bool {
	p := n.Parent
	if p == nil || p.FirstChild != n || n.NextSibling != nil {
		return false
	}
	_, dir := attr(p, "dir")
	return p.Data == "bdi" || dir || p.Data == "text"
}

// TestNoticeNotFromTheAddress: the game page's notice says only what the
// server did: text put in the address (?left=, ?joined=) is never shown,
// nor a notice cookie the server did not sign; the notice after a real
// leave is shown once.
func TestNoticeNotFromTheAddress(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob", "Cy")
	for _, q := range []string{"?left=Call+0800+FRAUD+to+claim+your+prize", "?joined=Ann&left=Bob", "?left=Cy"} {
		r := a.get(game + q)
		expect(t, q, r, http.StatusOK)
		if f := r.testid("flash"); len(f) > 0 {
			t.Errorf("GET %s shows the notice %q, want none", q, f.text())
		}
		for _, n := range r.doc().textNodes() {
			if strings.Contains(n.Data, "FRAUD") {
				t.Errorf("GET %s shows the address's text: %q", q, n.Data)
			}
		}
	}
	u, _ := url.Parse(a.server.URL + game)
	a.client.Jar.SetCookies(u, []*http.Cookie{{Name: flashCookie, Value: "eyJrIjoibGVmdCIsInAiOlsiRlJBVUQiXSwiZSI6OTk5OTk5OTk5OX0.AAAA", Path: game}})
	if f := a.get(game).testid("flash"); len(f) > 0 {
		t.Errorf("a forged notice cookie shows %q, want nothing", f.text())
	}

	expect(t, "Cy leaves", a.post(game+"/players/leave", form("confirm", "1", "player", "2", "missed", "highest")), http.StatusSeeOther)
	expectTestID(t, "after Cy left", a.get(game), http.StatusOK, "flash", say("unseated", referee.Params{"Name": "Cy"}))
	if f := a.get(game).testid("flash"); len(f) > 0 {
		t.Errorf("the notice is shown again: %q", f.text())
	}
}

// TestLanguageGoesBackOnlyHere: the language switch sends the browser
// back only to a path on this server: a tab, a backslash, a second slash,
// a control character or a scheme sends it home instead.
func TestLanguageGoesBackOnlyHere(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for back, want := range map[string]string{
		"/g/abc?x=1#round":       "/g/abc?x=1#round",
		"/\t/evil.example":       "/",
		"/\n/evil.example":       "/",
		"/\\evil.example":        "/",
		"//evil.example":         "/",
		"/\x01/evil.example":     "/",
		"https://evil.example/":  "/",
		"javascript:alert(1)":    "/",
		"":                       "/",
		"/\u200b/evil.example/x": "/",
	} {
		r := a.post("/lang", form("lang", "da", "back", back))
		if r.code != http.StatusSeeOther || r.header.Get("Location") != want {
			t.Errorf("POST /lang back=%q: %d to %q, want 303 to %q", back, r.code, r.header.Get("Location"), want)
		}
	}
}

// TestErrorLogKeepsLinksOut: a server fault's log line names the request
// by its path with the night's link cut to its first characters, in the
// path and in the error alike.
func TestErrorLogKeepsLinksOut(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	srv := httptest.NewServer(wired(store, Config{Log: slog.New(slog.NewTextHandler(&log, nil))}))
	t.Cleanup(srv.Close)
	a := &testApp{t: t, store: store, server: srv, client: srv.Client()}
	a.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	game := a.createGame("6", "Ann", "Bob")
	link := strings.TrimPrefix(game, "/g/")
	store.Close() // every read now fails: a fault of the server's
	expect(t, "a page on a closed store", a.get(game+"/rounds/1"), http.StatusInternalServerError)
	if !strings.Contains(log.String(), "request failed") {
		t.Fatalf("no fault logged:\n%s", log.String())
	}
	if strings.Contains(log.String(), link) || strings.Contains(log.String(), link[:12]) {
		t.Fatalf("the log line carries the night's link:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "/g/"+link[:4]+"…/rounds/1") {
		t.Fatalf("the log line does not name the path cut short:\n%s", log.String())
	}
}

// TestBareAnswersCarrySecurityHeaders: the answers Go's server writes
// before the app runs, 431 for a 70 KB header and 400 for a method it
// can't read, carry the app's security headers too.
func TestBareAnswersCarrySecurityHeaders(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := Server(a.echo)
	go srv.Serve(Listener(ln))
	t.Cleanup(func() { srv.Close() })
	for _, c := range []struct {
		what, request string
		status        int
	}{
		{"a 70 KB header", "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + strings.Repeat("a", 70<<10) + "\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge},
		{"a 70 KB address", "GET /" + strings.Repeat("a", 70<<10) + " HTTP/1.1\r\nHost: localhost\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge},
		{"a garbage method", "G@T / HTTP/1.1\r\nHost: localhost\r\n\r\n", http.StatusBadRequest},
		{"an app's own answer", "GET /nowhere HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", http.StatusNotFound},
	} {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		go fmt.Fprint(conn, c.request) // the server may answer before it has read it all
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", c.what, resp.StatusCode, c.status)
		}
		checkSecurityHeaders(t, c.what, resp.Header)
		if n := len(resp.Header.Values("X-Content-Type-Options")); n != 1 {
			t.Errorf("%s: X-Content-Type-Options sent %d times, want once", c.what, n)
		}
	}
}

// TestCookielessVisitsBudgeted: a browser that never sends its cookie
// back gets a new id on every page, but the store remembers only a few
// of those per network: a script can't add a row per request.
func TestCookielessVisitsBudgeted(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	view := a.viewLink(a.createGame("6", "Ann", "Bob"))
	rows := func() int {
		t.Helper()
		conn, err := sql.Open("sqlite", "file:"+a.file+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var n int
		if err := conn.QueryRow("SELECT count(*) FROM device_games").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := rows()
	for range 100 {
		resp, err := http.Get(a.server.URL + view) // no cookie jar
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || len(resp.Cookies()) == 0 {
			t.Fatalf("a cookieless visit: %d with cookies %v, want 200 and a new id", resp.StatusCode, resp.Cookies())
		}
	}
	if added := rows() - before; added > newDevicesAtOnce {
		t.Fatalf("100 cookieless visits added %d remembered browsers, want at most %d", added, newDevicesAtOnce)
	}
	// A browser that keeps its cookie is remembered, budget spent or not:
	// its first page gives it its id, its next is noted.
	jar, _ := cookiejar.New(nil)
	a.client = &http.Client{Jar: jar}
	a.get(view)
	a.get(view)
	if got := expectTestID(t, "home", a.get("/"), http.StatusOK, "games", "").tag("a").attr("href"); got != view {
		t.Fatalf("a browser with its cookie lists %q, want the night it opened", got)
	}
}

// TestFileGoneRefusesWrites: with the database file deleted under the
// running server, a save answers 503 with a sentence instead of seeming
// to work, and the health check says so.
func TestFileGoneRefusesWrites(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob")
	expect(t, "healthz before", a.get("/healthz"), http.StatusOK, "ok")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		removeFile(t, a.file+suffix)
	}
	for i := range 3 {
		r := a.post(game+"/rounds/1/entries/0", form("pips", itoa(7+i)))
		expectProblem(t, "a save with the file gone", r, http.StatusServiceUnavailable, say("db-gone", nil))
	}
	expect(t, "a new night with the file gone", a.post("/games", form("name", "Later", "date", "2026-11-28", "players", "Cy\nDi", "set", "6")),
		http.StatusServiceUnavailable)
	expect(t, "healthz after", a.get("/healthz"), http.StatusServiceUnavailable, say("db-gone", nil))
}

// fullStore is a store whose disk is full.
type fullStore struct{ *db.Store }

func (fullStore) CreateGame(context.Context, app.NewGame) (app.Game, error) {
	return app.Game{}, fmt.Errorf("db: starting a night: %w", db.ErrDiskFull)
}

// TestDiskFullIs507: a write refused for a full disk answers 507 with a
// sentence saying so, not a generic 500.
func TestDiskFullIs507(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(wired(store, Config{}))
	t.Cleanup(func() { srv.Close(); store.Close() })
	srv.Config.Handler = New(fullStore{store}, Config{})
	a := &testApp{t: t, store: store, server: srv, client: srv.Client()}
	r := a.post("/games", form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "6"))
	expectProblem(t, "a new night on a full disk", r, http.StatusInsufficientStorage, say("disk-full", nil))
	expectTestID(t, "its title", r, http.StatusInsufficientStorage, "problem", "")
	if !strings.Contains(r.body, say("status.507", nil)) {
		t.Errorf("the page is not titled %q", say("status.507", nil))
	}
}

// TestStreamCaps: live streams are capped per night and in all (503,
// with when to try again), and a network's opens are budgeted (429).
func TestStreamCaps(t *testing.T) {
	t.Parallel()
	open := func(t *testing.T, cfg Config) (*testApp, context.CancelFunc) {
		store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
		if err != nil {
			t.Fatal(err)
		}
		streams, endStreams := context.WithCancel(context.Background())
		cfg.Stop = streams
		srv := httptest.NewServer(wired(store, cfg))
		t.Cleanup(func() { endStreams(); srv.Close(); store.Close() })
		a := &testApp{t: t, store: store, server: srv, client: srv.Client()}
		a.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		return a, endStreams
	}
	refused := func(t *testing.T, a *testApp, game string, status int) {
		t.Helper()
		r := a.get(game + "/events")
		expect(t, "one stream too many", r, status)
		if r.header.Get("Retry-After") == "" {
			t.Errorf("a refused stream (%d) says not when to try again", status)
		}
	}
	t.Run("per night", func(t *testing.T) {
		t.Parallel()
		a, _ := open(t, Config{StreamsPerGame: 2})
		g, other := a.createGame("6", "Ann", "Bob"), a.createGame("6", "Cy", "Di")
		openStream(t, a.server.URL, g, "")
		openStream(t, a.server.URL, g, "")
		refused(t, a, g, http.StatusServiceUnavailable)
		openStream(t, a.server.URL, other, "") // another night is let in
	})
	t.Run("in all", func(t *testing.T) {
		t.Parallel()
		a, _ := open(t, Config{Streams: 2})
		g, other := a.createGame("6", "Ann", "Bob"), a.createGame("6", "Cy", "Di")
		openStream(t, a.server.URL, g, "")
		openStream(t, a.server.URL, other, "")
		refused(t, a, a.createGame("6", "Ed", "Fay"), http.StatusServiceUnavailable)
	})
	t.Run("opens", func(t *testing.T) {
		t.Parallel()
		a, _ := open(t, Config{StreamOpens: 0.05}) // three at once, then one in 20 s
		g := a.createGame("6", "Ann", "Bob")
		for range 3 {
			openStream(t, a.server.URL, g, "").close()
		}
		refused(t, a, g, http.StatusTooManyRequests)
	})
}

// removeFile deletes path, which may not exist.
func removeFile(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
}
