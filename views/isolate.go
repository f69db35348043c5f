package views

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/bidi"
)

// A name typed at the table stands in a sentence of another language's
// direction ("דוד plays from round 2"). Shown alone, a page puts it in
// <bdi>; inside a sentence it is set between the isolates U+2068 and
// U+2069, the same in plain text, so a right-to-left name (or one kept
// before invisible formatting characters were refused) can't reorder the
// words around it. A name of left-to-right letters alone changes nothing
// in a sentence of this app's languages, and is left as it is.

// nameParams are the parameters of messages that carry typed names.
var nameParams = []string{"Name", "Names", "By", "Group"}

const (
	firstStrongIsolate = "\u2068"
	popIsolate         = "\u2069"
)

// isolated is s between isolates when it holds a right-to-left letter,
// an Arabic digit or a formatting character; else s. A name already
// isolated is left as it is.
func isolated(s string) string {
	if !strings.ContainsFunc(s, turnsText) || strings.HasPrefix(s, firstStrongIsolate) && strings.HasSuffix(s, popIsolate) {
		return s
	}
	return firstStrongIsolate + s + popIsolate
}

func turnsText(r rune) bool {
	if unicode.Is(unicode.Cf, r) {
		return true
	}
	p, _ := bidi.LookupRune(r)
	switch p.Class() {
	case bidi.R, bidi.AL, bidi.AN:
		return true
	}
	return false
}

// isolatedValue is a parameter's value with the names in it isolated,
// and whether that changed it: a value of left-to-right names alone is
// given back as it is, without a copy.
func isolatedValue(v any) (any, bool) {
	switch v := v.(type) {
	case string:
		if w := isolated(v); w != v {
			return w, true
		}
	case []string:
		if !slices.ContainsFunc(v, func(s string) bool { return isolated(s) != s }) {
			return v, false
		}
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = isolated(s)
		}
		return out, true
	}
	return v, false
}

// isolateParams is p with its names isolated; p itself is left alone.
func isolateParams(p map[string]any) map[string]any {
	var out map[string]any
	for _, k := range nameParams {
		v, changed := isolatedValue(p[k])
		if !changed {
			continue
		}
		if out == nil {
			out = make(map[string]any, len(p))
			for k, v := range p {
				out[k] = v
			}
		}
		out[k] = v
	}
	if out == nil {
		return p
	}
	return out
}

// isolatePairs is isolateParams for name, value pairs.
func isolatePairs(kv []any) []any {
	var out []any
	for i := 0; i+1 < len(kv); i += 2 {
		k, _ := kv[i].(string)
		if !slices.Contains(nameParams, k) {
			continue
		}
		v, changed := isolatedValue(kv[i+1])
		if !changed {
			continue
		}
		if out == nil {
			out = append([]any(nil), kv...)
		}
		out[i+1] = v
	}
	if out == nil {
		return kv
	}
	return out
}
