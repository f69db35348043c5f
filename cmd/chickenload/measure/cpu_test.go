package measure

import (
	"os"
	"runtime"
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
	for start := time.Now(); time.Since(start) < 200*time.Millisecond; {
	}
	after, err := ProcessCPU(0)
	if err != nil {
		t.Fatal(err)
	}
	// A 200 ms busy loop; the machine may take some of it away.
	if d := after - before; d < 50*time.Millisecond || d > 2*time.Second {
		t.Errorf("ProcessCPU grew by %v over a 200 ms busy loop", d)
	}
	byPid, err := ProcessCPU(os.Getpid())
	if err != nil || byPid < after {
		t.Errorf("ProcessCPU(own pid) = %v, %v; want at least %v", byPid, err, after)
	}
	if _, err := ProcessCPU(-5); err == nil {
		t.Error("ProcessCPU(-5) read a process")
	}
}
