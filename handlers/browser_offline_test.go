package handlers

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// network cuts the phone's network (what matches pattern, or everything
// when it is "") or gives it back. The phone itself is told it is off or
// on line (the browser's offline and online events) only when everything
// is cut or given back.
func (b *browser) network(pattern string, off bool) {
	b.t.Helper()
	b.changed = true
	if _, err := chromedp.Call(b.ctx, network.Enable, network.EnableParams{}); err != nil {
		b.t.Fatal(err)
	}
	rules := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{}}
	if off {
		rules.MatchedNetworkConditions = []*network.Conditions{{URLPattern: pattern, Offline: true, DownloadThroughput: -1, UploadThroughput: -1}}
	}
	if _, err := chromedp.Call(b.ctx, network.EmulateNetworkConditionsByRule, rules); err != nil {
		b.t.Fatal(err)
	}
	if pattern != "" {
		return
	}
	state := network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}
	if _, err := chromedp.Call(b.ctx, network.OverrideNetworkState, state); err != nil {
		b.t.Fatal(err)
	}
}

// TestBrowserBackOnline: a phone whose Wi-Fi drops says so, and once it is
// back shows what the table saved meanwhile, and stops saying it is
// offline.
func TestBrowserBackOnline(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	b := newBrowser(t, a.server.URL)
	b.open(game, `[data-testid=round]`)

	b.network("", true)
	b.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	b.colours("offline")
	expect(t, "Ann's 12, saved on another phone", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	time.Sleep(500 * time.Millisecond) // the phone stays away a while
	start := time.Now()
	b.network("", false)
	b.waitText(`#entry-0 [data-testid=entry-summary]`, "12")
	b.do(chromedp.WaitNotVisible(css(`[data-testid=offline]`)))
	if took := time.Since(start); took > underRace*3*time.Second {
		t.Errorf("the score saved while the phone was away showed %v after it was back, want within %v", took.Round(time.Millisecond), underRace*3*time.Second)
	}
	b.colours("back")
}

// TestBrowserFailedFetchIsTried: news the stream brings whose fetch fails
// (the network drops that one request) is fetched again until it arrives.
func TestBrowserFailedFetchIsTried(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	b := newBrowser(t, a.server.URL)
	b.open(game, `[data-testid=round]`)
	b.do(chromedp.Evaluate[chromedp.Void](`window.failed = 0; document.addEventListener("htmx:sendError", () => window.failed++)`))

	b.network(a.server.URL+"/g/*/rounds/*", true)
	expect(t, "Ann's 12, saved on another phone", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	b.do(poll[chromedp.Void](`window.failed > 0`))
	b.network(a.server.URL+"/g/*/rounds/*", false)
	b.waitText(`#entry-0 [data-testid=entry-summary]`, "12")
}

// TestBrowserStreamBackAtOnce: a phone whose stream the server could not
// take for a while (a proxy answering for a restarting server) has waited
// longer and longer to try again; once the phone is back on line it
// follows the stream again at once, with what was saved meanwhile, and
// stops saying it is offline.
func TestBrowserStreamBackAtOnce(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	var down atomic.Bool
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "no network", http.StatusBadGateway)
			return
		}
		a.echo.ServeHTTP(w, r)
	}))
	t.Cleanup(gate.Close)
	b := newBrowser(t, gate.URL)
	b.open(game, `[data-testid=round]`)
	b.do(chromedp.Evaluate[chromedp.Void](`window.errors = 0; document.addEventListener("htmx:sseError", () => window.errors++)`))

	down.Store(true)
	gate.CloseClientConnections()
	expect(t, "Ann's 12, saved on another phone", a.post(game+"/rounds/1/entries/0", form("pips", "12")), http.StatusSeeOther)
	// Refused again and again, the stream is now tried seconds apart.
	b.do(poll[chromedp.Void](`window.errors >= 5`, chromedp.WithPollingTimeout(30e9)))
	b.network("", true)
	b.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	down.Store(false)
	start := time.Now()
	b.network("", false)
	b.do(poll[chromedp.Void](`document.body.getAttribute("data-stream") === "open"`))
	b.waitText(`#entry-0 [data-testid=entry-summary]`, "12")
	b.do(chromedp.WaitNotVisible(css(`[data-testid=offline]`)))
	if took := time.Since(start); took > underRace*2*time.Second {
		t.Errorf("the stream was followed again %v after the phone was back on line, want within %v", took.Round(time.Millisecond), underRace*2*time.Second)
	}
}
