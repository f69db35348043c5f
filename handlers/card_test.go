package handlers

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font"
)

var cardsDir = flag.String("cards", "", "save the result cards the tests draw under `DIR`, to look at")

// playedNight is a finished two-round night of Ann, Bjørn and Cy: Ann 5,
// Bjørn 10, Cy 55. With finish false, only round 1 is closed.
func (a *testApp) playedNight(finish bool) string {
	a.t.Helper()
	r := a.post("/games", form("name", "Fredag hos Søren", "date", "2026-11-28", "players", "Ann\nBjørn\nCy", "set", "6", "rounds", "2"))
	expect(a.t, "create", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	a.playRound(g, 1, []string{"went_out", "1"}, []string{"pips", "10"}, []string{"pips", "25"})
	if finish {
		a.playRound(g, 2, []string{"pips", "5"}, []string{"went_out", "1"}, []string{"pips", "30"})
	}
	return g
}

// playRound enters each player's score, in seat order, and closes round n.
func (a *testApp) playRound(g string, n int, entries ...[]string) {
	a.t.Helper()
	for id, e := range entries {
		expect(a.t, "entry", a.postHTMX(g+"/rounds/"+itoa(n)+"/entries/"+itoa(id), form(append(e, "open", "1")...)), http.StatusOK)
	}
	expect(a.t, "close "+itoa(n), a.post(g+"/rounds/"+itoa(n)+"/close", form()), http.StatusSeeOther)
}

// cardImage decodes a card.png answer, and keeps it under -cards.
func cardImage(t *testing.T, r response, name string) image.Image {
	t.Helper()
	expect(t, name, r, http.StatusOK)
	if ct := r.header.Get("Content-Type"); ct != "image/png" {
		t.Fatalf("%s: Content-Type %q, want image/png", name, ct)
	}
	img, err := png.Decode(strings.NewReader(r.body))
	if err != nil {
		t.Fatalf("%s: the PNG does not decode: %v", name, err)
	}
	if *cardsDir != "" {
		if err := os.WriteFile(filepath.Join(*cardsDir, name+".png"), []byte(r.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return img
}

// inked counts the dark pixels in r: text or a drawing on the light card.
func inked(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := color.GrayModel.Convert(img.At(x, y)).(color.Gray); c.Y < 128 {
				n++
			}
		}
	}
	return n
}

func sameColour(img image.Image, x, y int, want color.RGBA) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
}

// TestCardPicture: the card is a PNG of the size its players need, with
// the night's name on the green band, the winner's row on gold, a name and
// a total on every row and the domino at its foot; it changes when a score
// does, and answers an unchanged copy with 304.
func TestCardPicture(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.playedNight(true)
	r := a.get(g + "/card.png")
	img := cardImage(t, r, "card-en")
	w, h := cardSize(3)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("card is %v, want %dx%d", b.Size(), w, h)
	}
	if !sameColour(img, 8, 8, cardGreen) || !sameColour(img, 8, h-8, cardPaper) {
		t.Errorf("card: the band is not green, or the paper not light")
	}
	// The night's name: white letters on the band.
	if white := countColour(img, image.Rect(cardMargin, 50, cardWidth/2, 130), cardWhite); white < 500 {
		t.Errorf("card: %d white pixels where the night's name goes, want its letters", white)
	}
	if inked(img, image.Rect(cardMargin, cardBand+20, cardWidth/2, cardBand+cardTop)) < 300 {
		t.Errorf("card: nothing where the winner is named")
	}
	row, _ := cardRows(3)
	for i := range 3 {
		y := cardBand + cardTop + i*row
		if n := inked(img, image.Rect(cardMargin+88, y+8, cardMargin+300, y+row-8)); n < 100 {
			t.Errorf("card: row %d has %d dark pixels where the name goes", i+1, n)
		}
		if n := inked(img, image.Rect(cardWidth-cardMargin-120, y+8, cardWidth-cardMargin, y+row-8)); n < 50 {
			t.Errorf("card: row %d has %d dark pixels where the total goes", i+1, n)
		}
		if gold := sameColour(img, cardMargin-10, y+row/2, cardGold); gold != (i == 0) {
			t.Errorf("card: row %d on gold = %v, want only the winner's", i+1, gold)
		}
	}
	if !sameColour(img, cardMargin+1, h-cardFooter+48+20, cardGreen) {
		t.Errorf("card: no domino at the foot")
	}

	// Each language is a picture of its own, of the same size.
	for _, l := range []string{"af", "da"} {
		other := a.get(g + "/card.png?lang=" + l)
		if b := cardImage(t, other, "card-"+l).Bounds(); b.Dx() != w || b.Dy() != h {
			t.Errorf("card in %s is %v, want %dx%d", l, b.Size(), w, h)
		}
		if other.header.Get("ETag") == r.header.Get("ETag") {
			t.Errorf("card in %s has the English card's tag", l)
		}
	}

	tag := r.header.Get("ETag")
	if tag == "" || r.header.Get("Cache-Control") != "private, no-cache" {
		t.Fatalf("card: ETag %q, Cache-Control %q; want a tag, and private, no-cache", tag, r.header.Get("Cache-Control"))
	}
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+g+"/card.png", nil)
	req.Header.Set("If-None-Match", tag)
	if got := a.do(req); got.code != http.StatusNotModified || got.body != "" {
		t.Errorf("card with its own tag: %d, %d bytes; want 304, none", got.code, len(got.body))
	}

	// Cy's round-2 score corrected: a new tag, a new picture.
	expect(t, "correct", a.postHTMX(g+"/rounds/2/entries/2", form("pips", "3", "by", "Ann")), http.StatusOK)
	again := a.get(g + "/card.png")
	cardImage(t, again, "card-en-corrected")
	if again.header.Get("ETag") == tag || again.body == r.body {
		t.Errorf("card after a correction: same tag %q or the same picture, want both new", tag)
	}
	req, _ = http.NewRequest(http.MethodGet, a.server.URL+g+"/card.png", nil)
	req.Header.Set("If-None-Match", tag)
	expect(t, "card with the old tag", a.do(req), http.StatusOK)
}

