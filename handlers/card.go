package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/labstack/echo/v4"
	"mime"
	"net/http"
	"slices"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/views"
)

// cardReader reads the night a result card is drawn from.
type cardReader interface {
	Sheet(ctx context.Context, slug string) (app.Sheet, error)
}

// A resultCard is what a night's result card says, worded in one
// language: the night, where it stands, the players in place order with
// their totals, and who won or leads. The picture and the text are both
// drawn from it, and its tag (see tag) names this content.
type resultCard struct {
	Lang   string
	Name   string // the night's name
	Date   string // the night's date, worded
	Status string // final, or after which round
	Lines  []cardLine
	// Top names who won or leads, plain for the picture; TopText is the
	// same with each name isolated, for the text; both "" before a round
	// is closed.
	Top, TopText string
	Footer       string
	File         string // the file name, without extension
}

// cardLine is one player on the card.
type cardLine struct {
	Place int
	Name  string
	Total string // worded in the card's language: 1 234, 1.234
	First bool   // won, or leads
}

// isolate keeps a name's own writing direction from reordering the words
// around it in a text pasted into a chat (Unicode's first-strong isolate).
func isolate(name string) string { return "\u2068" + name + "\u2069" }

// newResultCard words the card of the night sh in ctx's language.
func newResultCard(ctx context.Context, sh app.Sheet) resultCard {
	g := sh.Game
	c := resultCard{Lang: views.Lang(ctx), Name: g.Name, Date: views.Date(ctx, g.PlayedOn),
		Footer: words(ctx, "card.lowest-wins"), File: fileName(g.PlayedOn + " " + g.Name)}
	out, closed := sh.Standings(), len(sh.Results())
	for _, st := range out.Standings {
		c.Lines = append(c.Lines, cardLine{Place: st.Place, Name: st.Name, Total: views.Num(ctx, st.Total),
			First: closed > 0 && st.Place == 1})
	}
	c.Status = cardStatus(ctx, sh, closed)
	if closed == 0 {
		return c
	}
	key := "card.leading"
	if g.Finished() {
		key = "card.winner"
	}
	var plain, isolated []string
	for _, w := range out.Winners {
		plain, isolated = append(plain, g.Players[w]), append(isolated, isolate(g.Players[w]))
	}
	c.Top = words(ctx, key, "N", len(plain), "Names", plain)
	c.TopText = words(ctx, key, "N", len(isolated), "Names", isolated)
	return c
}

// cardStatus says where the night stands: over, after which round (of
// how many, when the rules plan a number), or not started.
func cardStatus(ctx context.Context, sh app.Sheet, closed int) string {
	switch {
	case sh.Game.Finished():
		return words(ctx, "card.final")
	case closed == 0:
		return words(ctx, "card.not-started")
	}
	if r := sh.Current(); r != nil {
		if of := sh.PlannedRounds(r.Number); of > 0 {
			return words(ctx, "card.so-far-of", "N", closed, "Of", of)
		}
	}
	return words(ctx, "card.so-far", "N", closed)
}

// text is the card as a short text for a chat: the night and its date,
// where it stands, one line a player, and who won or leads.
func (c resultCard) text() string {
	var b strings.Builder
	line := func(s string) { b.WriteString(s); b.WriteByte('\n') }
	line(views.Text(c.Lang, "card.head", map[string]any{"Name": c.Name, "Date": c.Date}))
	line(c.Status)
	for _, l := range c.Lines {
		line(views.Text(c.Lang, "card.line", map[string]any{"Place": l.Place, "Name": isolate(l.Name), "Total": l.Total}))
	}
	if c.TopText != "" {
		line(c.TopText)
	}
	return b.String()
}

// cardDesign changes whenever the picture is drawn differently, so a
// phone holding the old one fetches it again.
const cardDesign = "1"

// tag names what the card shows, in its language: the same night, words
// and design give the same tag, and any change to them (a score, a
// round closed, a name) another one.
func (c resultCard) tag() string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%#v", cardDesign, c))
	return hex.EncodeToString(h[:8])
}

// card reads the night whose link is link and words its card in ctx's
// language.
func (a *App) card(ctx context.Context, link string) (resultCard, error) {
	sh, err := a.cards.Sheet(ctx, link)
	if err != nil {
		return resultCard{}, err
	}
	return newResultCard(ctx, sh), nil
}

// cardLang is the request's context in the language the query asks for
// (the page's, passed on in the links it offers), or else the reader's.
func cardLang(c echo.Context) context.Context {
	ctx := c.Request().Context()
	if tag := c.QueryParam("lang"); slices.Contains(views.Offered(), tag) {
		ctx = views.WithLang(ctx, tag, c.Request().URL.Path)
	}
	return ctx
}

// cardPNG answers the night's result card as a picture. It writes
// nothing, and opens by the view-only link as by the edit link.
func (a *App) cardPNG(c echo.Context) error {
	card, err := a.card(cardLang(c), c.Param("slug"))
	if err != nil {
		return err
	}
	if unchanged(c, "png-"+card.tag()) {
		return c.NoContent(http.StatusNotModified)
	}
	b, err := cardPicture(card)
	if err != nil {
		return err
	}
	disposition(c, card.File+".png")
	return c.Blob(http.StatusOK, "image/png", b)
}

// cardText answers the night's result card as a short text.
func (a *App) cardText(c echo.Context) error {
	card, err := a.card(cardLang(c), c.Param("slug"))
	if err != nil {
		return err
	}
	if unchanged(c, "txt-"+card.tag()) {
		return c.NoContent(http.StatusNotModified)
	}
	disposition(c, card.File+".txt")
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(card.text()))
}

// unchanged sets the answer's ETag and caching, and reports whether the
// browser's copy, named in If-None-Match, is still what the card shows.
// A night's links are secret, so no shared cache keeps the card; a
// browser keeps it but asks each time, for it changes with every score.
func unchanged(c echo.Context, tag string) bool {
	etag := `"` + tag + `"`
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	for _, t := range strings.Split(c.Request().Header.Get("If-None-Match"), ",") {
		if t = strings.TrimPrefix(strings.TrimSpace(t), "W/"); t == etag || t == "*" {
			return true
		}
	}
	return false
}

// disposition names the file a browser saves the answer as.
func disposition(c echo.Context, name string) {
	c.Response().Header().Set(echo.HeaderContentDisposition, mime.FormatMediaType("inline", map[string]string{"filename": name}))
}

// nightCard is the game page's offer to share the night's card: shown
// once a round is closed, with links in the page's language and the
// card's tag, so a page drawn after a change shows the new picture.
func nightCard(ctx context.Context, sh app.Sheet) *views.NightCard {
	if len(sh.Results()) == 0 {
		return nil
	}
	c := newResultCard(ctx, sh)
	q := "?lang=" + c.Lang + "&v=" + c.tag()
	w, h := cardSize(len(c.Lines))
	return &views.NightCard{Image: gameURL(sh.Game.Slug) + "/card.png" + q, File: c.File + ".png", Title: c.Name,
		Text: c.text(), Width: w, Height: h}
}
