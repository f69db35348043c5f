package lang

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
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