func countColour(img image.Image, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if sameColour(img, x, y, c) {
				n++
			}
		}
	}
	return n
}

// TestCardText: the text lists the players in place order with their
// totals and names the winner, in English, Afrikaans and Danish, each name
// isolated from the words around it; mid-game it says after which round
// and who leads, and a shared lead names both.
func TestCardText(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	done, sofar := a.playedNight(true), a.playedNight(false)
	ann, bjorn, cy := isolate("Ann"), isolate("Bjørn"), isolate("Cy")
	tests := []struct {
		name, path, accept, want string
	}{
		{"final, English", done + "/card.txt", "", "Fredag hos Søren · 28 Nov 2026\nFinal standings\n" +
			"1. " + ann + ": 5\n2. " + bjorn + ": 10\n3. " + cy + ": 55\nWinner: " + ann + "\n"},
		{"final, Afrikaans", done + "/card.txt", "af", "Fredag hos Søren · 28 Nov. 2026\nEindstand\n" +
			"1. " + ann + ": 5\n2. " + bjorn + ": 10\n3. " + cy + ": 55\nWenner: " + ann + "\n"},
		{"final, Danish", done + "/card.txt?lang=da", "af", "Fredag hos Søren · 28. nov. 2026\nSlutstilling\n" +
			"1. " + ann + ": 5\n2. " + bjorn + ": 10\n3. " + cy + ": 55\nVinder: " + ann + "\n"},
		{"so far, English", sofar + "/card.txt", "en", "Fredag hos Søren · 28 Nov 2026\nSo far, after round 1 of 2\n" +
			"1. " + ann + ": 0\n2. " + bjorn + ": 10\n3. " + cy + ": 25\nIn the lead: " + ann + "\n"},
		{"so far, Afrikaans", sofar + "/card.txt?lang=af", "", "Fredag hos Søren · 28 Nov. 2026\nTot dusver, ná rondte 1 van 2\n" +
			"1. " + ann + ": 0\n2. " + bjorn + ": 10\n3. " + cy + ": 25\nAan die voortou: " + ann + "\n"},
		{"so far, Danish", sofar + "/card.txt", "da", "Fredag hos Søren · 28. nov. 2026\nIndtil videre, efter runde 1 af 2\n" +
			"1. " + ann + ": 0\n2. " + bjorn + ": 10\n3. " + cy + ": 25\nFører: " + ann + "\n"},
	}
	for _, tt := range tests {
		r := a.getIn(tt.path, tt.accept)
		expect(t, tt.name, r, http.StatusOK)
		if ct := r.header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tt.name, ct)
		}
		if r.body != tt.want {
			t.Errorf("%s: card.txt =\n%s\nwant\n%s", tt.name, r.body, tt.want)
		}
	}

	// Bjørn catches Ann up in round 2 of a longer night: both lead.
	r := a.post("/games", form("name", "Tie", "date", "2026-11-28", "players", "Ann\nBjørn", "set", "6"))
	g := r.header.Get("Location")
	a.playRound(g, 1, []string{"pips", "7"}, []string{"went_out", "1"})
	a.playRound(g, 2, []string{"went_out", "1"}, []string{"pips", "7"})
	for accept, want := range map[string]string{"en": "Sharing the lead: " + ann + " and " + bjorn,
		"af": "Gelyk aan die voortou: " + ann + " en " + bjorn, "da": "Deler føringen: " + ann + " og " + bjorn} {
		if body := a.getIn(g+"/card.txt", accept).body; !strings.Contains(body, "\n"+want+"\n") {
			t.Errorf("a shared lead in %s: card.txt =\n%s\nwant the line %q", accept, body, want)
		}
	}
}

