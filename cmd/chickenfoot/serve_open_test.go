package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseServePassphraseAndWriteRate: the passphrase and the write
// rate come from the environment or the flags, the flags winning.
func TestParseServePassphraseAndWriteRate(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	cfg, err := parseServe(nil, getenv, io.Discard)
	if err != nil || cfg.passphrase != "" || cfg.writeRate != 0 {
		t.Fatalf("defaults = %+v, %v, want no passphrase and the app's write rate (0)", cfg, err)
	}
	env["CHICKENFOOT_PASSPHRASE"], env["CHICKENFOOT_WRITE_RATE"] = "from the env", "5.5"
	if cfg, err = parseServe(nil, getenv, io.Discard); err != nil || cfg.passphrase != "from the env" || cfg.writeRate != 5.5 {
		t.Fatalf("from the environment = %+v, %v", cfg, err)
	}
	cfg, err = parseServe([]string{"--passphrase", "from a flag", "--write-rate", "-1"}, getenv, io.Discard)
	if err != nil || cfg.passphrase != "from a flag" || cfg.writeRate != -1 {
		t.Fatalf("flags over the environment = %+v, %v", cfg, err)
	}
	for _, bad := range []struct {
		args []string
		env  string
	}{
		{nil, "fast"},
		{[]string{"--write-rate", "fast"}, ""},
		{[]string{"--write-rate", "NaN"}, ""},
		{[]string{"--write-rate", "+Inf"}, ""},
		{nil, "Inf"},
	} {
		env["CHICKENFOOT_WRITE_RATE"] = bad.env
		if cfg, err := parseServe(bad.args, getenv, io.Discard); err == nil {
			t.Errorf("parseServe(%q) with CHICKENFOOT_WRITE_RATE=%q = %+v, want an error", bad.args, bad.env, cfg)
		}
	}
}

// TestParseServeOriginAndHosts: the public origin and the names the app
// answers to come from the environment or the flags; an origin that is
// not a bare http(s) address is refused.
func TestParseServeOriginAndHosts(t *testing.T) {
	env := map[string]string{"CHICKENFOOT_ORIGIN": "https://Domino.Example/", "CHICKENFOOT_HOSTS": "domino.lan, table.home,"}
	getenv := func(k string) string { return env[k] }
	cfg, err := parseServe(nil, getenv, io.Discard)
	if err != nil || cfg.origin != "https://domino.example" || strings.Join(cfg.hosts, " ") != "domino.lan table.home" {
		t.Fatalf("from the environment = %+v, %v", cfg, err)
	}
	cfg, err = parseServe([]string{"--origin", "http://192.168.1.20:8080", "--hosts", "x.lan"}, getenv, io.Discard)
	if err != nil || cfg.origin != "http://192.168.1.20:8080" || strings.Join(cfg.hosts, " ") != "x.lan" {
		t.Fatalf("flags over the environment = %+v, %v", cfg, err)
	}
	for _, bad := range []string{"domino.example", "https://domino.example/app", "ftp://domino.example"} {
		if cfg, err := parseServe([]string{"--origin", bad}, getenv, io.Discard); err == nil {
			t.Errorf("parseServe(--origin %q) = %+v, want an error", bad, cfg)
		}
	}
	cfg, err = parseServe([]string{"--hosts", "Domino.LAN:8080, table.home."}, getenv, io.Discard)
	if err != nil || strings.Join(cfg.hosts, " ") != "domino.lan table.home" {
		t.Fatalf("--hosts with a port and a trailing dot = %+v, %v, want the bare names", cfg, err)
	}
	for _, bad := range []string{"https://domino.lan", "domino..lan", "a b"} {
		if cfg, err := parseServe([]string{"--hosts", "ok.lan," + bad}, getenv, io.Discard); err == nil || !strings.Contains(english.tell(err), bad) {
			t.Errorf("parseServe(--hosts ok.lan,%s) = %+v, %v, want an error naming it", bad, cfg, err)
		}
	}
}

// TestServeWithPassphrase: a server started with a passphrase sends a
// new browser to the unlock page, and says so when it starts.
func TestServeWithPassphrase(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		cfg := serveConfig{addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "private.db"), passphrase: "open sesame"}
		done <- serve(ctx, cfg, w, slog.New(slog.DiscardHandler))
		w.Close()
	}()
	lines := bufio.NewScanner(out)
	var url string
	for url == "" && lines.Scan() {
		if _, rest, ok := strings.Cut(lines.Text(), "ready at "); ok {
			url = strings.Fields(rest)[0]
		}
	}
	if !lines.Scan() || !strings.Contains(lines.Text(), "passphrase") {
		t.Fatalf("after the ready line the server said %q, want a word on the passphrase", lines.Text())
	}
	go io.Copy(io.Discard, out)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/unlock") {
		t.Fatalf("GET / = %d to %q, want 303 to the unlock page", resp.StatusCode, resp.Header.Get("Location"))
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("serve = %v after shutdown", err)
	}
}
