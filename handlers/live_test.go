package handlers

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"chickenfoot/db"
	"chickenfoot/db/app"
)

// sseEvent is one event read from a stream.
type sseEvent struct{ id, name string }

// stream is an open stream of a game's events, read in the background.
type stream struct {
	t      *testing.T
	resp   *http.Response
	events chan sseEvent
	beats  chan struct{} // a comment line: the heartbeat
	ended  chan struct{} // the server ended the stream
}

// openStream follows path's events, as from the id last when it is set.
func openStream(t *testing.T, base, path, last string) *stream {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Accept-Encoding", "gzip")
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatalf("GET %s/events: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		t.Fatalf("GET %s/events = %d, want 200", path, resp.StatusCode)
	}
	s := &stream{t: t, resp: resp, events: make(chan sseEvent, 256), beats: make(chan struct{}, 256), ended: make(chan struct{})}
	go s.read()
	t.Cleanup(s.close)
	return s
}

func (s *stream) read() {
	defer close(s.ended)
	var ev sseEvent
	for lines := bufio.NewScanner(s.resp.Body); lines.Scan(); {
		line := lines.Text()
		field, value, _ := strings.Cut(line, ": ")
		switch {
		case line == "":
			if ev.name != "" {
				s.events <- ev
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, ":"):
			s.beats <- struct{}{}
		case field == "id":
			ev.id = value
		case field == "event":
			ev.name = value
		}
	}
}

func (s *stream) close() { s.resp.Body.Close() }

// want reads events until it has seen every name in names, and returns
// the id of the last event read.
func (s *stream) want(names ...string) string {
	s.t.Helper()
	missing := slices.Clone(names)
	var got []string
	last := ""
	deadline := time.After(3 * time.Second)
	for len(missing) > 0 {
		select {
		case ev := <-s.events:
			got, last = append(got, ev.name), ev.id
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == ev.name })
		case <-deadline:
			s.t.Fatalf("stream: got events %q, still waiting for %q", got, missing)
		}
	}
	return last
}

// quiet checks that no event comes for a while.
func (s *stream) quiet(what string) {
	s.t.Helper()
	select {
	case ev := <-s.events:
		s.t.Fatalf("%s: event %q (id %s) arrived, want none", what, ev.name, ev.id)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestStreamFollowsWrites: every kind of write makes its events arrive on
// the streams of its game, and on no other game's.
func TestStreamFollowsWrites(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	other := a.createGame("6", "Cy", "Di")
	mine, theirs := openStream(t, a.server.URL, g, ""), openStream(t, a.server.URL, other, "")
	table := g + "/rounds/1/table"
	for _, step := range []struct {
		name  string
		write func() response
		want  []string
	}{
		{"opening", func() response { return a.postHTMX(g+"/rounds/1/opening", form("setter", "1", "double", "6")) },
			[]string{"round-1-opening", "round-1-table"}},
		{"entry", func() response { return a.postHTMX(g+"/rounds/1/entries/0", form("pips", "12", "open", "1")) },
			[]string{"round-1-entry-0", "round-1-actions", "round-1-history", "sheet"}},
		{"undo", func() response { return a.postHTMX(g+"/rounds/1/undo", form()) },
			[]string{"round-1-entry-0", "round-1-actions", "round-1-history", "sheet"}},
		{"table: a draw", func() response { return a.postHTMX(table, form("player", "0", "kind", "draw")) },
			[]string{"round-1-table"}},
		{"table: a take-back of nothing is refused", nil, nil},
		{"entries", func() response {
			a.postHTMX(g+"/rounds/1/entries/0", form("pips", "12", "open", "1"))
			return a.postHTMX(g+"/rounds/1/entries/1", form("went_out", "1", "open", "1"))
		}, []string{"round-1-entry-0", "round-1-entry-1"}},
		{"close", func() response { return a.postHTMX(g+"/rounds/1/close", form()) },
			[]string{"round-1-closed", "sheet", "game"}},
		{"correction", func() response { return a.postHTMX(g+"/rounds/1/entries/0", form("pips", "9", "by", "Bob")) },
			[]string{"round-1-entry-0", "round-1-history", "sheet"}},
		{"table of the next round: its double set down", func() response {
			return a.postHTMX(g+"/rounds/2/table", form("player", "0", "kind", "play", "tile", "5-5"))
		}, []string{"round-2-table", "round-2-opening"}},
	} {
		if step.write == nil { // a refused write publishes nothing
			expect(t, step.name, a.postHTMX(table, form("player", "1", "kind", "take-back")), http.StatusUnprocessableEntity)
			mine.quiet(step.name)
			continue
		}
		expect(t, step.name, step.write(), http.StatusOK)
		mine.want(step.want...)
	}
	theirs.quiet("another game's stream")
}

// TestStreamCatchUp: a phone coming back with the last id it saw gets
// what it missed, each part once; a new page gets what changed since the
// id it was rendered with.
func TestStreamCatchUp(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob", "Cy")
	s := openStream(t, a.server.URL, g, "")
	a.postHTMX(g+"/rounds/1/entries/0", form("pips", "12", "open", "1"))
	last := s.want("round-1-entry-0", "round-1-actions", "round-1-history", "sheet")
	s.close()

	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "3", "open", "1"))
	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "4", "open", "1"))
	a.postHTMX(g+"/rounds/1/opening", form("setter", "2", "double", "6"))
	back := openStream(t, a.server.URL, g, last)
	back.want("round-1-entry-1", "round-1-actions", "round-1-history", "sheet", "round-1-opening", "round-1-table")
	back.quiet("after the catch-up") // each part once, however often it changed

	// A page carries the id it was rendered at, and follows from there.
	page := a.get(g)
	since := between(page.body, "/events?since=", `"`)
	a.postHTMX(g+"/rounds/1/entries/2", form("pips", "5", "open", "1"))
	fromPage := openStream(t, a.server.URL, g, "")
	fromPage.quiet("a stream with no id") // it catches nothing up
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+g+"/events?since="+since, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	rendered := &stream{t: t, resp: resp, events: make(chan sseEvent, 64), beats: make(chan struct{}, 64), ended: make(chan struct{})}
	go rendered.read()
	t.Cleanup(rendered.close)
	rendered.want("round-1-entry-2", "sheet")
}

