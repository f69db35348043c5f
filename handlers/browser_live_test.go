package handlers

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserLive: two phones on one game night. What one saves shows on
// the other within a second without a reload, the live table included;
// the other's half-typed score in another card is left as it was; and a
// phone that loses the stream says so until it is back.
func TestBrowserLive(t *testing.T) {
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	// The phones reach the app through a gate that can play a lost Wi-Fi.
	var down atomic.Bool
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "no network", http.StatusServiceUnavailable)
			return
		}
		a.echo.ServeHTTP(w, r)
	}))
	t.Cleanup(gate.Close)
	phoneA, phoneB := newBrowser(t, gate.URL), newBrowser(t, gate.URL)
	for _, b := range []*browser{phoneA, phoneB} {
		b.open(game, `[data-testid=round]`)
	}

	// B has typed 7 for Cy, not saved yet, when A saves Ann's 12.
	phoneB.do(chromedp.SendKeys(css(`#pips-2`), "7"))
	start := time.Now()
	phoneA.typePips(0, "12")
	phoneB.waitTextWithin(start, `#entry-0 [data-testid=entry-summary]`, "12")
	phoneB.waitTextWithin(start, `[data-testid=sheet-round-1]`, "12")
	phoneB.settled()
	if got := phoneB.eval(`document.getElementById("pips-2").value + " " + document.activeElement.id`); got != "7 pips-2" {
		t.Errorf("B's half-typed score for Cy after A's save: value and focus %q, want %q", got, "7 pips-2")
	}
	phoneB.screenshot("live-saved-elsewhere")

	// Both on the live table: A sets 9-9 down, then lays 9-1 on it.
	for _, b := range []*browser{phoneA, phoneB} {
		b.open(game+"/rounds/1/table", `[data-testid=start]`)
	}
	start = time.Now()
	phoneA.do(chromedp.Click(css(`[data-testid=start] button[value="0"]`)))
	phoneB.waitTextWithin(start, `[data-testid=owes]`, "Spinner 9-9: 4 arms to fill")
	phoneB.waitTextWithin(start, `[data-testid=turn]`, "Bob's turn")
	phoneA.waitText(`[data-testid=turn]`, "Bob's turn")
	phoneA.settled()
	start = time.Now()
	phoneA.layTile("9-9", "9-1")
	phoneB.waitTextWithin(start, `[data-testid=owes]`, "Spinner 9-9: 3 arms to fill")
	phoneB.do(chromedp.Poll[chromedp.Void](`(s => s !== null && /9-1|1-9/.test(s.textContent))(document.querySelector("[data-testid=layout-svg]"))`))
	if took := time.Since(start); took > time.Second {
		t.Errorf("B's drawing showed 9-1 %v after A laid it, want within 1s", took.Round(time.Millisecond))
	}
	phoneB.settled()
	phoneB.screenshot("live-table-elsewhere")

	// B's Wi-Fi drops: the notice shows and is said, then goes once the
	// stream is back, and what changed meanwhile shows.
	down.Store(true)
	gate.CloseClientConnections()
	phoneB.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	phoneB.waitText(`[data-testid=said]`, "Offline")
	for _, scheme := range []string{"light", "dark"} {
		feature := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
		if _, err := chromedp.Call(phoneB.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: feature}); err != nil {
			t.Fatal(err)
		}
		phoneB.screenshot("offline-" + scheme)
	}
	expect(t, "Cy lays 9-2 while B is away", a.postHTMX(game+"/rounds/1/table",
		form("seat", "2", "kind", "play", "tile", "9-2", "on", "9-9")), http.StatusOK)
	down.Store(false)
	phoneB.do(chromedp.WaitNotVisible(css(`[data-testid=offline]`)))
	phoneB.waitText(`[data-testid=owes]`, "Spinner 9-9: 2 arms to fill")
	phoneB.waitText(`[data-testid=said]`, "Back online")
}

// open loads path, waits for what shows it, for htmx, and for the stream.
func (b *browser) open(path, sel string) {
	b.t.Helper()
	b.do(chromedp.Navigate(b.base+path), chromedp.WaitVisible(css(sel)))
	b.htmxReady()
	b.do(chromedp.Poll[chromedp.Void](`document.body.getAttribute("data-stream") === "open"`))
}

// waitTextWithin is waitText that fails unless the text is there within a
// second of start.
func (b *browser) waitTextWithin(start time.Time, sel, want string) {
	b.t.Helper()
	b.waitText(sel, want)
	if took := time.Since(start); took > time.Second {
		b.t.Errorf("%s showed %q %v after the other phone acted, want within 1s", sel, want, took.Round(time.Millisecond))
	}
}
