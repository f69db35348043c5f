package main

// The docs' generated parts are made from the code and checked here, so a
// doc that no longer says what the code does fails the build.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated parts of the docs from the code")

// checkGenerated compares the part of the file at path between the markers
//
//	<!-- begin: name -->
//	<!-- end: name -->
//
// with want. It fails with a diff, or with -update rewrites the part.
func checkGenerated(t *testing.T, path, name, want string) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := "<!-- begin: "+name+" -->\n", "<!-- end: "+name+" -->\n"
	before, rest, ok1 := bytes.Cut(doc, []byte(begin))
	old, after, ok2 := bytes.Cut(rest, []byte(end))
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers around its %s:\n%s%s", path, name, begin, end)
	}
	if string(old) == want {
		return
	}
	if !*update {
		first := bytes.Count(before, []byte("\n")) + 2 // the line after the begin marker
		t.Fatalf("%s: the %s part differs from the code (- the doc, + the code); run\n"+
			"\tgo test ./cmd/chickenfoot -run %s -update\n%s",
			strings.TrimPrefix(path, "../../"), name, t.Name(), lineDiff(string(old), want, first))
	}
	out := bytes.Join([][]byte{before, []byte(begin), []byte(want), []byte(end), after}, nil)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lineDiff lists the lines only in a with "- " and only in b with "+ ",
// in order, around their longest common subsequence. Each is numbered by
// the line of a it replaces or goes before, a's first line being first.
func lineDiff(a, b string, first int) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j] is the length of the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			i, j = i+1, j+1
		case j == len(y) || (i < len(x) && lcs[i+1][j] >= lcs[i][j+1]):
			fmt.Fprintf(&out, "line %d: - %s\n", first+i, x[i])
			i++
		default:
			fmt.Fprintf(&out, "line %d: + %s\n", first+i, y[j])
			j++
		}
	}
	return out.String()
}

func TestLineDiff(t *testing.T) {
	tests := []struct{ a, b, want string }{
		{"x\ny", "x\ny", ""},
		{"x\ny\nz", "x\nz", "line 2: - y\n"},
		{"x\nz", "x\ny\nz", "line 2: + y\n"},
		{"a\nb", "a\nc", "line 2: - b\nline 3: + c\n"},
	}
	for _, tt := range tests {
		if got := lineDiff(tt.a, tt.b, 1); got != tt.want {
			t.Errorf("lineDiff(%q, %q, 1) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}
