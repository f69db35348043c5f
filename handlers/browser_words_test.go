package handlers

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// englishOnPage is the page's words as a person or a screen reader meets
// them, players' names and the app's own name taken out.
const englishOnPage = `(() => {
	const said = Array.from(document.querySelectorAll("[aria-label],[title],[placeholder],[alt]"))
		.map(e => ["aria-label", "title", "placeholder", "alt"].map(a => e.getAttribute(a) || "").join(" "));
	return (document.title + " " + document.body.innerText + " " + said.join(" "))
		.replace(/Chickenfoot|Annelien|Bartholomew-Maximilian|Cy|Dee|English|Vrydagaand by Annelien( se huis)?/g, "");
})()`

// notDanish is what English alone shows beyond englishWords: the
// boneyard (or its Chickenfoot name), the default night's name, and a
// rule's code in place of its name.
var notDanish = regexp.MustCompile(`(?i)chickenyard|boneyard|game night|\b(spinner|chickie|not|must|can|wrong|end|already|bad|unknown|round|no|deal|two|duplicate|opener|too|missing|table)-[a-z]+(-[a-z]+)?\b`)

// TestBrowserNoEnglishLeft sets a night up in Afrikaans and Danish, its
// name left to the app, and finds no English word on its pages: the
// night's default name, the rules named in words, the boneyard by its own
// name. TestBrowserEveryPageFits looks for English on every other page.
func TestBrowserNoEnglishLeft(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	for _, tag := range []string{"af", "da"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, a.server.URL)
			b.inLanguageTag(tag)
			// A night set up in the language, its name left to the app.
			b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`#players`)),
				chromedp.Click(css(`input[name=set][value="6"]`)),
				chromedp.SendKeys(css(`#players`), "Annelien\nCy\nDee"), chromedp.WaitVisible(css(`[data-testid=hand]`)))
			b.settled()
			b.do(chromedp.Click(css(`[data-testid=create]`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
			night := b.eval(`location.pathname`)
			closeRound(t, a, night, 1, 0, "12", "12")
			for _, p := range []string{night, night + "/rounds/1", night + "/rounds/2/table", night + "/rounds/2/check?tile=3-4&on=5-5"} {
				b.do(chromedp.Navigate(b.base+p), chromedp.WaitReady(css(`main`)))
				b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
				englishLeft(t, b, tag, p)
			}
		})
	}
}

// englishLeft fails t if the page shown holds an English word where it
// should speak the language tag: lists of names joined in the language,
// the rules named in words, the boneyard by its own name.
func englishLeft(t *testing.T, b *browser, tag, page string) {
	t.Helper()
	words := b.eval(englishOnPage)
	if tag == "da" {
		words = strings.ReplaceAll(words, "score", "") // Danish too
	}
	found := append(englishWords.FindAllString(words, 6), notDanish.FindAllString(words, 3)...)
	if len(found) > 0 {
		t.Errorf("%s: English on the page: %q", page, found)
	}
}
