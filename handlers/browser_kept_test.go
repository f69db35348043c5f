package handlers

import (
	"strings"
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
	t.Parallel()
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
	p.do(chromedp.Poll[chromedp.Void](`document.documentElement.getAttribute("data-kept") === "0"`, chromedp.WithPollingTimeout(10e9)))
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
