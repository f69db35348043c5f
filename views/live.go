package views

import "github.com/a-h/templ"

// Live makes a part of a page follow the game night's stream of events:
// when one of its events arrives, the part fetches its own fragment again
// and is swapped for it, unless the player is typing in it (static/app.js)
// or the fragment shows the same version.
type Live struct {
	URL     string // the part's fragment; none: the part does not follow
	On      string // its hx-trigger: "sse:sheet, sse:refresh"
	Version string // what it shows, when that can be named
}

// attrs are the part's htmx attributes; its children name their own
// targets and swaps, so nothing they might inherit is set here.
func (l Live) attrs() templ.Attributes {
	if l.URL == "" {
		return templ.Attributes{}
	}
	a := templ.Attributes{"hx-get": l.URL, "hx-trigger": l.On, "hx-swap": "outerHTML", "data-live": ""}
	if l.Version != "" {
		a["data-live-version"] = l.Version
	}
	return a
}

// streamAttrs connect a page to its game night's stream, where it has one.
func streamAttrs(m Meta) templ.Attributes {
	if m.Stream == "" {
		return templ.Attributes{}
	}
	return templ.Attributes{"hx-ext": "sse", "sse-connect": m.Stream}
}
