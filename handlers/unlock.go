package handlers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/gorilla/securecookie"
	"github.com/labstack/echo/v4"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// secretKeeper keeps the app's secret keys.
type secretKeeper interface {
	Secret(ctx context.Context, name string, size int) ([]byte, error)
	KeptSecret(ctx context.Context, name string) ([]byte, error)
}

// A server with a passphrase lists its game nights, and makes new ones,
// only for a browser that has typed it once. That browser carries a
// signed cookie; a game's own link needs none, so a guest at the table
// still gets into that one game.
const (
	unlockCookie = "chickenfoot_unlocked"
	unlockSecret = "unlock-cookie" // the name of the signing key in the store
	unlockKeyLen = 32
	unlockValue  = "unlocked"
	unlockAge    = 400 * 24 * time.Hour // as long as browsers keep a cookie
)

// lock is what a server with a passphrase keeps to check it.
type lock struct {
	digest [sha256.Size]byte // the passphrase's SHA-256: the passphrase itself is not kept
	store  secretKeeper
	tries  *tries

	mu    sync.Mutex
	key   []byte                     // the store's key the codec was made from
	codec *securecookie.SecureCookie // made on first use, and again when the key is rotated
}

func newLock(passphrase string, store secretKeeper) *lock {
	if passphrase == "" {
		return nil
	}
	return &lock{digest: sha256.Sum256([]byte(passphrase)), store: store, tries: newTries()}
}

// matches compares a typed passphrase with the server's in constant
// time: both are hashed first, so not even the length leaks.
func (l *lock) matches(typed string) bool {
	d := sha256.Sum256([]byte(typed))
	return subtle.ConstantTimeCompare(d[:], l.digest[:]) == 1
}

