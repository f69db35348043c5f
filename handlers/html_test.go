package handlers

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"chickenfoot/referee"
)

// elems are elements of a parsed response, in document order. Tests find
// what they check by data-testid (or id) and read its text and attributes,
// so they hold however a sentence is worded and fail when it shows up in
// the wrong place.
type elems []*html.Node

// doc parses the body the way htmx does: a whole page as a document, a
// fragment as a template's content. A test then sees what the browser
// builds, repairs included: a <tr> after a <div> is dropped (see sent).
func (r response) doc() elems {
	if body := strings.ToLower(strings.TrimSpace(r.body)); strings.HasPrefix(body, "<!doctype") || strings.HasPrefix(body, "<html") {
		n, err := html.Parse(strings.NewReader(r.body))
		if err != nil {
			panic(err) // reading a string never fails, and the parser repairs any markup
		}
		return elems{n}
	}
	ctx := &html.Node{Type: html.ElementNode, Data: "template", DataAtom: atom.Template}
	nodes, err := html.ParseFragment(strings.NewReader(r.body), ctx)
	if err != nil {
		panic(err)
	}
	root := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	return elems{root}
}

// testid finds the elements marked data-testid=id.
func (r response) testid(id string) elems { return r.doc().testid(id) }

// byID finds the element with the id.
func (r response) byID(id string) elems { return r.doc().byID(id) }

// find lists the elements under es that match, each once.
func (es elems) find(match func(*html.Node) bool) elems {
	var out elems
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && match(c) && !slices.Contains(out, c) {
				out = append(out, c)
			}
			walk(c)
		}
	}
	for _, e := range es {
		walk(e)
	}
	return out
}

func attrIs(name, value string) func(*html.Node) bool {
	return func(n *html.Node) bool { v, ok := attr(n, name); return ok && v == value }
}

// testid finds the elements under es marked data-testid=id.
func (es elems) testid(id string) elems { return es.find(attrIs("data-testid", id)) }

// byID finds the elements under es with the id.
func (es elems) byID(id string) elems { return es.find(attrIs("id", id)) }

// named finds the form fields under es with the name.
func (es elems) named(name string) elems { return es.find(attrIs("name", name)) }

// tag finds the elements under es with the tag name.
func (es elems) tag(name string) elems {
	return es.find(func(n *html.Node) bool { return n.Data == name })
}

// up is the nearest enclosing element of each with the tag name.
func (es elems) up(tag string) elems {
	var out elems
	for _, e := range es {
		for p := e.Parent; p != nil; p = p.Parent {
			if p.Type == html.ElementNode && p.Data == tag {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// text is the text of the elements as a reader sees it: entities decoded,
// runs of white space as one space.
func (es elems) text() string { return strings.Join(es.texts(), " ") }

// texts is the text of each element.
func (es elems) texts() []string {
	out := make([]string, len(es))
	for i, e := range es {
		var b strings.Builder
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.TextNode {
				b.WriteString(n.Data)
				b.WriteString(" ")
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(e)
		out[i] = strings.Join(strings.Fields(b.String()), " ")
	}
	return out
}

// attr is the first element's attribute, "" when it has none.
func (es elems) attr(name string) string {
	if len(es) == 0 {
		return ""
	}
	v, _ := attr(es[0], name)
	return v
}

// has reports whether the first element carries the attribute, as
// disabled or checked are carried.
func (es elems) has(name string) bool {
	if len(es) == 0 {
		return false
	}
	_, ok := attr(es[0], name)
	return ok
}

// withClass finds the elements under es with the class.
func (es elems) withClass(c string) elems {
	return es.find(func(n *html.Node) bool { return elems{n}.class(c) })
}

// class reports whether the first element has the class.
func (es elems) class(c string) bool { return slices.Contains(strings.Fields(es.attr("class")), c) }

// values lists the value attribute of each element.
func (es elems) values() []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i], _ = attr(e, "value")
	}
	return out
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// expectTestID fails unless the response has the status and an element
// marked data-testid=testid, and returns those elements. With want, one
// of them must say it.
func expectTestID(t *testing.T, what string, r response, code int, testid, want string) elems {
	t.Helper()
	expect(t, what, r, code)
	es := r.testid(testid)
	if len(es) == 0 {
		t.Fatalf("%s: no element with data-testid=%q:\n%.3000s", what, testid, r.body)
	}
	if want == "" {
		return es
	}
	want = strings.Join(strings.Fields(want), " ")
	for _, s := range es.texts() {
		if strings.Contains(s, want) {
			return es
		}
	}
	t.Fatalf("%s: data-testid=%q says %q, want %q in it", what, testid, es.texts(), want)
	return nil
}

// expectNoTestID fails if any element is marked data-testid=testid.
func expectNoTestID(t *testing.T, what string, r response, testid string) {
	t.Helper()
	if n := len(r.testid(testid)); n > 0 {
		t.Fatalf("%s: %d elements with data-testid=%q, want none:\n%.3000s", what, n, testid, r.body)
	}
}

// expectSays fails unless the elements' text is exactly want, white space
// aside.
func expectSays(t *testing.T, what string, es elems, want string) {
	t.Helper()
	if got, want := es.text(), strings.Join(strings.Fields(want), " "); got != want {
		t.Fatalf("%s: text = %q, want %q", what, got, want)
	}
}

// expectRefusal fails unless the table page shows one refusal with the
// status, naming the rule broken with a link to its section of the rules
// and giving the reason.
func expectRefusal(t *testing.T, what string, r response, code int, rule referee.Code, reason string) {
	t.Helper()
	expectRefusalIn(t, "en", what, r, code, rule, reason)
}

// expectRefusalIn is expectRefusal on a page in the language tag, which
// names the rule in its words.
func expectRefusalIn(t *testing.T, tag, what string, r response, code int, rule referee.Code, reason string) {
	t.Helper()
	ref := expectTestID(t, what, r, code, "refusal", "")
	if len(ref) != 1 {
		t.Fatalf("%s: %d refusals shown, want 1", what, len(ref))
	}
	link := ref.testid("rule")
	if got, code := link.text(), link.attr("data-code"); got != ruleHeadingIn(tag, rule) || code != string(rule) {
		t.Fatalf("%s: refusal names rule %q (%s), want %q (%s)", what, got, code, ruleHeadingIn(tag, rule), rule)
	}
	if href := link.attr("href"); !strings.HasSuffix(href, "/rules#"+rule.Section()) {
		t.Fatalf("%s: refusal links to %q, want the rules' #%s", what, href, rule.Section())
	}
	if got := ref.testid("reason").text(); reason == "" || !strings.Contains(got, strings.Join(strings.Fields(reason), " ")) {
		t.Fatalf("%s: the refusal says %q, want %q", what, got, reason)
	}
}

// sent finds the start tag with the id in the body as sent, before a
// parser repairs the markup around it, and returns its attributes. A
// table row sent out of band next to a div is such a tag: see
// TestScoreEntry.
func (r response) sent(id string) (map[string]string, bool) {
	z := html.NewTokenizer(strings.NewReader(r.body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil, false
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				attrs[a.Key] = a.Val
			}
			if attrs["id"] == id {
				return attrs, true
			}
		}
	}
}

// expectProblem fails unless the response has the status and shows one
// problem, saying exactly want.
func expectProblem(t *testing.T, what string, r response, code int, want string) {
	t.Helper()
	problem := expectTestID(t, what, r, code, "problem", "")
	if len(problem) != 1 {
		t.Fatalf("%s: %d problems shown, want 1: %q", what, len(problem), problem.texts())
	}
	expectSays(t, what, problem, want)
}
