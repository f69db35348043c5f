package handlers

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"github.com/labstack/echo/v4"
	"net/http"
	"time"

	"chickenfoot/db/app"
)

// visitor notes which browser opened which game.
type visitor interface {
	Visit(ctx context.Context, device, link string) (app.Visit, error)
}

// deviceCookie names the random id a browser keeps, so the home page can
// list the game nights it created or opened and no others. It is no
// password: the nights' own links are what let a phone in.
const deviceCookie = "chickenfoot_device"

// device is the id of the browser asking, made and set on first use.
func device(c echo.Context) string {
	if ck, err := c.Cookie(deviceCookie); err == nil && validDevice(ck.Value) {
		return ck.Value
	}
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	id := hex.EncodeToString(b)
	c.SetCookie(&http.Cookie{Name: deviceCookie, Value: id, Path: "/", MaxAge: int(app.DeviceKept / time.Second),
		HttpOnly: true, Secure: overTLS(c), SameSite: http.SameSiteLaxMode})
	c.Request().AddCookie(&http.Cookie{Name: deviceCookie, Value: id}) // later reads in this request see it
	return id
}

// A network may have this many new browsers remembered at once, and one
// more every ten seconds: a whole table's phones, and the odd watcher,
// open a night at once on one router.
const (
	newDevicesAtOnce    = 30
	newDevicesPerSecond = 0.1
)

// readingDevice is the browser's id for a page that only reads, and
// notes the visit: a browser without one gets one, but what the store
// remembers of an id made just now is budgeted per network (newDevices),
// so a script that never sends the cookie back can't add a row per
// request. Over the budget it is "" for this request, and the store
// notes nothing; the browser keeps its new id, and its next page is
// remembered as usual.
func (a *App) readingDevice(c echo.Context) string {
	if id := knownDevice(c); id != "" {
		return id
	}
	id := device(c)
	network, _ := networkOf(clientIP(c))
	if !a.newDevices.allow(network, a.now()) {
		return ""
	}
	return id
}

// knownDevice is the id of the browser asking, or "" when it has none
// yet: for pages that only read what the browser already knows.
func knownDevice(c echo.Context) string {
	if ck, err := c.Cookie(deviceCookie); err == nil && validDevice(ck.Value) {
		return ck.Value
	}
	return ""
}

func validDevice(id string) bool {
	if len(id) != 32 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// visit notes that this browser opened the game by its link (so the home
// page lists it) and says who the browser said it is there. A visit that
// can't be noted costs the player nothing: the page is shown anyway.
func (a *App) visit(ctx context.Context, device string, g app.Game) app.Visit {
	v, err := a.visits.Visit(ctx, device, g.Slug)
	if err != nil {
		a.log.Warn("noting a visit", "err", err)
		return app.Visit{Seat: -1}
	}
	v.Seat = seatOfVisit(g, v)
	return v
}

// seatOfVisit is the seat the browser said it is at g, as the store knows
// it in v, or -1 for nobody (or a seat the night no longer has).
func seatOfVisit(g app.Game, v app.Visit) int {
	if v.Seat >= len(g.Players) {
		return -1
	}
	return v.Seat
}

// answerDevice is the browser a change is answered to with its own card
// (its player's entry first): none for a plain form, which is sent on to
// a page that reads it.
func (a *App) answerDevice(c echo.Context) string {
	if !isHTMX(c) {
		return ""
	}
	return a.readingDevice(c)
}
