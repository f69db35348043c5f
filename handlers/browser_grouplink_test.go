package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRenewGroupLink: on the table of friends' page, New link, once
// confirmed, shows the new link and says the old one no longer
// works, and the old link opens nothing.
func TestBrowserRenewGroupLink(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	grp, err := a.store.CreateGroup(context.Background(), "Friday club", "")
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+"/t/"+grp.Slug), chromedp.WaitVisible(css(`[data-testid=renew-group-link]`)))
	b.do(chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`), chromedp.Click(css(`[data-testid=renew-group-link]`)))
	b.waitText(`[data-testid=flash]`, say("renewed.group", nil))
	if got := b.text(`[data-testid=group-link]`); strings.Contains(got, grp.Slug) || !strings.Contains(got, "/t/") {
		t.Fatalf("after New link, the page shows %q", got)
	}
	b.checkPage("the renewed table", 390)
	b.screenshot("renewed")
	expect(t, "the old link", a.get("/t/"+grp.Slug), http.StatusNotFound)
}
