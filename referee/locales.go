package referee

import (
	"embed"
	"io/fs"
	"sync"

	"chickenfoot/referee/lang"
)

//go:embed locales
var locales embed.FS

// Locales is the tree of the rules library's message files: its refusals,
// its phrases and the house rules' words, a directory per language. An
// app adds the trees of its own pages to make its catalog
// (lang.Load(referee.Locales(), ...)), so a refusal reads the same
// wherever it is shown.
func Locales() fs.FS {
	tree, err := fs.Sub(locales, "locales")
	if err != nil {
		panic(err) // the directory is embedded above
	}
	return tree
}

// words is the rules library's own catalog: it words refusals and house
// rules without an app. It is read the first time it is needed: an app
// words through its own catalog, which holds these files too.
var words = sync.OnceValue(func() *lang.Catalog { return lang.MustLoad(Locales()) })
