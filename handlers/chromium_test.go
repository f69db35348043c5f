package handlers

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// screenshots asks the browser tests for a picture of every step they
// name: the pages at 390x844 and at 320 px wide, in light and dark, as a
// person sees them. Each is a capture of the whole page and a PNG to
// encode, so by default a test takes none unless it fails.
//
//	go test ./handlers -run TestBrowser -screenshots DIR
//
// saves them as DIR/<test>/NN-step.png. go test -artifacts does the same
// into each test's artifact directory. A browser test that fails saves
// what each of its tabs shows as it ends, into DIR (or the artifact
// directory) when given, else into a temporary directory it names.
var screenshots = flag.String("screenshots", "", "save a picture of each step the browser tests name under `DIR`/<test>/")

// browserTabs caps the browser tests that drive Chromium at once, whatever
// go test's -parallel: each keeps a renderer busy, and on a small machine
// more of them only make each one slower, which tests timed in seconds
// (live news within a second) do not bear.
var browserTabs = make(chan struct{}, 3)

// testsInChromium holds the tests that have their place in browserTabs,
// which a test takes once however many tabs it opens.
var testsInChromium sync.Map

// workerTests holds the tests whose tabs let the app install its service
// worker (withServiceWorker).
var workerTests sync.Map

// withServiceWorker lets the test's tabs install the app's service worker,
// as a phone does. Other tests' tabs go without it: each test is a new
// origin, so every tab would install the worker afresh and keep each page
// it opens, a third of what opening a tab costs. Only the tests of what
// it keeps for a phone off line need it.
func withServiceWorker(t *testing.T) {
	workerTests.Store(t, true)
	t.Cleanup(func() { workerTests.Delete(t) })
}

// noServiceWorker hides the service worker API from each page the tab
// opens, so that app.js, which registers only where the API is, goes
// without, as a browser without it does.
const noServiceWorker = `delete Navigator.prototype.serviceWorker;`

// TestMain runs the tests, then stops the one Chromium the browser tests
// shared, if one was started.
//
// Unless -parallel is given, at least three tests run at once, not one per
// core: a browser test spends much of its time waiting for Chromium to
// draw, and on two cores a third test keeps the CPU busy meanwhile (the
// package takes about 3 s less of its 35).
func TestMain(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		flag.Set("test.parallel", strconv.Itoa(max(3, runtime.GOMAXPROCS(0))))
	}
	code := m.Run()
	chrome.close()
	os.Exit(code)
}

// longTests reports whether CHICKENFOOT_LONG=1 asks for every test, as CI
// does: the tests that sweep every page, language, size or colour scheme
// or keep a whole night on many phones, and axe on every page a browser
// test checks. Without them go test ./... runs a browser test of each
// flow in under a minute on two cores; with them it takes a few.
func longTests() bool { return os.Getenv("CHICKENFOOT_LONG") != "" }

// long skips a long test unless longTests.
func long(t *testing.T) {
	t.Helper()
	if !longTests() {
		t.Skip("a long test: CHICKENFOOT_LONG=1 go test runs it, as CI does")
	}
}

// chrome is the one headless Chromium the package's browser tests share,
// started by the first test that needs one. Each test drives it through
// tabs of its own browser context: their own cookies and storage, as
// separate phones have.
var chrome sharedChromium

type sharedChromium struct {
	once sync.Once
	ctx  context.Context // the browser's first tab, from which the others are made
	stop func()
	err  error
}

// start starts Chromium at path once; later calls return the same one.
func (c *sharedChromium) start(path string) (context.Context, error) {
	c.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.WindowSize(390, 844),
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("in-process-gpu", true),
			chromedp.Flag("disable-site-isolation-trials", true),
			// Chromedp's own list, and two things no test uses that cost a
			// third of the CPU: the omnibox popups Chromium preloads, each
			// a page of its own, into every window (a tab is a window
			// here), and the spare renderer it keeps starting for the
			// next one.
			chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,"+
				"WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess"),
		)
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(alloc)
		c.ctx, c.stop = ctx, func() { cancelCtx(); cancelAlloc() }
		// The first run starts the browser and ties it to ctx, which lives
		// until TestMain closes it.
		c.err = chromedp.Do(ctx)
	})
	return c.ctx, c.err
}

func (c *sharedChromium) close() {
	if c.stop != nil {
		c.stop()
	}
}

