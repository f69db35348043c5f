package views

import (
	"context"
	"embed"
	"io/fs"
	"slices"
	"strconv"
	"sync"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

// locales are the app's own message files: its pages, its requests and
// its command line, a directory per language.
//
//go:embed locales
var locales embed.FS

// words is the app's catalog: the rules library's words (its refusals
// and house rules) and the app's own, each sentence in one file.
var words = func() *lang.Catalog {
	own, err := fs.Sub(locales, "locales")
	if err != nil {
		panic(err)
	}
	return lang.MustLoad(referee.Locales(), own)
}()

// Words is the app's catalog, for what words a message outside a page:
// the command line, the live stream's events.
func Words() *lang.Catalog { return words }

type langKey struct{}

// WithLang is ctx with the page's language tag and the path it is drawn
// for (the language switch sends the reader back there).
func WithLang(ctx context.Context, tag, path string) context.Context {
	return context.WithValue(ctx, langKey{}, langOf{tag: tag, path: path})
}

type langOf struct{ tag, path string }

// Lang is the language tag ctx draws pages in: English unless set.
func Lang(ctx context.Context) string {
	if l, ok := ctx.Value(langKey{}).(langOf); ok && l.tag != "" {
		return l.tag
	}
	return lang.Default
}

// pathOf is the path the page is drawn for, or "/".
func pathOf(ctx context.Context) string {
	if l, ok := ctx.Value(langKey{}).(langOf); ok && l.path != "" {
		return l.path
	}
	return "/"
}

// T words message key of the app's catalog in the page's
// language, filled in with the parameters given as name, value pairs:
// T(ctx, "ui.game.players", "N", 3).
func T(ctx context.Context, key string, kv ...any) string {
	return words.Pairs(Lang(ctx), key, isolatePairs(kv)...)
}

// Text words message key with p in the language tag.
// Names in it stand between isolates (isolate.go).
func Text(tag, key string, p map[string]any) string { return words.Text(tag, key, isolateParams(p)) }

// Offered lists the language tags a reader can pick, English first: those
// the catalog has every message of. Adding a language is adding its
// files to the catalog.
func Offered() []string { return slices.Clone(offered()) }

// offered is worked out once: the catalog never changes while the app runs.
var offered = sync.OnceValue(func() []string {
	var out []string
	for _, tag := range words.Supported() {
		if words.Complete(tag) {
			out = append(out, tag)
		}
	}
	return out
})

// A LangChoice is one language of the switch, named in itself.
type LangChoice struct {
	Tag, Name string
	Current   bool
}

// langChoices is the language switch of a page: empty while only one
// language is offered.
func langChoices(ctx context.Context) []LangChoice {
	tags := Offered()
	if len(tags) < 2 {
		return nil
	}
	out := make([]LangChoice, len(tags))
	for i, tag := range tags {
		out[i] = LangChoice{Tag: tag, Name: words.Text(tag, "lang.name", nil), Current: tag == Lang(ctx)}
	}
	return out
}

// Date words a date kept as YYYY-MM-DD the way the page's language writes
// it: "28 Nov 2026", "28 Nov. 2026", "28. nov. 2026". Anything else is
// shown as it is.
func Date(ctx context.Context, iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return T(ctx, "date", "Day", d.Day(), "Month", T(ctx, "month."+strconv.Itoa(int(d.Month()))), "Year", d.Year())
}

// Num writes a whole number the way the page's language groups its
// digits: 1,234 in English, 1 234 in Afrikaans, 1.234 in Danish.
func Num(ctx context.Context, n int) string {
	return message.NewPrinter(language.Make(Lang(ctx))).Sprint(n)
}
