package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTwoGameNights plays the two game nights found at the table
// through the browser at 390x844: 3 players on double-6 to the final
// standings, and 8 players on double-12. The night is started with a
// double tap; after every save no stray text is left on the page and no
// id is doubled; there is one night and one sheet row per round; and the
// 8-player pages fit the phone without sideways scrolling.
func TestBrowserTwoGameNights(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	b := newBrowser(t, a.server.URL)

	start := func(players, set string, tap func(string) chromedp.Action[chromedp.Void]) {
		t.Helper()
		b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`[data-testid=setup]`)),
			chromedp.SendKeys(css(`#players`), players),
			chromedp.Click(css(`input[name=set][value="`+set+`"]`)))
		b.waitText(`[data-testid=suggestion]`, "on double-"+set)
		b.do(tap(`[data-testid=create]`), chromedp.WaitVisible(css(`[data-testid=round]`)))
		b.htmxReady()
	}
	clean := func(when string) {
		t.Helper()
		b.settled() // and htmx has bound the new parts' forms
		stray := b.eval(`(() => {
			const out = [];
			for (const el of [document.body, document.getElementById("main"), document.getElementById("round")]) {
				for (const n of (el ? el.childNodes : [])) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
			}
			const ids = Array.from(document.querySelectorAll("[id]"), e => e.id);
			ids.forEach((id, i) => { if (ids.indexOf(id) !== i) out.push("id " + id + " twice"); });
			return out.join(" | ");
		})()`)
		if stray != "" {
			t.Fatalf("%s: stray text or doubled ids: %s", when, stray)
		}
	}

	// Night 1: 3 players on double-6, every round typed, to the standings.
	start("Ann\nBob\nCy", "6", func(sel string) chromedp.Action[chromedp.Void] { return chromedp.DoubleClick(css(sel)) })
	totals := make([]int, 3)
	for r := 1; r <= 7; r++ {
		double := 7 - r
		b.waitText(`[data-testid=round-double]`, fmt.Sprintf("%d-%d", double, double))
		b.do(chromedp.Click(css(`#opening button[value="` + itoa(r%3) + `"]`)))
		b.waitText(`[data-testid=setter]`, []string{"Ann", "Bob", "Cy"}[r%3])
		for seat := range 3 {
			if seat == r%3 {
				b.do(chromedp.Click(css(`#entry-` + itoa(seat) + ` [data-testid=went-out]`)))
				b.waitText(`#entry-`+itoa(seat)+` [data-testid=entry-summary]`, "went out")
			} else {
				pips := 2*r + seat
				b.typePips(seat, itoa(pips))
				totals[seat] += pips
			}
			clean(fmt.Sprintf("round %d, seat %d saved", r, seat))
		}
		b.do(chromedp.Click(css(`[data-testid=close]`)))
		if r < 7 {
			b.waitText(`[data-testid=round-double]`, fmt.Sprintf("%d-%d", double-1, double-1))
		}
		clean(fmt.Sprintf("round %d closed", r))
	}
	b.waitText(`[data-testid=final]`, "Final standings")
	b.waitText(`[data-testid=sheet-totals]`, fmt.Sprintf("Total %d %d %d", totals[0], totals[1], totals[2]))
	if rows := b.evalInt(`document.querySelectorAll("[data-testid^=sheet-round-]").length`); rows != 7 {
		t.Errorf("the sheet has %d round rows, want 7", rows)
	}
	b.screenshot("night-1-final")

	// Night 2: 8 players on double-12, two rounds typed with the keyboard.
	start("Ann\nBartholomew\nCy\nDeirdre\nEd\nFrancesca\nGus\nHal", "12", func(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(css(sel)) })
	for r := 1; r <= 2; r++ {
		b.do(chromedp.Click(css(`#opening button[value="0"]`)))
		for seat := range 8 {
			b.waitFocus("pips-" + itoa(seat))
			b.do(chromedp.KeyEvent(itoa(r+seat)), chromedp.KeyEvent("\r"))
			b.waitText(`#entry-`+itoa(seat)+` [data-testid=entry-summary]`, itoa(r+seat))
			clean(fmt.Sprintf("8 players, round %d, seat %d saved", r, seat))
		}
		b.waitFocus("close")
		if w := b.evalInt(`document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("8 players, round %d: the page is %d px wide at 390", r, w)
		}
		b.screenshot(fmt.Sprintf("night-2-round-%d", r))
		b.do(chromedp.KeyEvent("\r"))
		b.waitText(`[data-testid=round-double]`, fmt.Sprintf("%d-%d", 12-r, 12-r))
		clean(fmt.Sprintf("8 players, round %d closed", r))
	}
	if wider := b.evalInt(`(w => w.scrollWidth - w.clientWidth)(document.querySelector(".sheet-wrap"))`); wider > 0 {
		t.Errorf("8 players: the sheet scrolls sideways by %d px at 390", wider)
	}
	b.screenshot("night-2-sheet")

	b.do(chromedp.Navigate(b.base+"/"), chromedp.WaitVisible(css(`[data-testid=games]`)))
	if got := b.text(`[data-testid=games]`); strings.Count(got, "Resume") != 1 {
		t.Errorf("the home page lists %q: want night 1 finished and one night 2, double taps making nothing twice", got)
	}
	if n := b.evalInt(`document.querySelectorAll("[data-testid=games] > li").length`); n != 2 {
		t.Errorf("the home page lists %d game nights, want 2", n)
	}
}
