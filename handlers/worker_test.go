package handlers

import (
	"net/http"
	"strings"
	"testing"

	"chickenfoot/static"
)

// TestServiceWorker: the worker is served from the root, checked every
// time, with the hashed URL of every asset the pages name for it to keep
// (not itself), and a version that names this build's assets.
func TestServiceWorker(t *testing.T) {
	a := newTestApp(t)
	r := a.get("/sw.js")
	expect(t, "GET /sw.js", r, http.StatusOK)
	if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, "text/javascript") {
		t.Errorf("Content-Type = %q, want text/javascript", got)
	}
	if got := r.header.Get("Cache-Control"); got != cachePlain {
		t.Errorf("Cache-Control = %q, want %q", got, cachePlain)
	}
	for _, name := range []string{"app.js", "app.css", static.HTMX, static.SSE, "icon.svg"} {
		if !strings.Contains(r.body, `"`+static.URL(name)+`"`) {
			t.Errorf("the worker does not keep %s (%s)", name, static.URL(name))
		}
	}
	if strings.Contains(r.body, `"`+static.URL(static.Worker)+`"`) {
		t.Error("the worker keeps itself among the assets")
	}
	if !strings.HasPrefix(r.body, "const VERSION = \"") {
		t.Errorf("the worker starts %q, want its VERSION", r.body[:min(40, len(r.body))])
	}
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/sw.js", nil)
	req.Header.Set("If-None-Match", r.header.Get("ETag"))
	if got := a.do(req); got.code != http.StatusNotModified {
		t.Errorf("GET /sw.js with its ETag = %d, want 304", got.code)
	}
}
