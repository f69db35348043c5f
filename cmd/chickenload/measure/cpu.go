package measure

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// ProcessCPU is the CPU time, user and system, that process pid (0 for
// this one) has used so far over all its threads, read from
// /proc/PID/stat: Linux only. It counts in the kernel's clock ticks
// (USER_HZ, 100 a second on Linux), so a figure over a phase of a second
// is good to about 1 %.
func ProcessCPU(pid int) (time.Duration, error) {
	file := "/proc/self/stat"
	if pid != 0 {
		file = fmt.Sprintf("/proc/%d/stat", pid)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	return parseStat(string(b))
}

// parseStat reads utime and stime, the 14th and 15th fields, from a
// /proc/PID/stat line. The 2nd field, the command's name in brackets, may
// hold spaces and brackets, so the fields are counted from its last ')'.
func parseStat(s string) (time.Duration, error) {
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, fmt.Errorf("stat %.40q: no command name", s)
	}
	f := strings.Fields(s[i+1:]) // from the 3rd field on
	if len(f) < 13 {
		return 0, fmt.Errorf("stat %.40q: %d fields after the name, want at least 13", s, len(f))
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("stat %.40q: utime %q, stime %q", s, f[11], f[12])
	}
	return time.Duration(utime+stime) * (time.Second / 100), nil
}
