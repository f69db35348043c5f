package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// fits fails unless the page is no wider than width.
func (b *browser) fits(when string, width int) {
	b.t.Helper()
	if w, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > width {
		b.t.Errorf("%s: the page is %d px wide at %d", when, w, width)
	}
}

// TestBrowserLowerStart: under the burn rule a phone picks the lower
// double the round opens on, taps who set it, and the table plays on; at
// 390 and 320 px, light and dark, the start fits the screen.
func TestBrowserLowerStart(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("date", "2026-11-28", "players", "Ann\nBob", "set", "6", "unheld_double", "burn"))
	expect(t, "create", r, 303)
	game := r.header.Get("Location")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(390, 844), chromedp.Navigate(b.base+game+"/rounds/1/table"), chromedp.WaitVisible(css(`[data-testid=start-double]`)))
	b.htmxReady()
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.fits("the start, 390 px, "+scheme, 390)
		b.screenshot("lower-start-390-" + scheme)
	}
	b.do(chromedp.EmulateViewport(320, 700))
	b.fits("the start, 320 px", 320)
	b.screenshot("lower-start-320-dark")
	b.colorScheme("light")
	b.do(chromedp.SetValue(css(`[data-testid=start-double]`), "5-5"), chromedp.Click(css(`[data-testid=start] button[value="1"]`)))
	b.waitText(`[data-testid=owes]`, "Spinner 5-5: 4 arms to fill")
	b.waitText(`[data-testid=turn]`, "Ann's turn")
	b.screenshot("lower-start-set-320")
}

// TestBrowserTilesWentOut: the tiles page refuses an empty grid with a
// sentence, then saves Went out once its box is ticked; at 390 and 320
// px, light and dark, it fits and axe finds nothing.
func TestBrowserTilesWentOut(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(390, 844), chromedp.Navigate(b.base+game+"/rounds/1/entries/1/tiles"), chromedp.WaitVisible(css(`[data-testid=tiles-out]`)))
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.checkPage("tiles page, 390 px, "+scheme, 390)
		b.screenshot("tiles-390-" + scheme)
	}
	b.do(chromedp.EmulateViewport(320, 700))
	b.checkPage("tiles page, 320 px, dark", 320)
	b.screenshot("tiles-320-dark")
	b.do(chromedp.Click(css(`[data-testid=save-tiles]`)), chromedp.WaitVisible(css(`[data-testid=problem]`)))
	b.waitText(`[data-testid=problem]`, "No tile is tapped")
	b.checkPage("tiles page refused, 320 px, dark", 320)
	b.screenshot("tiles-320-refused")
	b.do(chromedp.Click(css(`[data-testid=tiles-out]`)), chromedp.Click(css(`[data-testid=save-tiles]`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.waitText(`#entry-1 [data-testid=entry-summary]`, "went out")
}
