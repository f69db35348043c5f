package handlers

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/text/language"

	"chickenfoot/views"
)

// langCookie remembers the language this browser picked.
const langCookie = "chickenfoot_lang"

// inLanguage draws every page in the reader's language: the one this
// browser picked with the switch, else the best match of what it accepts
// (Accept-Language) among those offered, else English.
func inLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if strings.HasPrefix(r.URL.Path, "/static/") { // the same in every language
			return next(c)
		}
		c.Response().Header().Add("Vary", "Accept-Language")
		c.SetRequest(r.WithContext(views.WithLang(r.Context(), pickLang(r), backPath(r))))
		return next(c)
	}
}

// pickLang chooses the language of the answer to r.
func pickLang(r *http.Request) string {
	offered := views.Offered()
	if ck, err := r.Cookie(langCookie); err == nil && slices.Contains(offered, ck.Value) {
		return ck.Value
	}
	_, i := language.MatchStrings(matcher(), r.Header.Get("Accept-Language"))
	return offered[i]
}

// matcher matches what a browser accepts with the languages offered, in
// their order (views.Offered, English first); made once.
var matcher = sync.OnceValue(func() language.Matcher {
	offered := views.Offered()
	tags := make([]language.Tag, len(offered))
	for i, tag := range offered {
		tags[i] = language.Make(tag)
	}
	return language.NewMatcher(tags)
})

// backPath is where the language switch returns to: the page itself, or
// for the answer to a post, the page of the night or table posted to.
func backPath(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return r.URL.RequestURI()
	}
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 3)
	if len(parts) >= 2 && (parts[0] == "g" || parts[0] == "t") {
		return "/" + parts[0] + "/" + parts[1]
	}
	return "/"
}

// setLang remembers the language picked on this browser and goes back to
// the page it was picked on.
func (a *App) setLang(c echo.Context) error {
	tag := c.FormValue("lang")
	if !slices.Contains(views.Offered(), tag) {
		return invalid("lang", "lang-unknown", nil)
	}
	c.SetCookie(&http.Cookie{Name: langCookie, Value: tag, Path: "/", MaxAge: int(365 * 24 * time.Hour / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: overTLS(c)})
	return c.Redirect(http.StatusSeeOther, localPath(c.FormValue("back")))
}
