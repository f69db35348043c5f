package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRosterAndNextCard: four phones and a view-only phone keep a
// night of five. Cy gives up her seat while Bob's phone, typing in her
// card, still shows her: his save is refused, saying Cy left, and never
// lands on Di, who moved up into her seat. After Ann's phone saves her
// score and moves to the next card, that card still follows what Bob
// saves. Eve saves 30, goes Back and fixes it to 3: never a silent 30.
// At the end every phone's cards and banner are what the database says.
func TestBrowserRosterAndNextCard(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy", "Di", "Eve")
	phones := newPhones(t, a.server.URL, 5)
	ann, bob, di, eve, watcher := phones[0], phones[1], phones[2], phones[3], phones[4]
	ann.open(game, `[data-testid=round]`)
	view := strings.TrimPrefix(ann.text(`[data-testid=view-link]`), a.server.URL)
	for _, p := range []*browser{bob, di, eve} {
		p.open(game, `[data-testid=round]`)
	}
	watcher.open(view, `[data-testid=round]`)

	// A leave under a stale page: Bob has typed 7 in Cy's card, unsaved,
	// when Ann lets Cy go (she asks first).
	bob.do(chromedp.SendKeys(css(`#pips-2`), "7"))
	ann.do(chromedp.Click(css(`[data-testid=join-leave] summary`)), chromedp.WaitVisible(css(`#leave-seat`)),
		chromedp.SetValue(css(`#leave-seat`), "2"), chromedp.Click(css(`[data-testid=leave-button]`)))
	ann.waitText(`[data-testid=leave-confirm]`, "Cy has played no round yet")
	// The question is where the thumb is: Yes in view, with the focus.
	ann.waitFocus("leave-yes")
	if in := ann.eval(`(r => String(r.top >= 0 && r.bottom <= innerHeight))(document.querySelector("[data-testid=leave-yes]").getBoundingClientRect())`); in != "true" {
		t.Errorf("Yes is off screen when the question shows")
	}
	ann.screenshotOf(`#players`, "leave-confirm")
	ann.do(chromedp.Click(css(`[data-testid=leave-yes]`)))
	ann.waitText(`[data-testid=flash]`, "Cy is off the table")
	ann.htmxReady()
	watcher.do(poll[chromedp.Void](`document.getElementById("entry-2") === null && document.getElementById("entry-3") !== null`))
	bob.settled()
	if got := bob.eval(`document.getElementById("pips-2") ? document.getElementById("pips-2").value : "gone"`); got != "7" {
		t.Fatalf("Bob's half-typed 7 for Cy is %q: the page was redrawn under him", got)
	}
	bob.do(chromedp.Click(css(`#entry-2 [data-testid=save]`)))
	bob.waitText(`#round [data-testid=problem]`, "Cy left the table; this page was out of date. Check the page and save again.")
	bob.screenshot("left-under-a-stale-page")
	if n := bob.eval(`String(document.querySelectorAll("#entry-2").length)`); n != "0" {
		t.Errorf("Bob's page still shows Cy's card after the refusal")
	}
	if e := a.sheet(game).Round(1).Entries; len(e) != 4 || e[2] != nil {
		t.Fatalf("after Bob's stale save, the entries are %v: want none, and Di's empty", e)
	}

	// The next card after a save: Ann saves her 5 and is taken to Bob's
	// card, where Bob's own phone then saves 8.
	for _, p := range []*browser{bob, di, eve} {
		p.open(game, `[data-testid=round]`)
	}
	ann.typePips(0, "5")
	ann.waitFocus("pips-1")
	start := bob.savePips(1, "8")
	for _, p := range []*browser{ann, di, eve, watcher} {
		p.waitTextWithin(start, `#entry-1 [data-testid=entry-summary]`, "8")
		p.waitText(`[data-testid=missing]`, "Still to come: Di and Eve")
	}
	ann.screenshot("next-card-followed")
	if !ann.focusArrives("pips-1") {
		t.Errorf("Ann's focus went to %s when Bob's score arrived, want it kept in pips-1", ann.focused())
	}

	// Back and fix: Eve saves 30, goes to the rules and Back, fixes it to 3.
	eve.typePips(4, "30")
	eve.do(chromedp.Navigate(a.server.URL+game+"/rules"), chromedp.WaitVisible(css(`h1`)), chromedp.NavigateBack(), chromedp.WaitVisible(css(`#pips-4`)))
	eve.htmxReady()
	eve.do(chromedp.SetValue(css(`#pips-4`), "3"), chromedp.Click(css(`#entry-4 [data-testid=save]`)))
	eve.settled()
	stored := a.sheet(game).Round(1).Entries[3].Pips // Eve sits in seat 3 since Cy went
	switch shown := eve.text(`#entry-4`); {
	case stored == 3:
	case stored == 30 && strings.Contains(shown, "it is now 30"):
	default:
		t.Fatalf("Back and fix: %d stored while Eve's card says %q: want 3, or 30 kept with why", stored, shown)
	}

	// Every phone shows what the database holds.
	di.typePips(3, "12")
	sh := a.sheet(game)
	for _, p := range []*browser{ann, bob, di, eve, watcher} {
		p.settled()
		for seat, e := range sh.Round(1).Entries {
			id := itoa(sh.Game.IDs[seat])
			if e == nil {
				t.Fatalf("seat %d has no entry", seat)
			}
			p.waitText(`#entry-`+id+` [data-testid=entry-summary]`, itoa(e.Pips))
		}
		if got := p.eval(`document.querySelector("[data-testid=missing]").hidden ? "" : "shown"`); got != "" {
			t.Errorf("a phone still says who is to come: %s", p.text(`[data-testid=missing]`))
		}
	}
}
