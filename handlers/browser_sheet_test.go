package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSheetOfManyPlayers: on a 390 px phone the score sheet of 8
// players fits without scrolling sideways; at 16 players, where it can't,
// it scrolls inside its own frame and says so, and the page itself never
// scrolls sideways.
func TestBrowserSheetOfManyPlayers(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	names := strings.Fields("Ann Bartholomew Cy Deirdre Ed Francesca Gus Hal Ida Jo Kim Lou Max Nell Oz Pia")
	b := newBrowser(t, a.server.URL)
	for _, n := range []int{8, 16} {
		game := a.createGame("12", names[:n]...)
		r1 := game + "/rounds/1"
		for seat := range n {
			a.post(r1+"/entries/"+itoa(seat), form("pips", itoa(5+seat), "open", "1"))
		}
		a.post(r1+"/entries/0", form("went_out", "1", "open", "1"))
		a.post(r1+"/close", form())
		if got := a.get(game).testid("sheet-totals").text(); !strings.Contains(got, itoa(5+n-1)) {
			t.Fatalf("%d players: round 1 did not close: totals %q", n, got)
		}
		b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=sheet]`)))
		b.do(chromedp.ScrollIntoView(css(`[data-testid=sheet]`)))
		b.screenshot(fmt.Sprintf("sheet-%d-players", n))
		page := b.evalInt(`document.documentElement.scrollWidth`)
		wrap := b.evalInt(`(w => w.scrollWidth - w.clientWidth)(document.querySelector(".sheet-wrap"))`)
		hint := b.eval(`(h => h && h.getClientRects().length ? h.textContent : "")(document.querySelector("[data-testid=sheet-scrolls]"))`)
		t.Logf("%d players: the page is %d px wide, the sheet %d px wider than its frame, hint %q", n, page, wrap, hint)
		if page > 390 {
			t.Errorf("%d players: the page is %d px wide at 390", n, page)
		}
		switch {
		case n == 8 && wrap > 0:
			t.Errorf("8 players: the sheet scrolls sideways by %d px at 390", wrap)
		case wrap > 0 && hint == "":
			t.Errorf("%d players: the sheet scrolls sideways by %d px with no hint", n, wrap)
		case wrap <= 0 && hint != "":
			t.Errorf("%d players: the sheet fits but says %q", n, hint)
		}
	}
}

func (b *browser) evalInt(js string) int {
	b.t.Helper()
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](js))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", js, err)
	}
	return got
}
