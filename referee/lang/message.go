package lang

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
	"text/template/parse"
)

// A message is parsed once, when the catalog loads: most messages are a
// plain text or only fill in parameters, and are worded without running
// a template (a page words hundreds of them).
type message struct {
	plain  bool                          // text has nothing to fill in
	text   string                        // the text of a message without plural forms
	segs   []segment                     // a message that only fills in parameters, cut up
	tmpl   *template.Template            // a message without plural forms
	forms  map[string]*template.Template // a message with plural forms, by form
	params []string                      // the parameters it names in any form, sorted
}

// parse reads the message key of the language l: a text, or an object of
// texts by plural form with an "other" form at least.
func (l *lang) parse(key string, raw json.RawMessage) (*message, error) {
	var one string
	var forms map[string]string
	if json.Unmarshal(raw, &one) == nil {
		forms = map[string]string{"": one}
	} else if err := json.Unmarshal(raw, &forms); err != nil {
		return nil, fmt.Errorf("%q is neither a text nor plural forms: %v", key, err)
	} else if _, ok := forms["other"]; !ok {
		return nil, fmt.Errorf("%q has no other form", key)
	}
	if len(forms) == 1 && !strings.Contains(one, "{{") {
		return &message{plain: true, text: one}, nil
	}
	m := &message{forms: map[string]*template.Template{}}
	names := map[string]bool{}
	for form, text := range forms {
		t, err := template.New(key).Option("missingkey=error").Funcs(l.funcs).Parse(text)
		if err != nil {
			return nil, fmt.Errorf("%q does not parse: %v", key, err)
		}
		fields(t.Root, names)
		m.forms[form] = t
	}
	m.params = slices.Sorted(maps.Keys(names))
	if t := m.forms[""]; t != nil {
		m.text, m.tmpl, m.forms = one, t, nil
		m.segs, _ = segments(one)
	}
	return m, nil
}

// text words m, the message key, with p.
func (l *lang) text(key string, m *message, p map[string]any) string {
	if m.plain {
		return m.text
	}
	p = l.worded(p)
	if m.segs != nil {
		if s, ok := fill(m.segs, func(name string) (any, bool) { v, ok := p[name]; return v, ok }); ok {
			return s
		}
	}
	wk := wordingKey(key, p)
	if s, ok := l.said.get(wk); ok {
		return s
	}
	t := m.tmpl
	if t == nil { // a plural message, counted by its N
		n, _ := p["N"].(int)
		if t = m.forms[l.form(n)]; t == nil {
			t = m.forms["other"]
		}
	}
	s, err := execute(t, p)
	if err != nil {
		return fmt.Sprintf("[message %s: %v]", key, err)
	}
	l.said.keep(wk, s)
	return s
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

// counted words the plural message key in the form the language gives n.
func (l *lang) counted(key string, n int, p map[string]any) (string, error) {
	m := l.msgs[key]
	if m == nil || m.forms == nil {
		return "", fmt.Errorf("%q is not a message with plural forms", key)
	}
	t := m.forms[l.form(n)]
	if t == nil {
		t = m.forms["other"]
	}
	return execute(t, p)
}

func execute(t *template.Template, p map[string]any) (string, error) {
	var b strings.Builder
	err := t.Execute(&b, p)
	return b.String(), err
}

// fields adds the names of the parameters node uses to names.
func fields(node parse.Node, names map[string]bool) {
	switch n := node.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			fields(c, names)
		}
	case *parse.ActionNode:
		fields(n.Pipe, names)
	case *parse.PipeNode:
		if n == nil {
			return
		}
		for _, c := range n.Cmds {
			fields(c, names)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			fields(a, names)
		}
	case *parse.FieldNode:
		names[strings.Join(n.Ident, ".")] = true
	case *parse.IfNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.WithNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	case *parse.RangeNode:
		fields(n.Pipe, names)
		fields(n.List, names)
		fields(n.ElseList, names)
	}
}

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

// plainPairs reports whether no value of the pairs is a Worder.
func plainPairs(kv []any) bool {
	for i := 1; i < len(kv); i += 2 {
		if _, ok := kv[i].(Worder); ok {
			return false
		}
	}
	return true
}
