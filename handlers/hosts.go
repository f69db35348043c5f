package handlers

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/labstack/echo/v4"

	"chickenfoot/referee"
)

// The share links and QR codes a page offers hold the app's address. It
// is the configured origin when there is one; otherwise the Host the
// browser sent, and only a Host the app answers to: a name of this
// machine, an address, or a name the owner listed. Any other name is
// what DNS rebinding sends (a page of another site reaching this server
// under that site's name), and gets nothing.

// maxHost is the longest Host read: a DNS name (253) with a port.
const maxHost = 253 + len(":65535")

// hosts is what the app answers to.
type hosts struct {
	origin string          // the configured origin, or ""
	names  map[string]bool // names allowed besides the built-in ones, lower case
}

// newHosts is the app's hosts: the origin's name, the listed names and
// this machine's own.
func newHosts(origin string, listed []string) *hosts {
	h := &hosts{origin: origin, names: map[string]bool{}}
	for _, n := range listed {
		if n = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(n)), "."); n != "" {
			h.names[n] = true
		}
	}
	if u, err := url.Parse(origin); err == nil && origin != "" {
		h.names[strings.ToLower(u.Hostname())] = true
	}
	// A laptop on the table's Wi-Fi is reached by its address, or by its
	// name where the network resolves it (as NAME.local or NAME.lan, which
	// allows lets through anyway).
	if name, err := os.Hostname(); err == nil && name != "" {
		h.names[strings.ToLower(name)] = true
	}
	return h
}

// localSuffixes end the names only a local network resolves: mDNS's
// .local, a home router's .lan or .home, and the names set aside for
// private use. No one outside can make such a name lead to this machine.
var localSuffixes = []string{".localhost", ".local", ".lan", ".home", ".home.arpa", ".internal", ".localdomain"}

// allows reports whether name, lower case and without its port, is one
// the app answers to. An address is always allowed, and so is a name only
// the local network resolves: DNS rebinding needs a name the attacker's
// own DNS answers for, and a page of another site is never served under
// an address.
func (h *hosts) allows(name string) bool {
	if net.ParseIP(name) != nil || name == "localhost" || h.names[name] {
		return true
	}
	for _, s := range localSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// hostName is the name a Host header holds, lower case, without its port
// and trailing dot; ok is false for one that is no host at all.
func hostName(host string) (string, bool) {
	if host == "" || len(host) > maxHost {
		return "", false
	}
	name := host
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		var port string
		name, port = host[:i], host[i+1:]
		if port == "" || len(port) > 5 || strings.Trim(port, "0123456789") != "" {
			return "", false
		}
	}
	if strings.HasPrefix(name, "[") {
		ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"))
		if !strings.HasSuffix(name, "]") || ip == nil || ip.To4() != nil {
			return "", false
		}
		return ip.String(), true
	}
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	return name, validName(name)
}

// validName reports whether name is a DNS name: labels of letters,
// digits, dashes and underscores, none empty or starting with a dash.
func validName(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return false
		}
	}
	return true
}

// checkHost refuses a request whose Host the app does not answer to,
// before any handler runs: 400 for one that can't be read or is too
// long, 421 for a name not its own.
func (h *hosts) checkHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		name, ok := hostName(c.Request().Host)
		if !ok {
			return echo.NewHTTPError(http.StatusBadRequest, said(text(ctx, "host-bad", nil)))
		}
		if !h.allows(name) {
			return echo.NewHTTPError(http.StatusMisdirectedRequest, said(text(ctx, "host-unknown", referee.Params{"Host": name})))
		}
		o := h.origin
		if o == "" {
			o = c.Scheme() + "://" + c.Request().Host
		}
		c.SetRequest(c.Request().WithContext(context.WithValue(ctx, originKey{}, o)))
		return next(c)
	}
}

// said is a refusal already worded for the player, carried as an echo
// error's message.
type said string

// originKey is where a request's context keeps the app's origin, as
// checkHost found it.
type originKey struct{}

// origin is the scheme and host the app is reached at, for the links a
// page offers to pass on: the configured one, or the checked Host.
func origin(c echo.Context) string {
	o, _ := c.Request().Context().Value(originKey{}).(string)
	return o
}

// ParseHosts reads the names --hosts lists, separated by commas: each a
// DNS name, its port (if given) left off, since the app answers to a
// name on any port. It returns the first entry that is no name as the
// error's text.
func ParseHosts(list string) ([]string, error) {
	var names []string
	for entry := range strings.SplitSeq(list, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, ok := hostName(entry)
		if !ok {
			return nil, errors.New(entry)
		}
		names = append(names, name)
	}
	return names, nil
}

// ParseOrigin reads the app's public address, as --origin gives it: an
// http or https URL with a host and nothing after it. It returns the
// address as the links will start, without a trailing slash.
func ParseOrigin(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", errors.New("the origin starts with http:// or https://")
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery || (u.Path != "" && u.Path != "/"):
		return "", errors.New("the origin is a scheme and a host only, with no path, query or fragment")
	}
	if _, ok := hostName(u.Host); !ok {
		return "", errors.New("the origin's host is not a name or an address")
	}
	u.Host, u.Path = strings.ToLower(u.Host), ""
	return u.String(), nil
}
