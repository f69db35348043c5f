package handlers

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestPagesCompressed: a page of compressFrom (8 KB) and more goes gzipped to a client
// that takes it and as it is to one that doesn't, the same page either
// way; a short answer and an error page go as they are, readable; a HEAD
// gets the headers of its GET and no body.
func TestPagesCompressed(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")

	plain, plainBody := fetch(t, a, http.MethodGet, game)
	zipped, zippedBody := fetch(t, a, http.MethodGet, game, "Accept-Encoding", "gzip, deflate, br")
	if plain.StatusCode != http.StatusOK || zipped.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d and %d, want 200", game, plain.StatusCode, zipped.StatusCode)
	}
	if len(plainBody) < compressFrom {
		t.Fatalf("the game page is %d bytes: too short to test compression", len(plainBody))
	}
	if got := plain.Header.Get("Content-Encoding"); got != "" {
		t.Errorf("no Accept-Encoding: Content-Encoding %q, want none", got)
	}
	if got := zipped.Header.Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Accept-Encoding gzip: Content-Encoding %q, want gzip", got)
	}
	// A page goes in one piece with its length, not in chunks; the
	// compressed one is not sent with the length of the page unpacked.
	if plain.ContentLength != int64(len(plainBody)) || len(plain.TransferEncoding) > 0 {
		t.Errorf("a page of %d bytes: Content-Length %d, Transfer-Encoding %q; want its length, not chunked",
			len(plainBody), plain.ContentLength, plain.TransferEncoding)
	}
	if zipped.ContentLength == int64(len(plainBody)) {
		t.Errorf("a compressed page carries the length of the page unpacked, %d", zipped.ContentLength)
	}
	if got := strings.Join(zipped.Header.Values("Vary"), ", "); !strings.Contains(got, "Accept-Encoding") {
		t.Errorf("a compressed page: Vary %q, want Accept-Encoding", got)
	}
	if len(zippedBody)*3 > len(plainBody) {
		t.Errorf("the page is %d bytes gzipped, %d as it is: want a third or less", len(zippedBody), len(plainBody))
	}
	formID := regexp.MustCompile(`name="form" value="[^"]*"`) // one-time form ids differ from page to page
	same := func(b []byte) string { return formID.ReplaceAllString(string(b), `name="form"`) }
	if got := same(decode(t, "gzip", zippedBody)); got != same(plainBody) {
		t.Errorf("the gzipped page unpacks to something else than the page:\n%.300s", got)
	}
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options"} {
		if zipped.Header.Get(h) == "" {
			t.Errorf("a compressed page lacks %s", h)
		}
	}

	head, headBody := fetch(t, a, http.MethodHead, game, "Accept-Encoding", "gzip")
	if head.StatusCode != http.StatusOK || len(headBody) != 0 {
		t.Errorf("HEAD %s: %d with %d bytes, want 200 and no body", game, head.StatusCode, len(headBody))
	}
	// A move's answer to a page holding its keypad is short: it goes as
	// it is, with its length.
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+game+"/rounds/1/table", strings.NewReader(form("kind", "play", "player", "0", "tile", "9-9", "seq", "0").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	req.Header.Set(keptHeader, "keypad-1-9")
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	moved, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "" || resp.ContentLength != int64(len(moved)) || len(moved) >= compressFrom {
		t.Errorf("a move's answer: %d, Content-Encoding %q, Content-Length %d for %d bytes; want 200, as it is, with its length, under %d",
			resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.ContentLength, len(moved), compressFrom)
	}

	missing, missingBody := fetch(t, a, http.MethodGet, "/g/nosuchgamexxxxxxxxxxxxxxx", "Accept-Encoding", "gzip")
	if missing.StatusCode != http.StatusNotFound {
		t.Fatalf("an unknown game: %d, want 404", missing.StatusCode)
	}
	if body := decode(t, missing.Header.Get("Content-Encoding"), missingBody); !strings.Contains(string(body), "<html") {
		t.Errorf("the 404 page is not a page:\n%.300s", body)
	}

	short, shortBody := fetch(t, a, http.MethodGet, "/healthz", "Accept-Encoding", "gzip")
	if short.StatusCode != http.StatusOK || short.Header.Get("Content-Encoding") != "" || len(shortBody) == 0 {
		t.Errorf("/healthz: %d, Content-Encoding %q, %d bytes; want 200, as it is, readable",
			short.StatusCode, short.Header.Get("Content-Encoding"), len(shortBody))
	}
}
