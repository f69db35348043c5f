package handlers

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGroup: at 390x844 and 320 wide, light and dark, a table of
// friends' page, a player's record with its chart, and a finished night's
// chart fit the screen, have targets big enough to tap and pass axe; the
// player link on the table's page opens the player's record.
func TestBrowserGroup(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	ctx := context.Background()
	grp, err := a.store.CreateGroup(ctx, "Friday club", "")
	if err != nil {
		t.Fatal(err)
	}
	var night string
	for i, date := range []string{"2026-10-02", "2026-10-09", "2026-10-16"} {
		r := a.post("/games", form("name", "Night "+itoa(i+1), "date", date, "players", "Ann\nBob\nCy Longername-Hyphenated", "set", "6",
			"rounds", "2", "group", grp.Slug))
		night = r.header.Get("Location")
		for n := 1; n <= 2; n++ {
			for seat, pips := range []string{itoa(3 + i), itoa(9 - n), ""} {
				f := form("pips", pips)
				if pips == "" {
					f = form("went_out", "1")
				}
				expect(t, "score", a.post(night+"/rounds/"+itoa(n)+"/entries/"+itoa(seat), f), 303)
			}
			expect(t, "close", a.post(night+"/rounds/"+itoa(n)+"/close", form()), 303)
		}
	}
	if sh := a.sheet(night); !sh.Game.Finished() {
		t.Fatalf("the last night is not over: %+v", sh.Rounds)
	}
	b := newBrowser(t, a.server.URL)
	for _, size := range []struct{ w, h int }{{390, 844}, {320, 700}} {
		b.do(chromedp.EmulateViewport(int64(size.w), int64(size.h)))
		for _, scheme := range []string{"light", "dark"} {
			b.colorScheme(scheme)
			when := scheme + " " + itoa(size.w)
			b.do(chromedp.Navigate(b.base+"/t/"+grp.Slug), chromedp.WaitVisible(css(`[data-testid=history]`)))
			b.checkPage(when+", the table", size.w)
			b.screenshot("table-" + when)
			b.do(chromedp.Click(css(`[data-testid=player-link]`)), chromedp.WaitVisible(css(`[data-testid=stats]`)))
			if got := b.text(`[data-testid=player-name]`); got != "Ann" {
				t.Fatalf("the first player link opened %q", got)
			}
			b.do(chromedp.WaitVisible(css(`[data-testid=totals-chart]`)))
			b.checkPage(when+", Ann's record", size.w)
			b.screenshot("player-" + when)
			b.do(chromedp.Navigate(b.base+night), chromedp.WaitVisible(css(`[data-testid=final] [data-testid=totals-chart]`)))
			b.checkPage(when+", the last night", size.w)
			b.screenshot("night-" + when)
		}
	}
	if got := b.text(`[data-testid=final] [data-testid=place]`); got == "" {
		t.Fatal("no standings on the finished night")
	}
}
