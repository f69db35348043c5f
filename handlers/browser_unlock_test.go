package handlers

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserUnlock: on a phone 320 px wide, in light and dark, the
// unlock page fits, its targets are big enough to tap, axe finds nothing
// wrong before or after a wrong try, and the right passphrase opens the
// page that was asked for.
func TestBrowserUnlock(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase})
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.EmulateViewport(320, 700))
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		b.do(chromedp.Navigate(b.base+"/new"), chromedp.WaitVisible(css(`[data-testid=unlock]`)))
		b.checkPage(scheme+", first visit", 320)
		b.do(chromedp.SendKeys(css(`#passphrase`), "not it"), chromedp.Click(css(`[data-testid=unlock-button]`)),
			chromedp.WaitVisible(css(`#error-passphrase`)))
		b.waitText(`#error-passphrase`, say("unlock.wrong", nil))
		if got := b.eval(`document.querySelector("#passphrase").getAttribute("aria-invalid")`); got != "true" {
			t.Errorf("%s: after a wrong try the field's aria-invalid is %q, want true", scheme, got)
		}
		b.checkPage(scheme+", a wrong try", 320)
		b.screenshot("unlock-" + scheme)
	}
	b.do(chromedp.SendKeys(css(`#passphrase`), passphrase), chromedp.Click(css(`[data-testid=unlock-button]`)),
		chromedp.WaitVisible(css(`[data-testid=setup]`)))
	if got := b.eval(`location.pathname`); got != "/new" {
		t.Fatalf("unlocked, the browser is at %q, want /new", got)
	}
	b.do(chromedp.Navigate(b.base+"/"), chromedp.WaitVisible(css(`[data-testid=new-game]`)))
}

// checkPage fails the test if the page on screen is wider than the
// screen's width, has a target too small to tap, or, in the long tests,
// breaks an axe rule.
func (b *browser) checkPage(when string, width int) {
	b.t.Helper()
	if w, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > width {
		b.t.Errorf("%s: the page is %d px wide at %d", when, w, width)
	}
	small, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](smallTargets))
	for _, s := range small {
		b.t.Errorf("%s: tap target %s", when, s)
	}
	if !longTests() {
		return // axe is the long tests' (see longTests)
	}
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axeScript)); err != nil {
		b.t.Fatalf("%s: loading axe: %v", when, err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	var vs []axeViolation
	if err == nil {
		err = json.Unmarshal([]byte(out), &vs)
	}
	if err != nil {
		b.t.Fatalf("%s: running axe: %v", when, err)
	}
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.Join(n.Target, " "))
		}
		b.t.Errorf("%s: %s: %s at %s", when, v.ID, v.Help, strings.Join(where, "; "))
	}
}