// TestCardLinks: the card opens by the view-only link as by the edit
// link, the same card; an unknown night is a 404; a round yet to close
// leaves everyone at 0 with no winner; nothing is written.
func TestCardLinks(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.playedNight(true)
	view := a.viewLink(g)
	stranger := a.stranger()
	for _, suffix := range []string{"/card.png", "/card.txt"} {
		edit, seen := a.get(g+suffix), stranger.get(view+suffix)
		expect(t, "view-only "+suffix, seen, http.StatusOK)
		if seen.body != edit.body || seen.header.Get("ETag") != edit.header.Get("ETag") {
			t.Errorf("%s by the view-only link differs from the edit link's", suffix)
		}
		expect(t, "unknown "+suffix, a.get("/g/no-such-night"+suffix), http.StatusNotFound)
		if code := a.postBare(g+suffix, form(), false).code; code != http.StatusMethodNotAllowed {
			t.Errorf("POST %s = %d, want 405", suffix, code)
		}
	}
	for suffix, want := range map[string]string{"/card.png": "2026-11-28-Fredag-hos-Søren.png", "/card.txt": "2026-11-28-Fredag-hos-Søren.txt"} {
		d := a.get(g + suffix).header.Get("Content-Disposition")
		if kind, p, err := mime.ParseMediaType(d); err != nil || kind != "inline" || p["filename"] != want {
			t.Errorf("%s: Content-Disposition %q, want inline as %s", suffix, d, want)
		}
	}

	fresh := a.createGame("6", "Ann", "Bob")
	before := a.sheet(fresh)
	txt := a.get(fresh + "/card.txt")
	expect(t, "a night not started", txt, http.StatusOK, "No round finished yet\n1. "+isolate("Ann")+": 0\n1. "+isolate("Bob")+": 0\n")
	if strings.Contains(txt.body, "lead") || strings.Contains(txt.body, "Winner") {
		t.Errorf("a night not started names a winner:\n%s", txt.body)
	}
	cardImage(t, a.get(fresh+"/card.png"), "card-not-started")
	if after := a.sheet(fresh); len(after.History) != len(before.History) || after.Game.Slug != before.Game.Slug {
		t.Errorf("reading the card changed the night")
	}
}

// TestCardOnTheGamePage: the game page offers the card once a round is
// closed, under the final standings when the night is over, with the
// picture in the page's language and its tag, to download under the
// night's name, and the text to copy.
func TestCardOnTheGamePage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	expectNoTestID(t, "before a round is closed", a.get(g), "share-night")
	a.playRound(g, 1, []string{"pips", "7"}, []string{"went_out", "1"})
	page := a.getIn(g, "da")
	card := expectTestID(t, "after round 1", page, http.StatusOK, "share-night", "")
	src := card.testid("card-image").attr("src")
	tag := a.getIn(g+"/card.png?lang=da", "").header.Get("ETag")
	if want := g + "/card.png?lang=da&v=" + strings.Trim(tag, `"`)[len("png-"):]; src != want {
		t.Errorf("the card's picture is %q, want %q", src, want)
	}
	dl := card.testid("download-card")
	if dl.attr("href") != src || dl.attr("download") != "2026-11-28-Friday.png" {
		t.Errorf("download link %q as %q, want the picture as 2026-11-28-Friday.png", dl.attr("href"), dl.attr("download"))
	}
	if got, want := card.testid("card-text").text(), a.getIn(g+"/card.txt", "da").body; got != strings.Join(strings.Fields(want), " ") {
		t.Errorf("the page's text =\n%s\nwant card.txt's\n%s", got, want)
	}
	if w, h := cardSize(2); card.testid("card-image").attr("width") != itoa(w) || card.testid("card-image").attr("height") != itoa(h) {
		t.Errorf("the picture's size on the page is not the card's")
	}

	a.post(g+"/rounds/2/entries/0", form("pips", "3", "open", "1"))
	a.playRound(g, 2, []string{"pips", "3"}, []string{"pips", "9"})
	if again := a.getIn(g, "da").testid("card-image").attr("src"); again == src {
		t.Errorf("after another round the page shows the same picture %q", src)
	}
}

