package handlers

import (
	"net/url"
	"strconv"
)

// The app's addresses, built in one place.

func gameURL(slug string) string         { return "/g/" + slug }
func roundURL(slug string, n int) string { return gameURL(slug) + "/rounds/" + strconv.Itoa(n) }
func tableURL(slug string, n int) string { return roundURL(slug, n) + "/table" }
func rulesURL(slug string) string        { return gameURL(slug) + "/rules" }
func entryURL(slug string, n, player int) string {
	return roundURL(slug, n) + "/entries/" + strconv.Itoa(player)
}

// zoomURL is the table's address with an end picked and the drawing
// zoomed or fitted.
func zoomURL(base, on string, zoom bool) string {
	q := url.Values{}
	if on != "" {
		q.Set("on", on)
	}
	if zoom {
		q.Set("zoom", "1")
	}
	if len(q) == 0 {
		return base
	}
	return base + "?" + q.Encode()
}
