package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAxeLiveTable runs axe-core on a long round's live table,
// with its experimental rules too: a tile's link is named with the
// numbers it shows (label-content-name-mismatch), in light and dark.
func TestBrowserAxeLiveTable(t *testing.T) {
	long(t)
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
