package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// phoneSizes are the screens the answers must be within reach on: a
// common phone and the narrowest one in use.
var phoneSizes = []struct {
	name string
	w, h int64
}{{"390", 390, 844}, {"320", 320, 568}}

// inView is true when the element sel names is on the screen from its top
// to its bottom (or, taller than the screen, fills it from its top).
const inView = `(sel => { const e = document.querySelector(sel); if (e === null) return false;
	const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && (r.bottom <= innerHeight || r.top === 0); })`

// focusIn is true when the focus is on or inside the element sel names.
const focusIn = `(sel => { const e = document.querySelector(sel), a = document.activeElement;
	return e !== null && a !== null && a !== document.body && e.contains(a); })`

// inReach fails unless what sel names is on the screen and has the focus,
// where a screen reader reads it, once the page has settled.
func (b *browser) inReach(sel, what string) {
	b.t.Helper()
	b.settled()
	js := `(` + inView + `(` + jsString(sel) + `) && ` + focusIn + `(` + jsString(sel) + `))`
	if _, err := chromedp.Run(b.ctx, poll[bool](js, chromedp.WithPollingTimeout(3e9))); err != nil {
		where := b.eval(`(e => e === null ? "nowhere" : JSON.stringify(e.getBoundingClientRect()) + " on a screen " + innerHeight + " high")(document.querySelector(` + jsString(sel) + `))`)
		b.t.Errorf("%s: %s is at %s with the focus on %s, want it on the screen and focused", what, sel, where, b.focused())
	}
}

// colours takes a picture of the screen in light and in dark, when
// pictures were asked for: otherwise the page is left as it is.
func (b *browser) colours(name string) {
	b.t.Helper()
	if !picturesAsked() {
		return
	}
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.screenshotView(name + "-" + scheme)
	}
}

// TestBrowserTableAnswersInReach: on a phone, a move the table refuses
// (against the rules, or on a table that changed meanwhile) is answered
// next to the button tapped, on the screen, with the focus on the answer;
// a tile laid shows in the drawing on the screen.
func TestBrowserTableAnswersInReach(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	table := game + "/rounds/1/table"
	for _, m := range [][3]string{{"0", "9-9", ""}, {"1", "9-1", "9-9"}, {"2", "9-2", "9-9"}, {"0", "9-3", "9-9"}, {"1", "9-4", "9-9"}} {
		expect(t, "laying "+m[1], a.lay(table, m[0], m[1], m[2]), http.StatusOK)
	}
	other, err := db.Open(context.Background(), a.file)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	b := newBrowser(t, a.server.URL)
	b.withMotion() // the page glides to the tile laid, as on most phones

	// 5-1 fits 9-1 only: picking it picks 9-1 too; 2-1 fits two ends and
	// picks neither.
	b.open(table, `[data-testid=lay]`)
	picked := `(document.querySelector("input[name=on]:checked") || {value: "none"}).value`
	b.do(chromedp.Click(css(`label:has([data-testid="tile-2-1"])`)))
	if got := b.eval(picked); got != "none" {
		t.Errorf("2-1 picked, which fits two ends: the end picked is %s, want none", got)
	}
	b.do(chromedp.Click(css(`label:has([data-testid="tile-5-1"])`)))
	if got := b.eval(picked); got != "9-1" {
		t.Errorf("5-1 picked, which fits 9-1 only: the end picked is %s, want 9-1", got)
	}

	for i, size := range phoneSizes {
		b.do(chromedp.EmulateViewport(size.w, size.h))
		b.open(table, `[data-testid=lay]`)

		// Cy's 6-5 has no 2: refused by the rules.
		b.layTile("9-2", "6-5")
		b.waitText(`[data-testid=refusal]`, "6-5 has no 2")
		b.inReach(`[data-testid=refusal]`, size.name+": a tile against the rules")
		b.colours(size.name + "-refused")

		// Another phone's draw (or pass), which this one has not heard of:
		// its tap is refused as made on a table that changed.
		kind := []referee.ActionKind{referee.ActDraw, referee.ActPass}[i]
		actAsShown(t, other, strings.TrimPrefix(game, "/g/"), 1, referee.Action{Seat: 2, Kind: kind})
		b.layTile("9-3", "5-3")
		b.waitText(`[data-testid=refusal]`, "changed")
		b.inReach(`[data-testid=refusal]`, size.name+": a tap on a table that changed")
		b.colours(size.name + "-changed")
	}

	// Laid at last: the tile shows in the drawing, on the screen.
	b.open(table, `[data-testid=lay]`)
	b.layTile("9-3", "5-3")
	b.waitText(`[data-testid=turn]`, "Bob's turn")
	b.settled()
	if _, err := chromedp.Run(b.ctx, poll[bool](inView+`(".layout .tile.last")`, chromedp.WithPollingTimeout(3e9))); err != nil {
		t.Errorf("the tile just laid is at %s on a screen %s high, want it on the screen",
			b.eval(`JSON.stringify(document.querySelector(".layout .tile.last").getBoundingClientRect())`), b.eval(`String(innerHeight)`))
	}
	b.colours("320-laid")
}

// TestBrowserVerdictInReach: the check page's verdict (or what to fix),
// below its long form, is on the screen with the focus once the question
// is asked; a place left empty where the tile fits one place only is that
// place.
func TestBrowserVerdictInReach(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	b := newBrowser(t, a.server.URL)
	for _, size := range phoneSizes {
		b.do(chromedp.EmulateViewport(size.w, size.h))
		b.do(chromedp.Navigate(b.base+"/check"), chromedp.WaitVisible(css(`[data-testid=check-form]`)),
			chromedp.SendKeys(css(`#layout`), "9-9 9-1@9-9 9-2@9-9 9-3@9-9 9-4@9-9"),
			chromedp.SendKeys(css(`#tile`), "5-1"),
			chromedp.Click(css(`[data-testid=ask]`)))
		b.waitText(`[data-testid=verdict]`, "Can 5-1 go on 9-1?")
		b.inReach(`[data-testid=verdict]`, size.name+": the check page's verdict")
		b.colours(size.name + "-verdict")

		// A layout that can't be read: what to fix, in reach too.
		b.do(chromedp.SetValue(css(`#layout`), "9-9 9-1@8-8"), chromedp.Click(css(`[data-testid=ask]`)))
		b.waitText(`[data-testid=problem]`, "8-8")
		b.inReach(`[data-testid=problem]`, size.name+": the check page's problem")
	}
}
