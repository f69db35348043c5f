package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserDelete deletes a game night the way a phone does: the quiet
// link at the foot of its page, the confirmation page (checked at 390 px
// in light and dark and at 320 px: it fits, every target is big enough,
// axe finds nothing), a refusal without the box ticked, then the box
// ticked and the home page saying what happened.
func TestBrowserDelete(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cid")
	a.playARound(game)
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=delete-night]`)))
	b.screenshot("delete-game-page")
	b.do(chromedp.Click(css(`[data-testid=delete-night]`)), chromedp.WaitVisible(css(`[data-testid=delete]`)))
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.checkPage("delete page, 390 px, "+scheme, 390)
		b.screenshot("delete-390-" + scheme)
	}
	b.do(chromedp.EmulateViewport(320, 700))
	b.checkPage("delete page, 320 px, dark", 320)
	b.screenshot("delete-320-dark")

	b.do(chromedp.Click(css(`[data-testid=delete-button]`)), chromedp.WaitVisible(css(`#delete-problem`)))
	b.waitText(`#delete-problem`, "Tick “Yes, delete it”")
	b.checkPage("delete page refused, 320 px", 320)
	b.screenshot("delete-320-refused")

	b.do(chromedp.Click(css(`[data-testid=delete-confirm]`)), chromedp.Click(css(`[data-testid=delete-button]`)),
		chromedp.WaitVisible(css(`[data-testid=notice]`)))
	b.waitText(`[data-testid=notice]`, "Friday was deleted.")
	if got := b.eval(`location.pathname`); got != "/" {
		t.Fatalf("after deleting, the phone is at %q, want home", got)
	}
	b.checkPage("home after deleting, 320 px", 320)
	b.screenshot("delete-home")
}
