package handlers

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newPhones opens n phones in the shared Chromium, each a tab in its own
// browser context (its own cookies, like a separate phone) at 390x844.
func newPhones(t *testing.T, base string, n int) []*browser {
	t.Helper()
	first := newBrowser(t, base)
	phones := []*browser{first}
	for range n - 1 {
		phones = append(phones, openTab(t, base, 100*len(phones)))
	}
	return phones
}

// TestBrowserFourPhonesOneNight: four phones keep one game night
// together. Each sees what the others save and lay within a second; a
// save made on a stale card is refused with the score as it is now and
// whose phone saved it, and can then be saved on purpose; the phone with
// the view-only link sees everything and can change nothing; a stranger's
// browser lists no game.
func TestBrowserFourPhonesOneNight(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	phones := newPhones(t, a.server.URL, 5)
	ann, bob, cy, watcher, stranger := phones[0], phones[1], phones[2], phones[3], phones[4]

	ann.open(game, `[data-testid=round]`)
	view := strings.TrimPrefix(ann.text(`[data-testid=view-link]`), a.server.URL)
	if !strings.HasPrefix(view, "/g/") || view == game {
		t.Fatalf("view-only link %q", view)
	}
	for seat, p := range []*browser{ann, bob, cy} {
		p.open(game, `[data-testid=round]`)
		p.do(chromedp.Click(css(`[data-testid=me] summary`)), chromedp.Click(css(`[data-testid=me-`+itoa(seat)+`]`)))
		p.waitText(`[data-testid=me] summary`, "This is "+[]string{"Ann", "Bob", "Cy"}[seat]+"'s phone") // the spaces as shown
		p.open(game, `[data-testid=round]`)
		if got := p.eval(`document.querySelector("#round .entry").id`); got != "entry-"+itoa(seat) {
			t.Errorf("phone of seat %d shows %s first, want its own entry", seat, got)
		}
	}
	watcher.open(view, `[data-testid=round]`)
	others := func(p *browser) []*browser {
		var out []*browser
		for _, o := range []*browser{ann, bob, cy, watcher} {
			if o != p {
				out = append(out, o)
			}
		}
		return out
	}

	// Bob saves his 8: everyone sees it within a second.
	start := bob.savePips(1, "8")
	for _, p := range others(bob) {
		p.waitTextWithin(start, `#entry-1 [data-testid=entry-summary]`, "8")
		p.waitTextWithin(start, `[data-testid=sheet-round-1]`, "8")
	}

	// Ann is typing 9 for herself when Bob saves 12 for her: her card is
	// left alone, her save is refused with the score now and whose phone
	// saved it, and she saves hers anyway on purpose.
	ann.do(chromedp.SendKeys(css(`#pips-0`), "9"))
	start = bob.savePips(0, "12")
	for _, p := range []*browser{cy, watcher} {
		p.waitTextWithin(start, `#entry-0 [data-testid=entry-summary]`, "12")
	}
	ann.settled()
	if got := ann.eval(`document.getElementById("pips-0").value`); got != "9" {
		t.Fatalf("Ann's half-typed 9 became %q when Bob saved", got)
	}
	ann.do(chromedp.Click(css(`#entry-0 [data-testid=save]`)))
	ann.waitText(`#entry-0 [data-testid=problem]`, "it is now 12, saved on Bob's phone")
	ann.waitText(`#entry-0 [data-testid=save-anyway]`, "Save 9 anyway")
	ann.screenshot("stale-save")
	if got := a.sheet(game).Round(1).Entries[0].Pips; got != 12 {
		t.Fatalf("after the refused save Ann's pips are %d, want Bob's 12 kept", got)
	}
	start = time.Now()
	ann.do(chromedp.Click(css(`#entry-0 [data-testid=save-anyway]`)))
	ann.waitText(`#entry-0 [data-testid=entry-summary]`, "9")
	for _, p := range others(ann) {
		p.waitTextWithin(start, `#entry-0 [data-testid=entry-summary]`, "9")
	}

	// The view-only phone shows the scores, no form that changes anything,
	// and a change it sends anyway is refused.
	watcher.settled()
	if n := watcher.eval(`String(document.querySelectorAll("form[method=post]:not([action='/lang'])").length)`); n != "0" {
		t.Errorf("the view-only phone shows %s forms that post", n)
	}
	status, err := chromedp.Run(watcher.ctx, chromedp.Evaluate[string](`fetch(location.pathname + "/rounds/1/entries/2", {method: "POST",
		headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: "pips=3&open=1"}).then(r => String(r.status))`,
		chromedp.EvalAwaitPromise))
	if err != nil || status != "403" {
		t.Errorf("a save sent from the view-only phone answered %s (%v), want 403", status, err)
	}
	if e := a.sheet(game).Round(1).Entries[2]; e != nil {
		t.Fatalf("the view-only phone saved Cy's score: %+v", e)
	}
	watcher.screenshot("view-only")

	// On the live table, what Cy lays shows on every phone within a
	// second; the watcher has no Lay button.
	for _, p := range []*browser{ann, bob, cy, watcher} {
		link := game
		if p == watcher {
			link = view
		}
		p.open(link+"/rounds/1/table", `[data-testid=table]`)
	}
	start = time.Now()
	cy.do(chromedp.Click(css(`[data-testid=start] button[value="2"]`)))
	for _, p := range others(cy) {
		p.waitTextWithin(start, `[data-testid=turn]`, "Ann's turn")
	}
	ann.waitText(`[data-testid=owes]`, "4 arms to fill")
	start = ann.tapLay("9-9", "9-4")
	for _, p := range others(ann) {
		p.waitTextWithin(start, `[data-testid=owes]`, "3 arms to fill")
	}
	ann.settled()
	if n := watcher.eval(`String(document.querySelectorAll("[data-testid=lay-tile], form[method=post]:not([action='/lang'])").length)`); n != "0" {
		t.Errorf("the view-only phone's table shows %s ways to lay a tile", n)
	}
	watcher.screenshot("view-only-table")

	// A stranger's browser lists no game; the host's lists this one.
	stranger.do(chromedp.Navigate(a.server.URL+"/"), chromedp.WaitVisible(css(`[data-testid=no-games]`)))
	if got := stranger.eval(`String(document.querySelectorAll("[data-testid=games] a").length)`); got != "0" {
		t.Errorf("a stranger's home lists %s game nights", got)
	}
	ann.do(chromedp.Navigate(a.server.URL+"/"), chromedp.WaitVisible(css(`[data-testid=games]`)))
	if got := ann.eval(`document.querySelector("[data-testid=games] a").getAttribute("href")`); got != game {
		t.Errorf("Ann's home links %q, want %q", got, game)
	}
}
