package referee

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// wordingFiles are the package's wording layer: the only files that may
// import the catalog.
var wordingFiles = map[string]bool{"words.go": true, "houserules_words.go": true, "locales.go": true}

// TestStandardLibraryOnly: outside its wording layer the referee imports
// only the standard library, and the wording layer nothing of ours but
// the catalog, so the rules could be published on their own.
func TestStandardLibraryOnly(t *testing.T) {
	t.Parallel()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			switch {
			case path == "chickenfoot/referee/lang" && wordingFiles[name]:
			case !strings.Contains(first, "."):
				if first == "chickenfoot" {
					t.Errorf("%s imports %s", name, path)
				}
			default:
				t.Errorf("%s imports %s, which is not in the standard library", name, path)
			}
		}
	}
}
