package handlers

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// A notice says, on the page a form sends the browser to, what the form
// just did ("Cy plays from round 3"). It never comes from the address:
// anyone can send a link whose query says anything. The server leaves it
// in a short-lived cookie for that one page, signed with a key only this
// process knows, and the page reads it once: a cookie another site (or a
// sibling host) set, or one kept past its minute, says nothing.

// flashCookie names the cookie a notice travels in.
const flashCookie = "chickenfoot_flash"

// flashLife is how long a notice waits for its page.
const flashLife = time.Minute

// A flash is a notice: its key and what fills it in.
type flash struct {
	Key     string   `json:"k"`
	Params  []string `json:"p,omitempty"`
	Expires int64    `json:"e"`
}

// flashes signs and checks notices.
type flashes struct{ key []byte }

func newFlashes() *flashes {
	k := make([]byte, 32)
	rand.Read(k) // never fails (crypto/rand)
	return &flashes{key: k}
}

func (f *flashes) sign(b []byte) []byte {
	m := hmac.New(sha256.New, f.key)
	m.Write(b)
	return m.Sum(nil)
}

// leave sets the notice key, filled in with params, for the page at path.
func (f *flashes) leave(c echo.Context, path, key string, params ...string) {
	b, _ := json.Marshal(flash{Key: key, Params: params, Expires: time.Now().Add(flashLife).Unix()}) // strings only: never fails
	v := base64.RawURLEncoding.EncodeToString(b) + "." + base64.RawURLEncoding.EncodeToString(f.sign(b))
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: v, Path: path, MaxAge: int(flashLife / time.Second),
		HttpOnly: true, Secure: overTLS(c), SameSite: http.SameSiteLaxMode})
}

// take reads the notice left for the page at path, once, and reports
// whether there was a sound one.
func (f *flashes) take(c echo.Context, path string) (flash, bool) {
	ck, err := c.Cookie(flashCookie)
	if err != nil {
		return flash{}, false
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Path: path, MaxAge: -1, HttpOnly: true, Secure: overTLS(c), SameSite: http.SameSiteLaxMode})
	body, mac, ok := strings.Cut(ck.Value, ".")
	if !ok {
		return flash{}, false
	}
	b, err1 := base64.RawURLEncoding.DecodeString(body)
	sum, err2 := base64.RawURLEncoding.DecodeString(mac)
	if err1 != nil || err2 != nil || !hmac.Equal(sum, f.sign(b)) {
		return flash{}, false
	}
	var fl flash
	if json.Unmarshal(b, &fl) != nil || time.Now().Unix() > fl.Expires {
		return flash{}, false
	}
	return fl, true
}

// param is the notice's i-th value, or "".
func (fl flash) param(i int) string {
	if i < len(fl.Params) {
		return fl.Params[i]
	}
	return ""
}
