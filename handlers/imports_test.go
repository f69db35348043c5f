package handlers

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHandlersKnowNoStore: the handlers depend on the values and the
// error of db/app and on the services each file declares, never on the
// store: only their tests open one.
func TestHandlersKnowNoStore(t *testing.T) {
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
			if path, _ := strconv.Unquote(imp.Path.Value); path == "chickenfoot/db" || strings.HasPrefix(path, "chickenfoot/db/") && path != "chickenfoot/db/app" {
				t.Errorf("%s imports %s: name the service in a small interface and take db/app's values", name, path)
			}
		}
	}
}
