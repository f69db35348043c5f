package handlers

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserJoinAndLeave: on a phone, Dee joins a night after round 1
// and Bob then leaves before round 2, through the Players card. The card,
// the round and the score sheet are checked at 390 px in light and dark
// and at 320 px: nothing overflows, every target is big enough, axe finds
// nothing. A second phone open on the night sees the new player's entry
// in its round and column on its score sheet at once, and Bob's entry go.
func TestBrowserJoinAndLeave(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	for seat, f := range []map[string]string{{"pips": "12"}, {"went_out": "1"}, {"pips": "7"}} {
		v := form()
		for k, x := range f {
			v.Set(k, x)
		}
		expect(t, "round 1 entry", a.post(game+"/rounds/1/entries/"+itoa(seat), v), http.StatusSeeOther)
	}
	expect(t, "close round 1", a.post(game+"/rounds/1/close", nil), http.StatusSeeOther)

	b := newBrowser(t, a.server.URL)
	// Another phone at the table follows the night live.
	other := newBrowser(t, a.server.URL)
	other.open(game, `[data-testid=round]`)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=players]`)))
	b.do(chromedp.Click(css(`[data-testid=join-leave] summary`)), chromedp.WaitVisible(css(`#join-name`)))
	b.waitText(`[data-testid=join-button]`, "Plays from round 2")
	b.do(chromedp.SendKeys(css(`#join-name`), "Dee"), chromedp.Click(css(`[data-testid=join-button]`)))
	b.waitText(`[data-testid=flash]`, "Dee plays from round 2")
	b.waitText(`[data-testid=stays]`, "Dee joined for round 2")
	b.waitText(`[data-testid=entry-3]`, "Dee")
	// The other phone's round gains Dee's entry, and its score sheet her
	// column, without a reload.
	other.waitText(`[data-testid=entry-3]`, "Dee")
	other.waitText(`[data-testid=sheet] thead`, "Dee")
	if got := b.eval(`document.querySelector("[data-testid=sheet-round-1] td.missed").getAttribute("aria-label")`); got != "Dee missed round 1: 12, the highest score of those who played it." {
		t.Errorf("Dee's round-1 cell is labelled %q", got)
	}
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.checkPage("after Dee joined, 390 px, "+scheme, 390)
		b.screenshotOf(`#round`, "joined-round-390-"+scheme)
		b.screenshotOf(`#sheet`, "joined-sheet-390-"+scheme)
		b.screenshotOf(`#players`, "joined-players-390-"+scheme)
	}

	// Bob goes before round 2 begins; the rounds after count the average.
	b.do(chromedp.Click(css(`[data-testid=join-leave] summary`)), chromedp.WaitVisible(css(`#leave-seat`)),
		chromedp.SetValue(css(`#leave-seat`), "1"), chromedp.SetValue(css(`#leave-missed`), "average"))
	b.waitText(`[data-testid=leave-button]`, "Leaves before round 2")
	b.do(chromedp.EmulateViewport(320, 700))
	b.checkPage("the join and leave forms open, 320 px", 320)
	b.screenshotOf(`#players`, "leave-form-320")
	b.do(chromedp.Click(css(`[data-testid=leave-button]`)))
	b.waitText(`[data-testid=leave-confirm]`, "Bob leaves before round 2; the rounds from then count as: the average score. Is that right?")
	b.screenshotOf(`#players`, "leave-confirm-320")
	b.do(chromedp.Click(css(`[data-testid=leave-yes]`)))
	b.waitText(`[data-testid=flash]`, "Bob left after round 1")
	b.waitText(`[data-testid=stays]`, "Bob left after round 1; missed rounds count as the average score")
	if n := b.eval(`String(document.querySelectorAll("[data-testid=entry-1]").length)`); n != "0" {
		t.Errorf("round 2 still shows a card for Bob (%s)", n)
	}
	other.do(chromedp.WaitNotPresent(css(`[data-testid=entry-1]`)))
	other.waitText(`[data-testid=stays]`, "Bob left after round 1")
	b.checkPage("after Bob left, 320 px", 320)
	b.screenshotOf(`#round`, "left-round-320")
	b.screenshotOf(`#players`, "left-players-320")
	b.screenshotOf(`#sheet`, "left-sheet-320")
}
