package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserStraightSheetTools: on a phone, a hand's spots are tapped
// tile by tile (the box adds them up, take back and clear undo them), a
// line of the sheet is corrected from the list of lines, the houses are
// opened and stay open when the sheet is drawn again and on the next
// visit; printed, the sheet shows every line and no form; the setup
// form's player count follows the game picked. Pictures
// at 390 and 320 px, light and dark.
func TestBrowserStraightSheetTools(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	path := a.createStraight()
	ids := a.straightSheet(path).Game.IDs
	ann, cy, di := ids[0], ids[2], ids[3]
	b := newBrowser(t, a.server.URL)
	b.open(path, `[data-testid=straight]`)
	b.htmxReady()
	b.tapFives(0, 10)
	b.straightReady(1)
	b.tapFives(1, 5)
	b.straightReady(2)

	// Bob dominoes: Ann's 6-5 and 1-0 tapped (the 1-0 taken back and
	// tapped again), Cy's 3 and Di's 0 typed.
	b.do(chromedp.Click(css(`[data-testid=hand-end] summary`)), chromedp.Click(css(fmt.Sprintf(`[data-testid=out-%d]`, ids[1]))))
	b.do(chromedp.Click(css(fmt.Sprintf(`[data-testid=spot-tiles-%d] summary`, ann))))
	tile := func(name string) string { return fmt.Sprintf(`input[name="tiles-%d"][value="%s"] + .t`, ann, name) }
	box := fmt.Sprintf(`document.getElementById("pips-%d").value`, ann)
	b.do(chromedp.Click(css(tile("6-5"))), chromedp.Click(css(tile("1-0"))))
	if got := b.eval(box); got != "12" {
		t.Errorf("Ann's box after 6-5 and 1-0 = %q, want 12", got)
	}
	b.do(chromedp.Click(css(fmt.Sprintf(`[data-testid=spot-tiles-%d] [data-spots-back]`, ann))))
	if got := b.eval(box); got != "11" {
		t.Errorf("Ann's box after taking back the last = %q, want 11", got)
	}
	b.do(chromedp.Click(css(tile("1-0"))))
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		b.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
		if h := b.evalInt(fmt.Sprintf(`document.querySelector('input[name="tiles-%d"][value="6-6"] + .t').getBoundingClientRect().height | 0`, ann)); h < 44 {
			t.Errorf("a tile to tap at %d px is %d px high, under a thumb's 44", size.w, h)
		}
		b.pictures(fmt.Sprintf("spots-%d", size.w), size.w)
	}
	b.do(chromedp.EmulateViewport(390, 844))
	b.do(chromedp.SendKeys(css(fmt.Sprintf(`#pips-%d`, cy)), "3"), chromedp.SendKeys(css(fmt.Sprintf(`#pips-%d`, di)), "0"))
	b.do(chromedp.Click(css(`[data-testid=end-hand]`)))
	b.straightReady(3)
	b.waitText(`[data-testid=award]`, "Bob dominoed: the others held 15, 15 → 15 for Bob & Di")

	// Line 1 was 15, not 10.
	b.do(chromedp.Click(css(`[data-testid=lines] > summary`)), chromedp.Click(css(`[data-testid=line-1]`)))
	b.do(chromedp.WaitVisible(css(`[data-testid=fix-points-1]`)), chromedp.SetValue(css(`[data-testid=fix-points-1]`), "15"))
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		b.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
		b.pictures(fmt.Sprintf("lines-%d", size.w), size.w)
	}
	b.do(chromedp.EmulateViewport(390, 844))
	b.do(chromedp.Click(css(`[data-testid=fix-save-1]`)))
	b.straightReady(4)
	b.waitText(`[data-testid=side]:nth-child(1) [data-testid=side-total]`, "15")
	b.waitText(`[data-testid=line-1]`, "15 to Ann & Cy")
	if open := b.eval(`String(document.querySelector("[data-testid=lines]").open)`); open != "true" {
		t.Error("the list of lines closed when the sheet was drawn again")
	}

	// The houses: Bob & Di's 20 is four strokes.
	b.do(chromedp.Click(css(`[data-testid=houses] > summary`)))
	if n := b.evalInt(`document.querySelectorAll("[data-testid=house-side]")[1].querySelectorAll("line").length`); n != 4 {
		t.Errorf("Bob & Di's 20 is drawn with %d strokes, want 4", n)
	}
	b.pictures("houses-390", 390)
	// The toggle is kept once its event has run, a moment after the tap.
	b.do(poll[chromedp.Void](`localStorage.getItem("open:straight-houses") === "1"`))
	b.open(path, `[data-testid=straight]`)
	if open := b.eval(`String(document.querySelector("[data-testid=houses]").open)`); open != "true" {
		t.Error("the houses are closed again on the next visit")
	}

	// Printed: every line shows, with the totals and the hands; no
	// keypad, no form.
	b.eval(`document.querySelector("[data-testid=lines]").open = false; window.dispatchEvent(new Event("beforeprint")); ""`)
	b.emulateMedia("print")
	printed := b.eval(`[document.querySelector("[data-testid=lines]").open, getComputedStyle(document.querySelector("[data-testid=keypad]")).display,
		getComputedStyle(document.querySelector("[data-testid=hand-end]")).display, document.getElementById("straight").innerText.replace(/\s+/g, " ")].join("|")`)
	for _, want := range []string{"true|none|none|", "15 to Ann & Cy", "5 to Bob & Di", "Bob dominoed: the others held 15", "Hand 2: Bob & Di lead by 5"} {
		if !strings.Contains(printed, want) {
			t.Errorf("printed, the sheet reads %q, want %q in it", printed, want)
		}
	}
	b.screenshot("print")
	b.emulateMedia("")
	b.eval(`window.dispatchEvent(new Event("afterprint")); ""`)
	b.eval(`localStorage.setItem("open:straight-lines", "1"); ""`)
	for _, v := range b.axe(path) { // the houses and the lines open
		t.Errorf("axe: %s: %s", v.ID, v.Help)
	}

	b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`[data-testid=players-hint-chickenfoot]`)))
	b.do(chromedp.Click(css(`[data-testid=game-straight]`)), chromedp.WaitVisible(css(`[data-testid=players-hint-straight]`)))
	b.waitText(`label[for=players]`, "2 to 4")
	if shown := b.eval(`String(getComputedStyle(document.querySelector("[data-testid=players-hint-chickenfoot]")).display)`); shown != "none" {
		t.Errorf("the Chickenfoot player count shows beside Straight's (display %s)", shown)
	}
}

// straightReady waits until the phone's Straight sheet shows version n
// and htmx has taken over its forms, so the next tap goes through htmx
// and not as a plain form that leaves the page.
func (b *browser) straightReady(n int) {
	b.t.Helper()
	b.straightVersion(n)
	b.do(poll[chromedp.Void](`Array.prototype.every.call(document.querySelectorAll("#straight form"), (f) => f["htmx-internal-data"] !== undefined)`))
}

// pictures takes the page at width w in light and dark, and checks it
// is no wider than the phone.
func (b *browser) pictures(name string, w int) {
	b.t.Helper()
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		if got := b.evalInt(`document.documentElement.scrollWidth`); got > w {
			b.t.Errorf("%s, %s: the page is %d px wide at %d", name, scheme, got, w)
		}
		b.screenshot(name + "-" + scheme)
	}
}
