package handlers

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestManifestInEachLanguage: a page links the manifest of its language,
// whose name and description are the catalog's words in it; a language
// the app doesn't offer has none, and a browser that has the manifest
// is told it hasn't changed.
func TestManifestInEachLanguage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	names := map[string]string{}
	for _, tag := range []string{"en", "af", "da"} {
		page := a.getIn("/", tag)
		link := page.doc().find(attrIs("rel", "manifest"))
		if got := link.attr("href"); got != "/manifest/"+tag {
			t.Fatalf("the %s home page links the manifest %q, want /manifest/%s", tag, got, tag)
		}
		r := a.get("/manifest/" + tag)
		expect(t, tag+" manifest", r, http.StatusOK)
		if got := r.header.Get("Content-Type"); got != "application/manifest+json" {
			t.Errorf("%s manifest is %q", tag, got)
		}
		var m manifest
		if err := json.Unmarshal([]byte(r.body), &m); err != nil {
			t.Fatalf("%s manifest: %v", tag, err)
		}
		if m.Lang != tag || m.Name == "" || m.Name[0] == '[' || m.Description == "" || m.Description[0] == '[' || len(m.Icons) != 3 {
			t.Errorf("%s manifest = %+v", tag, m)
		}
		names[tag] = m.Name
		req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/manifest/"+tag, nil)
		req.Header.Set("If-None-Match", r.header.Get("ETag"))
		if again := a.do(req); again.code != http.StatusNotModified {
			t.Errorf("%s manifest asked again with its ETag: %d, want 304", tag, again.code)
		}
	}
	if names["en"] == names["af"] || names["en"] == names["da"] {
		t.Errorf("the manifests are not in their languages: %v", names)
	}
	expect(t, "a language not offered", a.get("/manifest/xx"), http.StatusNotFound)
}
