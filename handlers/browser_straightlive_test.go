package handlers

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// straightTableAt waits until the phone's live table shows hand, its
// moves seq and the sheet's lines sheet.
func (b *browser) straightTableAt(hand, seq, sheet int) {
	b.t.Helper()
	b.do(poll[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("straight-table"); return s !== null && s.dataset.liveVersion === "%d-%d-%d"; })()`, hand, seq, sheet)))
}

// tap taps what data-testid names on the phone, once the page is still:
// a tap on a form htmx is swapping out would be sent without it.
func (b *browser) tap(testid string) {
	b.t.Helper()
	b.settled()
	b.do(chromedp.Click(css(fmt.Sprintf(`[data-testid="%s"]`, testid))))
}

// TestBrowserStraightLiveTable plays a Straight night of four in two
// partnerships on the live table, on three phones: the table picks who
// leads, the spinner led scores 10, a tile that fits both sides asks
// where, a tile that fits nowhere and a draw from an empty boneyard are
// refused with their rules, a take-back lifts a tile, a lay on the
// spinner's end scores 5, four passes block the hand; every phone sees
// the count of the ends, what it scored and the sheet's totals. The
// table leads to the sheet's end form filled in as blocked; the next
// hand's table is empty, led by the blocked hand's winner; the keypad
// takes the night to its target, and every phone says who won.
// Pictures at 390 and 320 px, light and dark.
func TestBrowserStraightLiveTable(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	path := a.createStraight("s_target", "100")
	ids := a.straightSheet(path).Game.IDs
	phones := newPhones(t, a.server.URL, 3)
	ann, bob, cy := phones[0], phones[1], phones[2]
	ann.open(path, `[data-testid=straight]`)
	ann.tap("to-table")
	ann.do(chromedp.WaitVisible(css(`[data-testid=leaders]`)))
	table := path + "/straight/table"
	for _, p := range phones {
		p.open(table, `[data-testid=straight-table]`)
	}
	everyone := func(seq, sheet int, sel, want string) {
		t.Helper()
		for _, p := range phones {
			p.straightTableAt(1, seq, sheet)
			p.waitText(sel, want)
		}
	}

	ann.tap(fmt.Sprintf("lead-%d", ids[0]))
	everyone(1, 0, `[data-testid=turn]`, "Ann leads: any tile")
	ann.tap("tile-5-5")
	everyone(2, 1, `[data-testid=count]`, "10 Ann & Cy score 10")
	bob.tap("tile-5-0")
	bob.waitText(`[data-testid=places]`, "Where does 5-0 go?")
	bob.tap("place-5-5#2")
	everyone(3, 2, `[data-testid=count]`, "10 Bob & Di score 10")
	for _, p := range phones {
		p.waitText(`[data-testid=table-totals]`, "Ann & Cy 10 Bob & Di 10")
	}

	// Cy taps a tile that fits nowhere: the rule, next to the keypad.
	cy.tap("tile-6-1")
	cy.waitText(`[data-testid=lay] [data-testid=reason]`, "6-1 has no")
	cy.screenshot("straight-table-refused")
	if n := cy.evalInt(`document.querySelectorAll("[data-testid=lay] [data-testid=rule]").length`); n != 1 {
		t.Errorf("the refusal links %d rules, want 1", n)
	}
	cy.tap("tile-5-3")
	everyone(4, 2, `[data-testid=count]`, "3 Cy laid 5-3: no score")
	cy.tap("take-back")
	everyone(5, 2, `[data-testid=ends]`, "10")
	cy.tap("tile-5-3")
	everyone(6, 2, `[data-testid=turn]`, "Di's turn")

	// Di (on Bob's phone, her partner's) can't draw: the boneyard is empty.
	bob.tap("draw")
	bob.waitText(`[data-testid=reason]`, "The boneyard is empty")
	bob.tap("tile-5-2")
	bob.waitText(`[data-testid=places]`, "top end")
	bob.screenshot("straight-table-where")
	bob.tap("place-5-5#3")
	everyone(7, 3, `[data-testid=count]`, "5 Bob & Di score 5")
	for _, p := range phones {
		p.waitText(`[data-testid=table-totals]`, "Ann & Cy 10 Bob & Di 15")
	}
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		for _, scheme := range []string{"light", "dark"} {
			cy.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
			feature := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
			if _, err := chromedp.Call(cy.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: feature}); err != nil {
				t.Fatal(err)
			}
			if w := cy.evalInt(`document.documentElement.scrollWidth`); w > size.w {
				t.Errorf("the live table at %d, %s is %d px wide", size.w, scheme, w)
			}
			if h := cy.evalInt(`document.querySelector("[data-testid='tile-6-6']").getBoundingClientRect().height`); h < 44 {
				t.Errorf("a tile of the keypad at %d is %d px high, under a thumb's 44", size.w, h)
			}
			cy.screenshot(fmt.Sprintf("straight-table-%d-%s", size.w, scheme))
		}
	}
	cy.do(chromedp.EmulateViewport(390, 844))
	for _, v := range cy.axe(table) { // the keypad, the drawing and the counts
		t.Errorf("axe, the live table: %s: %s", v.ID, v.Help)
	}
	cy.open(table, `[data-testid=straight-table]`)

	// Nobody can lay: four passes block the hand.
	for i, p := range []*browser{ann, bob, cy, ann} {
		p.straightTableAt(1, 7+i, 3)
		p.tap("pass")
	}
	everyone(11, 3, `[data-testid=over]`, "Blocked: nobody can play")
	cy.tap("to-end")
	cy.do(chromedp.WaitVisible(css(`#pips-` + itoa(ids[0]))))
	if cy.eval(`String(document.querySelector("[data-testid=blocked]").checked)`) != "true" {
		t.Error("the sheet's end form is not filled in as blocked")
	}
	cy.screenshot("straight-end-from-table")
	for i, pips := range []string{"10", "20", "5", "15"} {
		cy.do(chromedp.SendKeys(css(`#pips-`+itoa(ids[i])), pips))
	}
	cy.tap("end-hand")
	cy.waitText(`[data-testid=award]`, "35 → 35")
	// Hand 2 starts empty on the tables, led by Cy: the fewest spots of
	// the side that won the blocked hand.
	for _, p := range []*browser{ann, bob} {
		p.straightTableAt(2, 0, 4)
		p.waitText(`[data-testid=turn]`, "Cy leads: any tile")
		p.waitText(`[data-testid=table-totals]`, "Ann & Cy 45 Bob & Di 15")
		p.waitText(`[data-testid=ends]`, "0")
	}

	// By keypad to the target: every phone says Ann and Cy won.
	for _, p := range phones {
		p.open(path, `[data-testid=straight]`)
	}
	ann.tapFives(0, 30)
	for _, p := range phones {
		p.straightVersion(5)
	}
	cy.tapFives(0, 25)
	for _, p := range phones {
		p.straightVersion(6)
		p.waitText(`[data-testid=straight-status]`, "Ann & Cy win with 100")
	}
	bob.open(table, `[data-testid=straight-table]`)
	bob.waitText(`[data-testid=table-won]`, "Ann & Cy win with 100")
}
