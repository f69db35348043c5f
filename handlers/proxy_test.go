package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// TestProxyScheme: behind a TLS proxy (--behind-proxy) the scheme the
// proxy forwards is believed for every cookie and for the share links;
// without --behind-proxy no forwarded scheme is, for any of them.
func TestProxyScheme(t *testing.T) {
	t.Parallel()
	for _, behind := range []bool{true, false} {
		a := newAppWith(t, nil, Config{Passphrase: passphrase, BehindProxy: behind})
		send := func(method, path string, body string) response {
			t.Helper()
			req, _ := http.NewRequest(method, a.server.URL+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("X-Forwarded-Proto", "https")
			req.Header.Set("X-Forwarded-Ssl", "on")
			req.Header.Set("X-Url-Scheme", "https")
			return a.do(req)
		}
		cookies := map[string]bool{}
		for _, r := range []response{
			send(http.MethodPost, "/unlock", form("passphrase", passphrase, "next", "/").Encode()),
			send(http.MethodPost, "/lang", form("lang", "da", "back", "/").Encode()),
			send(http.MethodPost, "/groups", form("name", "Club").Encode()),
		} {
			for _, c := range (&http.Response{Header: r.header}).Cookies() {
				cookies[c.Name] = c.Secure
			}
		}
		for _, name := range []string{unlockCookie, langCookie, deviceCookie} {
			secure, set := cookies[name]
			if !set || secure != behind {
				t.Errorf("behind a proxy %v: cookie %s set %v, Secure %v, want Secure %v", behind, name, set, secure, behind)
			}
		}
		game := a.createGame("6", "Ann", "Bob")
		want := "http://"
		if behind {
			want = "https://"
		}
		if got := expectTestID(t, "the game page", send(http.MethodGet, game, ""), http.StatusOK, "edit-link", "").attr("href"); !strings.HasPrefix(got, want) {
			t.Errorf("behind a proxy %v: the edit link is %q, want it to start %s", behind, got, want)
		}
	}
}
