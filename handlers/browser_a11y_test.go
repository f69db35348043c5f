package handlers

import (
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowserSaysAndKeepsFocus: every update is said in the one polite
// live region, the focus never drops to the page body, a refusal is tied
// to its field with the app's own words, and controls say whose they are.
func TestBrowserSaysAndKeepsFocus(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Dee")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.htmxReady()

	if got := b.eval(`document.querySelector("#entry-1 [data-testid=save]").textContent`); got != "Save Bob's score" {
		t.Errorf("Bob's save button is named %q", got)
	}
	if got := b.eval(`document.querySelector("#entry-2 [data-testid=went-out]").getAttribute("aria-label")`); got != "Cy went out" {
		t.Errorf("Cy's went-out button is named %q", got)
	}

	b.do(chromedp.Click(css(`#opening button[value="0"]`)))
	b.waitText(`#said`, "Set down by Ann.")
	b.waitFocus("pips-0")
	b.do(chromedp.KeyEvent("12"), chromedp.KeyEvent("\r"))
	b.waitText(`#said`, "Ann: 12")
	b.waitFocus("pips-1")

	// Letters go to the server, not to the browser's own check, and come
	// back as the app's message, tied to the box.
	b.do(chromedp.KeyEvent("ab"), chromedp.KeyEvent("\r"))
	b.waitText(`#entry-1 [data-testid=problem]`, "ab")
	b.waitFocus("pips-1")
	if got := b.eval(`(i => i.getAttribute("aria-invalid") + " " + document.getElementById(i.getAttribute("aria-describedby")).textContent)(document.getElementById("pips-1"))`); got != "true "+b.text(`#entry-1 [data-testid=problem]`) {
		t.Errorf("the refused box reads %q", got)
	}
	if got := b.eval(`document.getElementById("pips-0").hasAttribute("aria-invalid") ? "marked" : ""`); got != "" {
		t.Errorf("Ann's box, not refused, is %s invalid", got)
	}

	// Undo: the notice alone is said, and the focus does not drop.
	b.do(chromedp.Click(css(`[data-testid=undo]`)))
	b.waitText(`#said`, "Ann")
	b.notOnBody("after an undo")

	// The live table: it shows 9-9 set by Ann, as the score page says,
	// and a tile laid keeps the focus and says the banner.
	b.do(chromedp.Navigate(b.base+game+"/rounds/1/table"), chromedp.WaitVisible(css(`[data-testid=turn]`)))
	b.htmxReady()
	b.waitText(`[data-testid=turn]`, "Bob's turn")
	b.layTile("9-9", "9-1")
	b.waitText(`#said`, "Cy's turn")
	b.notOnBody("after a tile is laid")
	b.do(chromedp.Click(css(`[data-testid=draw]`)))
	b.waitText(`#said`, "Cy")
	b.notOnBody("after a draw")

	// The replay: a step keeps the focus on the step button and is said.
	b.do(chromedp.Navigate(b.base+game+"/rounds/1/replay"), chromedp.WaitVisible(css(`[data-testid=replay]`)))
	b.htmxReady()
	b.do(chromedp.Click(css(`[data-testid=prev]`)))
	b.waitText(`#said`, "Step")
	b.notOnBody("after a replay step")
}

// TestBrowserTextSize: the page follows the browser's text size.
func TestBrowserTextSize(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	b := newBrowser(t, a.server.URL)
	var size int64 = 24
	b.changed = true // no command gives the default size back
	if _, err := chromedp.Call(b.ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: size}}); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate(b.base+"/"), chromedp.WaitVisible(css(`main`)))
	if got := b.eval(`getComputedStyle(document.documentElement).fontSize`); got != "27px" {
		t.Errorf("with the browser's text at %dpx the page's root text is %s, want 27px", size, got)
	}
}

func (b *browser) eval(js string) string {
	b.t.Helper()
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", js, err)
	}
	return got
}

// notOnBody fails when the focus has dropped to the page body.
func (b *browser) notOnBody(when string) {
	b.t.Helper()
	poll := poll[bool](`document.activeElement !== null && document.activeElement !== document.body`, chromedp.WithPollingTimeout(3e9))
	if _, err := chromedp.Run(b.ctx, poll); err != nil {
		b.t.Errorf("the focus dropped to the page body %s", when)
	}
}

// TestBrowserTargetsAndStickyBar: the replay's steps are 44 px targets,
// and a tile reached with the keyboard on the tap-the-tiles page is not
// hidden under the sticky Save bar.
func TestBrowserTargetsAndStickyBar(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	table := game + "/rounds/1/table"
	for _, f := range [][]string{
		{"kind", "play", "player", "0", "tile", "9-9"},
		{"kind", "play", "player", "1", "tile", "9-1", "on", "9-9"},
		{"kind", "draw", "player", "2"},
	} {
		if r := a.post(table, form(f...)); r.code >= 400 {
			t.Fatalf("%v: %d", f, r.code)
		}
	}
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game+"/rounds/1/replay"), chromedp.WaitVisible(css(`[data-testid=replay]`)))
	if n := b.evalInt(`document.querySelectorAll("[data-testid=replay-step]").length`); n < 3 {
		t.Fatalf("the replay lists %d steps, want 3", n)
	}
	small, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](smallTargets))
	for _, s := range small {
		t.Errorf("replay: tap target %s", s)
	}

	b.do(chromedp.Navigate(b.base+game+"/rounds/1/entries/0/tiles"), chromedp.WaitVisible(css(`[data-testid=tiles-form]`)))
	for _, tile := range []string{"5-4", "2-1", "0-0"} { // down the grid, each below the screen's fold at first
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("[data-testid='tile-` + tile + `']").focus()`))
		hidden := b.eval(`(() => {
			const tile = document.querySelector("[data-testid='tile-` + tile + `']").closest("label").getBoundingClientRect();
			const bar = document.querySelector(".tiles-bar").getBoundingClientRect();
			return tile.bottom > bar.top + 1 ? "under the bar by " + Math.round(tile.bottom - bar.top) + " px" : "";
		})()`)
		if hidden != "" {
			t.Errorf("tile %s, focused, is %s", tile, hidden)
		}
	}
}
