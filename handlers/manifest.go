package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"chickenfoot/static"
	"chickenfoot/views"
)

// A manifest is the web app manifest of one language: what a phone names
// the app installed from a page, and how it starts it.
type manifest struct {
	Name        string         `json:"name"`
	ShortName   string         `json:"short_name"`
	Description string         `json:"description"`
	Lang        string         `json:"lang"`
	StartURL    string         `json:"start_url"`
	Scope       string         `json:"scope"`
	Display     string         `json:"display"`
	Background  string         `json:"background_color"`
	Theme       string         `json:"theme_color"`
	Icons       []manifestIcon `json:"icons"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

// manifests serves the manifest in each language the app offers, its
// words from the catalog, so a language needs no file of its own here.
// Each is made once; its ETag is its hash.
func manifests() echo.HandlerFunc {
	type answer struct {
		body []byte
		etag string
	}
	byTag := map[string]answer{}
	for _, tag := range views.Offered() {
		body, err := json.MarshalIndent(manifestIn(tag), "", "  ")
		if err != nil {
			panic(err) // a struct of strings always encodes
		}
		sum := sha256.Sum256(body)
		byTag[tag] = answer{body, `"` + hex.EncodeToString(sum[:8]) + `"`}
	}
	return func(c echo.Context) error {
		m, ok := byTag[c.Param("tag")]
		if !ok {
			return echo.ErrNotFound
		}
		h := c.Response().Header()
		h.Set("Cache-Control", cachePlain)
		h.Set("ETag", m.etag)
		if c.Request().Header.Get("If-None-Match") == m.etag {
			return c.NoContent(http.StatusNotModified)
		}
		return c.Blob(http.StatusOK, "application/manifest+json", m.body)
	}
}

// manifestIn is the manifest in the language tag.
func manifestIn(tag string) manifest {
	say := func(key string) string { return views.Text(tag, key, nil) }
	return manifest{
		Name:        say("manifest.name"),
		ShortName:   say("manifest.short-name"),
		Description: say("manifest.description"),
		Lang:        tag,
		StartURL:    "/",
		Scope:       "/",
		Display:     "standalone",
		Background:  "#f4f1ea",
		Theme:       "#1f4e3d",
		Icons: []manifestIcon{
			{Src: static.URL("icon-192.png"), Sizes: "192x192", Type: "image/png", Purpose: "any maskable"},
			{Src: static.URL("icon-512.png"), Sizes: "512x512", Type: "image/png", Purpose: "any maskable"},
			{Src: static.URL("icon.svg"), Sizes: "any", Type: "image/svg+xml"},
		},
	}
}
