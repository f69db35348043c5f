package handlers

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// roundActions is what it takes to score a 4-player round of typed hands
// once who set the double down is named: Enter after each of three typed
// scores, one tap on Went out, one on Close. Digits are not counted.
const roundActions = 5

// TestBrowserFastEntry counts what it takes to score a 4-player round of
// typed hands at phone size: after each save the next empty pips box has
// the focus, so a player types the digits and Enter (or taps Went out),
// and the round ends with Close. The player here acts as a person would:
// where the focus is not on the box to type in, they tap it first. The
// page itself counts the taps and keys it receives, so a change that
// makes a player tap more fails here.
func TestBrowserFastEntry(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Dee")
	b := newBrowser(t, a.server.URL)
	b.onEveryPage(countActions)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.htmxReady()

	// Naming who set the double down is the round's first question; it
	// hands the focus to the first pips box.
	b.do(chromedp.Click(css(`#opening button[value="0"]`)))
	b.waitText(`[data-testid=setter]`, "Ann")
	if n := b.actions(); n != 1 {
		t.Fatalf("naming who set the double down took %d actions, want one tap", n)
	}

	// reach makes sure the focus is on the element with the id: the page
	// should have put it there; if it does not, the player taps it.
	reach := func(id string) {
		t.Helper()
		b.settled()
		if !b.focusArrives(id) {
			t.Logf("the focus is not on %s: the player taps it", id)
			b.do(chromedp.Click(css(`#` + id)))
		}
	}
	typed := func(seat int, digits string) {
		t.Helper()
		reach("pips-" + itoa(seat))
		b.do(chromedp.KeyEvent(digits), chromedp.KeyEvent("\r"))
		b.waitText(`#entry-`+itoa(seat)+` [data-testid=entry-summary]`, digits)
	}
	typed(0, "12")
	typed(1, "20")
	b.do(chromedp.Click(css(`#entry-2 [data-testid=went-out]`)))
	b.waitText(`#entry-2 [data-testid=entry-summary]`, "went out")
	typed(3, "7")
	b.settled()
	if b.focusArrives("close") {
		b.screenshot("fast-entry")
		b.do(chromedp.KeyEvent("\r"))
	} else {
		t.Log("the focus is not on Close: the player taps it")
		b.do(chromedp.Click(css(`[data-testid=close]`)))
	}
	b.waitText(`[data-testid=round-double]`, "8-8")
	b.waitText(`[data-testid=sheet-totals]`, "Total 12 20 0 7")

	n := b.actions() - 1
	t.Logf("a 4-player round took %d actions besides the digits (and the tap naming who set the double down)", n)
	if n != roundActions {
		t.Fatalf("a 4-player round took %d actions besides the digits, want %d", n, roundActions)
	}
}

// countActions, run in each page the tab loads, counts in the tab's
// session storage the actions a person makes: each tap or click (a
// trusted pointerdown, so the click a form's Enter sends its button is
// not counted twice) and each key pressed but a digit.
const countActions = `(() => {
	const add = e => { if (e.isTrusted) sessionStorage.setItem("actions", String(Number(sessionStorage.getItem("actions") || 0) + 1)); };
	addEventListener("pointerdown", add, true);
	addEventListener("keydown", e => { if (!/^[0-9]$/.test(e.key) && !e.repeat) add(e); }, true);
})()`

// actions is the count countActions has kept so far.
func (b *browser) actions() int {
	b.t.Helper()
	return b.evalInt(`Number(sessionStorage.getItem("actions") || 0)`)
}

// focusArrives reports whether the element with the id (or, failing
// that, the data-testid) has the focus or gets it within 5 seconds.
func (b *browser) focusArrives(id string) bool {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, poll[bool](`(e => e !== null && (e.id === "`+id+`" || e.dataset.testid === "`+id+`"))(document.activeElement)`))
	return err == nil
}

// waitFocus waits until the element with the id (or, failing that, the
// data-testid) has the focus.
func (b *browser) waitFocus(id string) {
	b.t.Helper()
	if !b.focusArrives(id) {
		got, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.activeElement && (document.activeElement.id || document.activeElement.outerHTML.slice(0, 80))`))
		b.t.Fatalf("browser: focus on %q, want %s", got, id)
	}
}
