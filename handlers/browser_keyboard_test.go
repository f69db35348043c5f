package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// describeFocus names the element with the focus: its tag, id, test id,
// name and value, and the start of its text.
const describeFocus = `(e => e === null ? "null" : e === document.body ? "body" :
	e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
	(e.dataset && e.dataset.testid ? "[data-testid=" + e.dataset.testid + "]" : "") +
	(e.getAttribute("name") ? "[name=" + e.getAttribute("name") + "]" : "") +
	(e.getAttribute("value") ? "[value=" + e.getAttribute("value") + "]" : "") + " " +
	JSON.stringify((e.getAttribute("aria-label") || e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 30)))(document.activeElement)`

// focused describes the element with the focus.
func (b *browser) focused() string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](describeFocus))
	if err != nil {
		b.t.Fatalf("browser: reading the focus: %v", err)
	}
	return s
}

// focusMatches reports whether the element with the focus matches the CSS
// selector.
func (b *browser) focusMatches(sel string) bool {
	b.t.Helper()
	ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(e => e !== null && e !== document.body && e.matches(`+jsString(sel)+`))(document.activeElement)`))
	if err != nil {
		b.t.Fatalf("browser: matching the focus against %s: %v", sel, err)
	}
	return ok
}

// tabTo presses Tab, as a keyboard user does, until the element with the
// focus matches the CSS selector, and fails listing where the focus went
// if it does not get there within 60 presses.
func (b *browser) tabTo(sel string) {
	b.t.Helper()
	var path []string
	for range 60 {
		if b.focusMatches(sel) {
			return
		}
		b.do(chromedp.KeyEvent(kb.Tab))
		path = append(path, b.focused())
	}
	if b.focusMatches(sel) {
		return
	}
	b.t.Fatalf("browser: Tab never reached %s; the focus went through:\n  %s", sel, strings.Join(path, "\n  "))
}

// keepsFocus checks a requirement of keyboard use: after an update the
// focus stays on the control used or moves to what it changed, never
// falling back to the page itself. It waits for htmx to settle and gives
// the page's script a moment to move the focus.
func (b *browser) keepsFocus(step string) {
	b.t.Helper()
	b.settled()
	poll := poll[bool](`document.activeElement !== null && document.activeElement !== document.body`,
		chromedp.WithPollingTimeout(1500*time.Millisecond))
	_, err := chromedp.Run(b.ctx, poll)
	got := b.focused()
	if err != nil {
		b.t.Errorf("after %s the focus fell to %s: a keyboard user has to start over from the top of the page", step, got)
		return
	}
	b.t.Logf("after %s the focus is on %s", step, got)
}

// settled waits until no htmx request, swap or settle is under way, nor
// the page's own work after one (the focus moved, the news said), which
// may scroll the page under a tap, nor a glide of the page to what
// changed.
func (b *browser) settled() {
	b.t.Helper()
	still := poll[chromedp.Void](`document.readyState === "complete" &&
		document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added, [data-settling], [data-scrolling]") === null`)
	// A page being replaced (a form sent before htmx took it over) drops
	// the script's context: ask the new page instead.
	for range 2 {
		ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
		err := chromedp.Do(ctx, still)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			if err != nil {
				b.t.Fatalf("browser: %v", err)
			}
			return
		}
	}
	b.do(still)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