// between is the text of s after start and before the next end.
func between(s, start, end string) string {
	_, after, ok := strings.Cut(s, start)
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, end)
	return before
}

// TestStreamRefreshWhenTooOld: an id the server no longer keeps the
// events after (from before a restart, or older than the last ringSize
// events) gets one refresh.
func TestStreamRefreshWhenTooOld(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	s := openStream(t, a.server.URL, g, "")
	a.postHTMX(g+"/rounds/1/entries/0", form("pips", "1", "open", "1"))
	first := s.want("round-1-entry-0")
	for i := range ringSize / 4 {
		a.postHTMX(g+"/rounds/1/entries/0", form("pips", itoa(i+2), "open", "1"))
	}
	s.want("sheet")
	for _, id := range []string{first, "run0-1", "nonsense", first + "9999"} {
		again := openStream(t, a.server.URL, g, id)
		again.want(eventRefresh)
		again.quiet("after the refresh of " + id)
	}
}

// TestStreamCap: a client may hold StreamsPerClient streams at once; one
// more is refused with 429 and says why, until one closes.
func TestStreamCap(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	streams, endStreams := context.WithCancel(context.Background())
	srv := httptest.NewServer(wired(store, Config{StreamsPerClient: 2, Stop: streams}))
	t.Cleanup(func() { endStreams(); srv.Close(); store.Close() })
	a := &testApp{t: t, store: store, server: srv, client: srv.Client()}
	a.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	g := a.createGame("6", "Ann", "Bob")

	one := openStream(t, srv.URL, g, "")
	openStream(t, srv.URL, g, "")
	r := a.get(g + "/events")
	expect(t, "a third stream", r, http.StatusTooManyRequests, "2 pages are already following")
	one.close()
	<-one.ended
	// The server sees the close a moment later; then a stream is let in
	// again (the probe is that stream).
	deadline := time.Now().Add(3 * time.Second)
	status := a.getStatusOnly(g + "/events")
	for status == http.StatusTooManyRequests && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		status = a.getStatusOnly(g + "/events")
	}
	if status != http.StatusOK {
		t.Fatalf("after a stream closed, another answered %d, want 200", status)
	}
}

