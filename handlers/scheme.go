package handlers

import (
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// schemeHeaders are the headers echo reads a forwarded scheme from.
var schemeHeaders = []string{echo.HeaderXForwardedProto, echo.HeaderXForwardedProtocol, echo.HeaderXForwardedSsl, echo.HeaderXUrlScheme}

// forwardedScheme keeps, of the headers that say the request came over
// TLS to a proxy, only the one a proxy this app believes wrote: with
// behindProxy, X-Forwarded-Proto from a proxy on this machine (its first
// value, the proxy nearest the client being the one in front); otherwise
// none, since any phone could write them. After it, c.Scheme() is the
// scheme the browser used as far as the app can tell, for cookies' Secure
// and for share links alike.
func forwardedScheme(behindProxy bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Request().Header
			proto := h.Get(echo.HeaderXForwardedProto)
			for _, name := range schemeHeaders {
				h.Del(name)
			}
			if behindProxy && fromThisMachine(c.Request()) {
				proto, _, _ = strings.Cut(proto, ",")
				if proto = strings.ToLower(strings.TrimSpace(proto)); proto == "https" || proto == "http" {
					h.Set(echo.HeaderXForwardedProto, proto)
				}
			}
			return next(c)
		}
	}
}

// fromThisMachine reports whether r's connection comes from a loopback
// address, as a proxy on this machine's does.
func fromThisMachine(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// overTLS reports whether the browser reached the app over TLS, directly
// or through a proxy that is believed: a cookie it sets is then Secure.
func overTLS(c echo.Context) bool { return c.Scheme() == "https" }
