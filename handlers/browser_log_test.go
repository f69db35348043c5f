package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTableLog opens the log of a round past its first dozen
// actions on a phone: the latest 12, numbered as in the round, and a link
// to every one in the replay, checked at 390 px in light and dark and at
// 320 px (it fits, every target is big enough, axe finds nothing); the
// link opens the replay.
func TestBrowserTableLog(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob")
	table := game + "/rounds/1/table"
	a.lay(table, "0", "9-9", "")
	for i := range 8 {
		seat := itoa((i + 1) % 2)
		expect(t, "draw", a.postHTMX(table, form("kind", "draw", "player", seat)), 200)
		expect(t, "pass", a.postHTMX(table, form("kind", "pass", "player", seat)), 200)
	}
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+table), chromedp.WaitVisible(css(`details.log summary`)))
	b.waitText(`details.log summary`, "What happened (17)")
	b.do(chromedp.Click(css(`details.log summary`)), chromedp.WaitVisible(css(`[data-testid=log-all]`)))
	if got := b.evalInt(`document.querySelector("details.log ol").start`); got != 6 {
		t.Errorf("the log's list starts at %d, want 6 (17 actions, the latest 12 shown)", got)
	}
	if got := b.evalInt(`document.querySelectorAll("details.log li").length`); got != 12 {
		t.Errorf("the log lists %d actions, want 12", got)
	}
	b.waitText(`[data-testid=log-all]`, "All 17, step by step")
	b.do(chromedp.ScrollIntoView(css(`[data-testid=log-all]`)))
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.checkPage("the table's log, 390 px, "+scheme, 390)
		b.screenshot("table-log-390-" + scheme)
	}
	b.do(chromedp.EmulateViewport(320, 700))
	b.checkPage("the table's log, 320 px", 320)
	b.screenshot("table-log-320")
	b.do(chromedp.Click(css(`[data-testid=log-all]`)), chromedp.WaitVisible(css(`[data-testid=replay]`)))
	b.waitText(`[data-testid=step]`, "17")
}
