package handlers

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"chickenfoot/db"
	"chickenfoot/referee"
)

// wordsNight is a table of friends with a night on double-12 of ten
// rounds, two of them closed, and the third's table begun: the pages a
// table sees, filled in.
type wordsNight struct {
	group, night, person string
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
	w.person = regexp.MustCompile(`href="(/t/[^"]+/players/\d+)"`).FindStringSubmatch(a.get(w.group).body)[1]
	return w
}

// pages are the paths of every page a table opens.
func (w wordsNight) pages() []string {
	r := w.night + "/rounds/3"
	return []string{"/", "/new", w.night, w.night + "/rounds/1", r, r + "/entries/0/tiles", r + "/table",
		r + "/check?tile=3-4&on=10-3", r + "/replay?step=1", w.night + "/rules", w.night + "/delete", "/rules",
		"/check?" + url.Values{"layout": {"9-9 9-3@9-9"}, "tile": {"3-4"}, "on": {"9-3"}, "set": {"9"}, "arms": {"4"}}.Encode(),
		w.group, "/new?group=" + strings.TrimPrefix(w.group, "/t/"), w.person, "/nope"}
}

// inLanguageTag makes every request of the tab ask for the language tag.
func (b *browser) inLanguageTag(tag string) {
	b.t.Helper()
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

// TestBrowserEveryPageFits opens every page in every language at 390 and
// 320 px wide: none scrolls sideways, no control lies past the screen's
// edge, no box cuts its text or placeholder, and "of 10" stays whole.
func TestBrowserEveryPageFits(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	w := a.wordsNight()
	for _, tag := range []string{"en", "af", "da"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, a.server.URL)
			b.inLanguageTag(tag)
			for _, width := range []int64{390, 320} {
				b.do(chromedp.EmulateViewport(width, 700))
				for _, p := range w.pages() {
					b.do(chromedp.Navigate(b.base+p), chromedp.WaitReady(css(`main`)))
					b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
					got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](cramped))
					if err != nil {
						t.Fatalf("%s: %v", p, err)
					}
					for _, s := range got {
						t.Errorf("%s at %d: %s", strings.Replace(p, w.night, "night", 1), width, s)
					}
					if picturesAsked() { // light and dark, to be looked at
						name := itoa(int(width)) + strings.NewReplacer(w.night, "-night", "/", "-", "?", "-").Replace(p)
						b.screenshot(name)
						b.colorScheme("dark")
						b.screenshot(name + "-dark")
						b.colorScheme("light")
					}
				}
			}
		})
	}
}

// TestBrowserGroupAtDoubleZoom: the table of friends' page at 200% zoom on
// a phone (195 CSS px) keeps every name readable and does not scroll
// sideways.
func TestBrowserGroupAtDoubleZoom(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	w := a.wordsNight()
	for _, tag := range []string{"en", "af", "da"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			b := newBrowser(t, a.server.URL)
			b.inLanguageTag(tag)
			b.do(chromedp.EmulateViewport(195, 422))
			for _, p := range []string{w.group, w.person} {
				b.do(chromedp.Navigate(b.base+p), chromedp.WaitReady(css(`main`)))
				got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](cramped))
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range got {
					t.Errorf("%s at 200%%: %s", p, s)
				}
				// A name cut short while it has less than half the line.
				thin := b.eval(`Array.from(document.querySelectorAll("main .cut")).filter(e => e.scrollWidth > e.clientWidth && e.clientWidth < 0.5 * e.parentElement.clientWidth).map(e => JSON.stringify(e.textContent) + " " + e.clientWidth + " px").join("; ")`)
				if thin != "" {
					t.Errorf("%s at 200%%: names squeezed: %s", p, thin)
				}
			}
		})
	}
}

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

// TestBrowserNoEnglishLeft opens every page in Afrikaans and Danish, on a
// night named by default in the language and one played to its end with
// a shared win, and finds no English word: lists of names joined in the
// language, the night's default name, the rules named in words, the
// boneyard by its own name.
func TestBrowserNoEnglishLeft(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	w := a.wordsNight()
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
			pages := append(w.pages(), night, night+"/rounds/1", night+"/rounds/2/table", night+"/rounds/2/check?tile=3-4&on=5-5", "/")
			for _, p := range pages {
				b.do(chromedp.Navigate(b.base+p), chromedp.WaitReady(css(`main`)))
				b.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
				words := b.eval(englishOnPage)
				if tag == "da" {
					words = strings.ReplaceAll(words, "score", "") // Danish too
				}
				found := append(englishWords.FindAllString(words, 6), notDanish.FindAllString(words, 3)...)
				if len(found) > 0 {
					t.Errorf("%s: English on the page: %q", p, found)
				}
			}
		})
	}
}

// TestBrowserAxeLiveTable runs axe-core on a long round's live table,
// with its experimental rules too: a tile's link is named with the
// numbers it shows (label-content-name-mismatch), in light and dark.
func TestBrowserAxeLiveTable(t *testing.T) {
	t.Parallel()
	a := newBenchApp(t)
	g, _ := benchTableRound(t, a.store)
	small := newTestApp(t)
	w := small.wordsNight()
	b := newBrowser(t, small.server.URL)
	for _, scheme := range []string{"light", "dark"} {
		b.colorScheme(scheme)
		for _, u := range []string{a.server.URL + tableURL(g.Slug, 1), a.server.URL + tableURL(g.Slug, 1) + "?zoom=1", small.server.URL + w.night + "/rounds/3/table"} {
			for _, v := range b.axeAt(u, `{resultTypes: ["violations"], rules: {"label-content-name-mismatch": {enabled: true}}}`) {
				var where []string
				for _, n := range v.Nodes {
					where = append(where, strings.Join(n.Target, " "))
				}
				t.Errorf("%s (%s): %s: %d nodes: %s at %.300s", u, scheme, v.ID, len(v.Nodes), v.Help, strings.Join(where, "; "))
			}
		}
	}
}

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
	if _, err := other.Act(context.Background(), strings.TrimPrefix(game, "/g/"), 1,
		db.Move{Action: referee.Action{Seat: 1, Kind: referee.ActDraw}, Seen: db.Unchecked}); err != nil {
		t.Fatal(err)
	}
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

