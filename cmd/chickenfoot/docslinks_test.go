package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *#*$`)
	mdFence   = regexp.MustCompile("(?ms)^```.*?^```")
	mdInline  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// TestDocLinks follows every relative link of the README and docs/*.md to
// a file that exists and, for a #fragment, to a heading of that file.
func TestDocLinks(t *testing.T) {
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append([]string{"../../README.md"}, docs...) {
		name := strings.TrimPrefix(path, "../../")
		for _, link := range docLinks(t, path) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(link, "#")
			target := path
			if file != "" {
				target = filepath.Join(filepath.Dir(path), file)
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s, which does not exist", name, link)
				continue
			}
			if frag != "" && !docAnchors(t, target)[frag] {
				t.Errorf("%s links to %s, but %s has no heading with that anchor", name, link, filepath.Base(target))
			}
		}
	}
}

// docLinks returns the link targets of a markdown file, outside code blocks.
func docLinks(t *testing.T, path string) []string {
	t.Helper()
	var links []string
	for _, m := range mdLink.FindAllStringSubmatch(docText(t, path), -1) {
		links = append(links, m[1])
	}
	return links
}

// docAnchors returns the anchors GitHub gives a markdown file's headings.
func docAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, m := range mdHeading.FindAllStringSubmatch(docText(t, path), -1) {
		slug := headingSlug(m[1])
		if n := seen[slug]; n > 0 {
			anchors[slug+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

// docText is the file with its fenced code blocks taken out.
func docText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mdFence.ReplaceAllString(string(b), "")
}

// headingSlug makes a heading's anchor as GitHub does: lower case, spaces
// to hyphens, and everything but letters, digits, hyphens and underscores
// dropped (the markup of inline code and links too).
func headingSlug(heading string) string {
	heading = mdInline.ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestHeadingSlug(t *testing.T) {
	tests := []struct{ heading, want string }{
		{"A whole round", "a-whole-round"},
		{"Languages: English, Afrikaans, Dansk", "languages-english-afrikaans-dansk"},
		{"The `chickenfoot referee` command", "the-chickenfoot-referee-command"},
		{"Keyboards, screen readers, big text", "keyboards-screen-readers-big-text"},
	}
	for _, tt := range tests {
		if got := headingSlug(tt.heading); got != tt.want {
			t.Errorf("headingSlug(%q) = %q, want %q", tt.heading, got, tt.want)
		}
	}
}
