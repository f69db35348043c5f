package handlers

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserZoomedTableOpensOnTheLastTile: the whole table of a big
// round (16 players on double-18), zoomed on a phone, opens with the owed
// double or else the last tile laid inside the frame, not on the
// drawing's top-left corner.
func TestBrowserZoomedTableOpensOnTheLastTile(t *testing.T) {
	t.Parallel()
	a := newBenchApp(t)
	g, _ := benchTableRound(t, a.store)
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+tableURL(g.Slug, 1)+"?zoom=1"), chromedp.WaitVisible(css(`.table-view.zoomed[data-centred]`)))
	b.screenshot("zoomed")
	if b.evalInt(`(v => Math.max(v.scrollWidth - v.clientWidth, v.scrollHeight - v.clientHeight))(document.querySelector(".table-view"))`) <= 0 {
		t.Fatal("the zoomed table fits its frame: this test needs one that scrolls")
	}
	inside := `(() => {
		const v = document.querySelector(".table-view").getBoundingClientRect();
		const m = document.querySelector(".table-view .tile.owed, .table-view .tile.last").getBoundingClientRect();
		return m.left >= v.left && m.right <= v.right && m.top >= v.top && m.bottom <= v.bottom;
	})()`
	if got, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](inside)); err != nil || !got {
		t.Errorf("the zoomed table opens with the owed or last tile outside its frame (%v)", err)
	}
}
