package handlers

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestWriteLimit: past its burst a client's posts are refused with 429,
// a message and Retry-After, in a page or, for htmx, a fragment; reads
// and other clients are not held back.
func TestWriteLimit(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{WritesPerSecond: 0.01, WriteBurst: 3, BehindProxy: true})
	g := a.createGame("6", "Ann", "Bob")
	expect(t, "write 2", a.post(g+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	expect(t, "write 3", a.post(g+"/rounds/1/entries/1", form("pips", "7")), http.StatusSeeOther)
	r := a.post(g+"/rounds/1/entries/0", form("pips", "9"))
	expectProblem(t, "write 4", r, http.StatusTooManyRequests, say("too-many", nil))
	if got := r.header.Get("Retry-After"); got != "100" {
		t.Fatalf("write 4: Retry-After %q, want 100 (one write per 100 s)", got)
	}
	if e := a.sheet(g).Rounds[0].Entries[0]; e == nil || e.Pips != 5 {
		t.Fatalf("a refused write changed the entry: %+v", e)
	}
	r = a.postHTMX(g+"/rounds/1/entries/0", form("pips", "9"))
	expectProblem(t, "an htmx write past the limit", r, http.StatusTooManyRequests, say("too-many", nil))
	if r.header.Get("HX-Reswap") != "none" || strings.Contains(r.body, "<html") {
		t.Fatalf("an htmx write past the limit: HX-Reswap %q, want none and a fragment:\n%s", r.header.Get("HX-Reswap"), r.body)
	}
	expectTestID(t, "a read past the write limit", a.get(g+"/rounds/1"), http.StatusOK, "round-page", "")

	req, _ := http.NewRequest(http.MethodPost, a.server.URL+g+"/rounds/1/entries/1", strings.NewReader(form("pips", "8", "version", strconv.FormatInt(a.sheet(g).Version(1, 1), 10)).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", "203.0.113.9") // another client behind a proxy on this machine
	expect(t, "another client's write", a.do(req), http.StatusSeeOther)
}

// TestWriteLimitDefault: with no setting a client gets a roomy burst (a
// whole table on one router) and is then held back; a negative rate
// turns the limit off.
func TestWriteLimitDefault(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		cfg   Config
		limit bool
	}{{"the default", Config{}, true}, {"off", Config{WritesPerSecond: -1}, false}} {
		a := newAppWith(t, nil, c.cfg)
		first := 0
		for i := 1; i <= 200 && first == 0; i++ {
			if a.tryPassphrase("", "/", "").code == http.StatusTooManyRequests {
				first = i
			}
		}
		switch {
		case c.limit && (first == 0 || first <= defaultWritesPerSecond*burstSeconds):
			t.Errorf("%s: the first write refused is number %d, want one after the burst of %d and within 200", c.name, first, defaultWritesPerSecond*burstSeconds)
		case !c.limit && first != 0:
			t.Errorf("%s: write %d was refused, want none", c.name, first)
		}
	}
}

// TestForwardedForIgnored: without --behind-proxy a client can't pass for
// another by writing X-Forwarded-For; the limit counts its own address.
func TestForwardedForIgnored(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{WritesPerSecond: 0.01, WriteBurst: 2})
	g := a.createGame("6", "Ann", "Bob")
	expect(t, "a write", a.post(g+"/rounds/1/entries/0", form("pips", "4")), http.StatusSeeOther)
	for i, addr := range []string{"203.0.113.9", "198.51.100.7"} {
		req, _ := http.NewRequest(http.MethodPost, a.server.URL+g+"/rounds/1/entries/1", strings.NewReader(form("pips", itoa(5+i)).Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("X-Forwarded-For", addr)
		if r := a.do(req); r.code != http.StatusTooManyRequests {
			t.Fatalf("a write claiming to come from %s: %d, want 429: the header was believed", addr, r.code)
		}
	}
}