// getStatusOnly starts a GET and answers its status without reading on.
func (a *testApp) getStatusOnly(path string) int {
	a.t.Helper()
	resp, err := http.Get(a.server.URL + path)
	if err != nil {
		a.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestStreamEndsOnShutdown: shutting the server down ends its streams
// instead of waiting for them.
func TestStreamEndsOnShutdown(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	streams, endStreams := context.WithCancel(context.Background())
	srv := httptest.NewUnstartedServer(wired(store, Config{Stop: streams}))
	srv.Config.RegisterOnShutdown(endStreams)
	srv.Start()
	t.Cleanup(srv.Close)
	a := &testApp{t: t, store: store, server: srv, client: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	s := openStream(t, srv.URL, a.createGame("6", "Ann", "Bob"), "")

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	if err := srv.Config.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown = %v after %v, want nil: a stream held it up", err, time.Since(start))
	}
	select {
	case <-s.ended:
	case <-time.After(time.Second):
		t.Fatal("the stream is still open after shutdown")
	}
}

// TestStreamOutlivesTimeouts: a stream lasts past the server's read and
// write timeouts, says it is alive while quiet, and still delivers.
func TestStreamOutlivesTimeouts(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	streams, endStreams := context.WithCancel(context.Background())
	srv := httptest.NewUnstartedServer(wired(store, Config{Stop: streams, Heartbeat: 100 * time.Millisecond}))
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond
	srv.Start()
	t.Cleanup(func() { endStreams(); srv.Close(); store.Close() })
	a := &testApp{t: t, store: store, server: srv, client: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	g := a.createGame("6", "Ann", "Bob")
	s := openStream(t, srv.URL, g, "")
	time.Sleep(time.Second)
	select {
	case <-s.ended:
		t.Fatal("the stream ended at the server's timeouts")
	default:
	}
	if len(s.beats) < 5 {
		t.Errorf("%d heartbeats in a second, want one every 100 ms", len(s.beats))
	}
	a.postHTMX(g+"/rounds/1/entries/0", form("pips", "7", "open", "1"))
	s.want("round-1-entry-0")
}

// TestStreamHead: HEAD answers the stream's headers and no body; the
// stream is never compressed, and a game that doesn't exist has none.
func TestStreamHead(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	head, after := a.rawHead(g + "/events")
	if head.StatusCode != http.StatusOK || head.Header.Get("Content-Type") != "text/event-stream" || len(after) > 0 {
		t.Errorf("HEAD events = %d %q with %d bytes, want 200 text/event-stream and no body", head.StatusCode, head.Header.Get("Content-Type"), len(after))
	}
	s := openStream(t, a.server.URL, g, "")
	if ce := s.resp.Header.Get("Content-Encoding"); ce != "" {
		t.Errorf("the stream is sent with Content-Encoding %q, want none", ce)
	}
	if cc := s.resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("the stream's Cache-Control = %q, want no-store", cc)
	}
	expect(t, "no such game", a.get("/g/nosuchgame/events"), http.StatusNotFound)
}

// TestMainPartVersion: the game page's main part names the version of
// what it shows. An answer that draws it, or sends it out of band, names
// the version a fresh page does, so the phone that made a change does not
// draw it again when the stream brings news of it; each change the main
// part is fetched for makes a new version.
func TestMainPartVersion(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("name", "Friday", "date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "burn"))
	expect(t, "a game on double-6", r, http.StatusSeeOther)
	game := r.header.Get("Location")
	version := func(r response) string { return r.byID("live-main").attr("data-live-version") }
	after := map[string]string{} // version: the step that made it
	page := func(step string) string {
		t.Helper()
		v := version(a.get(game))
		if v == "" {
			t.Fatalf("after %s the main part names no version", step)
		}
		if was, ok := after[v]; ok {
			t.Errorf("after %s the main part's version is %q, as after %s", step, v, was)
		}
		after[v] = step
		return v
	}
	answer := func(step string, r response) {
		t.Helper()
		if got, want := version(r), page(step); got != want {
			t.Errorf("the answer to %s names version %q, a fresh page %q", step, got, want)
		}
	}
	page("setup")

	burn := a.postHTMX(game+"/rounds/1/opening", form("setter", "1", "double", "1", "burn", "1"))
	if !burn.byID("live-main").has("hx-swap-oob") {
		t.Errorf("the answer to a burn sends no main part's version out of band:\n%s", burn.body)
	}
	answer("a burn", burn)
	a.postHTMX(game+"/rounds/1/entries/0", form("went_out", "1"))
	a.postHTMX(game+"/rounds/1/entries/1", form("pips", "7"))
	page("the entries")
	answer("a round closed", a.postHTMX(game+"/rounds/1/close", form()))
	expect(t, "Cy joins", a.post(game+"/players", form("name", "Cy")), http.StatusSeeOther)
	page("a join")
	expect(t, "Bob leaves", a.post(game+"/players/leave", form("confirm", "1", "player", "1")), http.StatusSeeOther)
	page("a leave")
	a.postHTMX(game+"/rounds/2/entries/0", form("went_out", "1"))
	a.postHTMX(game+"/rounds/2/entries/2", form("pips", "3")) // Bob is gone, Cy plays
	answer("the last round closed", a.postHTMX(game+"/rounds/2/close", form()))
	expect(t, "a correction", a.postHTMX(game+"/rounds/2/entries/2", form("pips", "4", "by", "Ann")), http.StatusOK)
	page("a correction after the end")
}

// TestLowerOpeningNews: a round the live table opened on a lower double
// changes the ladder, so every game page is told to show itself again;
// a plain start tells only the round's parts.
func TestLowerOpeningNews(t *testing.T) {
	t.Parallel()
	lower := newsEvents(app.News{Kind: app.NewsTable, Round: 1, Seat: -1, Opening: true, Whole: true})
	plain := newsEvents(app.News{Kind: app.NewsTable, Round: 1, Seat: -1, Opening: true})
	if !slices.Contains(lower, eventGame) || slices.Contains(plain, eventGame) {
		t.Fatalf("events: lower start %v, plain start %v; want the game's event for the lower one only", lower, plain)
	}
}

// TestNamesNews: a player renamed or merged in the group is named in
// every part of the night's pages, so each is told to show itself again.
func TestNamesNews(t *testing.T) {
	t.Parallel()
	if got := newsEvents(app.News{Kind: app.NewsNames, Game: 1, Seat: -1, Player: -1}); !slices.Equal(got, []string{eventRefresh}) {
		t.Fatalf("newsEvents(names changed) = %v, want %v", got, []string{eventRefresh})
	}
}
