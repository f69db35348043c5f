package handlers

import (
	"context"
	"fmt"
	"github.com/labstack/echo/v4"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// eventReader finds the game night whose changes a stream follows.
type eventReader interface {
	Settings(ctx context.Context, slug string) (app.Game, error)
}

// Every phone open on a game night follows one stream of server-sent
// events, GET /g/:slug/events. After each write the store publishes what
// it changed (app.News), which the hub names as events; each part of a page listening for that name (htmx's
// hx-trigger="sse:<name>") fetches its own fragment again.

// eventsRoute is the stream's route.
const eventsRoute = "/g/:slug/events"

// The events, by the part of the game they name.
const (
	eventSheet   = "sheet"   // the score sheet
	eventGame    = "game"    // which round is on, or the final standings
	eventRefresh = "refresh" // anything: events were missed, or names changed everywhere
	// eventStraightTable: a move on a Straight night's live table.
	eventStraightTable = "straight-table"
)

func roundEvent(n int, part string) string { return "round-" + strconv.Itoa(n) + "-" + part }

// entryEvent names one player's entry in round n, by the player's id.
func entryEvent(n, player int) string { return roundEvent(n, "entry-"+strconv.Itoa(player)) }

// The parts of round n: who set the double, the Close and Undo bar, the
// history of its entries, its live table, and its closing.
func openingEvent(n int) string { return roundEvent(n, "opening") }
func actionsEvent(n int) string { return roundEvent(n, "actions") }
func historyEvent(n int) string { return roundEvent(n, "history") }
func tableEvent(n int) string   { return roundEvent(n, "table") }
func closedEvent(n int) string  { return roundEvent(n, "closed") }

// liveOn is the hx-trigger of a part following events: they, and refresh.
func liveOn(events ...string) string {
	var b strings.Builder
	for _, e := range append(events, eventRefresh) {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString("sse:" + e)
	}
	return b.String()
}

// streamURL is the stream a page follows, from the id of the latest event
// it has seen: read before the page's data, so no change is missed.
func streamURL(slug, since string) string {
	return gameURL(slug) + "/events?since=" + since
}

// The writes, and what they change.

// A Hub passes the news of each committed write to the phones following
// its game. Make one with NewHub, let the store publish to it (its
// Publish), and give it to New (Config.Hub).
type Hub struct{ h *hub }

// NewHub makes an empty hub.
func NewHub() *Hub { return &Hub{newHub()} }

// Publish hands the news of a committed write to the game's followers, as
// the events of the parts it changed; a game whose links changed or that
// is gone drops its followers.
func (h *Hub) Publish(n app.News) {
	if n.Kind == app.NewsGone {
		h.h.drop(n.Game) // phones reconnect by their own links: an old one is refused
		return
	}
	h.h.publish(n.Game, newsEvents(n)...)
}

// newsEvents names the parts of the pages a write changed.
func newsEvents(n app.News) []string {
	r := n.Round
	switch n.Kind {
	case app.NewsEntry:
		events := []string{entryEvent(r, n.Player), historyEvent(r), eventSheet}
		if n.Open {
			events = append(events, actionsEvent(r))
		}
		if n.Whole {
			events = append(events, eventGame) // a correction may end the game, or take its end back
		}
		return events
	case app.NewsClosed:
		return []string{closedEvent(r), eventSheet, eventGame}
	case app.NewsOpening:
		events := []string{openingEvent(r), tableEvent(r)}
		if n.Whole {
			events = append(events, eventGame)
		}
		return events
	case app.NewsTable:
		events := []string{tableEvent(r)}
		if n.Opening {
			events = append(events, openingEvent(r))
		}
		if n.Seat >= 0 {
			events = append(events, entryEvent(r, n.Player), actionsEvent(r), historyEvent(r), eventSheet)
		}
		if n.Whole { // opened on a lower double: the ladder changed
			events = append(events, eventGame)
		}
		return events
	case app.NewsStraightTable:
		if n.Whole { // a score written on the sheet, or taken back
			return []string{eventStraightTable, eventSheet}
		}
		return []string{eventStraightTable}
	case app.NewsSeats:
		// Every phone's game page shows the players and the round again,
		// and a round about to be played at the table deals to the new
		// company.
		events := []string{eventGame, eventSheet}
		if r > 0 {
			events = append(events, tableEvent(r))
		}
		return events
	case app.NewsNames:
		return []string{eventRefresh} // players are named in every part
	}
	return nil
}

// The stream.

// writeWait is how long one write to a stream may take before the phone
// is given up on.
const writeWait = 10 * time.Second

// events streams a game night's changes until the phone leaves or the
// server stops. A phone coming back says the last id it saw
// (Last-Event-ID, or since on a new page): it is sent what it missed, or
// one refresh when that is no longer kept.
func (a *App) events(c echo.Context) error {
	ctx := c.Request().Context()
	g, err := a.eventGames.Settings(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy must pass each event on at once
	if c.Request().Method == http.MethodHead {
		return c.NoContent(http.StatusOK)
	}
	// Each stream holds a connection and a goroutine for as long as the
	// page is open: how many a network opens, how many it holds, how many
	// follow one night and how many are open in all are each capped. A
	// refused page tries again later, less often each time (app.js).
	network, _ := networkOf(clientIP(c))
	if !a.streamOpens.allow(network, time.Now()) {
		retryAfter(h, 10*time.Second)
		return c.String(http.StatusTooManyRequests, text(ctx, "streams-busy", nil)+"\n")
	}
	switch a.hub.admit(network, g.ID, a.streams) {
	case networkFull:
		// Said as it is: no page shows it, but whoever looks at the answer
		// learns why.
		retryAfter(h, 10*time.Second)
		return c.String(http.StatusTooManyRequests, text(ctx, "streams-too-many", referee.Params{"N": a.streams.network})+"\n")
	case serverFull:
		retryAfter(h, 30*time.Second)
		return c.String(http.StatusServiceUnavailable, text(ctx, "streams-busy", nil)+"\n")
	}
	defer a.hub.leave(network, g.ID)
	last := c.Request().Header.Get("Last-Event-ID")
	if last == "" {
		last = c.QueryParam("since")
	}
	sub, first := a.hub.subscribe(g.ID, last)
	defer a.hub.unsubscribe(g.ID, sub)
	return a.stream(c, sub, first)
}

// stream writes the catch-up, then every event, a heartbeat while quiet.
func (a *App) stream(c echo.Context, sub *subscriber, first catchUp) error {
	w := newEventWriter(c)
	// A stream outlives the server's read and write timeouts: it has read
	// its request, and each write gets its own deadline.
	if err := w.rc.SetReadDeadline(time.Time{}); err != nil {
		return err
	}
	c.Response().WriteHeader(http.StatusOK)
	w.comment("retry: 2000") // reconnect after 2 s
	switch {
	case first.refresh:
		w.send(first.at, eventRefresh)
	default:
		for _, ev := range first.missed {
			w.send(a.hub.id(ev.seq), ev.name)
		}
	}
	beat := time.NewTicker(a.heartbeat)
	defer beat.Stop()
	for w.err == nil {
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-a.stop.Done():
			return nil
		case <-beat.C:
			w.comment(": alive")
		case <-sub.gone:
			return nil
		case ev := <-sub.ch:
			if sub.lagged.Swap(false) {
				drain(sub.ch)
				w.send(a.hub.now(), eventRefresh)
				continue
			}
			w.send(a.hub.id(ev.seq), ev.name)
		}
	}
	return nil // the phone is gone: nothing to answer
}

// drain empties a lagging stream's buffer: a refresh covers it all.
func drain(ch chan event) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// eventWriter writes server-sent events and flushes each; the first
// error ends the stream.
type eventWriter struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

func newEventWriter(c echo.Context) *eventWriter {
	return &eventWriter{w: c.Response(), rc: http.NewResponseController(c.Response())}
}

// send writes one event. Its data is its name: a browser drops an event
// without data.
func (w *eventWriter) send(id, name string) {
	w.write(fmt.Sprintf("id: %s\nevent: %s\ndata: %s\n\n", id, name, name))
}

// comment writes a line the browser reads as a field or ignores (": …").
func (w *eventWriter) comment(line string) { w.write(line + "\n\n") }

func (w *eventWriter) write(s string) {
	if w.err != nil {
		return
	}
	if w.err = w.rc.SetWriteDeadline(time.Now().Add(writeWait)); w.err != nil {
		return
	}
	if _, w.err = w.w.Write([]byte(s)); w.err == nil {
		w.err = w.rc.Flush()
	}
}

// clientIP is who a stream counts against: the address the app's IP
// extractor trusts when one is set, else the connection's own (a header
// could be forged).
func clientIP(c echo.Context) string {
	if c.Echo().IPExtractor != nil {
		return c.RealIP()
	}
	host, _, err := net.SplitHostPort(c.Request().RemoteAddr)
	if err != nil {
		return c.Request().RemoteAddr
	}
	return host
}

// live is how a part of a page follows events: it fetches url again when
// one of them arrives, unless what it shows is still version.
func live(url, version string, events ...string) views.Live {
	return views.Live{URL: url, On: liveOn(events...), Version: version}
}
