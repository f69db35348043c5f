package handlers

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"chickenfoot/db/app"
	"chickenfoot/static"
)

// Cache-Control for the two names of a file. A hashed name always means
// the same bytes, so it is kept for a year without asking again; a plain
// name (the manifest's icons, an old bookmark) may mean new bytes after a
// deploy, so it is checked every time against its ETag, usually for a 304.
const (
	cacheHashed = "public, max-age=31536000, immutable"
	cachePlain  = "no-cache"
)

// assets serves the embedded files under /static/ by plain or hashed name
// (static.URL), in the copy the request accepts: brotli, gzip or as is,
// each compressed once at start. Anything else is a 404: a directory, a
// file that does not exist, and a hashed name whose hash is not the
// current one. That last one is not redirected to the current file: only
// a page from an older build asks for it, and an old page is better off
// without a script or style sheet written for newer markup.
func assets() echo.HandlerFunc {
	static.Assets()      // hash every file now, not on the first request
	go static.Compress() // and compress them meanwhile (see Compress)
	return func(c echo.Context) error {
		a, hashed, ok := static.Lookup(c.Param("*"))
		if !ok {
			return app.NotFound("file")
		}
		coding, body := pickCoding(a, c.Request().Header.Get("Accept-Encoding"))
		h := c.Response().Header()
		h.Set("Content-Type", a.ContentType)
		h.Set("Cache-Control", cachePlain)
		if hashed {
			h.Set("Cache-Control", cacheHashed)
		}
		h.Set("ETag", etag(a, coding))
		if a.Brotli() != nil || a.Gzip() != nil {
			h.Set("Vary", "Accept-Encoding")
		}
		if coding != "" {
			h.Set("Content-Encoding", coding)
		}
		// ServeContent leaves Content-Length out when Content-Encoding is
		// set; these bytes are the whole compressed copy, so it is known.
		h.Set("Content-Length", strconv.Itoa(len(body)))
		// ServeContent answers If-None-Match with a 304, HEAD without a
		// body, and Range requests.
		http.ServeContent(c.Response(), c.Request(), a.Name, time.Time{}, bytes.NewReader(body))
		return nil
	}
}

// etag is the strong validator of one copy of a file. The compressed
// copies are other bytes, so they get tags of their own (RFC 9110, 8.8.3):
// a cache must not take one for another.
func etag(a *static.Asset, coding string) string {
	switch coding {
	case "br":
		return `"` + a.Hash + `-br"`
	case "gzip":
		return `"` + a.Hash + `-gz"`
	}
	return `"` + a.Hash + `"`
}

// pickCoding chooses the copy of a to send for an Accept-Encoding header:
// the accepted coding with the highest q, brotli before gzip on a tie,
// never one refused with q=0; the file as it is ("") when neither is
// accepted or a has no such copy.
func pickCoding(a *static.Asset, accept string) (coding string, body []byte) {
	q := acceptedCodings(accept)
	coding, body, best := "", a.Body, 0.0
	for _, c := range []struct {
		name string
		body []byte
	}{{"br", a.Brotli()}, {"gzip", a.Gzip()}} {
		if c.body != nil && q(c.name) > best {
			coding, body, best = c.name, c.body, q(c.name)
		}
	}
	return coding, body
}

// acceptedCodings reads an Accept-Encoding header into the q value of
// each content coding: as listed, else as "*" says, else 0 (not
// accepted). A q that cannot be read counts as 0.
func acceptedCodings(header string) func(coding string) float64 {
	listed := map[string]float64{}
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "x-gzip" { // an old name for gzip (RFC 9110, 8.4.1.3)
			name = "gzip"
		}
		if name == "" {
			continue
		}
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(p, "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				var err error
				if q, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
					q = 0
				}
			}
		}
		listed[name] = q
	}
	return func(coding string) float64 {
		if q, ok := listed[coding]; ok {
			return q
		}
		return listed["*"]
	}
}
