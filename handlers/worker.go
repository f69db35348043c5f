package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/static"
)

// serviceWorker serves the service worker from the root, so that its
// scope is the whole app (a worker under /static/ would only see
// /static/). It is static.Worker with the version of the assets and their
// hashed URLs set before it: the assets it keeps are the ones the pages
// of this build name, and any changed asset (or the worker itself) makes
// a new version, which makes a new cache. It is checked every time, so a
// new build's worker is found on the next visit.
func serviceWorker() echo.HandlerFunc {
	body := workerScript()
	sum := sha256.Sum256(body)
	tag := `"` + hex.EncodeToString(sum[:8]) + `"`
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Cache-Control", cachePlain)
		h.Set("ETag", tag)
		if c.Request().Header.Get("If-None-Match") == tag {
			return c.NoContent(http.StatusNotModified)
		}
		return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", body)
	}
}

// workerScript is the worker as served: VERSION and ASSETS, then the
// worker's own text.
func workerScript() []byte {
	var assets []string
	sum := sha256.New()
	var worker []byte
	for _, a := range static.Assets() {
		if a.Name == static.Worker {
			worker = a.Body
			continue
		}
		assets = append(assets, static.URL(a.Name))
		sum.Write([]byte(a.Hashed + "\n"))
	}
	sum.Write(worker)
	version, _ := json.Marshal(hex.EncodeToString(sum.Sum(nil))[:12])
	list, _ := json.Marshal(assets)
	return fmt.Appendf(nil, "const VERSION = %s;\nconst ASSETS = %s;\n%s", version, list, worker)
}
