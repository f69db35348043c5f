// Package handlers is the web app: routes, forms, and the view models the
// views render. Handlers are thin: bind the form, call one store service
// (which asks the referee), build a view model from values, render.
package handlers

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/klauspost/compress/gzhttp"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// Store is every service New wires the handlers to: each file of
// handlers that calls the store declares the few services it calls, and
// New hands each of them the one store.
type Store interface {
	pinger         // health.go
	nightLister    // home.go
	visitor        // device.go
	linkKeeper     // share.go
	exporter       // export.go
	groupReader    // groups.go
	groupWriter    // groups.go
	nightMaker     // setup.go
	nightDeleter   // delete.go
	cardReader     // card.go
	gameReader     // game.go
	eventReader    // live.go
	rulesReader    // rulespage.go
	roundReader    // paths.go
	opener         // opening.go
	closer         // close.go
	undoer         // undo.go
	scorer         // entry.go
	seater         // players.go
	tableReader    // table.go
	checkReader    // check.go
	replayReader   // replay.go
	tilesReader    // tiles.go
	actor          // tableact.go
	straightKeeper // straight.go
	straightFixer  // straightfix.go
	straightTabler // straighttable.go
	straightActor  // straighttableact.go
	secretKeeper   // unlock.go
}

// services holds the store as each file of handlers sees it, by the
// interface that file declares.
type services struct {
	health         pinger
	lists          nightLister
	visits         visitor
	links          linkKeeper
	exports        exporter
	groupReads     groupReader
	groupWrites    groupWriter
	maker          nightMaker
	deleter        nightDeleter
	cards          cardReader
	games          gameReader
	eventGames     eventReader
	ruleGames      rulesReader
	rounds         roundReader
	opener         opener
	closer         closer
	undoer         undoer
	scorer         scorer
	seats          seater
	tables         tableReader
	checks         checkReader
	replays        replayReader
	tileTables     tilesReader
	actor          actor
	straight       straightKeeper
	straightFixes  straightFixer
	straightTables straightTabler
	straightActs   straightActor
}

// servicesOf is store as each file sees it.
func servicesOf(store Store) services {
	return services{health: store, lists: store, visits: store, links: store, exports: store, groupReads: store,
		groupWrites: store, maker: store, deleter: store, cards: store, games: store, eventGames: store, ruleGames: store,
		rounds: store, opener: store, closer: store, undoer: store, scorer: store, seats: store, tables: store,
		checks: store, replays: store, tileTables: store, actor: store, straight: store, straightFixes: store,
		straightTables: store, straightActs: store}
}

// Config is how the app is run. The zero value of each field but the
// store's is a working default.
type Config struct {
	Now func() time.Time // the clock: dates default to today (time.Now)
	Log *slog.Logger     // receives server errors (discarded when nil)

	// Origin is the app's public address (https://domino.example), from
	// which share links and QR codes are made; empty, they are made from
	// the Host of each request, which must then be one the app answers to
	// (hosts.go); ParseOrigin reads one. Hosts lists more names it answers
	// to, besides this machine's own, its addresses and the origin's.
	Origin string
	Hosts  []string
	// BehindProxy says the app is served through a reverse proxy on this
	// machine, whose X-Forwarded-For names each client for the limits.
	BehindProxy bool
	// Passphrase, when set, keeps the list of game nights and making new
	// ones to browsers that have typed it once (unlock.go). A game's own
	// link still opens that game.
	Passphrase string
	// WritesPerSecond and WriteBurst limit each client address's posts
	// (limits.go): zero is a default roomy enough for a whole table on one
	// router; a negative rate turns the limit off.
	WritesPerSecond float64
	WriteBurst      int
	// Stop ends every live stream when it is done: cancel it as the server
	// shuts down, which waits for them (nil: a stream ends when its phone
	// leaves).
	Stop context.Context
	// StreamsPerClient caps the live streams open from one network (an
	// address, or an IPv6 /64) at once (32: a whole table may share one
	// router's address); StreamsPerGame those following one game night
	// (128), and Streams those open in all (4096). A network may open
	// StreamOpens streams a second, a minute's worth at once (2).
	StreamsPerClient int
	StreamsPerGame   int
	Streams          int
	StreamOpens      float64
	// Hub carries the store's news of each committed write to the phones
	// following its game: the store's Publish must be the hub's (nil: a
	// hub of its own, which hears of nothing).
	Hub *Hub
	// Replication, when set, says how far behind the database's replica
	// is: the time since its last sync (synced false before the first)
	// and the transactions it has yet to take. The health check reports
	// it.
	Replication func() (since time.Duration, pending uint64, synced bool)
	// Heartbeat is how often a quiet stream says it is still there (20 s,
	// well within the server's write timeout and routers' idle timeouts).
	Heartbeat time.Duration
}

