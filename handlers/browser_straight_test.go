package handlers

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// straightVersion waits until the phone's Straight sheet shows version n.
func (b *browser) straightVersion(n int) {
	b.t.Helper()
	b.do(poll[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("straight"); return s !== null && s.dataset.liveVersion === %q; })()`, strconv.Itoa(n))))
}

// tapFives taps points for a side on the phone's keypad.
func (b *browser) tapFives(side, points int) {
	b.t.Helper()
	sel := fmt.Sprintf(`[data-testid=side]:nth-child(%d) [data-testid=key-%d]`, side+1, points)
	if points > 30 {
		b.do(chromedp.Click(css(fmt.Sprintf(`[data-testid=side]:nth-child(%d) details summary`, side+1))))
	}
	b.do(chromedp.Click(css(sel)))
}

// endHand ends the hand on the phone: out is the id of who dominoed, or
// -1 when blocked; pips by player id.
func (b *browser) endHand(out int, pips map[int]string) {
	b.t.Helper()
	b.do(chromedp.Click(css(`[data-testid=hand-end] summary`)))
	who := `[data-testid=blocked]`
	if out >= 0 {
		who = fmt.Sprintf(`[data-testid=out-%d]`, out)
	}
	b.do(chromedp.Click(css(who)))
	for id, n := range pips {
		b.do(chromedp.SendKeys(css(fmt.Sprintf(`#pips-%d`, id)), n))
	}
	b.do(chromedp.Click(css(`[data-testid=end-hand]`)))
}

// TestBrowserStraightNight plays a whole Straight night by keypad: four
// players as two partnerships, started on the setup form, scored on
// three phones in turn; each phone sees the others' taps, a hand ended
// by dominoing and one blocked show their awards with the rounding, and
// every phone sees who won at the target. Pictures at 390 and 320 px,
// light and dark.
func TestBrowserStraightNight(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	phones := newPhones(t, a.server.URL, 3)
	ann, bob, cy := phones[0], phones[1], phones[2]

	ann.do(chromedp.Navigate(ann.base+"/new"), chromedp.WaitVisible(css(`[data-testid=game-pick]`)))
	ann.do(chromedp.Click(css(`[data-testid=game-straight]`)))
	ann.do(chromedp.WaitNotVisible(css(`.for-chickenfoot`)), chromedp.WaitVisible(css(`[data-testid=rule-s_partners]`)))
	ann.screenshot("setup-straight")
	ann.do(chromedp.SendKeys(css(`#name`), "Hall"), chromedp.SendKeys(css(`#players`), "Ann\nBob\nCy\nDi"),
		chromedp.Click(css(`input[name=s_partners][value=yes]`)), chromedp.SendKeys(css(`#s_target`), "100"),
		chromedp.Click(css(`[data-testid=create]`)))
	ann.do(chromedp.WaitVisible(css(`[data-testid=straight]`)))
	game := ann.eval(`location.pathname`)
	for _, p := range phones {
		p.open(game, `[data-testid=straight]`)
	}
	everyone := func(v int, sel, want string) {
		t.Helper()
		for _, p := range phones {
			p.straightVersion(v)
			p.waitText(sel, want)
		}
	}
	total := func(side int) string {
		return fmt.Sprintf(`[data-testid=side]:nth-child(%d) [data-testid=side-total]`, side+1)
	}

	// Hand 1: taps on three phones; Bob dominoes with 14 spots left in
	// Ann's and Cy's hands, rounded to 15 for Bob and Di.
	ann.tapFives(0, 10)
	everyone(1, total(0), "10")
	bob.tapFives(1, 15)
	everyone(2, total(1), "15")
	cy.tapFives(0, 5)
	everyone(3, `[data-testid=straight-status]`, "Hand 1: level at 15")
	bob.endHand(1, map[int]string{0: "6", 2: "8", 3: "3"})
	everyone(4, `[data-testid=award]`, "Bob dominoed: the others held 14, 14 → 15 for Bob & Di")
	for _, p := range phones {
		p.waitText(total(1), "30")
		p.waitText(`[data-testid=straight-status]`, "Hand 2: Bob & Di lead by 15")
	}

	// Hand 2: Cy and Ann score; blocked, Ann and Cy hold 5 and take the
	// others' 22, rounded to 20.
	cy.tapFives(0, 20)
	everyone(5, total(0), "35")
	ann.tapFives(0, 30)
	everyone(6, total(0), "65")
	bob.endHand(-1, map[int]string{0: "3", 1: "10", 2: "2", 3: "12"})
	everyone(7, `[data-testid=award]`, "22 → 20")
	for _, p := range phones {
		p.waitText(total(0), "85")
	}
	cy.do(chromedp.Click(css(`[data-testid=hand-end] summary`))) // its form in the pictures too
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		for _, scheme := range []string{"light", "dark"} {
			cy.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
			cy.colorScheme(scheme)
			if w := cy.evalInt(`document.documentElement.scrollWidth`); w > size.w {
				t.Errorf("the Straight sheet at %d, %s is %d px wide", size.w, scheme, w)
			}
			if h := cy.evalInt(`document.querySelector("[data-testid=key-5]").getBoundingClientRect().height`); h < 44 {
				t.Errorf("a key at %d is %d px high, under a thumb's 44", size.w, h)
			}
			cy.screenshot(fmt.Sprintf("straight-%d-%s", size.w, scheme))
		}
	}
	cy.do(chromedp.EmulateViewport(390, 844))
	for _, v := range cy.axe(game) { // the keypad and the end of the hand on the page
		t.Errorf("axe, during a hand: %s: %s", v.ID, v.Help)
	}
	cy.open(game, `[data-testid=straight]`)

	// Hand 3: Undo on another phone takes Bob's tap back; Cy's 15 brings
	// Ann and Cy to the target: every phone says they won.
	bob.tapFives(1, 5)
	everyone(8, total(1), "35")
	ann.do(chromedp.Click(css(`[data-testid=undo]`)))
	everyone(9, total(1), "30")
	cy.tapFives(0, 15)
	everyone(10, `[data-testid=straight-status]`, "Ann & Cy win with 100")
	for _, p := range phones {
		if n := p.evalInt(`document.querySelectorAll("[data-testid=keypad]").length`); n != 0 {
			t.Errorf("a phone still shows %d keypads after the win", n)
		}
	}
	ann.screenshot("straight-won")
	for _, v := range ann.axe(game) {
		t.Errorf("axe: %s: %s", v.ID, v.Help)
	}
}
