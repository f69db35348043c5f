package lang

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Most messages only fill in parameters, and a page words hundreds of
// them: those are worded without running their template, and what the
// others said is kept.

// A segment of a simple message: its text as it is, or the parameter
// named field.
type segment struct{ text, field string }

// simpleField is a message's "{{.Name}}": a parameter filled in as it is.
var simpleField = regexp.MustCompile(`\{\{\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// segments cuts a message that does nothing but fill in parameters into
// its text and its parameters; ok is false for any other message.
func segments(s string) (out []segment, ok bool) {
	at := 0
	for _, m := range simpleField.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > at {
			out = append(out, segment{text: s[at:m[0]]})
		}
		out = append(out, segment{field: s[m[2]:m[3]]})
		at = m[1]
	}
	if at < len(s) {
		out = append(out, segment{text: s[at:]})
	}
	for _, sg := range out {
		if sg.field == "" && strings.Contains(sg.text, "{{") {
			return nil, false
		}
	}
	return out, true
}

// fill is a simple message with the parameters get looks up, as its
// template would word it; ok is false when one is missing, left for the
// template to refuse.
func fill(segs []segment, get func(name string) (any, bool)) (string, bool) {
	var b strings.Builder
	for _, sg := range segs {
		if sg.field == "" {
			b.WriteString(sg.text)
			continue
		}
		v, ok := get(sg.field)
		switch v := v.(type) {
		case nil:
			if !ok {
				return "", false
			}
			b.WriteString("<no value>")
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	return b.String(), true
}

// pairsMap is the name, value pairs kv as a map; a name that is not a
// string, and a name without a value, are left out.
func pairsMap(kv []any) map[string]any {
	if len(kv) < 2 {
		return nil
	}
	p := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		if name, ok := kv[i].(string); ok {
			p[name] = kv[i+1]
		}
	}
	return p
}

// pairValue is the value named name in the pairs kv, the last one where
// the name comes twice, as in the map.
func pairValue(kv []any, name string) (v any, ok bool) {
	for i := 0; i+1 < len(kv); i += 2 {
		if n, isName := kv[i].(string); isName && n == name {
			v, ok = kv[i+1], true
		}
	}
	return v, ok
}

// plainPairs reports whether no value of the pairs is a Worder, a Sayer
// or a Wordlist.
func plainPairs(kv []any) bool {
	for i := 1; i < len(kv); i += 2 {
		switch kv[i].(type) {
		case Worder, Sayer, Wordlist:
			return false
		}
	}
	return true
}

// wordings keeps what the templated messages said: a message's wording
// depends only on its key and parameters, and running a template costs
// far more than a lookup ("7-3, open, needs 3" is worded once per tile
// drawn). Only wordings whose parameters are all plain values are kept,
// and the store starts afresh once it holds wordingsKept of them, so
// names typed at the table can't make it grow without bound.
type wordings struct {
	m sync.Map // wordingKey: string
	n atomic.Int64
}

const wordingsKept = 4096

func (w *wordings) get(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	v, ok := w.m.Load(key)
	if !ok {
		return "", false
	}
	return v.(string), true
}

func (w *wordings) keep(key, s string) {
	if key == "" {
		return
	}
	if w.n.Add(1) > wordingsKept {
		w.m.Clear()
		w.n.Store(1)
	}
	w.m.Store(key, s)
}

// wordingKey is the key and its parameters in order of name, or "" when
// a parameter is not a plain value.
func wordingKey(key string, p map[string]any) string {
	names := make([]string, 0, 8) // on the stack for the usual few
	for k := range p {
		names = append(names, k)
	}
	slices.Sort(names)
	b := append(make([]byte, 0, 64), key...)
	for _, k := range names {
		b = append(b, 0)
		b = append(b, k...)
		switch v := p[k].(type) {
		case string:
			b = append(append(b, 's'), v...)
		case int:
			b = strconv.AppendInt(append(b, 'i'), int64(v), 10)
		case bool:
			b = strconv.AppendBool(append(b, 'b'), v)
		default:
			return ""
		}
	}
	return string(b)
}
