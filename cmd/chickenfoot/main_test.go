package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoLoadCommand checks that the app's binary has no load generator:
// that is a command of its own, cmd/chickenload.
func TestNoLoadCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help"}, nil, &stdout, &stderr); code != 0 || strings.Contains(stdout.String(), "chickenfoot load") {
		t.Errorf("help: exit %d, and it names a load command:\n%s", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"load", "--for", "1s"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("load: exit %d, stdout %q; want exit 2, a command it does not know", code, stdout.String())
	}
}
