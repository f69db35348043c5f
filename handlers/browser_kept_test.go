package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"chickenfoot/referee"
)

// TestBrowserKeptOffline: a phone with no network keeps three scores and
// the round's close on the phone, each shown on its card as waiting to
// send; once it is back they are sent in order, and every phone shows
// them, each once: three changes in the round's history, one round
// closed, the next one open.
func TestBrowserKeptOffline(t *testing.T) {
	long(t)
	t.Parallel()
	withServiceWorker(t)
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	phones := newPhones(t, a.server.URL, 3)
	for _, p := range phones {
		p.open(game, `[data-testid=round]`)
	}
	p := phones[0]

	p.network("", true)
	p.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	pips := []string{"12", "7", "30"}
	for seat, n := range pips {
		row := `#entry-` + itoa(seat)
		p.do(chromedp.SendKeys(css(row+` [data-testid=pips]`), n), chromedp.Click(css(row+` [data-testid=save]`)))
		p.waitText(row+` [data-testid=waiting]`, n)
	}
	p.do(chromedp.WaitEnabled(css(`[data-testid=close]`)), chromedp.Click(css(`[data-testid=close]`)))
	p.waitText(`#round-actions [data-testid=waiting]`, "close")
	if got := p.eval(`document.documentElement.getAttribute("data-kept")`); got != "4" {
		t.Fatalf("changes waiting on the phone = %s, want 4", got)
	}
	if sh := a.sheet(game); len(sh.History) != 0 || sh.Round(1).Closed {
		t.Fatalf("the server has %d changes (closed %v) while the phone was off line, want none", len(sh.History), sh.Round(1).Closed)
	}
	p.screenshot("kept-offline")

	start := time.Now()
	p.network("", false)
	p.do(poll[chromedp.Void](`document.documentElement.getAttribute("data-kept") === "0"`, chromedp.WithPollingTimeout(10e9)))
	drained := time.Since(start)
	for i, ph := range phones {
		ph.waitText(`[data-testid=sheet-round-1]`, "30")
		ph.waitText(`#round h2`, "Round 2")
		if got, want := ph.text(`[data-testid=sheet-round-1]`), "12 7 30"; !strings.Contains(got, want) {
			t.Errorf("phone %d: round 1 on the sheet = %q, want %q", i, got, want)
		}
		if n := ph.evalInt(`document.querySelectorAll("[data-testid=sheet-round-3]").length`); n != 0 {
			t.Errorf("phone %d shows round 2 on the sheet: the close was made twice", i)
		}
		if n := ph.evalInt(`document.querySelectorAll("[data-testid=waiting]").length`); n != 0 {
			t.Errorf("phone %d still shows %d changes waiting", i, n)
		}
	}
	sh := a.sheet(game)
	entries := 0
	for _, c := range sh.History {
		if c.Round == 1 && c.Kind == referee.KindEntry {
			entries++
		}
	}
	if entries != 3 || len(sh.History) != 3 || !sh.Round(1).Closed || len(sh.Rounds) != 2 {
		t.Errorf("stored: %d entries of %d changes, round 1 closed %v, %d rounds; want 3 of 3, closed, 2", entries, len(sh.History), sh.Round(1).Closed, len(sh.Rounds))
	}
	t.Logf("kept offline: 4 changes (3 scores and a close); sent and shown %v after the phone was back", drained.Round(time.Millisecond))
}

// TestBrowserKeptStale: a score kept on a phone while another phone saved
// that player's score is refused when it is sent (409): the card shows
// the value that waited, with the choice to save it anyway or keep the
// other phone's, and keeping theirs shows theirs.
func TestBrowserKeptStale(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	p := newBrowser(t, a.server.URL)
	p.open(game, `[data-testid=round]`)

	p.network("", true)
	p.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	p.do(chromedp.SendKeys(css(`#entry-0 [data-testid=pips]`), "12"), chromedp.Click(css(`#entry-0 [data-testid=save]`)))
	p.waitText(`#entry-0 [data-testid=waiting]`, "12")
	expect(t, "Ann's 15, saved on another phone", a.post(game+"/rounds/1/entries/0", form("pips", "15")), http.StatusSeeOther)

	p.network("", false)
	p.do(chromedp.WaitVisible(css(`#entry-0 [data-testid=save-anyway]`)))
	p.waitText(`#entry-0 [data-testid=save-anyway]`, "12")
	p.waitText(`#entry-0 [data-testid=problem]`, "15")
	if got := p.eval(`document.querySelector("#entry-0 [data-testid=pips]").value`); got != "12" {
		t.Errorf("the refused card's box holds %q, want the 12 that waited", got)
	}
	p.screenshotOf(`#entry-0`, "kept-stale")
	p.do(poll[chromedp.Void](`!document.documentElement.hasAttribute("data-settling")`)) // htmx has taken the link over
	p.do(chromedp.Click(css(`#entry-0 [data-testid=take-theirs]`)))
	p.waitText(`#entry-0 [data-testid=entry-summary]`, "15")
	p.do(chromedp.WaitNotPresent(css(`#entry-0 [data-testid=save-anyway]`)))
	if sh := a.sheet(game); len(sh.History) != 1 || sh.Round(1).Entries[0].Pips != 15 {
		t.Errorf("stored: %d changes, Ann's pips %d; want the other phone's 15 alone", len(sh.History), sh.Round(1).Entries[0].Pips)
	}
}

// TestBrowserWorkerOpensOffline: a night's page opened once opens again
// with no network, from what the service worker kept, styled and with
// its scripts, even with the server itself out of reach.
func TestBrowserWorkerOpensOffline(t *testing.T) {
	t.Parallel()
	withServiceWorker(t)
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	var down atomic.Bool
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() { // no answer at all: the connection is dropped
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				conn.Close()
			}
			return
		}
		a.echo.ServeHTTP(w, r)
	}))
	t.Cleanup(gate.Close)
	p := newBrowser(t, gate.URL)
	p.open(game, `[data-testid=round]`)
	p.do(poll[chromedp.Void](`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, chromedp.WithPollingTimeout(10e9)))
	p.open(game, `[data-testid=round]`) // kept by the worker now in charge

	p.network("", true)
	down.Store(true)
	gate.CloseClientConnections()
	p.do(chromedp.Reload(), chromedp.WaitVisible(css(`[data-testid=round]`)))
	p.htmxReady()
	p.waitText(`#entry-0`, "Ann")
	if got := p.eval(`getComputedStyle(document.querySelector("header.top")).display`); got == "" {
		t.Error("the page opened offline has no style")
	}
	if got := p.eval(`typeof htmx`); got != "object" {
		t.Errorf("the page opened offline has htmx %s, want its scripts", got)
	}
	p.do(chromedp.WaitVisible(css(`[data-testid=offline]`)))
	down.Store(false)
	p.network("", false)
}

// TestBrowserTableSaysOnlineOnly: the live table's page says, while the
// phone is offline, that its moves need the connection, and stops saying
// so once it is back.
func TestBrowserTableSaysOnlineOnly(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	p := newBrowser(t, a.server.URL)
	p.open(game+"/rounds/1/table", `[data-testid=table]`)
	p.do(chromedp.WaitNotVisible(css(`[data-testid=table-offline]`)))
	p.network("", true)
	p.do(chromedp.WaitVisible(css(`[data-testid=table-offline]`)))
	p.waitText(`[data-testid=table-offline]`, "need the connection")
	p.network("", false)
	p.do(chromedp.WaitNotVisible(css(`[data-testid=table-offline]`)))
}
