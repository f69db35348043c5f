package handlers

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// wordsNight is a table of friends with a night on double-12 of ten
// rounds, two of them closed, and the third's table begun: the pages a
// table sees, filled in.
type wordsNight struct {
	group, night, person string
	straight             string // a Straight night of two partnerships, a hand played and one begun
}

func (a *testApp) wordsNight() wordsNight {
	a.t.Helper()
	grp, err := a.store.CreateGroup(context.Background(), "Vrydagaand by Annelien", "")
	if err != nil {
		a.t.Fatal(err)
	}
	r := a.post("/games", form("name", "Vrydagaand by Annelien se huis", "date", "2026-11-28",
		"players", "Annelien\nBartholomew-Maximilian\nCy\nDee", "set", "12", "rounds", "10", "group", grp.Slug))
	expect(a.t, "the night", r, 303)
	w := wordsNight{group: "/t/" + grp.Slug, night: r.header.Get("Location")}
	closeRound(a.t, a, w.night, 1, 0, "23", "104", "7")
	closeRound(a.t, a, w.night, 2, 2, "12", "45", "9")
	a.post(w.night+"/rounds/3/entries/0", form("pips", "5", "open", "1")) // the others still to come
	table := w.night + "/rounds/3/table"
	a.lay(table, "0", "10-10", "")
	a.lay(table, "1", "10-3", "10-10")
	w.straight = a.createStraight("name", "Vrydagaand by Annelien se huis", "players", "Annelien\nBartholomew-Maximilian\nCy\nDee")
	ids := a.straightSheet(w.straight).Game.IDs
	a.postHTMX(w.straight+"/straight/play", form("version", "0", "player", itoa(ids[0]), "points", "10"))
	a.postHTMX(w.straight+"/straight/end", form("version", "1", "player", itoa(ids[1]), "pips-"+itoa(ids[0]), "6", "pips-"+itoa(ids[2]), "8", "pips-"+itoa(ids[3]), "3"))
	a.postHTMX(w.straight+"/straight/play", form("version", "2", "player", itoa(ids[2]), "points", "15"))
	w.person = regexp.MustCompile(`href="(/t/[^"]+/players/\d+)"`).FindStringSubmatch(a.get(w.group).body)[1]
	return w
}

// pages are the paths of every page a table opens.
func (w wordsNight) pages() []string {
	r := w.night + "/rounds/3"
	return []string{"/", "/new", w.night, w.night + "/rounds/1", r, r + "/entries/0/tiles", r + "/table",
		r + "/check?tile=3-4&on=10-3", r + "/replay?step=1", w.night + "/rules", w.night + "/delete", "/rules",
		"/check?" + url.Values{"layout": {"9-9 9-3@9-9"}, "tile": {"3-4"}, "on": {"9-3"}, "set": {"9"}, "arms": {"4"}}.Encode(),
		w.group, "/new?group=" + strings.TrimPrefix(w.group, "/t/"), w.person, "/nope",
		w.straight, w.straight + "/rules"}
}

// inLanguageTag makes every request of the tab ask for the language tag.
func (b *browser) inLanguageTag(tag string) {
	b.t.Helper()
	b.changed = true
	if _, err := chromedp.Call(b.ctx, network.Enable, network.EnableParams{}); err != nil {
		b.t.Fatal(err)
	}
	h := network.Headers{"Accept-Language": tag}
	if _, err := chromedp.Call(b.ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: h}); err != nil {
		b.t.Fatal(err)
	}
}