// chromium finds a Chromium to drive: the old headless shell first
// (Debian's chromium-headless-shell), which renders the same pages as the
// full browser without its windows and costs the tests a sixth less CPU.
// Without one the browser tests skip on a developer's machine, but fail in
// CI (CI=true), where .ci/run installs it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium found: CI must install it (apt-get install chromium)")
	}
	t.Skip("no Chromium on this machine; install it to run the browser test")
	return ""
}

// browser is a tab of the shared Chromium at phone size (390x844), in a
// browser context of its own.
type browser struct {
	t   *testing.T
	ctx context.Context // the tab's, within the test's time budget
	// tab is the tab's own context, which outlives that budget: a test
	// that failed on it still gets its picture taken.
	tab  context.Context
	base string
	shot int    // the pictures taken, which number the next one's file
	dir  string // where they go, once one is taken

	media, scheme string // what emulateMedia and colorScheme set
	motion        bool   // the tab lets the page glide (withMotion)
	changed       bool   // the test changed the tab beyond what openTab resets
}

// withMotion lets the tab's pages glide, as a phone not set to reduce
// motion does.
func (b *browser) withMotion() {
	b.t.Helper()
	b.motion = true
	b.emulateMedia(b.media)
}

// newBrowser opens a tab for the test in the shared Chromium, starting it
// if it is the first.
func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	path := chromium(t)
	if _, held := testsInChromium.LoadOrStore(t, true); !held {
		browserTabs <- struct{}{}
		t.Cleanup(func() { testsInChromium.Delete(t); <-browserTabs })
	}
	if _, err := chrome.start(path); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return openTab(t, base, 0)
}

// openTab opens another tab for the test, a phone of its own: a tab kept
// from an earlier test or a new one, each in a browser context of its
// own. Its pictures are numbered from first+1.
func openTab(t *testing.T, base string, first int) *browser {
	t.Helper()
	_, worker := workerTests.Load(t)
	tab, kept := restingTabs.take(worker)
	if !kept {
		tab.ctx, tab.close = chromedp.NewContext(chrome.ctx, chromedp.WithNewBrowserContext())
		// The first action opens the tab and ties it to the context it is
		// given, which must outlive the test for the tab to be kept.
		if err := chromedp.Do(tab.ctx); err != nil {
			tab.close()
			t.Fatalf("browser: %v", err)
		}
	}
	ctx, cancelTime := context.WithTimeout(tab.ctx, 90*time.Second)
	b := &browser{t: t, ctx: ctx, tab: tab.ctx, base: base, shot: first}
	t.Cleanup(func() { cancelTime(); restingTabs.put(b, tab, worker) })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatalf("browser: %v", err)
	}
	if !kept {
		// A page in a background window has no focus, and tabs run side
		// by side here: each acts as the one a person is looking at, as a
		// phone's only tab is.
		if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
			t.Fatalf("browser: %v", err)
		}
		if !worker {
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: noServiceWorker}); err != nil {
				t.Fatalf("browser: %v", err)
			}
		}
	}
	b.emulateMedia("")
	t.Cleanup(b.pictureIfFailed)
	return b
}

// tab is a tab of the shared Chromium in a browser context of its own.
type tab struct {
	ctx   context.Context // the tab's chromedp context
	close func()          // closes the tab and its browser context
}

// restingTabs keeps the tabs that passed tests left, for the next tests:
// a new tab costs Chromium a renderer process and a browser context, five
// times what opening a page does; one kept is as a new one once its
// cookies and the last test's site data are gone.
var restingTabs tabRest

type tabRest struct {
	mu   sync.Mutex
	tabs []tab
}

// take returns a kept tab, if there is one and the test may have it: a
// test that lets the app install its service worker gets a new one.
func (r *tabRest) take(worker bool) (tab, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if worker || len(r.tabs) == 0 {
		return tab{}, false
	}
	tb := r.tabs[len(r.tabs)-1]
	r.tabs = r.tabs[:len(r.tabs)-1]
	return tb, true
}

