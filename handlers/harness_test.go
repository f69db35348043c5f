package handlers

import (
	"context"
	"errors"
	"github.com/labstack/echo/v4"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/app"
)

// testApp is the app on a temp-dir SQLite file behind a real HTTP server.
type testApp struct {
	t      *testing.T
	store  *db.Store
	echo   *echo.Echo
	server *httptest.Server
	client *http.Client
	file   string // the database file
}

// migrated holds a database file, and its WAL if one was left, with every
// migration run: each test app's file starts as a copy of it, as running
// the migrations for each of the package's hundreds of test apps took a
// third of the tests' own CPU.
var migrated = sync.OnceValues(func() (files [2][]byte, err error) {
	dir, err := os.MkdirTemp("", "chickenfoot-migrated-")
	if err != nil {
		return files, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "app.db")
	store, err := db.Open(context.Background(), file)
	if err != nil {
		return files, err
	}
	if err := store.Close(); err != nil {
		return files, err
	}
	if files[0], err = os.ReadFile(file); err != nil {
		return files, err
	}
	files[1], err = os.ReadFile(file + "-wal")
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return files, err
})

// migratedFile is a new database file in the test's temp dir, its
// migrations already run.
func migratedFile(t *testing.T) string {
	t.Helper()
	files, err := migrated()
	if err != nil {
		t.Fatalf("a migrated database: %v", err)
	}
	file := filepath.Join(t.TempDir(), "app.db")
	if err := os.WriteFile(file, files[0], 0o600); err != nil {
		t.Fatal(err)
	}
	if files[1] != nil {
		if err := os.WriteFile(file+"-wal", files[1], 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return file
}

func newTestApp(t *testing.T) *testApp {
	t.Helper()
	file := migratedFile(t)
	store, err := db.Open(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC) }
	streams, endStreams := context.WithCancel(context.Background())
	e := wired(store, Config{Now: now, Stop: streams})
	srv := httptest.NewServer(e)
	jar, _ := cookiejar.New(nil)
	a := &testApp{t: t, store: store, echo: e, server: srv, file: file,
		client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	t.Cleanup(func() { endStreams(); srv.Close(); store.Close() })
	return a
}

// response is a finished request: status, headers and body.
type response struct {
	code   int
	header http.Header
	body   string
}

func (a *testApp) do(req *http.Request) response {
	a.t.Helper()
	resp, err := a.client.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	r := response{code: resp.StatusCode, header: resp.Header, body: string(b)}
	// Every answer of every handler test is checked for words the catalog
	// could not give: a key it lacks, or a parameter a message missed.
	if i := strings.Index(r.body, "[missing message "); i >= 0 {
		a.t.Errorf("%s %s says %.80q: a key the catalog lacks", req.Method, req.URL.Path, r.body[i:])
	}
	if i := strings.Index(r.body, "[message "); i >= 0 {
		a.t.Errorf("%s %s says %.80q: a message missed a parameter", req.Method, req.URL.Path, r.body[i:])
	}
	return r
}

func (a *testApp) get(path string) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+path, nil)
	return a.do(req)
}

func (a *testApp) getHTMX(path string) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+path, nil)
	req.Header.Set("HX-Request", "true")
	return a.do(req)
}

// post sends a form the way a browser without JavaScript does. A form
// that doesn't say what its page showed (its version, or the table's
// count of actions) is sent as the page drawn now would send it: with
// what the store holds now. postBare sends it as it is.
func (a *testApp) post(path string, form url.Values) response {
	a.t.Helper()
	return a.postWith(path, form, false)
}

// postHTMX sends a form the way htmx does, as post does.
func (a *testApp) postHTMX(path string, form url.Values) response {
	a.t.Helper()
	return a.postWith(path, form, true)
}

// postWith is post, or postHTMX.
func (a *testApp) postWith(path string, form url.Values, htmx bool) response {
	a.t.Helper()
	return a.postBare(path, a.asShown(path, form), htmx)
}

// The write routes whose forms carry what their page showed.
var (
	entryPath   = regexp.MustCompile(`^/g/([^/]+)/rounds/(\d+)/entries/(\d+)$`)
	roundWrite  = regexp.MustCompile(`^/g/([^/]+)/rounds/(\d+)/(close|undo|opening)$`)
	tableWrite  = regexp.MustCompile(`^/g/([^/]+)/rounds/(\d+)/table$`)
	versionKeys = map[string]string{"close": "version", "undo": "version", "opening": "version"}
)

