package replica

import (
	"os"
	"sync"
	"testing"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

// appWords is the app's catalog, read from its files: the store never
// imports the views that embed it, but its refusals are worded there.
var appWords = sync.OnceValues(func() (*lang.Catalog, error) {
	return lang.Load(referee.Locales(), os.DirFS("../../views/locales"))
})

// worded is the store's refusal e as the app words it in the language tag.
func worded(t *testing.T, tag string, e *app.Error) string {
	t.Helper()
	words, err := appWords()
	if err != nil {
		t.Fatal(err)
	}
	return words.Text(tag, e.Key, e.Params)
}
