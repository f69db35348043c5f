package handlers

import (
	"strings"

	"github.com/labstack/echo/v4"
)

// A night's or a table's link is its key: whoever reads it can change
// the night. The log is read by more people, and kept longer, than the
// links should be, so what it says of a request names a link by its first
// few characters only, enough to tell two nights apart.

// redactedLink is how much of a link the log keeps.
const redactedLink = 4

// redactPath is path with the link after /g/ or /t/ cut short.
func redactPath(path string) string {
	parts := strings.Split(path, "/")
	for i := 1; i+1 < len(parts); i++ {
		if parts[i] == "g" || parts[i] == "t" {
			parts[i+1] = redactLink(parts[i+1])
			i++
		}
	}
	return strings.Join(parts, "/")
}

func redactLink(link string) string {
	if len(link) <= redactedLink {
		return link
	}
	return link[:redactedLink] + "…"
}

// redactErr is an error's text with the request's links cut short
// wherever they appear in it.
func redactErr(c echo.Context, err error) string {
	s := err.Error()
	for _, name := range []string{"slug", "group"} {
		if link := c.Param(name); len(link) > redactedLink {
			s = strings.ReplaceAll(s, link, redactLink(link))
		}
	}
	return redactPath(s)
}