// App holds what the handlers share.
type App struct {
	services // the store's, each as the file that uses it declares it

	now   func() time.Time
	log   *slog.Logger
	lock  *lock // nil without a passphrase
	hosts *hosts
	// flashes carries the notice of what a form did to the page it
	// leads to (flash.go).
	flashes *flashes
	// newDevices budgets the ids of new browsers the store remembers
	// (device.go).
	newDevices *budget

	hub         *hub
	exporting   chan struct{} // a table's export under way
	stop        context.Context
	streams     streamLimits
	streamOpens *budget
	heartbeat   time.Duration
	replication func() (time.Duration, uint64, bool)
}

// contentSecurityPolicy allows nothing inline and nothing from elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// New builds the web app on store, run as cfg says.
func New(store Store, cfg Config) *echo.Echo {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Hub == nil {
		cfg.Hub = NewHub()
	}
	if cfg.Origin != "" {
		origin, err := ParseOrigin(cfg.Origin)
		if err != nil {
			panic("handlers: Config.Origin " + cfg.Origin + ": " + err.Error()) // the command checks it first
		}
		cfg.Origin = origin
	}
	a := &App{services: servicesOf(store),
		now: cfg.Now, log: cfg.Log, lock: newLock(cfg.Passphrase, store), hosts: newHosts(cfg.Origin, cfg.Hosts), flashes: newFlashes(), newDevices: newBudget(newDevicesPerSecond, newDevicesAtOnce), hub: cfg.Hub.h, exporting: make(chan struct{}, 1),
		stop: cmp.Or(cfg.Stop, context.Background()), streams: streamLimits{network: cmp.Or(cfg.StreamsPerClient, 32), game: cmp.Or(cfg.StreamsPerGame, 128), all: cmp.Or(cfg.Streams, 4096)},
		streamOpens: newBudget(cmp.Or(cfg.StreamOpens, 2), int(60*cmp.Or(cfg.StreamOpens, 2))),
		heartbeat:   cmp.Or(cfg.Heartbeat, 20*time.Second), replication: cfg.Replication}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	// A client's address is the connection's: any phone on the network
	// could write X-Forwarded-For. Only behind a proxy on this machine
	// (BehindProxy) is the address that proxy forwards believed.
	e.IPExtractor = echo.ExtractIPDirect()
	if cfg.BehindProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader(echo.TrustLoopback(true), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false))
	}
	e.HTTPErrorHandler = a.handleError
	e.Use(middleware.Recover())
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection:         "0",
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		ContentSecurityPolicy: contentSecurityPolicy,
		ReferrerPolicy:        "no-referrer",
	}))
	// Only a forwarded scheme the app believes is left for what follows.
	e.Use(forwardedScheme(cfg.BehindProxy))
	// The language comes next, so that even a request refused before any
	// handler runs is answered in it.
	e.Use(inLanguage)
	// Then the Host, so that nothing is drawn for a name not the app's.
	e.Use(a.hosts.checkHost)
	e.Use(sameOrigin(cfg.Origin))
	if limit := writeLimit(cfg.WritesPerSecond, cfg.WriteBurst); limit != nil {
		e.Use(limit)
	}
	e.Use(middleware.BodyLimit("64K"))
	e.Use(readForm)
	// Pages, and the table's card after a move, are compressed; assets come
	// compressed already (assets.go). An answer under 8 KB (a redirect, a
	// saved score's fragments, the card after a move on a held keypad) is
	// sent as it is: it fits the first round trip of a connection either
	// way (ten segments of about 1.4 KB), so compressing it would cost both
	// ends CPU and save the player no time.
	// A stream of events is never compressed: each must leave at once.
	e.Use(compressed(func(c echo.Context) bool {
		return strings.HasPrefix(c.Request().URL.Path, "/static/") || c.Path() == eventsRoute
	}))
	a.routes(e)
	return e
}

// compressFrom is the size from which an answer is compressed.
const compressFrom = 8 << 10

