package handlers

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// The write limit's default: a table of 16 phones behind one router share
// an address, and each save is one post, so 20 a second with three
// seconds' worth at once leaves room for everyone tapping together while
// a script hammering the server is slowed to that.
const (
	defaultWritesPerSecond = 20
	burstSeconds           = 3
)

// writeLimit limits the posts each client address may make: perSecond
// on average with burst at once. Zero means the default; a negative rate
// turns the limit off (nil), for load tests.
func writeLimit(perSecond float64, burst int) echo.MiddlewareFunc {
	if perSecond < 0 {
		return nil
	}
	if perSecond == 0 {
		perSecond = defaultWritesPerSecond
	}
	if burst <= 0 {
		burst = max(1, int(math.Ceil(perSecond*burstSeconds)))
	}
	wait := time.Duration(float64(time.Second) / perSecond)
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool { return safeMethod(c.Request().Method) },
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Limit(perSecond), Burst: burst, ExpiresIn: 3 * time.Minute,
		}),
		IdentifierExtractor: func(c echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(c echo.Context, _ string, err error) error {
			retryAfter(c.Response().Header(), wait)
			return echo.NewHTTPError(http.StatusTooManyRequests, "too many writes").SetInternal(err)
		},
	})
}

// safeMethod reports whether a request only reads.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// retryAfter tells the client how long to wait, in whole seconds (at
// least one), and returns that number.
func retryAfter(h http.Header, wait time.Duration) int {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	h.Set("Retry-After", strconv.Itoa(secs))
	return secs
}

// tries counts wrong passphrases per client address: burst of them at
// once, then one each every.
type tries struct {
	every time.Duration
	burst int

	mu    sync.Mutex
	by    map[string]*rate.Limiter
	swept time.Time
}

func newTries(burst int, every time.Duration) *tries {
	return &tries{every: every, burst: burst, by: map[string]*rate.Limiter{}}
}

// A try is one passphrase being checked. It costs one of its address's
// tries unless given back.
type try struct {
	r   *rate.Reservation
	now time.Time
}

// give hands the try back: the passphrase was right.
func (t try) give() { t.r.CancelAt(t.now) }

// take takes one of addr's tries at now, or says how long addr must wait
// for the next (and takes nothing).
func (t *tries) take(addr string, now time.Time) (try, time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sweep(now)
	lim := t.by[addr]
	if lim == nil {
		lim = rate.NewLimiter(rate.Every(t.every), t.burst)
		t.by[addr] = lim
	}
	r := lim.ReserveN(now, 1)
	if wait := r.DelayFrom(now); wait > 0 {
		r.CancelAt(now)
		return try{}, wait
	}
	return try{r: r, now: now}, 0
}

// sweep forgets, now and then, the addresses whose tries have all come
// back, so the map holds only recent guessers.
func (t *tries) sweep(now time.Time) {
	if now.Sub(t.swept) < 10*time.Minute {
		return
	}
	for addr, lim := range t.by {
		if lim.TokensAt(now) >= float64(t.burst) {
			delete(t.by, addr)
		}
	}
	t.swept = now
}
