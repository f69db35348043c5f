package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"path"
	"testing"

	"github.com/andybalholm/brotli"
)

// The hashed name depends on the content alone: the first 8 hex digits of
// its SHA-256 (of "hello": 2cf24dba5fb0a30e...), before the extension.
func TestHashedName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, body, want string }{
		{"app.css", "hello", "app.2cf24dba.css"},
		{"htmx-2.0.11.min.js", "hello", "htmx-2.0.11.min.2cf24dba.js"},
		{"icon.svg", "", "icon.e3b0c442.svg"},
		{"noext", "hello", "noext.2cf24dba"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAsset(tc.name, []byte(tc.body))
			if a.Hashed != tc.want {
				t.Errorf("newAsset(%q, %q).Hashed = %q, want %q", tc.name, tc.body, a.Hashed, tc.want)
			}
		})
	}
}

func TestURL(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(Files, "*")
	if err != nil || len(names) < 7 {
		t.Fatalf("embedded files %v (%v), want at least 7", names, err)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			body, _ := fs.ReadFile(Files, name)
			sum := sha256.Sum256(body)
			ext := path.Ext(name)
			hashed := name[:len(name)-len(ext)] + "." + hex.EncodeToString(sum[:4]) + ext
			if got, want := URL(name), "/static/"+hashed; got != want {
				t.Fatalf("URL(%q) = %q, want %q", name, got, want)
			}
			if got := URL(name); got != "/static/"+hashed {
				t.Fatalf("URL(%q) a second time = %q, want %q", name, got, "/static/"+hashed)
			}
			for _, tc := range []struct {
				lookup     string
				hashed, ok bool
			}{{name, false, true}, {hashed, true, true}, {name[:len(name)-len(ext)] + ".00000000" + ext, false, false}} {
				a, h, ok := Lookup(tc.lookup)
				if h != tc.hashed || ok != tc.ok || (ok && a.Name != name) {
					t.Errorf("Lookup(%q) = %v, %v, %v; want %s, %v, %v", tc.lookup, a, h, ok, name, tc.hashed, tc.ok)
				}
			}
		})
	}
}

func TestURLUnknownPanics(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"nope.css", "", URL("app.css")[len("/static/"):]} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("URL(%q) did not panic, want a panic for a name that is not a plain file name", name)
				}
			}()
			URL(name)
		})
	}
}

// Every compressible file has brotli and gzip copies that are smaller and
// decompress to its exact bytes; a PNG has none.
func TestCompressedCopies(t *testing.T) {
	t.Parallel()
	for _, a := range Assets() {
		t.Run(a.Name, func(t *testing.T) {
			if path.Ext(a.Name) == ".png" {
				if a.Brotli() != nil || a.Gzip() != nil {
					t.Fatalf("%s: compressed copies of %d and %d bytes, want none for a PNG", a.Name, len(a.Brotli()), len(a.Gzip()))
				}
				return
			}
			zr, err := gzip.NewReader(bytes.NewReader(a.Gzip()))
			if err != nil {
				t.Fatalf("%s: gzip copy: %v", a.Name, err)
			}
			for _, c := range []struct {
				coding string
				copy   []byte
				r      io.Reader
			}{{"br", a.Brotli(), brotli.NewReader(bytes.NewReader(a.Brotli()))}, {"gzip", a.Gzip(), zr}} {
				got, err := io.ReadAll(c.r)
				if err != nil || !bytes.Equal(got, a.Body) {
					t.Errorf("%s: %s copy decodes to %d bytes (%v), want the %d bytes of the file", a.Name, c.coding, len(got), err, len(a.Body))
				}
				if len(c.copy) == 0 || len(c.copy) >= len(a.Body) {
					t.Errorf("%s: %s copy of %d bytes, want fewer than %d", a.Name, c.coding, len(c.copy), len(a.Body))
				}
			}
		})
	}
}

// smaller keeps a compressed copy only when it saves bytes.
func TestSmaller(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		body []byte
		keep bool
	}{
		{"repetitive", bytes.Repeat([]byte("chickenfoot "), 100), true},
		{"one byte", []byte("x"), false},
		{"empty", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range []func(io.Writer) io.WriteCloser{newBrotli, newGzip} {
				got := smaller(tc.body, w)
				if (got != nil) != tc.keep {
					t.Errorf("smaller(%d bytes) = %d bytes, want a copy kept: %v", len(tc.body), len(got), tc.keep)
				}
			}
		})
	}
}
