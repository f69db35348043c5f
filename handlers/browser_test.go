package handlers

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"chickenfoot/db"
	"chickenfoot/referee"
)

func (b *browser) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// text waits until the element is shown and returns its text, spaces
// squeezed. It reads through script, not through the DevTools node tree:
// a page that has just navigated can leave that tree's node ids stale
// ("No node with given id found").
func (b *browser) text(sel string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	poll := pollFunction[string](`(sel) => {
		const e = document.querySelector(sel);
		return e !== null && e.checkVisibility() ? JSON.stringify(e.innerText) : null;
	}`, chromedp.WithPollingArgs(sel), chromedp.WithPollingMutation())
	// A page that navigates away under the poll ends it; poll the new page.
	got, err := chromedp.Run(ctx, poll)
	for err != nil && ctx.Err() == nil {
		got, err = chromedp.Run(ctx, poll)
	}
	var s string
	if err == nil {
		err = json.Unmarshal([]byte(got), &s)
	}
	if err != nil {
		b.t.Fatalf("browser: reading %s: %v", sel, err)
	}
	return strings.Join(strings.Fields(s), " ")
}

// waitText waits until the element's text, its spaces squeezed, contains
// want.
func (b *browser) waitText(sel, want string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	poll := pollFunction[bool](`(sel, want) => {
		const e = document.querySelector(sel);
		return e !== null && e.innerText.replace(/\s+/g, " ").includes(want);
	}`, chromedp.WithPollingArgs(sel, want), chromedp.WithPollingMutation())
	// A page that navigates away under the poll ends it; poll the new page.
	_, err := chromedp.Run(ctx, poll)
	for err != nil && ctx.Err() == nil {
		_, err = chromedp.Run(ctx, poll)
	}
	if err != nil {
		got, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel), chromedp.AtLeast(0)))
		b.t.Fatalf("browser: %s says %q, want %q (%v)", sel, got, want, err)
	}
}

func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// pollEvery is how often poll and pollFunction check, where chromedp
// checks on every frame: a frame drawn for each check keeps Chromium
// drawing the whole time a test waits, seven times the CPU of this.
const pollEvery = 10 * time.Millisecond

// poll is chromedp.Poll, checking every pollEvery unless opts say
// otherwise.
func poll[T any](js string, opts ...chromedp.PollOption) chromedp.Action[T] {
	return chromedp.Poll[T](js, append([]chromedp.PollOption{chromedp.WithPollingInterval(pollEvery)}, opts...)...)
}

// pollFunction is chromedp.PollFunction, checking every pollEvery unless
// opts say otherwise.
func pollFunction[T any](fn string, opts ...chromedp.PollOption) chromedp.Action[T] {
	return chromedp.PollFunction[T](fn, append([]chromedp.PollOption{chromedp.WithPollingInterval(pollEvery)}, opts...)...)
}

// htmxReady waits until the page has loaded and htmx has taken over its
// forms (it does so once the document is parsed), so a tap goes through
// htmx and not as a plain form post that leaves the page.
func (b *browser) htmxReady() {
	b.t.Helper()
	b.do(poll[chromedp.Void](`document.readyState === "complete" && window.htmx !== undefined`))
}

