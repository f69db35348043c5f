package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLive: two phones on one game night. What one saves shows on
// the other within a second without a reload, the live table included;
// the other's half-typed score in another card is left as it was; and a
// phone that loses the stream says so until it is back.
func TestBrowserLive(t *testing.T) {
	t.Parallel()
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
	start := phoneA.savePips(0, "12")
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
	start = phoneA.tapLay("9-9", "9-1")
	phoneB.waitTextWithin(start, `[data-testid=owes]`, "Spinner 9-9: 3 arms to fill")
	phoneB.do(poll[chromedp.Void](`(s => s !== null && /9-1|1-9/.test(s.textContent))(document.querySelector("[data-testid=layout-svg]"))`))
	if took := time.Since(start); took > underRace*time.Second {
		t.Errorf("B's drawing showed 9-1 %v after A laid it, want within %v", took.Round(time.Millisecond), underRace*time.Second)
	}
	phoneB.settled()
	phoneB.screenshot("live-table-elsewhere")
	phoneB.keypadAsServed("on B, after A laid 9-1,") // B's keypad, kept, follows A's move
	phoneB.do(poll[chromedp.Void](`document.body.getAttribute("data-stream") === "open"`))

	// B's Wi-Fi drops: the notice shows and is said, then goes once the
	// stream is back, and what changed meanwhile shows. What changed is
	// said too, right after "Back online", so the region is followed
	// through every word it says, not read once.
	phoneB.do(chromedp.Evaluate[chromedp.Void](recordSaid))
	down.Store(true)
	gate.CloseClientConnections()
	phoneB.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	phoneB.waitSaid("Offline")
	for _, scheme := range []string{"light", "dark"} {
		phoneB.colorScheme(scheme)
		phoneB.screenshot("offline-" + scheme)
	}
	expect(t, "Cy lays 9-2 while B is away", a.postHTMX(game+"/rounds/1/table",
		form("player", "2", "kind", "play", "tile", "9-2", "on", "9-9")), http.StatusOK)
	down.Store(false)
	phoneB.do(chromedp.WaitNotVisible(css(`[data-testid=offline]`)))
	phoneB.waitText(`[data-testid=owes]`, "Spinner 9-9: 2 arms to fill")
	phoneB.waitSaid("Back online")
}

// recordSaid keeps in window.said everything the page's live region has
// said since, in order.
const recordSaid = `window.said = [];
	(r => new MutationObserver(() => { const s = r.textContent.trim(); if (s) window.said.push(s); })
		.observe(r, {childList: true, characterData: true, subtree: true}))(document.getElementById("said"));`

// waitSaid waits until the live region has said want since recordSaid,
// whatever it said after.
func (b *browser) waitSaid(want string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	poll := pollFunction[bool](`want => window.said.some(s => s.includes(want))`,
		chromedp.WithPollingArgs(want), chromedp.WithPollingMutation())
	if _, err := chromedp.Run(ctx, poll); err != nil {
		b.t.Fatalf("browser: the page said %s, want %q (%v)", b.eval(`JSON.stringify(window.said)`), want, err)
	}
}

// open loads path, waits for what shows it, for htmx, and for the stream.
func (b *browser) open(path, sel string) {
	b.t.Helper()
	b.do(chromedp.Navigate(b.base+path), chromedp.WaitVisible(css(sel)))
	b.htmxReady()
	b.do(poll[chromedp.Void](`document.body.getAttribute("data-stream") === "open"`))
}

// waitTextWithin is waitText that fails unless the text is there within a
// second of start (longer under the race detector: underRace).
func (b *browser) waitTextWithin(start time.Time, sel, want string) {
	b.t.Helper()
	b.waitText(sel, want)
	if took := time.Since(start); took > underRace*time.Second {
		b.t.Errorf("%s showed %q %v after the other phone acted, want within %v", sel, want, took.Round(time.Millisecond), underRace*time.Second)
	}
}