// put keeps b's tab for another test once it has forgotten the test: back
// at about:blank, no cookies in its browser context, and nothing stored
// for the test's site. A tab whose test failed, used the service worker
// or changed the tab in a way a new test does not undo (b.changed) is
// closed instead, as is one that can't forget.
func (r *tabRest) put(b *browser, tb tab, worker bool) {
	if worker || b.changed || b.t.Failed() {
		tb.close()
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	_, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: "about:blank"})
	if err == nil {
		_, err = chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: b.base, StorageTypes: "all"})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{})
	}
	if err != nil {
		tb.close()
		return
	}
	r.mu.Lock()
	r.tabs = append(r.tabs, tb)
	r.mu.Unlock()
}

// onEveryPage runs the script in each page the tab opens from now on,
// before the page's own scripts.
func (b *browser) onEveryPage(script string) {
	b.t.Helper()
	b.changed = true
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// emulateMedia sets the media type the tab's pages see ("" for the
// screen, "print"), keeping the colour scheme chosen. Tabs prefer reduced
// motion, as many phones are set to: the page jumps where it would glide,
// so a test's next tap needn't wait for a glide to end. A test about the
// glide sets b.motion first.
func (b *browser) emulateMedia(media string) {
	b.t.Helper()
	b.media = media
	features := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	if b.motion {
		features[0].Value = "no-preference"
	}
	if b.scheme != "" {
		features = append(features, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: b.scheme})
	}
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media, Features: features}); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// colorScheme makes the tab prefer a light or dark page.
func (b *browser) colorScheme(scheme string) {
	b.t.Helper()
	b.scheme = scheme
	b.emulateMedia(b.media)
}

// picturesAsked reports whether the run asked for a picture of each step.
func picturesAsked() bool {
	if *screenshots != "" {
		return true
	}
	f := flag.Lookup("test.artifacts")
	return f != nil && f.Value.String() == "true"
}

// pictureDir is where the test's pictures go, made on first use.
func (b *browser) pictureDir() (string, error) {
	if b.dir != "" {
		return b.dir, nil
	}
	var dir string
	switch {
	case *screenshots != "":
		dir = filepath.Join(*screenshots, strings.NewReplacer("/", "-", " ", "_").Replace(b.t.Name()))
	case picturesAsked():
		dir = b.t.ArtifactDir()
	default:
		d, err := os.MkdirTemp("", "chickenfoot-"+strings.ReplaceAll(b.t.Name(), "/", "-")+"-")
		if err != nil {
			return "", err
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b.dir = dir
	return dir, nil
}

// picture saves what take captures as NN-name.png, when pictures were
// asked for. Otherwise it waits until the page has settled, as a picture
// would: a test takes one where it holds the page to be done, and its next
// tap must land on that page, not on one still being swapped.
func (b *browser) picture(name string, take chromedp.Action[[]byte]) {
	b.t.Helper()
	if !picturesAsked() {
		b.settled()
		return
	}
	if _, err := b.savePicture(b.ctx, name, take); err != nil {
		b.t.Fatalf("browser: screenshot %s: %v", name, err)
	}
}

func (b *browser) savePicture(ctx context.Context, name string, take chromedp.Action[[]byte]) (string, error) {
	buf, err := chromedp.Run(ctx, take)
	if err != nil {
		return "", err
	}
	dir, err := b.pictureDir()
	if err != nil {
		return "", err
	}
	b.shot++
	file := filepath.Join(dir, fmt.Sprintf("%02d-%s.png", b.shot, name))
	return file, os.WriteFile(file, buf, 0o644)
}

// pictureIfFailed saves the whole page as the tab shows it, once the test
// has failed, and says where. It takes its own time from the tab, not
// the test's budget, which has run out when that is why the test failed.
func (b *browser) pictureIfFailed() {
	if !b.t.Failed() {
		return
	}
	ctx, cancel := context.WithTimeout(b.tab, 10*time.Second)
	defer cancel()
	file, err := b.savePicture(ctx, "failed", chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("browser: no picture of the failed page: %v", err)
		return
	}
	b.t.Logf("browser: the page as the test failed: %s", file)
}

// screenshot saves the whole page as NN-name.png, when asked.
func (b *browser) screenshot(name string) { b.picture(name, chromedp.FullScreenshot(100)) }

// screenshotOf saves one element of the page as NN-name.png, when asked.
func (b *browser) screenshotOf(sel, name string) { b.picture(name, chromedp.Screenshot(css(sel))) }

// screenshotView saves what the phone's screen shows as NN-name.png, when
// asked.
func (b *browser) screenshotView(name string) { b.picture(name, chromedp.CaptureScreenshot()) }
