package handlers

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The result card as a picture, drawn in Go with the Go fonts (embedded
// in the binary; they have every letter of English, Afrikaans and Danish:
// ê, ë, ô, ŉ, æ, ø, å…). Light, with the app's green, so it reads in a
// chat on a phone; 1080 pixels wide, as chat apps show a picture whole.

const (
	cardWidth  = 1080
	cardMargin = 64
	cardBand   = 232 // the green band: the night's name, date and status
	cardTop    = 112 // who won or leads, under the band
	cardFooter = 136
)

// The card's colours.
var (
	cardPaper  = color.RGBA{0xff, 0xfd, 0xf7, 0xff}
	cardGreen  = color.RGBA{0x1f, 0x4e, 0x3d, 0xff}
	cardOnBand = color.RGBA{0xd4, 0xe6, 0xdc, 0xff}
	cardInk    = color.RGBA{0x1d, 0x23, 0x20, 0xff}
	cardMuted  = color.RGBA{0x6b, 0x71, 0x6d, 0xff}
	cardGold   = color.RGBA{0xf7, 0xe8, 0xb5, 0xff}
	cardRule   = color.RGBA{0xea, 0xe4, 0xd6, 0xff}
	cardWhite  = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// cardRows is how tall a player's row is, and its text: past eight
// players the rows get lower, so sixteen still make a picture a chat
// shows whole (1080 × 1504).
func cardRows(players int) (height, size int) {
	if players > 8 {
		return 64, 34
	}
	return 84, 42
}

// cardSize is the picture's size for a number of players.
func cardSize(players int) (w, h int) {
	row, _ := cardRows(players)
	return cardWidth, cardBand + cardTop + players*row + cardFooter
}

// cardFonts are the Go fonts, parsed once.
var cardFonts = sync.OnceValue(func() [2]*opentype.Font {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic("card: " + err.Error()) // embedded: any test finds it
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic("card: " + err.Error())
	}
	return [2]*opentype.Font{regular, bold}
})

// A canvas is a card being drawn, with the faces it has made: a face is
// for one drawing at a time.
type canvas struct {
	img   *image.RGBA
	faces map[[2]int]font.Face
}

// face is the regular or bold Go font at size pixels.
func (cv *canvas) face(bold bool, size int) font.Face {
	k := [2]int{size, 0}
	if bold {
		k[1] = 1
	}
	if f := cv.faces[k]; f != nil {
		return f
	}
	f, err := opentype.NewFace(cardFonts()[k[1]], &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("card: " + err.Error()) // only for options out of range, which are fixed here
	}
	cv.faces[k] = f
	return f
}

// cardsDrawn keeps the pictures last drawn, by tag: after a change every
// phone at the table may ask for the new card, and drawing it is most of
// the cost of the answer (see BenchmarkCard). It forgets them all when it
// holds cardsKept, so it never grows past a few megabytes.
var cardsDrawn struct {
	sync.Mutex
	byTag map[string][]byte
}

const cardsKept = 32

// cardPicture is the card as a PNG, drawn once for each tag.
func cardPicture(c resultCard) ([]byte, error) {
	tag := c.tag()
	cardsDrawn.Lock()
	b, ok := cardsDrawn.byTag[tag]
	cardsDrawn.Unlock()
	if ok {
		return b, nil
	}
	b, err := drawCard(c)
	if err != nil {
		return nil, err
	}
	cardsDrawn.Lock()
	defer cardsDrawn.Unlock()
	if cardsDrawn.byTag == nil || len(cardsDrawn.byTag) >= cardsKept {
		cardsDrawn.byTag = map[string][]byte{}
	}
	cardsDrawn.byTag[tag] = b
	return b, nil
}

// drawCard draws the card as a PNG.
func drawCard(c resultCard) ([]byte, error) {
	w, h := cardSize(len(c.Lines))
	cv := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), faces: map[[2]int]font.Face{}}
	cv.fill(cv.img.Rect, cardPaper)
	cv.head(c)
	y := cardBand + cardTop
	row, size := cardRows(len(c.Lines))
	for i, l := range c.Lines {
		cv.line(l, y, row, size, i > 0 && !c.Lines[i-1].First && !l.First)
		y += row
	}
	cv.footer(c.Footer, h)
	var b bytes.Buffer
	b.Grow(64 << 10)
	err := (&png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: pngBuffers{}}).Encode(&b, cv.img)
	return b.Bytes(), err
}

// pngBuffers lets one card's encoder reuse the buffers of the last.
type pngBuffers struct{}

var pngPool sync.Pool

func (pngBuffers) Get() *png.EncoderBuffer {
	b, _ := pngPool.Get().(*png.EncoderBuffer)
	return b
}

func (pngBuffers) Put(b *png.EncoderBuffer) { pngPool.Put(b) }

// head draws the green band with the night's name, its date and where it
// stands, and under it who won or leads.
func (cv *canvas) head(c resultCard) {
	inner := cardWidth - 2*cardMargin
	cv.fill(image.Rect(0, 0, cardWidth, cardBand), cardGreen)
	name := cv.face(true, 60)
	cv.text(name, cardWhite, cardMargin, 118, fit(name, c.Name, inner))
	meta := cv.face(false, 34)
	cv.text(meta, cardOnBand, cardMargin, 178, fit(meta, c.Date+" · "+c.Status, inner))
	if c.Top != "" {
		top := cv.face(true, 44)
		cv.text(top, cardGreen, cardMargin, cardBand+74, fit(top, c.Top, inner))
	}
}

