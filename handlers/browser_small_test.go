package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// longName is a player's name as long as the setup form allows.
const longName = "Bartholomew-Maximilian-Fitzgerald-Smythe"

// TestBrowserSmallScreens: at 320 px wide every page of the score keeping
// fits without scrolling sideways, every tap target is at least 44 px each
// way, and a long name is cut short with the whole of it kept in the
// element's title and accessible name.
func TestBrowserSmallScreens(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	r := a.post("/games", form("name", strings.Repeat("Friday night at the club ", 3)[:60], "date", "2026-11-28",
		"players", "Ann\n"+longName+"\nCy\nDee\nEd\nFay\nGus\nHal", "set", "12"))
	game := r.header.Get("Location")
	r1 := game + "/rounds/1"
	for seat := range 8 {
		a.post(r1+"/entries/"+itoa(seat), form("pips", itoa(10+seat), "open", "1"))
	}
	a.post(r1+"/entries/0", form("went_out", "1", "open", "1"))
	a.post(r1+"/opening", form("setter", "1", "double", "12"))
	a.post(r1+"/close", form())
	a.post(game+"/rounds/2/entries/1", form("pips", "123", "open", "1"))

	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(320, 700))
	for _, page := range []string{"/", "/new", game, r1, game + "/rounds/2/entries/1/tiles"} {
		b.do(chromedp.Navigate(b.base+page), chromedp.WaitVisible(css(`main`)))
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
		if w, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > 320 {
			wide, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("body *")).filter(e => e.getBoundingClientRect().right > 321 && !e.closest(".sheet-wrap")).slice(0, 8).map(e => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`))
			t.Errorf("%s is %d px wide at 320: %q", page, w, wide)
		}
		small, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](smallTargets))
		for _, s := range small {
			t.Errorf("%s: tap target %s", page, s)
		}
		b.screenshot("320" + strings.ReplaceAll(strings.ReplaceAll(page, "/", "-"), game, ""))
	}

	// The long name, cut short where it is shown.
	for page, sel := range map[string]string{
		"/":  `[data-testid=games] .players`,
		game: `#opening button[value="1"] span`,
	} {
		b.do(chromedp.Navigate(b.base+page), chromedp.WaitVisible(css(`main`)))
		cut, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(e => e !== null && e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow === "ellipsis")(document.querySelector('`+sel+`'))`))
		if !cut {
			t.Errorf("%s: %s is not cut short with an ellipsis", page, sel)
		}
	}
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=sheet]`)))
	// The entry line stays usable: room for the 4 digits the box takes.
	if w, _ := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`document.querySelector("#pips-0").getBoundingClientRect().width`)); w < 80 {
		t.Errorf("the pips box is %.0f px wide at 320, want 80 at least", w)
	}
	for sel, attr := range map[string]string{
		`#opening button[value="1"]`:              "title",
		`[data-testid=sheet] thead th + th + th`:  "title",
		`[data-testid=sheet] thead th + th + th `: "aria-label",
	} {
		got, _ := chromedp.Run(b.ctx, chromedp.AttributeValue(css(sel), attr))
		if !strings.Contains(got.Value, longName) {
			t.Errorf("%s's %s = %q, want the whole name", sel, attr, got.Value)
		}
	}
}

// smallTargets lists the visible things to tap smaller than 44 px either
// way. A checkbox or radio is tapped through its label, which is measured
// instead; the tile grid's boxes are hidden behind their tiles.
const smallTargets = `Array.from(document.querySelectorAll("main a, main button, main input, main select, main summary, main label:has(input)"))
	.filter(e => !(e.matches("input[type=checkbox], input[type=radio], input[type=hidden]")))
	.map(e => [e, e.getBoundingClientRect()])
	.filter(([e, r]) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
	.map(([e, r]) => e.tagName.toLowerCase() + " " + JSON.stringify((e.textContent || e.name || "").trim().slice(0, 30)) + " " + Math.round(r.width) + "x" + Math.round(r.height))`
