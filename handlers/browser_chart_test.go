package handlers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserChart: the running totals chart fits a 390 px and a 320 px
// phone, in light and dark, without the page scrolling sideways (its
// table of numbers opened too), its end labels never overlap nor shrink
// below 11 px, and axe finds nothing wrong with it; for 4 players after 3
// rounds, and for 16 on double-18 over all 19 rounds.
func TestBrowserChart(t *testing.T) {
	long(t)
	t.Parallel()
	a := newAppWith(t, nil, Config{WritesPerSecond: -1})
	names := strings.Fields("Ann Bartholomew Cy Deirdre Ed Francesca Gus Hal Ida Jo Kim Lou Max Nell Oz Pia")
	few := a.createGame("9", names[:4]...)
	playRounds(t, a, few, 4, 3)
	many := a.createGame("18", names...)
	playRounds(t, a, many, 16, 19)

	b := newBrowser(t, a.server.URL)
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		b.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
		for _, scheme := range []string{"light", "dark"} {
			b.colorScheme(scheme)
			for name, game := range map[string]string{"4-players": few, "16-players": many} {
				what := fmt.Sprintf("%s at %d, %s", name, size.w, scheme)
				b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=totals-chart]`)))
				b.checkChart(what, size.w)
				b.do(chromedp.ScrollIntoView(css(`[data-testid=chart]`)))
				b.screenshotView(fmt.Sprintf("chart-%s-%d-%s", name, size.w, scheme))
				// The numbers, opened, scroll inside their own frame.
				b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("[data-testid=chart-numbers]").open = true`))
				if w := b.evalInt(`document.documentElement.scrollWidth`); w > size.w {
					t.Errorf("%s: with the numbers open the page is %d px wide", what, w)
				}
				b.do(chromedp.ScrollIntoView(css(`[data-testid=chart-numbers]`)))
				b.screenshotView(fmt.Sprintf("numbers-%s-%d-%s", name, size.w, scheme))
			}
		}
	}
	for _, v := range b.axe(many) {
		t.Errorf("axe: %s: %s", v.ID, v.Help)
	}
}

// checkChart fails the test if the page is wider than the phone, the
// chart sticks out of its card, or two of its end labels overlap.
func (b *browser) checkChart(what string, width int) {
	b.t.Helper()
	if w := b.evalInt(`document.documentElement.scrollWidth`); w > width {
		b.t.Errorf("%s: the page is %d px wide", what, w)
	}
	if out := b.evalInt(`(s => Math.ceil(s.getBoundingClientRect().right - s.closest(".card").getBoundingClientRect().right))(document.querySelector("[data-testid=totals-chart]"))`); out > 0 {
		b.t.Errorf("%s: the chart sticks %d px out of its card", what, out)
	}
	overlaps, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`(() => {
		const rs = Array.from(document.querySelectorAll("[data-testid=chart-label]")).map(e => [e.textContent, e.getBoundingClientRect()]);
		const out = [];
		for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
			const [a, r] = rs[i], [b, s] = rs[j];
			if (r.left < s.right && s.left < r.right && r.top < s.bottom - 1 && s.top < r.bottom - 1) out.push(a + " and " + b);
		}
		return out;
	})()`))
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	for _, o := range overlaps {
		b.t.Errorf("%s: the labels %s overlap", what, o)
	}
	if px := b.evalInt(`Math.round(parseFloat(getComputedStyle(document.querySelector("[data-testid=chart-label]")).fontSize) * document.querySelector("[data-testid=totals-chart]").getBoundingClientRect().width / document.querySelector("[data-testid=totals-chart]").viewBox.baseVal.width)`); px < 11 {
		b.t.Errorf("%s: the end labels are %d px tall, want 11 at least", what, px)
	}
}

// playRounds closes rounds of a game of n players, each with one player
// out and the others holding a few pips, varied so the lines cross.
func playRounds(t *testing.T, a *testApp, game string, n, rounds int) {
	t.Helper()
	for r := 1; r <= rounds; r++ {
		path := game + "/rounds/" + itoa(r)
		out := (r*7 + 3) % n
		for seat := range n {
			f := form("pips", itoa((seat*13+r*17)%31+seat), "open", "1")
			if seat == out {
				f = form("went_out", "1", "open", "1")
			}
			if res := a.post(path+"/entries/"+itoa(seat), f); res.code >= 400 {
				t.Fatalf("round %d, seat %d: %d %s", r, seat, res.code, res.body)
			}
		}
		if res := a.post(path+"/close", form()); res.code >= 400 {
			t.Fatalf("closing round %d: %d %s", r, res.code, res.body)
		}
	}
}