// line draws one player's row: the place, the name (cut short with an
// ellipsis when long), the total; a row for the winner or a leader on
// gold, and a rule between two plain rows.
func (cv *canvas) line(l cardLine, y, row, size int, rule bool) {
	if l.First {
		cv.roundRect(image.Rect(cardMargin-20, y+4, cardWidth-cardMargin+20, y+row-4), 14, cardGold)
	} else if rule {
		cv.fill(image.Rect(cardMargin, y, cardWidth-cardMargin, y+2), cardRule)
	}
	base := y + row/2 + size*36/100
	place, name, total := cv.face(true, size), cv.face(l.First, size), cv.face(true, size)
	cv.textRight(place, cardMuted, cardMargin+56, base, strconv.Itoa(l.Place))
	totalW := font.MeasureString(total, l.Total).Ceil()
	cv.textRight(total, cardInk, cardWidth-cardMargin, base, l.Total)
	nameX := cardMargin + 88
	cv.text(name, cardInk, nameX, base, fit(name, l.Name, cardWidth-cardMargin-totalW-32-nameX))
}

// footer draws a domino and the app's name at the foot of the card.
func (cv *canvas) footer(say string, h int) {
	y := h - cardFooter + 48
	cv.domino(cardMargin, y)
	f := cv.face(false, 28)
	cv.text(f, cardMuted, cardMargin+92, y+30, fit(f, say, cardWidth-2*cardMargin-92))
}

// domino draws a small 2-3 tile, 72 by 40 pixels, at x, y.
func (cv *canvas) domino(x, y int) {
	cv.roundRect(image.Rect(x, y, x+72, y+40), 9, cardGreen)
	cv.roundRect(image.Rect(x+3, y+3, x+69, y+37), 7, cardWhite)
	cv.fill(image.Rect(x+35, y+8, x+37, y+32), cardGreen)
	for _, p := range [][2]int{{11, 11}, {25, 29}, {47, 11}, {54, 20}, {61, 29}} {
		cv.dot(float64(x+p[0]), float64(y+p[1]), 4, cardGreen)
	}
}

func (cv *canvas) fill(r image.Rectangle, c color.RGBA) {
	draw.Draw(cv.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

func (cv *canvas) text(f font.Face, c color.RGBA, x, baseline int, s string) {
	d := font.Drawer{Dst: cv.img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, baseline)}
	d.DrawString(s)
}

func (cv *canvas) textRight(f font.Face, c color.RGBA, right, baseline int, s string) {
	cv.text(f, c, right-font.MeasureString(f, s).Ceil(), baseline, s)
}

// roundRect fills r with rounded corners of radius rad, their edges
// smoothed: the straight parts in two fills, the corners pixel by pixel.
func (cv *canvas) roundRect(r image.Rectangle, rad int, c color.RGBA) {
	cv.fill(image.Rect(r.Min.X+rad, r.Min.Y, r.Max.X-rad, r.Max.Y), c)
	cv.fill(image.Rect(r.Min.X, r.Min.Y+rad, r.Min.X+rad, r.Max.Y-rad), c)
	cv.fill(image.Rect(r.Max.X-rad, r.Min.Y+rad, r.Max.X, r.Max.Y-rad), c)
	R := float64(rad)
	for _, k := range [][2]int{{r.Min.X, r.Min.Y}, {r.Max.X - rad, r.Min.Y}, {r.Min.X, r.Max.Y - rad}, {r.Max.X - rad, r.Max.Y - rad}} {
		// the centre of the corner's circle
		cx, cy := float64(r.Min.X)+R, float64(r.Min.Y)+R
		if k[0] > r.Min.X {
			cx = float64(r.Max.X) - R
		}
		if k[1] > r.Min.Y {
			cy = float64(r.Max.Y) - R
		}
		cv.disc(image.Rect(k[0], k[1], k[0]+rad, k[1]+rad), cx, cy, R, c)
	}
}

// dot fills a circle of radius r centred at cx, cy.
func (cv *canvas) dot(cx, cy, r float64, c color.RGBA) {
	box := image.Rect(int(math.Floor(cx-r)), int(math.Floor(cy-r)), int(math.Ceil(cx+r)), int(math.Ceil(cy+r)))
	cv.disc(box, cx, cy, r, c)
}

// disc paints, within box, the pixels of the circle at cx, cy of radius
// r, each as much as the circle covers it.
func (cv *canvas) disc(box image.Rectangle, cx, cy, r float64, c color.RGBA) {
	box = box.Intersect(cv.img.Rect)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			cv.blend(x, y, c, min(1, max(0, r-d+0.5)))
		}
	}
}

// blend paints c over the pixel at x, y with coverage a (0 to 1).
func (cv *canvas) blend(x, y int, c color.RGBA, a float64) {
	if a <= 0 {
		return
	}
	i := cv.img.PixOffset(x, y)
	p := cv.img.Pix[i : i+4 : i+4]
	for j, v := range [3]uint8{c.R, c.G, c.B} {
		p[j] = uint8(float64(p[j])*(1-a) + float64(v)*a + 0.5)
	}
	p[3] = 0xff
}

// fit cuts s short with an ellipsis to fit in width pixels of face f.
func fit(f font.Face, s string, width int) string {
	if font.MeasureString(f, s).Ceil() <= width {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if cut := strings.TrimRight(string(rs[:n]), " ") + "…"; font.MeasureString(f, cut).Ceil() <= width {
			return cut
		}
	}
	return "…"
}