// asShown fills in what a form's page would have shown, where the form
// leaves it out: the entry's, round's or opening's version, or the
// table's count of actions.
func (a *testApp) asShown(path string, f url.Values) url.Values {
	a.t.Helper()
	f = maps.Clone(f)
	if f == nil {
		f = url.Values{}
	}
	// A page that can't be drawn (a link gone or view-only) sends what
	// the test gave.
	load := func(link string) (app.Sheet, bool) {
		sh, err := a.store.Sheet(context.Background(), link)
		return sh, err == nil && !sh.Game.ViewOnly
	}
	if m := entryPath.FindStringSubmatch(path); m != nil && !f.Has("version") {
		sh, ok := load(m[1])
		if !ok {
			return f
		}
		n, _ := strconv.Atoi(m[2])
		id, _ := strconv.Atoi(m[3])
		f.Set("version", strconv.FormatInt(sh.Version(n, sh.Game.SeatOf(id)), 10))
	}
	if m := roundWrite.FindStringSubmatch(path); m != nil && !f.Has(versionKeys[m[3]]) {
		sh, ok := load(m[1])
		if !ok {
			return f
		}
		n, _ := strconv.Atoi(m[2])
		if m[3] == "opening" {
			f.Set("version", openedVersion(sh.Opening(n)))
		} else {
			f.Set("version", strconv.FormatInt(sh.RoundVersion(n), 10))
		}
	}
	if m := tableWrite.FindStringSubmatch(path); m != nil && !f.Has("seq") {
		n, _ := strconv.Atoi(m[2])
		if t, err := a.store.Table(context.Background(), m[1], n); err == nil {
			f.Set("seq", strconv.Itoa(len(t.Log)))
		}
	}
	return f
}

// postBare sends a form exactly as given, as a script might.
func (a *testApp) postBare(path string, form url.Values, htmx bool) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin") // as a browser sends it from the app's own page
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	return a.do(req)
}

func form(kv ...string) url.Values {
	f := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		f.Add(kv[i], kv[i+1])
	}
	return f
}

// createGame sets up a game night and returns its path.
func (a *testApp) createGame(set string, players ...string) string {
	a.t.Helper()
	r := a.post("/games", form("name", "Friday", "date", "2026-11-28", "players", strings.Join(players, "\n"), "set", set))
	if r.code != http.StatusSeeOther {
		a.t.Fatalf("POST /games = %d, want 303:\n%s", r.code, r.body)
	}
	return r.header.Get("Location")
}

// sheet loads a game's stored state, history included.
func (a *testApp) sheet(path string) app.Sheet {
	a.t.Helper()
	sh, err := sheetWithHistory(context.Background(), a.store, strings.TrimPrefix(path, "/g/"))
	if err != nil {
		a.t.Fatal(err)
	}
	return sh
}

// expect fails unless the response has the status and every snippet.
// Snippets suit bodies that are not HTML; a page is read with testid.
func expect(t *testing.T, what string, r response, code int, snippets ...string) {
	t.Helper()
	if r.code != code {
		t.Fatalf("%s: status %d, want %d; body:\n%.2000s", what, r.code, code, r.body)
	}
	for _, s := range snippets {
		if !strings.Contains(r.body, s) {
			t.Fatalf("%s: body lacks %q:\n%.3000s", what, s, r.body)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// refusalOf is the refusal err carries, which must be for the rule code:
// what a test expects a page to show, in the words of the referee or the
// catalog that worded it.
func refusalOf(t *testing.T, err error, code app.Code) *app.Error {
	t.Helper()
	e := app.From(err)
	if e == nil || e.Code != code {
		t.Fatalf("refusal = %v, want one for %q", err, code)
	}
	return e
}

// wired is the app on store, with the store publishing its news to the
// app's hub, as the command wires them.
func wired(store *db.Store, cfg Config) *echo.Echo {
	cfg.Hub = NewHub()
	store.Publish = cfg.Hub.Publish
	return New(store, cfg)
}
