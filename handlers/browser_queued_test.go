package handlers

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLiveNewsDuringFetch: news for a part arrives while the part
// is still fetching the news before it. Ann's 5 is saved elsewhere and
// the phone's Close and Undo bar asks for its fragment, whose answer is
// held back; meanwhile Bob's 8 is saved elsewhere too. When the first
// answer lands it says Bob is still to come, and the second news is
// fetched after it: the phone ends up saying only Cy is to come.
func TestBrowserLiveNewsDuringFetch(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	// The first answer for the bar, once armed, is made and then held.
	var (
		mu      sync.Mutex
		armed   bool
		held    = make(chan struct{})
		release = make(chan struct{})
	)
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hold := armed && strings.HasSuffix(r.URL.Path, "/rounds/1/actions")
		if hold {
			armed = false
		}
		mu.Unlock()
		if !hold {
			a.echo.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		a.echo.ServeHTTP(rec, r)
		close(held)
		<-release
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(gate.Close)
	phone := newBrowser(t, gate.URL)
	phone.onEveryPage(followStreams)
	phone.open(game, `[data-testid=round]`)
	phone.do(recordNews(actionsEvent(1)))

	mu.Lock()
	armed = true
	mu.Unlock()
	expect(t, "Ann's 5", a.post(game+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the phone did not fetch its Close and Undo bar after Ann's save")
	}
	expect(t, "Bob's 8", a.post(game+"/rounds/1/entries/1", form("pips", "8")), http.StatusSeeOther)
	phone.waitText(`#entry-1 [data-testid=entry-summary]`, "8")
	phone.do(poll[chromedp.Void](`window.news.length === 2`))
	close(release)

	phone.waitText(`[data-testid=missing]`, "Still to come: Cy")
	phone.settled()
	if got := phone.text(`[data-testid=missing]`); strings.Contains(got, "Bob") {
		t.Errorf("after Bob's save the phone says %q", got)
	}
}

// TestBrowserLiveNewsWhileSettling: news for a part arrives right after
// the part was swapped in, before htmx has settled it and made it follow
// the stream (a slow phone takes its time). Ann's 5 is saved elsewhere and
// the phone draws its Close and Undo bar again; while that bar settles,
// Bob's 8 is saved elsewhere too. Its news is fetched once the bar has
// settled: the phone ends up saying only Cy is to come.
func TestBrowserLiveNewsWhileSettling(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	game := a.createGame("9", "Ann", "Bob", "Cy")
	phone := newBrowser(t, a.server.URL)
	phone.onEveryPage(followStreams)
	phone.open(game, `[data-testid=round]`)
	// Whether the bar had settled as each news of it arrived.
	phone.do(chromedp.Evaluate[chromedp.Void](`htmx.config.defaultSettleDelay = 1500; window.settling = [];
		for (const s of window.streams) s.addEventListener(` + jsonString(actionsEvent(1)) + `,
			() => window.settling.push(document.querySelector("#round-actions.htmx-added") !== null));`))

	expect(t, "Ann's 5", a.post(game+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	phone.waitText(`[data-testid=missing]`, "Still to come: Bob and Cy")
	expect(t, "Bob's 8", a.post(game+"/rounds/1/entries/1", form("pips", "8")), http.StatusSeeOther)
	phone.do(poll[chromedp.Void](`window.settling.length === 2`))
	if got := phone.eval(`String(window.settling[1])`); got != "true" {
		t.Fatalf("Bob's news came after the bar had settled (%s): nothing was tested", got)
	}
	phone.waitText(`[data-testid=missing]`, "Still to come: Cy")
}
