package handlers

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// TestBrowserTextareaFocusRing: the players' box on the setup form, when
// focused, wears the app's focus ring (3 px in the focus colour), as the
// name box above it does, not the browser's thin default.
func TestBrowserTextareaFocusRing(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	b := newBrowser(t, a.server.URL)
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`#players`)))
		ring := func(sel string) string {
			b.do(chromedp.Focus(css(sel)))
			return b.eval(`(s => s.outlineStyle + " " + s.outlineWidth + " " + s.outlineColor)(getComputedStyle(document.querySelector("` + sel + `")))`)
		}
		name, players := ring(`#name`), ring(`#players`)
		want := "solid 3px " + b.eval(`(e => { e.style.color = "var(--focus)"; document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; })(document.createElement("span"))`)
		if name != want || players != want {
			t.Errorf("%s: focused, the name box's ring is %q and the players box's %q, want %q", scheme, name, players, want)
		}
	}
}

// TestBrowserSaidAfterConflictAndFullPage: the one live region says a
// refusal of a table that changed meanwhile (409), and what a form sent
// without htmx did once its page is back: the tiles saved, a player
// joined.
func TestBrowserSaidAfterConflictAndFullPage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	table := game + "/rounds/1/table"
	expect(t, "9-9", a.lay(table, "0", "9-9", ""), 200)
	other, err := db.Open(context.Background(), a.file)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	b := newBrowser(t, a.server.URL)

	// Another phone's draw, unheard of here: Bob's tile is refused, 409.
	b.open(table, `[data-testid=lay]`)
	actAsShown(t, other, strings.TrimPrefix(game, "/g/"), 1, referee.Action{Seat: 1, Kind: referee.ActDraw})
	b.do(chromedp.Evaluate[chromedp.Void](recordSaid))
	b.tapLay("9-9", "9-3")
	b.waitText(`[data-testid=refusal]`, "changed")
	b.waitSaid(b.text(`[data-testid=refusal] [data-testid=reason]`))

	// The tiles page is a form of its own: back on the game page, Ann's
	// card, saved, is said.
	b.do(chromedp.Navigate(b.base+game+"/rounds/1/entries/0/tiles"), chromedp.WaitVisible(css(`[data-testid=tiles-form]`)),
		chromedp.Click(css(`label:has([data-testid="tile-5-3"])`)), chromedp.Click(css(`[data-testid=save-tiles]`)),
		chromedp.WaitVisible(css(`#entry-0`)))
	b.waitText(`#said`, "Ann: 1 tile: 8")

	// A player joins through the seats' form: the notice is said.
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=join]`)), chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`),
		chromedp.SendKeys(css(`#join-name`), "Dee"), chromedp.Click(css(`[data-testid=join-button]`)),
		chromedp.WaitVisible(css(`[data-testid=flash]`)))
	b.waitText(`#said`, b.text(`[data-testid=flash]`))
}
