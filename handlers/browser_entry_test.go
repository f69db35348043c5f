package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFastEntry counts what it takes to score a 4-player round of
// typed hands at phone size: after each save the next empty pips box has
// the focus, so a player types the digits and Enter (or taps Went out),
// and the round ends with Close. Digits are not counted.
func TestBrowserFastEntry(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Dee")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.htmxReady()

	// Naming who set the double down is the round's first question; it
	// hands the focus to the first pips box.
	b.do(chromedp.Click(css(`#opening button[value="0"]`)))
	b.waitText(`[data-testid=setter]`, "Ann")
	b.waitFocus("pips-0")

	actions := 0
	enter := func(seat int, digits, want string) {
		t.Helper()
		b.do(chromedp.KeyEvent(digits)) // typed into whatever has the focus
		b.do(chromedp.KeyEvent("\r"))
		actions++
		b.waitText(`#entry-`+itoa(seat)+` [data-testid=entry-summary]`, want)
	}
	enter(0, "12", "12")
	b.waitFocus("pips-1")
	enter(1, "20", "20")
	b.waitFocus("pips-2")
	b.do(chromedp.Click(css(`#entry-2 [data-testid=went-out]`)))
	actions++
	b.waitText(`#entry-2 [data-testid=entry-summary]`, "went out")
	b.waitFocus("pips-3")
	enter(3, "7", "7")
	b.waitFocus("close")
	b.screenshot("fast-entry")
	b.do(chromedp.Click(css(`[data-testid=close]`)))
	actions++
	b.waitText(`[data-testid=round-double]`, "8-8")
	b.waitText(`[data-testid=sheet-totals]`, "Total 12 20 0 7")
	t.Logf("a 4-player round took %d actions besides the digits (and the tap naming who set the double down)", actions)
	if actions > 5 {
		t.Fatalf("a 4-player round took %d actions besides the digits, want at most 5", actions)
	}
}

// waitFocus waits until the element with the id (or, failing that, the
// data-testid) has the focus.
func (b *browser) waitFocus(id string) {
	b.t.Helper()
	poll := chromedp.Poll[bool](`(e => e !== null && (e.id === "`+id+`" || e.dataset.testid === "`+id+`"))(document.activeElement)`,
		chromedp.WithPollingTimeout(5e9))
	if _, err := chromedp.Run(b.ctx, poll); err != nil {
		got, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.activeElement && (document.activeElement.id || document.activeElement.outerHTML.slice(0, 80))`))
		b.t.Fatalf("browser: focus on %q, want %s (%v)", got, id, err)
	}
}