// TestBrowserKeyboardOnly: a player with a keyboard and no pointer, on a
// phone-sized screen, names who set the double down, enters a 4-player
// round's scores, closes the round, and on the next round's live table
// sets the double down and lays a tile: Tab to move, Enter or Space to
// press, digits to type. After every update the focus is on a control,
// never dropped on the page.
func TestBrowserKeyboardOnly(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Dee")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(390, 844))
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.htmxReady()

	// Who set 9-9 down: Ann.
	b.tabTo(`#opening button[value="0"]`)
	b.do(chromedp.KeyEvent("\r"))
	b.waitText(`[data-testid=setter]`, "Ann")
	b.keepsFocus("naming who set the double down")
	b.waitFocus("pips-0")

	// Ann 12, Bob 20, typed; Cy went out (Tab to the button, Enter);
	// Dee 7. Each save hands the focus to the next empty pips box.
	type2 := func(seat int, digits string) {
		t.Helper()
		b.waitFocus("pips-" + itoa(seat))
		b.do(chromedp.KeyEvent(digits), chromedp.KeyEvent("\r"))
		b.waitText(`#entry-`+itoa(seat)+` [data-testid=entry-summary]`, digits)
		b.keepsFocus("saving seat " + itoa(seat) + "'s score")
	}
	type2(0, "12")
	type2(1, "20")
	b.waitFocus("pips-2")
	b.tabTo(`#entry-2 [data-testid=went-out]`)
	b.do(chromedp.KeyEvent("\r"))
	b.waitText(`#entry-2 [data-testid=entry-summary]`, "went out")
	b.keepsFocus("saving Cy went out")
	type2(3, "7")
	b.waitFocus("close")
	b.screenshot("keyboard-entered")

	b.do(chromedp.KeyEvent("\r"))
	b.waitText(`[data-testid=round-double]`, "8-8")
	b.waitText(`[data-testid=sheet-totals]`, "Total 12 20 0 7")
	b.keepsFocus("closing the round")
	b.screenshot("keyboard-closed")

	// The new round's live table, reached by its link.
	b.tabTo(`[data-testid=open-table]`)
	b.do(chromedp.KeyEvent("\r"))
	b.do(chromedp.WaitVisible(css(`[data-testid=start]`)))
	b.waitText(`[data-testid=owes]`, "Set 8-8 down to start.")
	if !strings.Contains(b.text(`h1`), "Round 2") {
		t.Fatalf("the table's heading is %q, want round 2", b.text(`h1`))
	}

	// Ann sets 8-8 down.
	b.tabTo(`[data-testid=start] button[value="0"]`)
	b.do(chromedp.KeyEvent("\r"))
	b.waitText(`[data-testid=owes]`, "Spinner 8-8: 4 arms to fill")
	b.waitText(`[data-testid=turn]`, "Bob's turn")
	b.keepsFocus("setting the double down on the table")
	b.screenshot("keyboard-started")

	// Bob lays 9-8 on 8-8: the end with Space; the tile keypad is a radio
	// group, one Tab stop, whose first tile is 9-9; the arrow key moves
	// to 9-8, as in any radio group. Then Tab to Lay it and Enter.
	b.tabTo(`[data-testid="end-8-8"]`)
	b.do(chromedp.KeyEvent(" "))
	b.tabTo(`input[name=tile]`)
	b.do(chromedp.KeyEvent(" "))
	for range 4 {
		if b.focusMatches(`[data-testid="tile-9-8"]`) {
			break
		}
		b.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	picked, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(document.querySelector("input[name=on]:checked") || {}).value + " " + (document.querySelector("input[name=tile]:checked") || {}).value`))
	if err != nil || picked != "8-8 9-8" {
		t.Fatalf("picked %q (%v), want end 8-8 and tile 9-8; focus on %s", picked, err, b.focused())
	}
	b.screenshot("keyboard-picked")
	b.tabTo(`[data-testid=lay-tile]`)
	b.do(chromedp.KeyEvent("\r"))
	b.waitText(`[data-testid=owes]`, "Spinner 8-8: 3 arms to fill")
	b.waitText(`[data-testid=turn]`, "Cy's turn")
	b.waitText(`[data-testid=take-back]`, "Take back Bob's last tile")
	b.waitText(`details.log summary`, "What happened (2)")
	if n, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`[...document.querySelectorAll('[data-testid="tile-9-8"]')].filter(e => e.getClientRects().length > 0).length`)); n != 0 {
		t.Errorf("9-8 is still offered to lay after it was laid")
	}
	b.keepsFocus("laying a tile")
	b.screenshot("keyboard-laid")
}

// TestBrowserReflowAtZoom: at 195 by 422 CSS pixels, what a 390 px phone
// shows at 200% zoom, no page scrolls sideways. Only the containers meant
// to scroll on their own may be wider than the screen inside: the score
// sheet (.sheet-wrap), the drawing of the table (.table-view) and the
// rules' row of deals (.rules .deals).
func TestBrowserReflowAtZoom(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("name", strings.Repeat("Friday night at the club ", 3)[:60], "date", "2026-11-28",
		"players", "Ann\n"+longName+"\nCy\nDee\nEd\nFay\nGus\nHal", "set", "12"))
	game := r.header.Get("Location")
	r1, r2 := game+"/rounds/1", game+"/rounds/2"
	a.post(r1+"/opening", form("setter", "1", "double", "12"))
	for seat := range 8 {
		a.post(r1+"/entries/"+itoa(seat), form("pips", itoa(10+seat*7), "open", "1"))
	}
	a.post(r1+"/entries/0", form("went_out", "1", "open", "1"))
	expect(t, "close round 1", a.post(r1+"/close", form()), 303)
	a.post(r2+"/entries/1", form("pips", "123", "open", "1"))

	// Round 2's table: 11-11 down, its four arms, and a chickie on one.
	table := r2 + "/table"
	for i, m := range [][3]string{
		{"0", "11-11", ""}, {"1", "12-11", "11-11"}, {"2", "11-10", "11-11"}, {"3", "11-9", "11-11"},
		{"4", "11-8", "11-11"}, {"5", "10-10", "11-10"}, {"6", "10-7", "10-10"},
	} {
		if got := a.lay(table, m[0], m[1], m[2]); got.code != 200 {
			t.Fatalf("move %d (%v): status %d", i, m, got.code)
		}
	}

	pages := []string{
		"/", "/new", game, r1, r2, r2 + "/entries/1/tiles",
		table, table + "?zoom=1", table + "?on=11-9", r2 + "/check?tile=9-9&on=11-9", r2 + "/replay",
		game + "/rules", "/rules", "/check", game + "/delete",
	}
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(195, 422, chromedp.EmulateScale(2)))
	for _, page := range pages {
		b.do(chromedp.Navigate(b.base+page), chromedp.WaitVisible(css(`main`)))
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
		w, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		if w > 195 {
			wide, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](widestOutside))
			t.Errorf("%s is %d px wide at 195; widest elements outside the scrolling containers:\n  %s", page, w, strings.Join(wide, "\n  "))
		}
		name := strings.NewReplacer(game, "game", "/", "-", "?", "-", "=", "-", "&", "-").Replace(page)
		b.screenshot("195" + name)
	}
}

// widestOutside lists, widest first, the elements reaching past the right
// edge of a 195 px screen that are not inside a container meant to
// scroll on its own.
const widestOutside = `Array.from(document.querySelectorAll("body *"))
	.filter(e => !e.closest(".sheet-wrap, .table-view, .rules .deals, .visually-hidden"))
	.map(e => [e, e.getBoundingClientRect()])
	.filter(([e, r]) => r.right > 196)
	.sort((x, y) => y[1].right - x[1].right)
	.slice(0, 10)
	.map(([e, r]) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "") +
		(e.dataset.testid ? "[data-testid=" + e.dataset.testid + "]" : "") + " " +
		JSON.stringify((e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40)) +
		" left " + Math.round(r.left) + " right " + Math.round(r.right) + " width " + Math.round(r.width) +
		" (min-content " + e.scrollWidth + ")")`
