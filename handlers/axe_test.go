package handlers

import (
	"context"
	_ "embed"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeScript is axe-core 4.10.3 (MPL 2.0, see testdata/axe-LICENSE),
// vendored for this test.
//
//go:embed testdata/axe-4.10.3.min.js
var axeScript string

// An axeViolation is one rule axe found broken, with where.
type axeViolation struct {
	ID    string `json:"id"`
	Help  string `json:"help"`
	Nodes []struct {
		Target []string `json:"target"`
	} `json:"nodes"`
}

// TestBrowserAxe runs axe-core on every page, in light and dark, at phone
// size, and fails on any violation.
func TestBrowserAxe(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("9", "Ann", "Bob", "Cy")
	a.lay(g+"/rounds/1/table", "0", "9-9", "")
	a.lay(g+"/rounds/1/table", "1", "9-3", "9-9")
	pages := []string{"/", "/new", g, g + "/rounds/1", g + "/rounds/1/entries/0/tiles", g + "/rounds/1/table",
		g + "/rounds/1/check?tile=3-4&on=9-3", g + "/rounds/1/replay?step=1", g + "/rules", "/rules",
		"/check?" + url.Values{"layout": {"9-9 9-3@9-9"}, "tile": {"3-4"}, "on": {"9-3"}, "set": {"9"}, "arms": {"4"}}.Encode(),
		"/nope"}
	b := newBrowser(t, a.server.URL)
	// The harness itself: a picture without words is found.
	b.axe("/")
	broken, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body.insertAdjacentHTML("beforeend", "<img src=x>");
		axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => v.id).join(" "))`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.Contains(broken, "image-alt") {
		t.Fatalf("axe on a page with a picture and no words found %q (%v), want image-alt", broken, err)
	}
	// Light, every rule; then dark on the same page, where only colours
	// change, the contrast rule.
	for _, p := range pages {
		b.colorScheme("light")
		for _, v := range b.axe(p) {
			t.Errorf("%s (light): %s", p, v)
		}
		b.colorScheme("dark")
		for _, v := range b.axeRun(p, `{resultTypes: ["violations"], runOnly: ["color-contrast", "link-in-text-block"]}`) {
			t.Errorf("%s (dark): %s", p, v)
		}
	}
}

// String is the violation as a failing test says it: the rule, its help
// and where.
func (v axeViolation) String() string {
	var where []string
	for _, n := range v.Nodes {
		where = append(where, strings.Join(n.Target, " "))
	}
	return v.ID + ": " + v.Help + " at " + strings.Join(where, "; ")
}

// axe opens path and returns what axe-core finds wrong there (in the long
// tests; see axeAt).
func (b *browser) axe(path string) []axeViolation {
	b.t.Helper()
	return b.axeAt(b.base+path, `{resultTypes: ["violations"]}`)
}

// axeAt opens the address and returns what axe-core, run with the options
// given (a JavaScript object), finds wrong there; outside the long tests,
// it only opens it.
func (b *browser) axeAt(address, options string) []axeViolation {
	b.t.Helper()
	b.do(chromedp.Navigate(address), chromedp.WaitReady(css(`body`)))
	if !longTests() {
		return nil // axe is the long tests' (see longTests)
	}
	if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[chromedp.Void](axeScript)); err != nil {
		b.t.Fatalf("loading axe on %s: %v", address, err)
	}
	return b.axeRun(address, options)
}

// axeRun runs axe-core, already loaded in the page shown, with the
// options given, and returns what it finds wrong; path names the page.
func (b *browser) axeRun(path, options string) []axeViolation {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`axe.run(document, `+options+`).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("running axe on %s: %v", path, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		b.t.Fatalf("axe's answer on %s: %v", path, err)
	}
	return vs
}