// cramped lists what does not fit the screen on the page shown: the page
// wider than the window, a control past its right edge, a box whose text
// or placeholder is cut, a "of 10" broken over two lines.
const cramped = `(() => {
	const out = [], W = window.innerWidth;
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
	const sideways = e => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
	if (document.documentElement.scrollWidth > W) {
		const wide = Array.from(document.querySelectorAll("body *")).filter(e => e.getBoundingClientRect().right > W + 0.5 && !sideways(e)).slice(0, 4).map(e => name(e) + " to " + Math.round(e.getBoundingClientRect().right));
		out.push("the page is " + document.documentElement.scrollWidth + " px wide at " + W + ": " + wide.join(", "));
	}
	for (const e of document.querySelectorAll("a, button, input, select, textarea, summary, label")) {
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.height > 0 && r.right > W + 0.5 && !sideways(e)) out.push(name(e) + " " + JSON.stringify((e.textContent || e.name || "").trim().slice(0, 20)) + " ends at " + Math.round(r.right));
	}
	// A name too long for the merge list is cut short there, as everywhere.
	const ruler = document.createElement("canvas").getContext("2d");
	for (const e of document.querySelectorAll("input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), select:not(#merge)")) {
		if (e.getBoundingClientRect().width === 0) continue;
		const cs = getComputedStyle(e);
		const text = e.tagName === "SELECT" ? (e.selectedOptions[0] || {}).text || "" : e.value || e.placeholder || "";
		ruler.font = cs.fontStyle + " " + cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily;
		const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - (e.tagName === "SELECT" ? 20 : 0);
		const need = ruler.measureText(text).width;
		if (need > room + 0.5) out.push(name(e) + " cuts " + JSON.stringify(text) + ": " + Math.round(need) + " px in " + Math.round(room));
	}
	for (const e of document.querySelectorAll("[data-testid=round-of]")) {
		if (e.getClientRects().length > 1) out.push(JSON.stringify(e.textContent) + " breaks over two lines");
	}
	return out;
})()`

// TestBrowserEveryPageFits opens every page in every language once and
// looks at it at 390 and 320 px wide: none scrolls sideways, no control
// lies past the screen's edge, no box cuts its text or placeholder, and
// "of 10" stays whole. In Afrikaans and Danish no English word is left
// (englishLeft); the table of friends' pages at 200% zoom on a phone (195
// CSS px) also keep every name readable. A narrower window reflows the
// page as it is; the page is not asked for again.
func TestBrowserEveryPageFits(t *testing.T) {
	long(t)
	t.Parallel()
	a := newTestApp(t)
	w := a.wordsNight()
	for _, tag := range []string{"en", "af", "da"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, a.server.URL)
			b.inLanguageTag(tag)
			for _, p := range w.pages() {
				short := strings.Replace(p, w.night, "night", 1)
				b.do(chromedp.EmulateViewport(390, 700), chromedp.Navigate(b.base+p), chromedp.WaitReady(css(`main`)))
				b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
				if tag != "en" {
					englishLeft(t, b, tag, short)
				}
				for _, width := range []int64{390, 320} {
					b.do(chromedp.EmulateViewport(width, 700))
					for _, s := range b.evalList(cramped) {
						t.Errorf("%s at %d: %s", short, width, s)
					}
					if picturesAsked() { // light and dark, to be looked at
						name := itoa(int(width)) + strings.NewReplacer(w.night, "-night", "/", "-", "?", "-").Replace(p)
						b.screenshot(name)
						b.colorScheme("dark")
						b.screenshot(name + "-dark")
						b.colorScheme("light")
					}
				}
				if p == w.group || p == w.person {
					b.do(chromedp.EmulateViewport(195, 422))
					for _, s := range b.evalList(cramped) {
						t.Errorf("%s at 200%%: %s", p, s)
					}
					// A name cut short while it has less than half the line.
					thin := b.eval(`Array.from(document.querySelectorAll("main .cut")).filter(e => e.scrollWidth > e.clientWidth && e.clientWidth < 0.5 * e.parentElement.clientWidth).map(e => JSON.stringify(e.textContent) + " " + e.clientWidth + " px").join("; ")`)
					if thin != "" {
						t.Errorf("%s at 200%%: names squeezed: %s", p, thin)
					}
				}
			}
		})
	}
}

// evalList runs a script that returns a list of strings.
func (b *browser) evalList(script string) []string {
	b.t.Helper()
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](script))
	if err != nil {
		b.t.Fatal(err)
	}
	return got
}
