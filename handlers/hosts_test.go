package handlers

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// getAs asks for path with the Host header host, as a browser that
// reached the app by that name sends it.
func (a *testApp) getAs(host, path string) response {
	a.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+path, nil)
	req.Host = host
	return a.do(req)
}

// port is the port the test server listens on.
func (a *testApp) port() string { return a.server.URL[strings.LastIndex(a.server.URL, ":")+1:] }

// TestHostIsChecked: without a configured origin, the links a page offers
// are built only from a Host the app answers to: its own names and
// addresses, names only a local network resolves, and those --hosts adds. Any other name (DNS rebinding) is
// refused with 421, and an overlong one with 400, before anything is drawn.
func TestHostIsChecked(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Hosts: []string{"Chickenfoot.Example.ORG"}})
	game := a.createGame("6", "Ann", "Bob")
	machine, _ := os.Hostname()
	for _, host := range []string{"localhost:" + a.port(), "127.0.0.1:" + a.port(), "[::1]:" + a.port(), "192.168.1.20:8080",
		"[fd00::20]", "chickenfoot.example.org", "CHICKENFOOT.example.org.:8080", "table.localhost", machine, machine + ".local:8080",
		"domino.lan", "laptop.home.arpa:8080", "pi.internal", "box.home"} {
		r := a.getAs(host, game)
		if got := expectTestID(t, "Host "+host, r, http.StatusOK, "edit-link", "").attr("href"); got != "http://"+host+game {
			t.Errorf("Host %s: the edit link is %q, want %q", host, got, "http://"+host+game)
		}
	}
	for _, host := range []string{"evil.example", "evil.example:" + a.port(), "localhost.evil.example", "domino.lan.evil.example",
		"example.org", "lan", "local.example"} {
		r := a.getAs(host, game)
		expectProblem(t, "Host "+host, r, http.StatusMisdirectedRequest, say("host-unknown", referee.Params{"Host": strings.Split(host, ":")[0]}))
		if view := a.viewLink(game); strings.Contains(r.body, strings.TrimPrefix(view, "/g/")) || len(r.testid("qr")) > 0 {
			t.Errorf("Host %s: the refusal shows the night's links", host)
		}
	}
	for _, n := range []int{1000, 2900} {
		host := strings.Repeat("a", n) + ".example"
		r := a.getAs(host, game)
		expectProblem(t, "a Host of "+itoa(n)+" characters", r, http.StatusBadRequest, say("host-bad", nil))
		if len(r.body) > 20<<10 || strings.Contains(r.body, host) {
			t.Errorf("a Host of %d characters: %d bytes answered, echoing it %v", n, len(r.body), strings.Contains(r.body, host))
		}
	}
	for _, host := range []string{"a..b", "-a.example", "a:port", "[::1"} {
		expectProblem(t, "Host "+host, a.getAs(host, game), http.StatusBadRequest, say("host-bad", nil))
	}
}

// TestOriginIsConfigured: with a public origin, share links and QR codes
// come from it, whatever Host the request came with; the origin's own
// name is one the app answers to.
func TestOriginIsConfigured(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Origin: "https://domino.example"})
	game := a.createGame("6", "Ann", "Bob")
	for _, host := range []string{"domino.example", "127.0.0.1:" + a.port(), "localhost"} {
		r := a.getAs(host, game)
		if got := expectTestID(t, "Host "+host, r, http.StatusOK, "edit-link", "").attr("href"); got != "https://domino.example"+game {
			t.Errorf("Host %s: the edit link is %q, want it from the origin", host, got)
		}
	}
	expect(t, "another name", a.getAs("evil.example", game), http.StatusMisdirectedRequest)
	// A browser too old for Sec-Fetch-Site, through a proxy that passes
	// the app its own address as the Host: the origin is the app's own.
	for origin, want := range map[string]int{"https://domino.example": http.StatusSeeOther, "https://evil.example": http.StatusForbidden} {
		req, _ := http.NewRequest(http.MethodPost, a.server.URL+"/groups", strings.NewReader("name=Club"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", origin)
		expect(t, "a post from "+origin, a.do(req), want)
	}
	r := a.post("/groups", form("name", "Club"))
	group := r.header.Get("Location")
	if got := expectTestID(t, "the table's page", a.getAs("localhost", group), http.StatusOK, "group-link", "").attr("href"); got != "https://domino.example"+group {
		t.Errorf("the table's link is %q, want it from the origin", got)
	}
}

func TestParseOrigin(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://domino.example":       "https://domino.example",
		"https://Domino.Example/":      "https://domino.example",
		"http://192.168.1.20:8080":     "http://192.168.1.20:8080",
		"https://[2001:db8::1]:8443/":  "https://[2001:db8::1]:8443",
		"https://domino.example:443":   "https://domino.example:443",
		"ftp://domino.example":         "",
		"domino.example":               "",
		"https://domino.example/chick": "",
		"https://domino.example/?a=1":  "",
		"https://user@domino.example":  "",
		"https://":                     "",
		"https://evil.example#x":       "",
		"https://a b.example":          "",
	} {
		got, err := ParseOrigin(in)
		if (err != nil) != (want == "") || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
}