// cookies is the codec that signs and checks the unlock cookie. Its key
// is the store's random key mixed with the passphrase, so a new
// passphrase locks every browser again, and so does a new key
// (chickenfoot rotate-secret): the key is read on each use, and the
// codec made again when it has changed.
func (l *lock) cookies(ctx context.Context) (*securecookie.SecureCookie, error) {
	secret, err := l.store.KeptSecret(ctx, unlockSecret)
	if app.CodeOf(err) == app.CodeNotFound {
		secret, err = l.store.Secret(ctx, unlockSecret, unlockKeyLen)
	}
	if err != nil {
		return nil, err
	}
	if len(secret) != unlockKeyLen {
		return nil, fmt.Errorf("the unlock cookie's key is %d bytes, not %d", len(secret), unlockKeyLen)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.codec != nil && hmac.Equal(l.key, secret) {
		return l.codec, nil
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write(l.digest[:])
	l.key, l.codec = secret, securecookie.New(mac.Sum(nil), nil).MaxAge(int(unlockAge.Seconds()))
	return l.codec, nil
}

// unlocked reports whether cookie, the unlock cookie's value as the
// request carries it ("" for none), is one this server signed. A missing,
// expired, forged or altered cookie is just locked.
func (l *lock) unlocked(ctx context.Context, cookie string) (bool, error) {
	if cookie == "" {
		return false, nil
	}
	codec, err := l.cookies(ctx)
	if err != nil {
		return false, err
	}
	var v string
	return codec.Decode(unlockCookie, cookie, &v) == nil && v == unlockValue, nil
}

// unlockCookieOf is the unlock cookie's value as the request carries it,
// or "".
func unlockCookieOf(c echo.Context) string {
	if ck, err := c.Cookie(unlockCookie); err == nil {
		return ck.Value
	}
	return ""
}

// cookie is the browser's unlock cookie: never readable by script, sent
// on a link from elsewhere but not on another site's post, and only over
// TLS when secure (it came over TLS).
func (l *lock) cookie(ctx context.Context, secure bool) (*http.Cookie, error) {
	codec, err := l.cookies(ctx)
	if err != nil {
		return nil, err
	}
	v, err := codec.Encode(unlockCookie, unlockValue)
	if err != nil {
		return nil, err
	}
	return &http.Cookie{
		Name: unlockCookie, Value: v, Path: "/", MaxAge: int(unlockAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure,
	}, nil
}

// locked is the middleware on the pages a server with a passphrase keeps
// private: a locked browser is sent to the unlock page, to come back
// where it was going.
func (a *App) locked(next echo.HandlerFunc) echo.HandlerFunc {
	if a.lock == nil {
		return next
	}
	return func(c echo.Context) error {
		ok, err := a.lock.unlocked(c.Request().Context(), unlockCookieOf(c))
		if err != nil {
			return err
		}
		// What a private page shows is for this browser only.
		c.Response().Header().Set("Cache-Control", "private")
		if ok {
			// This browser's network is one the table uses: a new phone
			// there may unlock even while strangers are guessing.
			a.lock.tries.know(c.RealIP(), a.now())
			return next(c)
		}
		return seeOther(c, "/unlock?next="+url.QueryEscape(comeBack(c)))
	}
}

// comeBack is the page to open once unlocked: the page asked for, or for
// a fragment the page htmx was on. A form's post can't be repeated by a
// redirect, so it starts again from its table of friends' page, or home.
func comeBack(c echo.Context) string {
	r := c.Request()
	switch {
	case isHTMX(c):
		if u, err := url.Parse(r.Header.Get("HX-Current-URL")); err == nil {
			return localPath(u.RequestURI())
		}
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		return localPath(r.URL.RequestURI())
	case c.Param("group") != "":
		return localPath(groupURL(url.PathEscape(c.Param("group"))))
	}
	return "/"
}

// localPath is next if it is a path on this server, else home: the
// unlock page and the language switch must never send a browser to
// another site. A browser drops tabs and line breaks from an address and
// reads a backslash as a slash, so "/\t/evil.example" or "/\evil.example"
// would be another site's: any control character or backslash is refused.
func localPath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsFunc(next, unsafeInPath) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return next
}

// unsafeInPath reports a character a browser would drop from or rewrite
// in an address before reading it.
func unsafeInPath(r rune) bool { return r == '\\' || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }

// unlockPage asks for the passphrase; a browser already unlocked, or a
// server without one, goes straight on.
func (a *App) unlockPage(c echo.Context) error {
	ctx := c.Request().Context()
	next := localPath(c.QueryParam("next"))
	if a.lock == nil {
		return c.Redirect(http.StatusSeeOther, next)
	}
	ok, err := a.lock.unlocked(ctx, unlockCookieOf(c))
	if err != nil {
		return err
	}
	if ok {
		return c.Redirect(http.StatusSeeOther, next)
	}
	return render(c, http.StatusOK, views.Unlock(unlockPage(ctx, next, "")))
}

// unlock checks a typed passphrase. Wrong ones are counted per network
// and overall (tries.go): past either budget, the next is refused
// unchecked until the wait is over, so guessing it takes years.
func (a *App) unlock(c echo.Context) error {
	ctx := c.Request().Context()
	next := localPath(c.FormValue("next"))
	if a.lock == nil {
		return seeOther(c, next)
	}
	try, wait, overall := a.lock.tries.take(c.RealIP(), a.now())
	if wait > 0 {
		secs := retryAfter(c.Response().Header(), wait)
		msg := text(ctx, "unlock.wait", referee.Params{"N": secs})
		if overall {
			msg = text(ctx, "unlock.busy", referee.Params{"N": secs})
		}
		return render(c, http.StatusTooManyRequests, views.Unlock(unlockPage(ctx, next, msg)))
	}
	if !a.lock.matches(c.FormValue("passphrase")) {
		return render(c, http.StatusForbidden, views.Unlock(unlockPage(ctx, next, text(ctx, "unlock.wrong", nil))))
	}
	try.give()
	ck, err := a.lock.cookie(ctx, overTLS(c))
	if err != nil {
		return err
	}
	c.SetCookie(ck)
	return seeOther(c, next)
}

func unlockPage(ctx context.Context, next, problem string) views.UnlockPage {
	return views.UnlockPage{Meta: views.Meta{Title: text(ctx, "title.unlock", nil)}, Next: next, Problem: problem}
}
