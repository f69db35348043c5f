package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestMain is also the load's server process: the load starts this test
// binary again, as the command starts itself, with serverEnv set.
func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) != "" {
		os.Exit(runServer(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestLoadRun is a short real load run: 20 viewers on 4 nights, 40 writes
// a second for 1.5 s. Every write must reach every viewer of its night,
// with no error, the figures must add up, and nothing may be left behind
// in the temporary folder. The server runs in its own process, whose CPU
// time is reported apart from the clients'.
func TestLoadRun(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var stdout, stderr bytes.Buffer
	code := run([]string{"--nights", "4", "--viewers", "20", "--writes", "40", "--for", "1.5s", "--warmup", "300ms", "--json"},
		&stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	var rep loadReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, stdout.String())
	}
	if !rep.OK || len(rep.Problems) > 0 || rep.HTTPErrors+rep.NotSent+rep.Refused+rep.Dropped+rep.Missing > 0 {
		t.Fatalf("run not clean: %+v", rep)
	}
	if rep.Writes < 55 || rep.Writes > 61 || rep.WritesOK != rep.Writes {
		t.Errorf("%d writes sent, %d answered; want about 60 (40/s for 1.5 s), all answered", rep.Writes, rep.WritesOK)
	}
	if rep.Streams != 20 || rep.Deliveries != rep.WritesOK*5 {
		t.Errorf("%d streams, %d deliveries; want 20 streams and %d deliveries (5 viewers a night)", rep.Streams, rep.Deliveries, rep.WritesOK*5)
	}
	if rep.WritesPerSec < 35 || rep.WritesPerSec > 41 {
		t.Errorf("%.1f writes/s, want about 40", rep.WritesPerSec)
	}
	// Each write publishes at least one event, seen by 5 viewers.
	if rep.EventsPerSec < 5*rep.WritesPerSec*0.9 {
		t.Errorf("%.0f events/s received for %.1f writes/s to 5 viewers each", rep.EventsPerSec, rep.WritesPerSec)
	}
	ordered := []float64{rep.DeliveryP50, rep.DeliveryP90, rep.DeliveryP99, rep.DeliveryMax}
	for i, v := range ordered {
		if v <= 0 || (i > 0 && v < ordered[i-1]) {
			t.Errorf("delivery p50, p90, p99, max = %v: want each above 0 and no smaller than the one before", ordered)
		}
	}
	if rep.DeliveryMax >= rep.GraceSeconds*1000 {
		t.Errorf("slowest delivery %.1f ms, beyond the grace of %gs", rep.DeliveryMax, rep.GraceSeconds)
	}
	if rep.SlowestP50 < rep.DeliveryP50 || rep.SlowestP99 > rep.DeliveryMax || rep.SlowestP50 > rep.SlowestP99 {
		t.Errorf("slowest viewer per write p50 %.1f, p99 %.1f against all deliveries p50 %.1f, max %.1f",
			rep.SlowestP50, rep.SlowestP99, rep.DeliveryP50, rep.DeliveryMax)
	}
	if rep.ResponseP50 <= 0 || rep.ResponseP99 < rep.ResponseP50 {
		t.Errorf("write response p50 %.1f ms, p99 %.1f ms", rep.ResponseP50, rep.ResponseP99)
	}
	if runtime.GOOS == "linux" && (rep.ServerCPU <= 0 || rep.ClientCPU <= 0 || rep.ServerPerWrite <= 0 ||
		math.Abs(rep.ServerPerWrite-rep.ServerCPU*1e6/float64(rep.WritesOK)) > 1) {
		t.Errorf("server CPU %v s (%v µs per write), clients' %v s: want each above 0, and the server's per write %d writes",
			rep.ServerCPU, rep.ServerPerWrite, rep.ClientCPU, rep.WritesOK)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
	var text bytes.Buffer
	rep.write(&text)
	for _, want := range []string{"chickenload: 4 nights, 20 viewers, 40 writes/s", "the server process", "20 open, 0 refused, 0 dropped", "0 missing", "OK: every write"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
}

// TestLoadRefuses checks that a load run is refused, with exit 2 and a
// reason, for an address off this machine and for numbers it can't use.
func TestLoadRefuses(t *testing.T) {
	existing := filepath.Join(t.TempDir(), "there.db")
	if err := os.WriteFile(existing, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:0"}, "on this machine only"},
		{[]string{"--addr", ":8080"}, "on this machine only"},
		{[]string{"--addr", "192.168.1.10:0"}, "on this machine only"},
		{[]string{"--addr", "[::1]:0"}, "127.x.x.x"},
		{[]string{"--addr", "localhost"}, "--addr"},
		{[]string{"--nights", "0"}, "--nights 0"},
		{[]string{"--nights", "many"}, "invalid value"},
		{[]string{"--viewers", "-1"}, "--viewers -1"},
		{[]string{"--writes", "0"}, "--writes 0"},
		{[]string{"--writes", "NaN"}, "--writes NaN"},
		{[]string{"--for", "0s"}, "--for 0s"},
		{[]string{"--for", "2h"}, "--for 2h0m0s"},
		{[]string{"--grace", "-1s"}, "--grace"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--db", existing, "--for", "1s"}, "exists"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("load %v: exit %d, stderr %q; want exit 2 saying %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestLoadSourceUnusable checks what a machine that can't dial from a
// client address is told: the address, and why it is needed.
func TestLoadSourceUnusable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if err := dialFrom(clientIP(1, 0), ln.Addr().String()); err != nil {
		t.Fatalf("dialling from %s: %v", clientIP(1, 0), err)
	}
	// 192.0.2.1 is kept for documentation: no machine here has it.
	err = dialFrom(net.IPv4(192, 0, 2, 1), ln.Addr().String())
	if !errors.As(err, new(errSetup)) || !strings.Contains(err.Error(), "cannot dial from loopback address 192.0.2.1") ||
		!strings.Contains(err.Error(), "127.0.0.0/8") {
		t.Fatalf("dialling from 192.0.2.1: %v; want a setup error naming the address and 127.0.0.0/8", err)
	}
}
