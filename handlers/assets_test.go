package handlers

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"chickenfoot/static"
)

// fetch sends a request as it is, without the client adding
// Accept-Encoding or decompressing, and returns the answer and its body
// exactly as sent. header is key, value pairs.
func fetch(t *testing.T, a *testApp, method, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, a.server.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return resp, body
}

// asset is the embedded file called name, or the test stops.
func asset(t *testing.T, name string) *static.Asset {
	t.Helper()
	a, hashed, ok := static.Lookup(name)
	if !ok || hashed {
		t.Fatalf("static.Lookup(%q) = _, %v, %v, want a plain name found", name, hashed, ok)
	}
	return a
}

// decode undoes a Content-Encoding.
func decode(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch coding {
	case "":
		return body
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	default:
		t.Fatalf("Content-Encoding %q, want br, gzip or none", coding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", coding, err)
	}
	return out
}

var assetLink = regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)

func TestAssetLinksInPage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	page := a.get("/").body
	linked := map[string]bool{}
	for _, m := range assetLink.FindAllStringSubmatch(page, -1) {
		linked[m[1]] = true
	}
	for _, name := range []string{"app.css", "app.js", static.HTMX, "icon.svg", "icon-192.png"} {
		t.Run(name, func(t *testing.T) {
			want := asset(t, name)
			url := "/static/" + want.Hashed
			if !linked[url] {
				t.Fatalf("GET / links %v, want %s among them", linked, url)
			}
			resp, body := fetch(t, a, http.MethodGet, url)
			if resp.StatusCode != http.StatusOK || !bytes.Equal(body, want.Body) {
				t.Fatalf("GET %s = %d with %d bytes, want 200 with the %d embedded bytes", url, resp.StatusCode, len(body), len(want.Body))
			}
		})
	}
	for url := range linked {
		if _, hashed, ok := static.Lookup(strings.TrimPrefix(url, "/static/")); !ok || !hashed {
			t.Errorf("GET / links %s, want only hashed names of embedded files", url)
		}
	}
}

func TestAssetHeaders(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, tc := range []struct {
		name, contentType string
		vary              bool // the file has a compressed copy
	}{
		{"app.css", "text/css; charset=utf-8", true},
		{"app.js", "text/javascript; charset=utf-8", true},
		{static.HTMX, "text/javascript; charset=utf-8", true},
		{"icon.svg", "image/svg+xml", true},
		{"icon-192.png", "image/png", false},
	} {
		f := asset(t, tc.name)
		for _, name := range []struct{ path, cache string }{
			{"/static/" + f.Hashed, "public, max-age=31536000, immutable"},
			{"/static/" + f.Name, "no-cache"},
		} {
			t.Run(name.path, func(t *testing.T) {
				resp, body := fetch(t, a, http.MethodGet, name.path) // no Accept-Encoding: the file as it is
				want := map[string]string{
					"Content-Type":     tc.contentType,
					"Cache-Control":    name.cache,
					"ETag":             `"` + f.Hash + `"`,
					"Content-Encoding": "",
					"Content-Length":   strconv.Itoa(len(f.Body)),
					"Vary":             map[bool]string{true: "Accept-Encoding"}[tc.vary],
				}
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("GET %s: status %d, want 200", name.path, resp.StatusCode)
				}
				for k, v := range want {
					if got := resp.Header.Get(k); got != v {
						t.Errorf("GET %s: %s = %q, want %q", name.path, k, got, v)
					}
				}
				if !bytes.Equal(body, f.Body) {
					t.Errorf("GET %s: body of %d bytes, want the %d embedded bytes", name.path, len(body), len(f.Body))
				}
			})
		}
	}
}

func TestAssetEncodings(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	css, png := asset(t, "app.css"), asset(t, "icon-192.png")
	for _, tc := range []struct {
		name, accept, want string
		file               *static.Asset
	}{
		{"none asked", "", "", css},
		{"gzip", "gzip", "gzip", css},
		{"br", "br", "br", css},
		{"br preferred", "gzip, deflate, br, zstd", "br", css},
		{"br refused", "gzip, br;q=0", "gzip", css},
		{"gzip refused", "br, gzip;q=0", "br", css},
		{"both refused", "gzip;q=0, br;q=0", "", css},
		{"higher q wins", "br;q=0.5, gzip;q=1", "gzip", css},
		{"any", "*", "br", css},
		{"any refused", "*;q=0", "", css},
		{"any but br", "*, br;q=0", "gzip", css},
		{"identity only", "identity", "", css},
		{"x-gzip", "x-gzip", "gzip", css},
		{"case and spaces", " BR ; Q=0.8 ,GZIP;q=0.1", "br", css},
		{"bad q", "br;q=high, gzip", "gzip", css},
		{"no compressed copy", "br, gzip", "", png},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := fetch(t, a, http.MethodGet, "/static/"+tc.file.Hashed, "Accept-Encoding", tc.accept)
			if got := resp.Header.Get("Content-Encoding"); got != tc.want {
				t.Fatalf("Accept-Encoding %q: Content-Encoding = %q, want %q", tc.accept, got, tc.want)
			}
			wantTag := map[string]string{"": `"` + tc.file.Hash + `"`, "br": `"` + tc.file.Hash + `-br"`, "gzip": `"` + tc.file.Hash + `-gz"`}[tc.want]
			if got := resp.Header.Get("ETag"); got != wantTag {
				t.Errorf("Accept-Encoding %q: ETag = %s, want %s", tc.accept, got, wantTag)
			}
			if got, want := resp.Header.Get("Content-Length"), strconv.Itoa(len(body)); got != want {
				t.Errorf("Accept-Encoding %q: Content-Length = %s, want %s", tc.accept, got, want)
			}
			if tc.want != "" && len(body) >= len(tc.file.Body) {
				t.Errorf("Accept-Encoding %q: %d bytes sent, want fewer than the %d of the file", tc.accept, len(body), len(tc.file.Body))
			}
			if got := decode(t, tc.want, body); !bytes.Equal(got, tc.file.Body) {
				t.Errorf("Accept-Encoding %q: body decodes to %d bytes, want the %d embedded bytes", tc.accept, len(got), len(tc.file.Body))
			}
		})
	}
}

