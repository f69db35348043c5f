package handlers

import (
	"bytes"
	"net"
)

// Go's server answers a few requests itself, before the app sees them: a
// request line or headers over Server's MaxHeaderBytes (431), a method or
// header it can't parse (400). It writes those answers straight to the
// connection, with no hook for headers, so the app's security headers
// (server.go) would be missing from them. Listener wraps each connection
// and adds them to such an answer as it is written: an error answer whose
// headers, written in one piece, lack X-Content-Type-Options can only be
// one of the server's own, since every answer of the app's carries it.

// Listener is ln, with the security headers added to the answers Go's
// server writes before the app runs. Serve the app's Server on it.
func Listener(ln net.Listener) net.Listener { return headedListener{ln} }

type headedListener struct{ net.Listener }

func (l headedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return headedConn{c}, nil
}

// headedConn is a connection whose writes are checked for a bare error
// answer. Deadlines and the rest pass through to the connection.
type headedConn struct{ net.Conn }

func (c headedConn) Write(b []byte) (int, error) {
	out, ok := withSecurityHeaders(b)
	if !ok {
		return c.Conn.Write(b)
	}
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

// bareAnswerHeaders are the app's own (see New), as raw header lines.
var bareAnswerHeaders = "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nX-Xss-Protection: 0\r\n" +
	"Referrer-Policy: no-referrer\r\nCache-Control: no-store\r\nContent-Security-Policy: " + contentSecurityPolicy + "\r\n"

// withSecurityHeaders is b with the security headers added after its
// status line, when b is a whole error answer's head without them.
func withSecurityHeaders(b []byte) ([]byte, bool) {
	if !bytes.HasPrefix(b, []byte("HTTP/1.")) || len(b) < 12 || (b[9] != '4' && b[9] != '5') {
		return nil, false
	}
	end := bytes.Index(b, []byte("\r\n\r\n"))
	if end < 0 || bytes.Contains(bytes.ToLower(b[:end]), []byte("x-content-type-options:")) {
		return nil, false
	}
	line := bytes.Index(b, []byte("\r\n")) + 2
	out := make([]byte, 0, len(b)+len(bareAnswerHeaders))
	out = append(out, b[:line]...)
	out = append(out, bareAnswerHeaders...)
	return append(out, b[line:]...), true
}
