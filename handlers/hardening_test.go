package handlers

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"chickenfoot/db/app"
)

// securityHeaders are the headers every response carries, whatever its
// status, and what each must hold.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'",
	"X-Frame-Options":         "DENY",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// checkSecurityHeaders fails unless h carries every security header.
func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for name, want := range securityHeaders {
		if got := h.Get(name); !strings.Contains(got, want) {
			t.Errorf("%s: %s = %q, want %q", what, name, got, want)
		}
	}
}

// TestSecurityHeadersOnEveryResponse walks answers of every kind (pages,
// assets, the health check, and each refusal: 400, 403, 404, 405, 409,
// 413, 422) and proves each carries the security headers.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	req := func(method, path, body string, header ...string) *http.Request {
		r, _ := http.NewRequest(method, a.server.URL+path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		return r
	}
	same := []string{"Sec-Fetch-Site", "same-origin"}
	cases := []struct {
		name string
		req  *http.Request
		code int
	}{
		{"a page", req("GET", g, ""), http.StatusOK},
		{"a fragment", req("GET", g+"/rounds/1/entries/0/tiles", "", "HX-Request", "true"), http.StatusOK},
		{"an asset", req("GET", "/static/app.css", ""), http.StatusOK},
		{"the health check", req("GET", "/healthz", ""), http.StatusOK},
		{"HEAD of a page", req("HEAD", "/", ""), http.StatusOK},
		{"a post", req("POST", g+"/rounds/1/entries/0", "pips=5&version=0", same...), http.StatusSeeOther},
		{"bad input", req("POST", g+"/rounds/1/entries/1", "pips=lots", same...), http.StatusBadRequest},
		{"bad input from htmx", req("POST", g+"/rounds/1/entries/1", "pips=lots", "Sec-Fetch-Site", "same-origin", "HX-Request", "true"), http.StatusBadRequest},
		{"a cross-origin post", req("POST", g+"/rounds/1/entries/1", "pips=5", "Sec-Fetch-Site", "cross-site"), http.StatusForbidden},
		{"no such route", req("GET", "/nope", ""), http.StatusNotFound},
		{"no such game", req("GET", "/g/nope", ""), http.StatusNotFound},
		{"no such asset", req("GET", "/static/nope.css", ""), http.StatusNotFound},
		{"HEAD of no such route", req("HEAD", "/nope", ""), http.StatusNotFound},
		{"a method the route lacks", req("PUT", "/games", "", same...), http.StatusMethodNotAllowed},
		{"a post to a page", req("POST", "/", "", same...), http.StatusMethodNotAllowed},
		{"a stale change", req("POST", g+"/rounds/1/entries/0", "pips=7&version=0", same...), http.StatusConflict},
		{"a body too large", req("POST", g+"/rounds/1/entries/1", "pips="+strings.Repeat("9", 100_000), same...), http.StatusRequestEntityTooLarge},
		{"a rule refused", req("POST", g+"/rounds/1/close", "version=0", same...), http.StatusUnprocessableEntity},
	}
	for _, c := range cases {
		r := a.do(c.req)
		if r.code != c.code {
			t.Errorf("%s (%s %s): status %d, want %d", c.name, c.req.Method, c.req.URL.Path, r.code, c.code)
		}
		checkSecurityHeaders(t, c.name, r.header)
	}

	// Faults of ours: a store that fails, and one that panics.
	var logged bytes.Buffer
	failing := New(failingStore{Store: a.store}, Config{Log: slog.New(slog.NewTextHandler(&logged, nil))})
	rec := httptest.NewRecorder()
	failing.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("a store error: status %d, want 500", rec.Code)
	}
	// The 500 must come from the store's error, handled, not from a panic
	// or another fault: the log names it, the page does not.
	if !strings.Contains(logged.String(), errDiskOnFire.Error()) || strings.Contains(logged.String(), "PANIC") {
		t.Errorf("a store error: the log reads %q, want the store's error %q and no panic", logged.String(), errDiskOnFire)
	}
	if strings.Contains(rec.Body.String(), errDiskOnFire.Error()) {
		t.Errorf("a store error: the page shows it: %.300s", rec.Body.String())
	}
	checkSecurityHeaders(t, "a store error", rec.Header())

	panicking := New(downStore{}, Config{})
	panicking.Logger.SetOutput(io.Discard) // the recovered panic's stack
	rec = httptest.NewRecorder()
	panicking.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("a panic: status %d, want 500", rec.Code)
	}
	checkSecurityHeaders(t, "a panic", rec.Header())
}

// errDiskOnFire is the error failingStore returns.
var errDiskOnFire = errors.New("disk on fire")

