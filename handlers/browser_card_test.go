package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// noShareSheet takes the share sheet away from every page, as on a
// desktop browser or a page on plain http, and keeps what the clipboard
// is given in window.copied.
const noShareSheet = `delete Navigator.prototype.share; delete Navigator.prototype.canShare;
	window.copied = null;
	Object.defineProperty(navigator, "clipboard", {configurable: true,
		value: {writeText: t => { window.copied = t; return Promise.resolve(); }}});`

// TestBrowserShareNight: on a browser with no share sheet the night's
// card offers no Share button but copies its text and downloads its
// picture; without the clipboard the text is copied through a selection;
// where a share sheet takes files it gets the picture and the text; and a
// card swapped in when a round closes works the same, without a reload.
func TestBrowserShareNight(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	a.playRound(g, 1, []string{"pips", "7"}, []string{"went_out", "1"})
	text := a.get(g + "/card.txt").body
	b := newBrowser(t, a.server.URL)
	b.onEveryPage(noShareSheet)
	b.do(chromedp.Navigate(b.base+g), chromedp.WaitVisible(css(`[data-testid=share-night]`)))
	b.htmxReady()
	b.do(chromedp.ScrollIntoView(css(`[data-testid=share-night]`)), chromedp.WaitVisible(css(`[data-testid=copy-card]`)))
	if shown, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector("[data-testid=share-card]")).display !== "none"`)); shown {
		t.Errorf("Share is offered on a browser with no share sheet")
	}
	b.screenshotOf(`[data-testid=share-night]`, "share-night")

	// Download: the link is the picture, a PNG of the card's size, saved
	// under the night's date and name.
	dl := b.evalString(`(async () => {
		const a = document.querySelector("[data-testid=download-card]");
		const r = await fetch(a.href);
		const img = await createImageBitmap(await r.blob());
		return [a.getAttribute("download"), r.status, r.headers.get("Content-Type"), img.width + "x" + img.height].join(" ");
	})()`)
	w, h := cardSize(2)
	if want := "2026-11-28-Friday.png 200 image/png " + itoa(w) + "x" + itoa(h); dl != want {
		t.Errorf("download link gives %q, want %q", dl, want)
	}

	// Copy, through the clipboard.
	b.do(chromedp.Click(css(`[data-testid=copy-card]`)))
	b.waitText(`[data-testid=copy-card]`, "Copied")
	if got := b.evalString(`window.copied`); got != text {
		t.Errorf("copied %q, want card.txt's %q", got, text)
	}
	b.waitText(`[data-testid=said]`, "The standings were copied as text.")

	// Copy with no clipboard to use (a plain http page): through a
	// selection, which the page's copy event sees.
	b.do(chromedp.Evaluate[chromedp.Void](`Object.defineProperty(navigator, "clipboard", {configurable: true, value: undefined});
		window.selected = null;
		document.addEventListener("copy", () => { window.selected = String(document.getSelection()) || document.activeElement.value; });`))
	b.do(chromedp.Click(css(`[data-testid=copy-card]`)))
	b.do(poll[chromedp.Void](`window.selected !== null`, chromedp.WithPollingTimeout(5*time.Second)))
	if got := b.evalString(`window.selected`); got != text {
		t.Errorf("copied through a selection %q, want %q", got, text)
	}

	// A share sheet that takes files gets the picture and the text.
	b.do(chromedp.Evaluate[chromedp.Void](`window.shared = null;
		navigator.canShare = d => true;
		navigator.share = d => { window.shared = [d.title, d.text, d.files[0].name, d.files[0].type, d.files[0].size > 1000].join("|"); return Promise.resolve(); };
		document.body.dispatchEvent(new CustomEvent("htmx:load", {bubbles: true}));`))
	b.do(chromedp.WaitVisible(css(`[data-testid=share-card]`)), chromedp.Click(css(`[data-testid=share-card]`)))
	b.do(poll[chromedp.Void](`window.shared !== null`, chromedp.WithPollingTimeout(5*time.Second)))
	if got, want := b.evalString(`window.shared`), "Friday|"+text+"|2026-11-28-Friday.png|image/png|true"; got != want {
		t.Errorf("shared %q, want %q", got, want)
	}

	// Round 2 closes on another phone: the card swapped in says so, and
	// its Copy works.
	b.do(chromedp.Evaluate[chromedp.Void](`Object.defineProperty(navigator, "clipboard", {configurable: true,
		value: {writeText: t => { window.copied = t; return Promise.resolve(); }}});`))
	a.playRound(g, 2, []string{"went_out", "1"}, []string{"pips", "4"})
	b.do(poll[chromedp.Void](`(e => e !== null && e.value.includes("after round 2"))(document.querySelector("[data-testid=card-text]"))`,
		chromedp.WithPollingTimeout(10*time.Second)))
	b.settled()
	b.do(chromedp.ScrollIntoView(css(`[data-testid=copy-card]`)), chromedp.Click(css(`[data-testid=copy-card]`)))
	b.do(poll[chromedp.Void](`window.copied !== null && window.copied.includes("after round 2")`, chromedp.WithPollingTimeout(5*time.Second)))
	if got, want := b.evalString(`window.copied`), a.get(g+"/card.txt").body; got != want {
		t.Errorf("after round 2, copied %q, want %q", got, want)
	}
}

// evalString runs a script (awaiting a promise it returns) and gives its
// value as a string.
func (b *browser) evalString(script string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => String(await `+script+`))()`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", strings.SplitN(script, "\n", 2)[0], err)
	}
	return s
}