func TestAssetNotModified(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	css := asset(t, "app.css")
	tag := `"` + css.Hash + `"`
	for _, tc := range []struct {
		name, path, accept, ifNoneMatch string
		want                            int
	}{
		{"hashed", "/static/" + css.Hashed, "", tag, http.StatusNotModified},
		{"plain", "/static/app.css", "", tag, http.StatusNotModified},
		{"brotli copy", "/static/" + css.Hashed, "br", `"` + css.Hash + `-br"`, http.StatusNotModified},
		{"gzip copy", "/static/app.css", "gzip", `"` + css.Hash + `-gz"`, http.StatusNotModified},
		{"one of a list", "/static/app.css", "", `"00000000", ` + tag, http.StatusNotModified},
		{"weak form", "/static/app.css", "", "W/" + tag, http.StatusNotModified},
		{"any", "/static/app.css", "", "*", http.StatusNotModified},
		{"old version", "/static/app.css", "", `"00000000"`, http.StatusOK},
		{"another copy's tag", "/static/app.css", "br", tag, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := fetch(t, a, http.MethodGet, tc.path, "Accept-Encoding", tc.accept, "If-None-Match", tc.ifNoneMatch)
			if resp.StatusCode != tc.want {
				t.Fatalf("GET %s with If-None-Match %s: status %d, want %d", tc.path, tc.ifNoneMatch, resp.StatusCode, tc.want)
			}
			if tc.want == http.StatusNotModified && len(body) != 0 {
				t.Errorf("GET %s: 304 with a body of %d bytes, want none", tc.path, len(body))
			}
			if resp.Header.Get("ETag") == "" || resp.Header.Get("Cache-Control") == "" || resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("GET %s: ETag %q, Cache-Control %q, Vary %q; want all three set", tc.path,
					resp.Header.Get("ETag"), resp.Header.Get("Cache-Control"), resp.Header.Get("Vary"))
			}
		})
	}
}

func TestAssetNotFound(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	css := asset(t, "app.css")
	stale := strings.Replace(css.Hashed, css.Hash, "00000000", 1)
	for _, tc := range []struct{ name, path string }{
		{"the folder", "/static/"},
		{"a folder below", "/static/x/"},
		{"wrong hash", "/static/" + stale},
		{"hash cut short", "/static/app." + css.Hash[:6] + ".css"},
		{"hashed twice", "/static/" + strings.Replace(css.Hashed, ".css", "."+css.Hash+".css", 1)},
		{"no such file", "/static/nope.css"},
		{"not embedded", "/static/static.go"},
		{"file as folder", "/static/app.css/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				resp, body := fetch(t, a, method, tc.path)
				if resp.StatusCode != http.StatusNotFound {
					t.Fatalf("%s %s: status %d, want 404", method, tc.path, resp.StatusCode)
				}
				if s := string(body); strings.Contains(s, "<pre>") || strings.Contains(s, `href="app.css"`) {
					t.Fatalf("%s %s: a listing of the files:\n%s", method, tc.path, s)
				}
			}
		})
	}
}

func TestAssetHead(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	css := asset(t, "app.css")
	for _, tc := range []struct{ name, path, accept string }{
		{"hashed", "/static/" + css.Hashed, ""},
		{"hashed, brotli", "/static/" + css.Hashed, "br"},
		{"plain, gzip", "/static/app.css", "gzip"},
		{"script", static.URL("app.js"), "br, gzip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			get, getBody := fetch(t, a, http.MethodGet, tc.path, "Accept-Encoding", tc.accept)
			head, headBody := fetch(t, a, http.MethodHead, tc.path, "Accept-Encoding", tc.accept)
			if head.StatusCode != http.StatusOK || len(headBody) != 0 {
				t.Fatalf("HEAD %s: status %d with %d bytes, want 200 with no body", tc.path, head.StatusCode, len(headBody))
			}
			for _, k := range []string{"Content-Type", "Content-Encoding", "Cache-Control", "ETag", "Vary", "Content-Length"} {
				if got, want := head.Header.Get(k), get.Header.Get(k); got != want {
					t.Errorf("HEAD %s: %s = %q, want %q as GET sends", tc.path, k, got, want)
				}
			}
			if got, want := head.Header.Get("Content-Length"), strconv.Itoa(len(getBody)); got != want {
				t.Errorf("HEAD %s: Content-Length = %s, want %s", tc.path, got, want)
			}
		})
	}
}