// TestBrowserLiveMainPart: two phones on one game night. When one closes
// the round, or a player joins through its Players card, the other's whole
// round card follows within a second without a tap: the next round's
// double, the new player's entry. The phone that closed the round draws
// its page once, from its own answer, and keeps its focus.
func TestBrowserLiveMainPart(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	for seat, pips := range []string{"12", "20", "7"} {
		expect(t, "round 1 entry", a.post(game+"/rounds/1/entries/"+itoa(seat), form("pips", pips)), http.StatusSeeOther)
	}
	phones := newPhones(t, a.server.URL, 2)
	phoneA, phoneB := phones[0], phones[1]
	for _, b := range phones {
		b.onEveryPage(followStreams)
		b.open(game, `[data-testid=round]`)
	}

	// A closes round 1 with the keyboard; B shows round 2 on its own.
	phoneA.do(chromedp.Focus(css(`[data-testid=close]`)),
		chromedp.Evaluate[chromedp.Void](countDraws), recordNews(eventGame))
	start := time.Now()
	phoneA.do(chromedp.KeyEvent("\r"))
	phoneA.waitText(`[data-testid=round-double]`, "8-8")
	phoneB.waitTextWithin(start, `[data-testid=round-double]`, "8-8")
	phoneB.waitTextWithin(start, `[data-testid=flash]`, "Round 1 is in")
	phoneB.settled()
	phoneB.screenshot("live-closed-elsewhere")

	// A's page was drawn by its own answer; the stream's news of the same
	// close brings nothing new, so it is not drawn again under the focus.
	phoneA.keepsFocus("closing the round")
	phoneA.heard(eventGame)
	if got := phoneA.eval(`String(window.draws)`); got != "1" {
		t.Errorf("A's page was drawn %s times after its own round close, want once", got)
	}
	phoneA.keepsFocus("the stream's news of A's own close")

	// A seats Dee through the Players card; B's round 2 gains her entry.
	phoneA.do(chromedp.Click(css(`[data-testid=join-leave] summary`)), chromedp.WaitVisible(css(`#join-name`)))
	phoneA.do(chromedp.SendKeys(css(`#join-name`), "Dee"))
	start = time.Now()
	phoneA.do(chromedp.Click(css(`[data-testid=join-button]`)))
	phoneB.waitTextWithin(start, `[data-testid=entry-3]`, "Dee")
	phoneB.waitTextWithin(start, `[data-testid=sheet] thead`, "Dee")
	phoneA.waitText(`[data-testid=entry-3]`, "Dee")
	phoneB.settled()
	phoneB.screenshot("live-joined-elsewhere")

	// B has typed Ann's 5 and not saved it when A seats Eve: B's page
	// waits, so the 5 is not lost, and shows Eve once it is saved.
	phoneB.do(chromedp.Focus(css(`#pips-0`)), chromedp.KeyEvent("5"), recordNews(eventGame))
	phoneA.do(chromedp.Click(css(`[data-testid=join-leave] summary`)), chromedp.WaitVisible(css(`#join-name`)))
	phoneA.do(chromedp.SendKeys(css(`#join-name`), "Eve"), chromedp.Click(css(`[data-testid=join-button]`)))
	phoneA.waitText(`[data-testid=entry-4]`, "Eve")
	phoneB.waitText(`[data-testid=sheet] thead`, "Eve") // the news has come
	phoneB.heard(eventGame)                             // the news the round's card waits on too
	if got := phoneB.eval(`document.getElementById("pips-0").value`); got != "5" {
		t.Fatalf("B's unsaved 5 for Ann reads %q after Eve joined elsewhere, want it kept", got)
	}
	start = time.Now()
	phoneB.do(chromedp.KeyEvent("\r"))
	phoneB.waitText(`#entry-0 [data-testid=entry-summary]`, "5")
	phoneB.waitTextWithin(start, `[data-testid=entry-4]`, "Eve")
}

// followStreams, run in each page the tab loads before the page's own
// scripts, keeps in window.streams every event stream the page opens.
const followStreams = `window.streams = new Set();
	(add => EventSource.prototype.addEventListener = function () { window.streams.add(this); return add.apply(this, arguments); })
		(EventSource.prototype.addEventListener);`

// recordNews keeps in window.news each of the events named that the
// page's stream brings from now on, as it arrives, whether or not a part
// of the page still follows it. The tab must follow its streams
// (followStreams).
func recordNews(events ...string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`window.news = [];
		for (const s of window.streams) for (const name of ` + jsonString(events) + `) s.addEventListener(name, e => window.news.push(e.type));`)
}

// heard waits until the page's stream has brought the named event since
// recordNews, every part following it has had its answer, and the page's
// own work after that (timers it set for the moment after) is done.
func (b *browser) heard(event string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, pollFunction[bool](`e => window.news.includes(e)`, chromedp.WithPollingArgs(event))); err != nil {
		b.t.Fatalf("browser: the stream brought %s, want %q (%v)", b.eval(`JSON.stringify(window.news)`), event, err)
	}
	b.settled()
	b.do(chromedp.Evaluate[chromedp.Void](`new Promise(r => setTimeout(r, 0))`, chromedp.EvalAwaitPromise))
	b.settled()
}

// countDraws counts in window.draws each time the page's main part is
// drawn again.
const countDraws = `window.draws = 0;
	new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => { if (n.id === "main") window.draws++; })))
		.observe(document.body, {childList: true});`

// jsonString is v as a JavaScript literal.
func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