// compressed gzips answers of 8 KB and more for clients that take it,
// except where skip says. Compressing at the fastest level takes a
// quarter of the time the standard library's does, for a few more bytes.
// A handler's error is answered inside, so the error page is compressed
// like any other answer and written while the compressing writer is open.
func compressed(skip func(echo.Context) bool) echo.MiddlewareFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(compressFrom), gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		panic(err) // the options are constants: they are valid or the app can't start
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip(c) {
				return next(c)
			}
			res := c.Response()
			plain := res.Writer
			defer func() { res.Writer = plain }()
			wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				res.Writer = w
				c.SetRequest(r)
				if err := next(c); err != nil {
					c.Error(err)
				}
			})).ServeHTTP(plain, c.Request())
			return nil
		}
	}
}

// sameOrigin refuses cross-origin writes: a state-changing request whose
// Sec-Fetch-Site says another site sent it, or whose Origin is neither
// this host nor the app's configured origin, is refused before any
// handler runs. Reads are left alone.
func sameOrigin(origin string) echo.MiddlewareFunc {
	protect := http.NewCrossOriginProtection()
	if origin != "" {
		if err := protect.AddTrustedOrigin(origin); err != nil {
			panic(err) // ParseOrigin made it: a scheme and a host
		}
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := protect.Check(c.Request()); err != nil {
				return echo.NewHTTPError(http.StatusForbidden, "cross-origin request refused").SetInternal(err)
			}
			return next(c)
		}
	}
}

// readForm reads a post's whole form before any handler looks at it, so a
// body that is cut short is refused as a whole (400) instead of read as
// empty fields, one that stalls past the server's read timeout is a 408,
// and one over the size limit is a 413.
func readForm(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method != http.MethodPost {
			return next(c)
		}
		if err := c.Request().ParseForm(); err != nil {
			var he *echo.HTTPError
			if errors.As(err, &he) {
				return he
			}
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return echo.NewHTTPError(http.StatusRequestTimeout, "form stalled").SetInternal(err)
			}
			return echo.NewHTTPError(http.StatusBadRequest, "unreadable form").SetInternal(err)
		}
		return next(c)
	}
}

// render renders a component into a buffer first, so a template error
// still becomes a clean 500 instead of half a page. It renders even when
// the client has stopped sending, so a refusal is still answered.
func render(c echo.Context, status int, comp templ.Component) error {
	buf, err := renderPage(c.Request().Context(), comp)
	if err != nil {
		return err
	}
	return sendPage(c, status, buf)
}

// renderPage renders comp into one of the pages' buffers, to be sent with
// sendPage (or dropped).
func renderPage(ctx context.Context, comp templ.Component) (*bytes.Buffer, error) {
	buf := pages.Get().(*bytes.Buffer)
	if err := comp.Render(context.WithoutCancel(ctx), buf); err != nil {
		releasePage(buf)
		return nil, err
	}
	return buf, nil
}

// sendPage answers with a page renderPage made, and lets its buffer go.
// No page is kept by a cache or the browser's history: each may hold forms
// whose versions and one-time ids must be the ones drawn now, and Back
// then draws the page afresh.
func sendPage(c echo.Context, status int, buf *bytes.Buffer) error {
	defer releasePage(buf)
	c.Response().Header().Set("Cache-Control", "no-store")
	// The length is known: the answer goes in one piece, not in chunks,
	// and one too short to compress goes out as it is written (a
	// compressed one is sent without it).
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(buf.Len()))
	return c.HTMLBlob(status, buf.Bytes())
}

// releasePage returns a page's buffer for the next answer; a writer
// copies what it is given, so a buffer is free once the answer is written.
func releasePage(buf *bytes.Buffer) {
	if buf.Cap() <= keptPageBuffer {
		buf.Reset()
		pages.Put(buf)
	}
}

// pages are the buffers pages are rendered into, used again from answer
// to answer rather than grown afresh for each. One grown past
// keptPageBuffer by a rare big page is let go.
var pages = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const keptPageBuffer = 256 << 10

// isHTMX reports whether the request came from htmx and wants a fragment.
func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// seeOther answers a plain form post with a redirect (post/redirect/get);
// htmx requests get it as HX-Redirect.
func seeOther(c echo.Context, url string) error {
	if isHTMX(c) {
		c.Response().Header().Set("HX-Redirect", url)
		return c.NoContent(http.StatusOK)
	}
	return c.Redirect(http.StatusSeeOther, url)
}

// Server is the HTTP server the app runs behind, for chickenfoot serve and
// the load command alike: a client that stalls while sending its headers
// or body is cut off by the read timeouts (the handlers then answer a
// stalled form with 408), and one that stops reading the answer by the
// write timeout.
func Server(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}