// tileGaps measures every horizontal tile of the drawing showing a
// two-digit number, in the drawing's own units: how far the divider is off
// the tile's middle, and the least room between a number and the divider
// or the tile's end.
const tileGaps = `(() => {
	const out = [];
	for (const g of document.querySelectorAll("svg.layout g.tile")) {
		const texts = Array.from(g.querySelectorAll("text"));
		if (!texts.some(t => t.textContent.length > 1)) continue;
		const frame = g.querySelector("g[transform]"), rect = frame.querySelector("rect"), bar = frame.querySelector("line");
		const r = rect.getBoundingClientRect(), l = bar.getBoundingClientRect();
		if (r.width < r.height) continue; // standing up
		const scale = r.width / 62; // the outline's 60 units and its stroke
		const mid = (r.left + r.right) / 2, barMid = (l.left + l.right) / 2;
		let room = Infinity;
		for (const t of texts) {
			const b = t.getBoundingClientRect(), ink = t.getBBox();
			const inkW = ink.width * scale, inkMid = (b.left + b.right) / 2;
			const left = inkMid - inkW / 2, right = inkMid + inkW / 2;
			const beside = inkMid < barMid ? Math.min(l.left - right, left - r.left) : Math.min(right > r.right ? -1 : r.right - right, left - l.right);
			room = Math.min(room, beside / scale);
		}
		out.push({tile: texts.map(t => t.textContent).join("-"), off: Math.abs(mid - barMid) / scale, room: room});
	}
	return out;
})()`

// TestBrowserTwoDigitTiles: on a double-18 table, a tile lying across
// with a two-digit number has its divider in its middle and at least 5
// units of room (of the tile's 60) between each number and the divider or
// the tile's end.
func TestBrowserTwoDigitTiles(t *testing.T) {
	t.Parallel()
	a := newBenchApp(t)
	g, _ := benchTableRound(t, a.store)
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+tableURL(g.Slug, 1)+"?zoom=1"), chromedp.WaitVisible(css(`svg.layout`)))
	type gap struct {
		Tile      string
		Off, Room float64
	}
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]gap](tileGaps))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 5 {
		t.Fatalf("%d tiles across with a two-digit number, want a table with some", len(got))
	}
	for _, g := range got {
		if g.Off > 0.5 || g.Room < 5 {
			t.Errorf("tile %s: the divider %.1f off the middle, %.1f units between a number and the divider or the end", g.Tile, g.Off, g.Room)
		}
	}
	b.screenshotOf(`svg.layout`, "two-digit")
}

// clippedBySticky lists the score sheet's cells whose text is part under
// the sticky first column and part beside it, with the frame at rest.
const clippedBySticky = `(() => {
	const wrap = document.querySelector(".sheet-wrap"), edge = wrap.querySelector("tbody td:first-child, tbody th:first-child").getBoundingClientRect().right;
	const out = [];
	for (const cell of wrap.querySelectorAll("tr > :not(:first-child)")) {
		const r = document.createRange();
		r.selectNodeContents(cell);
		const t = r.getBoundingClientRect();
		if (t.width > 0 && t.left < edge - 0.5 && t.right > edge + 0.5) out.push(JSON.stringify(cell.textContent.trim()) + " cut at " + Math.round(edge - t.left) + " px");
	}
	return out;
})()`

// TestBrowserSheetSticksToWholeColumns: the score sheet of 16 players at
// 390 px, swiped sideways to anywhere, comes to rest with no number half
// under its sticky first column.
func TestBrowserSheetSticksToWholeColumns(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	names := strings.Fields("Ann Bartholomew Cy Deirdre Ed Francesca Gus Hal Ida Jo Kim Lou Max Nell Oz Pia")
	game := a.createGame("12", names...)
	r1 := game + "/rounds/1"
	for seat := range 16 {
		a.post(r1+"/entries/"+itoa(seat), form("pips", itoa(5+seat*6), "open", "1"))
	}
	a.post(r1+"/entries/0", form("went_out", "1", "open", "1"))
	a.post(r1+"/close", form())
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=sheet]`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("[data-testid=sheet]").scrollIntoView()`))
	if b.evalInt(`(w => w.scrollWidth - w.clientWidth)(document.querySelector(".sheet-wrap"))`) < 100 {
		t.Fatal("the sheet of 16 fits its frame: this test needs one that scrolls")
	}
	for _, x := range []int{13, 37, 64, 150, 211, 10000} { // 10000: to the end
		// A swipe's end: the frame scrolled there, then left to come to rest.
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".sheet-wrap").scrollTo({left: `+itoa(x)+`, behavior: "instant"})`),
			chromedp.Evaluate[chromedp.Void](`new Promise(ok => {
				const w = document.querySelector(".sheet-wrap");
				let at = -1;
				const still = () => { if (w.scrollLeft === at) ok(); else { at = w.scrollLeft; setTimeout(still, 150); } };
				still();
			})`, chromedp.EvalAwaitPromise))
		got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](clippedBySticky))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) > 0 {
			t.Errorf("swiped to %d px, at rest at %d: %s", x, b.evalInt(`document.querySelector(".sheet-wrap").scrollLeft`), strings.Join(got, "; "))
		}
		if picturesAsked() {
			b.screenshotView("swiped-" + itoa(x))
		}
	}
}