// failingStore is a working store whose read of the home page's list of
// game nights fails.
type failingStore struct{ Store }

// failingStore's overrides must be methods of Store: were one renamed or
// dropped there, the override would shadow nothing and inject no failure,
// so this stops the build instead.
var _ interface {
	Nights(ctx context.Context, device string, limit int) ([]app.Summary, error)
} = Store(nil)

func (failingStore) Nights(context.Context, string, int) ([]app.Summary, error) {
	return nil, errDiskOnFire
}

// TestHeadWhereverGet walks every GET route: HEAD answers with GET's
// status and content type, and no body.
func TestHeadWhereverGet(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	grp, err := a.store.CreateGroup(context.Background(), "Club", "")
	if err != nil {
		t.Fatal(err)
	}
	r := a.post("/games", form("date", "2026-11-20", "players", "Ann\nBob", "set", "6", "group", grp.Slug))
	g := r.header.Get("Location")
	people, err := a.store.People(context.Background(), grp.ID)
	if err != nil || len(people) != 2 {
		t.Fatalf("the table's people: %v, %v", people, err)
	}
	params := strings.NewReplacer(":slug", strings.TrimPrefix(g, "/g/"), ":n", "1", ":player", "0", "*", "app.css",
		":group", grp.Slug, ":id", strconv.FormatInt(people[0].ID, 10), ":format", "csv", ":tag", "da")
	// A Straight night's own routes, on a Straight night with a line.
	straight := a.createStraight()
	if _, err := a.store.StraightScore(context.Background(), strings.TrimPrefix(straight, "/g/"), app.StraightPlay{Seen: 0, Player: 0, Points: 5}); err != nil {
		t.Fatal(err)
	}
	straightParams := strings.NewReplacer(":slug", strings.TrimPrefix(straight, "/g/"), ":n", "1")
	checked := 0
	for _, route := range a.echo.Routes() {
		if route.Method != http.MethodGet || route.Path == eventsRoute { // a stream never ends: TestStreamHead
			continue
		}
		checked++
		path := params.Replace(route.Path)
		if strings.Contains(route.Path, "/straight/") {
			path = straightParams.Replace(route.Path)
		}
		if strings.HasSuffix(path, "/check") && path != "/check" {
			path += "?tile=6-3&on=6-6"
		}
		get := a.get(path)
		if get.code != http.StatusOK && route.Path != "/unlock" { // unlocked already: it sends the browser on
			t.Errorf("GET %s (route %s) = %d: fill in its parameters", path, route.Path, get.code)
		}
		head, after := a.rawHead(path)
		if head.StatusCode != get.code {
			t.Errorf("HEAD %s (route %s) = %d, want %d as GET", path, route.Path, head.StatusCode, get.code)
		}
		if len(after) > 0 {
			t.Errorf("HEAD %s sent %d bytes after its headers: %.100q", path, len(after), after)
		}
		if ht, gt := head.Header.Get("Content-Type"), get.header.Get("Content-Type"); ht != gt {
			t.Errorf("HEAD %s: Content-Type %q, want %q as GET", path, ht, gt)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d GET routes found", checked)
	}
}

// rawHead sends HEAD path on a connection of its own and reads until the
// server closes it: the response, and every byte after its headers (an
// HTTP client would never show those).
func (a *testApp) rawHead(path string) (*http.Response, []byte) {
	a.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(a.server.URL, "http://"))
	if err != nil {
		a.t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "HEAD %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, conn.RemoteAddr())
	all, err := io.ReadAll(conn)
	if err != nil {
		a.t.Fatalf("HEAD %s: %v", path, err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(all)), &http.Request{Method: http.MethodHead})
	if err != nil {
		a.t.Fatalf("HEAD %s: %v", path, err)
	}
	_, after, _ := bytes.Cut(all, []byte("\r\n\r\n"))
	return resp, after
}

// TestHealthz: the health check reads and writes the real database, and
// says plainly when it can't.
func TestHealthz(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	expect(t, "GET /healthz", a.get("/healthz"), http.StatusOK, "ok")
	if r, after := a.rawHead("/healthz"); r.StatusCode != http.StatusOK || len(after) > 0 {
		t.Errorf("HEAD /healthz = %d with %q, want 200 and no body", r.StatusCode, after)
	}

	e := New(downStore{}, Config{})
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/healthz", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != say("health-down", nil)+"\n" {
		t.Errorf("GET /healthz with the database down = %d, %q, want 503 and %q", rec.Code, rec.Body.String(), say("health-down", nil))
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("GET /healthz with the database down: Content-Type %q, want text/plain", ct)
	}
}
