// Package static holds the files the app serves unrendered: htmx (pinned
// at 2.0.11) and its server-sent events extension (htmx-ext-sse 2.2.4),
// the style sheet, the small script of progressive enhancements, the web
// app manifest and icons. They are embedded in the binary.
//
// Each file is also known under a name carrying a hash of its content
// (app.css as app.3f2a9c1b.css): a browser may keep it for good, and a
// new build's file has a new name, so nobody is left on a stale one. The
// index of names, hashes and compressed copies is built once, on first use.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sync"

	"github.com/andybalholm/brotli"
)

// Files are the static files, served under /static/.
//
//go:embed *.js *.css *.svg *.png *.webmanifest
var Files embed.FS

// HTMX is the file name of the vendored htmx build.
const HTMX = "htmx-2.0.11.min.js"

// SSE is the file name of htmx's vendored server-sent events extension
// (the npm package htmx-ext-sse), which pages that follow a game night load.
const SSE = "htmx-ext-sse-2.2.4.min.js"

// Worker is the service worker's file; the app serves it from the root
// (see handlers), where its scope is every page.
const Worker = "sw.js"

// Asset is one embedded file with what it takes to serve it. Assets are
// shared by every caller: read them, never change them.
type Asset struct {
	Name        string // the embedded file's name: "app.css"
	Hashed      string // the name with the hash before the extension: "app.3f2a9c1b.css"
	Hash        string // the first 8 hex digits of the SHA-256 of Body
	ContentType string
	Body        []byte
	Brotli      []byte // Body at brotli's best compression; nil unless smaller
	Gzip        []byte // Body at gzip's best compression; nil unless smaller
}

// hashLen is how many hex digits of the SHA-256 a name carries: the hash
// only has to tell one version of a file from the next.
const hashLen = 8

// kinds gives each extension its Content-Type, and says whether the
// content is worth compressing (a PNG already is compressed). A fixed
// table, unlike the system's MIME database, answers the same everywhere.
var kinds = map[string]struct {
	contentType string
	compress    bool
}{
	".css":         {"text/css; charset=utf-8", true},
	".js":          {"text/javascript; charset=utf-8", true},
	".svg":         {"image/svg+xml", true},
	".png":         {"image/png", false},
	".webmanifest": {"application/manifest+json", true},
}

// index maps both names of every file to its asset.
type index struct {
	byName map[string]*Asset // plain and hashed names
	all    []*Asset          // sorted by Name, as fs.ReadDir lists them
}

var load = sync.OnceValue(func() index {
	ix, err := build(Files)
	if err != nil {
		panic("static: " + err.Error()) // the files are fixed at build time: any test finds this
	}
	return ix
})

// Assets are all the files, sorted by name. The first call builds the
// index, hashing and compressing every file; a server calls it at start so
// no request waits for that.
func Assets() []*Asset { return load().all }

// Lookup finds the asset whose plain or hashed name is name; hashed
// reports which. A name with a wrong or stale hash is not found.
func Lookup(name string) (a *Asset, hashed bool, ok bool) {
	a, ok = load().byName[name]
	return a, ok && name == a.Hashed, ok
}

// URL is the path the file called name is served under, with its hash:
// "/static/app.3f2a9c1b.css". It panics if there is no such file, like
// template.Must: every page links its assets, so any test finds a typo.
func URL(name string) string {
	a, hashed, ok := Lookup(name)
	if !ok || hashed {
		panic(fmt.Sprintf("static.URL(%q): no such file", name))
	}
	return "/static/" + a.Hashed
}

func build(files fs.FS) (index, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return index{}, err
	}
	ix := index{byName: map[string]*Asset{}}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		body, err := fs.ReadFile(files, e.Name())
		if err != nil {
			return index{}, err
		}
		a, err := newAsset(e.Name(), body)
		if err != nil {
			return index{}, err
		}
		for _, n := range []string{a.Name, a.Hashed} {
			if other, dup := ix.byName[n]; dup {
				return index{}, fmt.Errorf("%s and %s are both called %s", other.Name, a.Name, n)
			}
			ix.byName[n] = a
		}
		ix.all = append(ix.all, a)
	}
	return ix, nil
}

func newAsset(name string, body []byte) (*Asset, error) {
	sum := sha256.Sum256(body)
	hash := hex.EncodeToString(sum[:])[:hashLen]
	ext := path.Ext(name)
	a := &Asset{Name: name, Hashed: name[:len(name)-len(ext)] + "." + hash + ext, Hash: hash,
		ContentType: "application/octet-stream", Body: body}
	kind, known := kinds[ext]
	if known {
		a.ContentType = kind.contentType
	}
	if !kind.compress {
		return a, nil
	}
	var err error
	if a.Brotli, err = smaller(body, newBrotli); err != nil {
		return nil, fmt.Errorf("%s: brotli: %w", name, err)
	}
	if a.Gzip, err = smaller(body, newGzip); err != nil {
		return nil, fmt.Errorf("%s: gzip: %w", name, err)
	}
	return a, nil
}

func newBrotli(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestCompression) }

func newGzip(w io.Writer) io.WriteCloser {
	zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid: no error
	return zw
}

// smaller compresses body with the writer newWriter makes, and returns the
// result only if it is smaller than body.
func smaller(body []byte, newWriter func(io.Writer) io.WriteCloser) ([]byte, error) {
	var buf bytes.Buffer
	w := newWriter(&buf)
	if _, err := w.Write(body); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	if buf.Len() >= len(body) {
		return nil, nil
	}
	return buf.Bytes(), nil
}