// TestCardFitsSixteen: sixteen players, one with a name as long as the
// setup allows, make a card 1080 × 1504 with every row drawn, the long
// name cut short with an ellipsis clear of the total.
func TestCardFitsSixteen(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	names := []string{longName, "Æbelø", "Øjvind", "Åse", "Ilsé", "Anaïs", "Bêrend", "Sôna", "Hugo", "Ida", "Jens", "Karl", "Lise", "Mads", "Nina", "Ole"}
	r := a.post("/games", form("name", strings.Repeat("Sixteen at the long table ", 3)[:60], "date", "2026-11-28", "players", strings.Join(names, "\n"), "set", "18"))
	expect(t, "create", r, http.StatusSeeOther)
	g := r.header.Get("Location")
	var entries [][]string
	for i := range names {
		entries = append(entries, []string{"pips", itoa(100 + i)})
	}
	entries[0] = []string{"pips", "123"}
	entries[15] = []string{"went_out", "1"}
	a.playRound(g, 1, entries...)
	img := cardImage(t, a.getIn(g+"/card.png", "da"), "card-sixteen")
	if b := img.Bounds(); b.Dx() != 1080 || b.Dy() != 1504 {
		t.Fatalf("sixteen players' card is %v, want 1080x1504", b.Size())
	}
	row, size := cardRows(16)
	cv := &canvas{faces: map[[2]int]font.Face{}}
	face := cv.face(true, size)
	gap := cardWidth - cardMargin - font.MeasureString(face, "123").Ceil()
	for i := range 16 {
		y := cardBand + cardTop + i*row
		if inked(img, image.Rect(cardMargin+88, y+6, cardMargin+200, y+row-6)) == 0 {
			t.Errorf("row %d has no name", i+1)
		}
		// Between the name and a three-digit total: nothing drawn.
		if n := inked(img, image.Rect(gap-28, y+6, gap-4, y+row-6)); n > 0 {
			t.Errorf("row %d: %d dark pixels between the name and the total", i+1, n)
		}
	}
	if cut := fit(cv.face(false, size), longName, 400); !strings.HasSuffix(cut, "…") || font.MeasureString(cv.face(false, size), cut).Ceil() > 400 {
		t.Errorf("fit(%q, 400 px) = %q, want it cut short with an ellipsis within 400 px", longName, cut)
	}
	if n := countColour(img, image.Rect(cardWidth-cardMargin, 50, cardWidth, 130), cardWhite); n > 0 {
		t.Errorf("the night's long name runs into the margin: %d pixels", n)
	}
	// On a small table's taller rows, a name of wide letters is cut short.
	wide := resultCard{Name: "Wide", Date: "28 Nov 2026", Status: "Final standings", Top: "Winner: W",
		Lines: []cardLine{{Place: 1, Name: strings.Repeat("W", 40), Total: "1,234", First: true}, {Place: 2, Name: "Bo", Total: "1,500"}}}
	p, err := drawCard(wide)
	if err != nil {
		t.Fatal(err)
	}
	small := cardImage(t, response{code: http.StatusOK, header: http.Header{"Content-Type": {"image/png"}}, body: string(p)}, "card-wide-name")
	row, size = cardRows(2)
	gap = cardWidth - cardMargin - font.MeasureString(cv.face(true, size), "1,234").Ceil()
	if y := cardBand + cardTop; inked(small, image.Rect(gap-28, y+6, gap-4, y+row-6)) > 0 {
		t.Errorf("a name of 40 Ws runs into its total")
	}
	txt := a.get(g + "/card.txt").body
	if lines := strings.Count(txt, "\n"); lines != 16+3 {
		t.Errorf("sixteen players' text has %d lines, want 19:\n%s", lines, txt)
	}
	if !strings.Contains(txt, "1. "+isolate("Ole")+": 0\n") || !strings.Contains(txt, isolate(longName)+": 123\n") {
		t.Errorf("the text misses Ole's win or the long name whole:\n%s", txt)
	}
}

// BenchmarkCard draws a finished night's card for 8 and for 16 players,
// PNG encoding included.
func BenchmarkCard(b *testing.B) {
	for _, n := range []int{8, 16} {
		c := resultCard{Name: "Fredag hos Søren", Date: "28. nov. 2026", Status: "Slutstilling", Top: "Vinder: Ann",
			Footer: "Chickenfoot · laveste samlede pointtal vinder"}
		for i := range n {
			c.Lines = append(c.Lines, cardLine{Place: i + 1, Name: "Spiller nummer " + itoa(i+1), Total: itoa(40 * i), First: i == 0})
		}
		b.Run(itoa(n)+" players", func(b *testing.B) {
			var size int
			for b.Loop() {
				p, err := drawCard(c)
				if err != nil {
					b.Fatal(err)
				}
				size = len(p)
			}
			b.ReportMetric(float64(size), "bytes/card")
		})
	}
}
