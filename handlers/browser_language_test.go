package handlers

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// englishWords are words only English would show on a page ("link" and
// "Start" are Danish too): a page in another language must have none.
var englishWords = regexp.MustCompile(`\b(the|and|with|players?|rounds?|score|Save|Went out|Close|tiles?|turn|Who|Nobody|Copy|Share|Keep|Delete|Rules|Back|lays?|draws?|fits|here)\b`)

// TestBrowserPlaysInOtherLanguages: a Danish and an Afrikaans table, each
// on a 390×844 phone, pick their language, set up a night, keep the score
// of a round, lay tiles on the next and ask whether a tile can go
// somewhere, without meeting an English word; nothing overflows.
func TestBrowserPlaysInOtherLanguages(t *testing.T) {
	long(t)
	t.Parallel()
	for _, tag := range []string{"da", "af"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			a := newTestApp(t)
			b := newBrowser(t, a.server.URL)
			say := func(key string, p referee.Params) string { return views.Text(tag, key, p) }
			noEnglish := func(where string) {
				t.Helper()
				text := b.eval(`document.body.innerText + " " + Array.from(document.querySelectorAll("[aria-label],[title],[placeholder]")).map(e => (e.getAttribute("aria-label")||"") + " " + (e.getAttribute("title")||"") + " " + (e.getAttribute("placeholder")||"")).join(" ")`)
				// Players' names and the app's own name are not words of a language.
				text = strings.NewReplacer("Chickenfoot", "", "Ann", "", "Bob", "", "Cy", "", "English", "").Replace(text)
				if found := englishWords.FindAllString(text, 5); len(found) > 0 {
					t.Errorf("%s, %s: English on the page: %q", tag, where, found)
				}
			}

			// The language is picked on the home page and kept.
			b.do(chromedp.Navigate(b.base+"/"), chromedp.Click(css(`[data-testid=lang-`+tag+`]`)),
				chromedp.WaitVisible(css(`html[lang=`+tag+`] [data-testid=lang-switch]`)))
			b.checkPage(tag+": home", 390)
			noEnglish("home")

			// A night of Ann, Bob and Cy, set up through the form.
			b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`#players`)),
				chromedp.SendKeys(css(`#players`), "Ann\nBob\nCy"), chromedp.WaitVisible(css(`[data-testid=hand]`)))
			noEnglish("setup")
			b.screenshotOf(`main`, tag+"-setup")
			b.do(chromedp.Click(css(`[data-testid=create]`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
			b.htmxReady()

			// Round 1's scores: 12 for Ann, Bob out, 7 for Cy; then close it.
			b.typePips(0, "12")
			b.do(chromedp.Click(css(`#entry-1 [data-testid=went-out]`)))
			b.waitText(`#entry-1 [data-testid=entry-summary]`, "· 0")
			b.typePips(2, "7")
			b.settled()
			b.checkPage(tag+": round 1 entered", 390)
			noEnglish("round 1 entered")
			b.screenshotOf(`#round`, tag+"-round-1")
			b.do(chromedp.Click(css(`[data-testid=close]`)))
			b.waitText(`[data-testid=flash]`, say("round-won", referee.Params{"N": 1, "Names": []string{"Bob"}}))
			b.settled()
			noEnglish("round 1 closed")
			b.screenshotOf(`#sheet`, tag+"-sheet")

			// Round 2 at the table: Ann sets 8-8 down, Bob lays 8-3.
			b.do(chromedp.Click(css(`[data-testid=open-table]`)), chromedp.WaitVisible(css(`[data-testid=start]`)))
			b.htmxReady()
			b.do(chromedp.Click(css(`[data-testid=start] button[value="0"]`)))
			b.waitText(`[data-testid=turn]`, say("turn", referee.Params{"Name": "Bob"}))
			b.settled()
			b.do(chromedp.Click(css(`label:has([data-testid="end-8-8"])`)), chromedp.Click(css(`label:has([data-testid="tile-8-3"])`)),
				chromedp.Click(css(`[data-testid=lay-tile]`)))
			b.waitText(`[data-testid=turn]`, say("turn", referee.Params{"Name": "Cy"}))
			b.settled()
			b.checkPage(tag+": the table", 390)
			noEnglish("the table")
			b.screenshotOf(`#table`, tag+"-table")

			// A dispute: can 3-4 go on 8-3 before the spinner is full? No, and
			// it says why in the language.
			b.do(chromedp.SetValue(css(`#ask-on`), "8-3"), chromedp.Click(css(`label:has([data-testid="tile-4-3"])`)),
				chromedp.Click(css(`[data-testid=check]`)), chromedp.WaitVisible(css(`[data-testid=verdict]`)))
			b.settled()
			noEnglish("the verdict")
			b.screenshotOf(`#table`, tag+"-verdict")

			// The longer words of the language fit a 320 px phone too.
			b.do(chromedp.EmulateViewport(320, 700))
			b.checkPage(tag+": the table, 320 px", 320)
			b.do(chromedp.Click(css(`.crumbs a:first-child`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
			b.settled()
			b.checkPage(tag+": the game, 320 px", 320)
			b.screenshotOf(`#round`, tag+"-round-320")
		})
	}
}
