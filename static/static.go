// Package static holds the files the app serves unrendered: htmx (pinned
// at 2.0.11) and its server-sent events extension (htmx-ext-sse 2.2.4),
// the style sheet, the small script of progressive enhancements and the
// icons. They are embedded in the binary. (The web app manifest is made
// from the catalog's words by the handlers.)
//
// Each file is also known under a name carrying a hash of its content
// (app.css as app.3f2a9c1b.css): a browser may keep it for good, and a
// new build's file has a new name, so nobody is left on a stale one. The
// index of names and hashes is built once, on first use; each file's
// compressed copies when first asked for (see Compress).
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
//go:embed *.js *.css *.svg *.png
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

	copies func() copies // made once, on first use
}

// copies are a file's compressed copies: Body at brotli's and at gzip's
// best compression, each nil unless smaller than Body.
type copies struct{ brotli, gzip []byte }

// Brotli is the file at brotli's best compression, or nil when that is
// not smaller (a PNG). The first call makes it.
func (a *Asset) Brotli() []byte { return a.copies().brotli }

// Gzip is the file at gzip's best compression, or nil when that is not
// smaller. The first call makes it.
func (a *Asset) Gzip() []byte { return a.copies().gzip }

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
	".css": {"text/css; charset=utf-8", true},
	".js":  {"text/javascript; charset=utf-8", true},
	".svg": {"image/svg+xml", true},
	".png": {"image/png", false},
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
// index, hashing every file.
func Assets() []*Asset { return load().all }

// Compress makes the compressed copies of every file not made yet. Brotli
// at its best takes about a second of CPU for these 150 KB on a small
// machine: a server starts it in the background rather than make its
// start, or its first visitor, wait for it (a restart after a crash is
// ready at once), and a process that serves no file never pays it.
func Compress() {
	for _, a := range Assets() {
		a.copies()
	}
}

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
		a := newAsset(e.Name(), body)
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

func newAsset(name string, body []byte) *Asset {
	sum := sha256.Sum256(body)
	hash := hex.EncodeToString(sum[:])[:hashLen]
	ext := path.Ext(name)
	a := &Asset{Name: name, Hashed: name[:len(name)-len(ext)] + "." + hash + ext, Hash: hash,
		ContentType: "application/octet-stream", Body: body}
	kind, known := kinds[ext]
	if known {
		a.ContentType = kind.contentType
	}
	a.copies = sync.OnceValue(func() copies {
		if !kind.compress {
			return copies{}
		}
		return copies{brotli: smaller(body, newBrotli), gzip: smaller(body, newGzip)}
	})
	return a
}

func newBrotli(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestCompression) }

func newGzip(w io.Writer) io.WriteCloser {
	zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid: no error
	return zw
}

// smaller compresses body with the writer newWriter makes, and returns the
// result only if it is smaller than body. The writers write to memory,
// which never fails.
func smaller(body []byte, newWriter func(io.Writer) io.WriteCloser) []byte {
	var buf bytes.Buffer
	w := newWriter(&buf)
	w.Write(body)
	w.Close()
	if buf.Len() >= len(body) {
		return nil
	}
	return buf.Bytes()
}
