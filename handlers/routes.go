package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// routes lists every route of the app, top to bottom. Every GET route
// answers HEAD too.
func (a *App) routes(e *echo.Echo) {
	headWithGet(e)
	e.GET("/healthz", a.healthz)
	e.POST("/lang", a.setLang)
	e.Match([]string{http.MethodGet, http.MethodHead}, "/static/*", assets())
	e.GET("/sw.js", serviceWorker())
	e.GET("/manifest/:tag", manifests())

	// With a passphrase, the list of game nights and making new ones are
	// for unlocked browsers only; everything else stays open.
	e.GET("/unlock", a.unlockPage)
	e.POST("/unlock", a.unlock)
	e.GET("/", a.home, a.locked)
	e.GET("/new", a.newGamePage, a.locked)
	e.GET("/new/suggest", a.suggest, a.locked)
	e.POST("/games", a.createGame, a.locked)

	e.GET("/g/:slug", a.game)
	e.GET(eventsRoute, a.events)
	e.GET("/g/:slug/sheet", a.sheet)
	e.GET("/g/:slug/export.:format", a.exportNight)
	e.GET("/g/:slug/card.png", a.cardPNG)
	e.GET("/g/:slug/card.txt", a.cardText)
	e.POST("/g/:slug/links/:which", a.renewLink)
	e.POST("/g/:slug/me", a.setMe)
	e.POST("/g/:slug/players", a.join)
	e.POST("/g/:slug/players/leave", a.leave)
	e.GET("/g/:slug/delete", a.deletePage)
	e.POST("/g/:slug/delete", a.deleteGame)
	e.POST("/g/:slug/straight/play", a.straightPlay)
	e.POST("/g/:slug/straight/end", a.straightEnd)
	e.POST("/g/:slug/straight/undo", a.straightUndo)
	e.GET("/g/:slug/straight/lines/:n", a.straightLine)
	e.POST("/g/:slug/straight/lines/:n", a.straightFix)
	e.GET("/g/:slug/straight/table", a.straightTable)
	e.POST("/g/:slug/straight/table", a.straightAct)
	e.GET("/g/:slug/rounds/:n", a.round)
	e.GET("/g/:slug/rounds/:n/opening", a.openingPart)
	e.POST("/g/:slug/rounds/:n/opening", a.opening)
	e.GET("/g/:slug/rounds/:n/actions", a.actionsPart)
	e.GET("/g/:slug/rounds/:n/history", a.historyPart)
	e.GET("/g/:slug/rounds/:n/entries/:player", a.entryPart)
	e.POST("/g/:slug/rounds/:n/entries/:player", a.saveEntry)
	e.GET("/g/:slug/rounds/:n/entries/:player/tiles", a.tiles)
	e.POST("/g/:slug/rounds/:n/undo", a.undo)
	e.POST("/g/:slug/rounds/:n/close", a.closeRound)

	e.GET("/g/:slug/rounds/:n/table", a.table)
	e.POST("/g/:slug/rounds/:n/table", a.act)
	e.GET("/g/:slug/rounds/:n/check", a.check)
	e.GET("/g/:slug/rounds/:n/replay", a.replay)
	e.GET("/g/:slug/rules", a.rulesPage)
	e.GET("/rules", a.rulesPage)

	e.POST("/groups", a.createGroup, a.locked)
	e.GET("/t/:group", a.group)
	e.GET("/t/:group/export.:format", a.exportGroup)
	// A table's link shows its page; what changes it, or starts a night,
	// is locked like the rest.
	e.POST("/t/:group/again", a.again, a.locked)
	e.POST("/t/:group/link", a.renewGroupLink, a.locked)
	e.GET("/t/:group/players/:id", a.person)
	e.POST("/t/:group/players/:id/rename", a.renamePerson, a.locked)
	e.POST("/t/:group/players/:id/merge", a.mergePerson, a.locked)
	e.GET("/check", a.disputePage)
}

// headWithGet registers HEAD, with the same handler, on every GET route
// added after it: echo answers HEAD only where it is registered, and
// net/http sends a HEAD's status and headers but not its body.
func headWithGet(e *echo.Echo) {
	e.OnAddRouteHandler = func(host string, r echo.Route, h echo.HandlerFunc, m []echo.MiddlewareFunc) {
		if r.Method == http.MethodGet && host == "" {
			e.Add(http.MethodHead, r.Path, h, m...)
		}
	}
}