// TestBrowserGameNight keeps a whole game night's score at phone size: a
// 3-player game on double-6, one round by tapping tiles, one typed, and a
// correction; then checks the sheet's totals and the leader.
func TestBrowserGameNight(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	b := newBrowser(t, a.server.URL)

	b.do(chromedp.Navigate(b.base+"/"), chromedp.WaitVisible(css(`[data-testid=new-game]`)))
	b.screenshot("home")
	b.do(chromedp.Click(css(`[data-testid=new-game]`)), chromedp.WaitVisible(css(`[data-testid=setup]`)),
		chromedp.SendKeys(css(`#name`), "Friday at Ann's"),
		chromedp.SendKeys(css(`#players`), "Ann\nBob\nCy"),
		chromedp.Click(css(`input[name=set][value="6"]`)))
	b.waitText(`[data-testid=suggestion]`, "3 players on double-6")
	b.screenshot("setup")
	b.do(chromedp.Click(css(`[data-testid=create]`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.waitText(`[data-testid=round-double]`, "6-6")
	b.screenshot("round-1")

	// Round 1: Ann set 6-6 down; Ann and Bob tap their tiles, Cy went out.
	b.do(chromedp.Click(css(`#opening button[value="0"]`)))
	b.waitText(`[data-testid=setter]`, "Ann")
	b.tapTiles(0, "5-3", "4-1")
	b.tapTiles(1, "2-2", "0-0")
	b.do(chromedp.Click(css(`#entry-2 [data-testid=went-out]`)))
	b.waitText(`#entry-2 [data-testid=entry-summary]`, "went out")
	b.waitText(`#entry-0 [data-testid=entry-summary]`, "2 tiles: 13")
	b.waitText(`#entry-1 [data-testid=entry-summary]`, "2 tiles: 4 + 0-0 = 54")
	b.screenshot("round-1-entered")
	b.do(chromedp.Click(css(`[data-testid=close]`)))
	b.waitText(`[data-testid=round-double]`, "5-5")
	b.screenshot("round-2")

	// Round 2, typed: Ann went out, Bob 20, Cy 9.
	b.do(chromedp.Click(css(`#entry-0 [data-testid=went-out]`)))
	b.waitText(`#entry-0 [data-testid=entry-summary]`, "went out")
	b.typePips(1, "20")
	b.typePips(2, "9")
	b.screenshot("round-2-entered")
	b.do(chromedp.Click(css(`[data-testid=close]`)))
	b.waitText(`[data-testid=round-double]`, "4-4")
	b.waitText(`[data-testid=sheet-totals]`, "Total 13 74 9")

	// A correction: Bob's round-1 hand had no 0-0 after all; Cy fixes it.
	b.settled() // the close's answer, and the stream's news of it, are in
	b.do(chromedp.Click(css(`[data-testid=sheet-round-1] a`)), chromedp.WaitVisible(css(`[data-testid=round-page]`)),
		chromedp.Click(css(`#entry-1 [data-testid=correct]`)), chromedp.WaitVisible(css(`#by-1`)),
		chromedp.SetValue(css(`#by-1`), "Cy"),
		chromedp.SendKeys(css(`#pips-1`), "4"),
		chromedp.Click(css(`#entry-1 [data-testid=save]`)))
	b.waitText(`#entry-1 [data-testid=entry-summary]`, "4")
	// At once, without reloading: the confirmation, and the history's line.
	b.waitText(`#entry-1 [data-testid=corrected]`, "Bob's score corrected to 4 by Cy.")
	b.waitText(`[data-testid=history] [data-testid=change]`, "Bob: 2 tiles: 4 + 0-0 = 54 → 4 (correction)")
	b.screenshot("round-1-corrected")

	b.do(chromedp.Click(css(`a[href$="` + strings.TrimPrefix(a.sheetPathFromRound(b), b.base) + `"]`)))
	b.waitText(`[data-testid=sheet-totals]`, "Total 13 24 9")
	b.waitText(`[data-testid=leader]`, "Cy is lowest with 9, 4 ahead of Ann.")
	if got := b.text(`[data-testid=sheet] thead`); got != "Round Ann Bob Cy" {
		t.Errorf("sheet header = %q, want the players in seat order", got)
	}
	b.screenshot("sheet")
}

// sheetPathFromRound is the game page's address, read from the round
// page's back link.
func (a *testApp) sheetPathFromRound(b *browser) string {
	res, err := chromedp.Run(b.ctx, chromedp.AttributeValue(css(`main p a`), "href"))
	if err != nil || !res.Exists {
		b.t.Fatalf("browser: back link: %v", err)
	}
	return res.Value
}

// tapTiles opens a player's tile grid, taps the tiles and saves.
func (b *browser) tapTiles(seat int, tiles ...string) {
	b.t.Helper()
	b.do(chromedp.Click(css(`#entry-`+itoa(seat)+` [data-testid=tap-tiles]`)), chromedp.WaitVisible(css(`[data-testid=tiles-form]`)))
	for _, tile := range tiles {
		b.do(chromedp.Click(css(`label:has([data-testid="tile-` + tile + `"])`)))
	}
	b.waitText(`[data-tiles-total]`, itoa(len(tiles))+" tiles")
	if seat == 0 {
		b.screenshot("tiles")
	}
	b.do(chromedp.Click(css(`[data-testid=save-tiles]`)), chromedp.WaitVisible(css(`[data-testid=round]`)))
}

// typePips types a pip total into a player's row and saves it.
func (b *browser) typePips(seat int, pips string) {
	b.t.Helper()
	b.savePips(seat, pips)
}

// savePips is typePips that returns the moment of the tap on Save: what
// other phones are timed from, the typing before it not counted.
func (b *browser) savePips(seat int, pips string) time.Time {
	b.t.Helper()
	row := `#entry-` + itoa(seat)
	b.do(chromedp.SendKeys(css(row+` [data-testid=pips]`), pips))
	tapped := time.Now()
	b.do(chromedp.Click(css(row + ` [data-testid=save]`)))
	b.waitText(row+` [data-testid=entry-summary]`, pips)
	return tapped
}

// TestBrowserTable lays the first moves of a double-9 round at phone size:
// the spinner's four arms, a refused tile, a chickie and its three toes, a
// draw and a pass, and a take-back, checking the banner at each step.
func TestBrowserTable(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.Click(css(`[data-testid=open-table]`)), chromedp.WaitVisible(css(`[data-testid=start]`)))
	b.htmxReady()
	b.waitText(`[data-testid=owes]`, "Set 9-9 down to start.")
	b.screenshot("table-empty")

	b.do(chromedp.Click(css(`[data-testid=start] button[value="0"]`)))
	b.waitText(`[data-testid=owes]`, "Spinner 9-9: 4 arms to fill")
	b.waitText(`[data-testid=turn]`, "Bob's turn")
	for i, tile := range []string{"9-1", "9-2", "9-3", "9-4"} {
		b.layTile("9-9", tile)
		if i < 3 {
			b.waitText(`[data-testid=owes]`, []string{"Spinner 9-9: 3 arms to fill", "Spinner 9-9: 2 arms to fill", "Spinner 9-9: 1 arm to fill"}[i])
		}
	}
	b.waitText(`[data-testid=owes]`, "Open play")
	b.screenshot("table-spinner")

	// Cy tries 6-5 on 9-1, whose open end is a 1: refused, nothing changes.
	b.layTile("9-1", "6-5")
	b.waitText(`[data-testid=refusal]`, "6-5 has no 1, so it can't go on 9-1")
	b.waitText(`[data-testid=refusal] [data-testid=rule]`, "Laying a tile")
	b.waitText(`[data-testid=turn]`, "Cy's turn")
	b.screenshot("table-refused")

	b.layTile("9-1", "1-1")
	b.waitText(`[data-testid=owes]`, "Chickie 1-1: 3 toes to go")
	b.layTile("1-1", "5-1")
	b.waitText(`[data-testid=owes]`, "Chickie 1-1: 2 toes to go")
	b.layTile("1-1", "6-1")
	b.waitText(`[data-testid=owes]`, "Chickie 1-1: 1 toe to go")
	b.screenshot("table-chickie")
	b.layTile("1-1", "7-1")
	b.waitText(`[data-testid=owes]`, "Open play")
	b.waitText(`[data-testid=turn]`, "Ann's turn")

	b.do(chromedp.Click(css(`[data-testid=draw]`)))
	dealt, _ := referee.SuggestHand(9, 3)
	b.waitText(`[data-testid=counts]`, "Boneyard "+itoa(dealt.Boneyard-1))
	b.do(chromedp.Click(css(`[data-testid=pass]`)))
	b.waitText(`[data-testid=turn]`, "Bob's turn")

	b.layTile("7-1", "8-7")
	b.waitText(`[data-testid=take-back]`, "Take back Bob's last tile")
	b.screenshot("table-laid")
	b.keypadAsServed("after laying 8-7")
	b.do(chromedp.Click(css(`[data-testid=take-back]`)))
	b.waitText(`[data-testid=turn]`, "Bob's turn")
	b.waitText(`[data-testid=owes]`, "Open play")
	b.keypadAsServed("after taking 8-7 back")
	log, err := chromedp.Run(b.ctx, chromedp.TextContent(css(`details.log`)))
	if err != nil || !strings.Contains(log, "Bob took back the last tile") {
		t.Fatalf("the log %q (%v) lacks the take-back", log, err)
	}
	b.screenshot("table-taken-back")
}

// keypadAsServed checks the keypad the page kept from move to move, its
// state applied by the script, against the one the server draws for the
// page loaded afresh: the same tiles shown, the same named as fitting and
// marked so, none picked.
func (b *browser) keypadAsServed(when string) {
	b.t.Helper()
	const seen = `JSON.stringify([...document.querySelectorAll("[data-keypad] input[name=tile]")]
		.filter(i => i.getClientRects().length > 0)
		.map(i => i.getAttribute("aria-label") + (i.nextElementSibling.classList.contains("fits") ? " (marked)" : "") + (i.checked ? " (picked)" : "")))`
	b.settled()
	kept := b.eval(seen)
	b.do(chromedp.Reload(), chromedp.WaitVisible(css(`[data-testid=lay]`)))
	b.htmxReady()
	if fresh := b.eval(seen); kept != fresh || !strings.Contains(fresh, "fits (marked)") {
		b.t.Errorf("%s the keypad kept on the page shows\n%s\nand the page loaded afresh\n%s", when, kept, fresh)
	}
}

// layTile picks an open end and a tile on the table page and lays it.
func (b *browser) layTile(on, tile string) {
	b.t.Helper()
	b.tapLay(on, tile)
	b.settled()
	b.waitText(`details.log summary`, "What happened")
}

// tapLay picks an open end and a tile on the table page and taps Lay,
// returning when htmx has swapped in the answer, and the moment of the
// tap: the page may still be moving to show the tile laid.
func (b *browser) tapLay(on, tile string) time.Time {
	b.t.Helper()
	// Whatever came before (a tap elsewhere, another phone's news, a page
	// loaded) is done moving the page, so the taps land where they aim.
	b.do(chromedp.WaitVisible(css(`[data-testid=lay]`)))
	b.settled()
	// htmx answers with a new #table, laid or refused: mark the old one and
	// wait until its successor is swapped in and settled.
	b.do(chromedp.Click(css(`label:has([data-testid="end-`+on+`"])`)),
		chromedp.Click(css(`label:has([data-testid="tile-`+tile+`"])`)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("table").replaced = true`))
	tapped := time.Now()
	b.do(chromedp.Click(css(`[data-testid=lay-tile]`)),
		poll[chromedp.Void](`(t => t !== null && !t.replaced)(document.getElementById("table"))`))
	return tapped
}

// TestBrowserRefusalToast: when another phone closed the round first, and
// this phone taps Close before it hears so, the page stays as it is and a
// message says what happened.
func TestBrowserRefusalToast(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob")
	a.postHTMX(game+"/rounds/1/entries/0", form("pips", "4", "open", "1"))
	a.postHTMX(game+"/rounds/1/entries/1", form("went_out", "1", "open", "1"))
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=close]`)))
	// The other phone closes it; this phone taps Close before that news
	// reaches it. The close goes through a store of its own on the same
	// file, whose news no page hears, so the tap surely comes first.
	other, err := db.Open(context.Background(), a.file)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	closeAsShown(t, other, strings.TrimPrefix(game, "/g/"), 1)
	b.do(chromedp.Click(css(`[data-testid=close]`)))
	b.waitText(`#toast`, "That round was closed meanwhile")
	b.waitText(`[data-testid=round-double]`, "6-6") // the page was left as it was
	b.screenshot("toast")
}

// TestBrowserSavedScoreLandsOnTheSheet: with JavaScript on, a saved score
// shows in its row of the score sheet at once, and nothing else appears:
// no stray text from the sheet's row in the round's card.
func TestBrowserSavedScoreLandsOnTheSheet(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("6", "Ann", "Bob")
	b := newBrowser(t, a.server.URL)
	b.do(chromedp.Navigate(b.base+game), chromedp.WaitVisible(css(`[data-testid=round]`)))
	b.typePips(0, "12")
	b.waitText(`[data-testid=sheet-round-1]`, "12")
	if got := b.text(`[data-testid=round]`); strings.Contains(got, "1 · 6-6") {
		t.Fatalf("the round's card shows the sheet row's text: %q", got)
	}
	rows, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=sheet-round-1]").length`))
	if err != nil || rows != 1 {
		t.Fatalf("the sheet has %d rows for round 1 (%v), want one", rows, err)
	}
	b.screenshot("saved")
}
