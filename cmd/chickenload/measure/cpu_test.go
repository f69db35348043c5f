package measure

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	for _, tc := range []struct {
		name, stat string
		want       time.Duration
		ok         bool
	}{
		{"plain", "4242 (chickenfoot) S 1 4242 4242 0 -1 4194560 1 0 0 0 250 50 0 0 20 0 9 0 1 2 3", 3 * time.Second, true},
		{"a name with spaces and brackets", "7 (a (b) c) R 1 7 7 0 -1 0 0 0 0 0 12 3 0 0 20 0 1 0 1 2 3", 150 * time.Millisecond, true},
		{"no name", "4242 chickenfoot S 1", 0, false},
		{"too short", "4242 (x) S 1 2 3", 0, false},
		{"not numbers", "7 (x) R 1 7 7 0 -1 0 0 0 0 0 a b 0 0 20 0 1 0 1 2 3", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseStat(tc.stat)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("parseStat(%q) = %v, %v; want %v, ok %v", tc.stat, got, err, tc.want, tc.ok)
			}
		})
	}
}

// rusage is this process's CPU time as getrusage counts it.
func rusage(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestProcessCPU checks that this process's CPU time grows by about the
// work it does, and that another process's is read by its id.
func TestProcessCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CPU time is read from Linux's /proc")
	}
	before, err := ProcessCPU(0)
	if err != nil {
		t.Fatal(err)
	}
	used := rusage(t)
	// A busy loop until the kernel counts 200 ms of CPU, however busy the
	// machine is.
	for rusage(t)-used < 200*time.Millisecond {
	}
	after, err := ProcessCPU(0)
	if err != nil {
		t.Fatal(err)
	}
	// /proc counts in ticks of 10 ms: allow a few either way.
	if d, want := after-before, rusage(t)-used; d < want-50*time.Millisecond || d > want+50*time.Millisecond {
		t.Errorf("ProcessCPU grew by %v while getrusage counted %v", d, want)
	}
	byPid, err := ProcessCPU(os.Getpid())
	if err != nil || byPid < after {
		t.Errorf("ProcessCPU(own pid) = %v, %v; want at least %v", byPid, err, after)
	}
	if _, err := ProcessCPU(-5); err == nil {
		t.Error("ProcessCPU(-5) read a process")
	}
}
