package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"
)

// loadMachine is what the machine did while a run was measured: a busy or
// stalling machine slows every figure of the run.
type loadMachine struct {
	loadAvg string          // as the writes started
	cpu     time.Duration   // this process's CPU time; -1 unknown
	machine machineCPU      // the whole machine's
	wakes   []time.Duration // how late each 1 ms sleep woke
}

// measure paces the writes through the warm-up and the measured run,
// watching the machine over the measured run and profiling it when asked.
func (r *loadRun) measure(progress io.Writer) loadMachine {
	load0 := loadAverage()
	start := time.Now()
	r.windowStart = start.Add(r.cfg.warmup)
	r.end = r.windowStart.Add(r.cfg.dur)
	cpu0, machine0 := time.Duration(-1), machineCPU{}
	stopProfile, stopProbe := func() {}, func() []time.Duration { return nil }
	r.pace(start, func() { // as the measured run starts
		cpu0, machine0 = processCPU(), readMachineCPU()
		stopProfile = startProfile(r.cfg.cpuprofile, progress)
		stopProbe = wakeProbe()
	})
	stopProfile()
	m := loadMachine{loadAvg: load0, cpu: -1, wakes: stopProbe()}
	if now := processCPU(); cpu0 >= 0 && now >= 0 {
		m.cpu = now - cpu0
	}
	m.machine = readMachineCPU().since(machine0)
	return m
}

// startProfile starts a CPU profile into file, when named, and returns
// what stops it.
func startProfile(file string, progress io.Writer) (stop func()) {
	if file == "" {
		return func() {}
	}
	f, err := os.Create(file)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(progress, "chickenfoot load: no CPU profile: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(progress, "chickenfoot load: CPU profile: %v\n", err)
		}
	}
}

// processCPU is the CPU time (user and system) this process has used, from
// /proc/self/stat; -1 where there is none.
func processCPU() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from the 3rd on
	if len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(utime+stime) * (time.Second / 100) // USER_HZ is 100 on Linux
}

// machineCPU is the machine's CPU time from /proc/stat, in ticks.
type machineCPU struct{ busy, steal, total int64 }

// readMachineCPU is the machine's CPU time so far: zero where /proc/stat
// can't say.
func readMachineCPU() machineCPU {
	b, err := os.ReadFile("/proc/stat")
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if err != nil || len(f) < 9 || f[0] != "cpu" {
		return machineCPU{}
	}
	var m machineCPU
	for i, v := range f[1:9] { // user nice system idle iowait irq softirq steal
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return machineCPU{}
		}
		m.total += n
		if i != 3 && i != 4 {
			m.busy += n
		}
		if i == 7 {
			m.steal = n
		}
	}
	return m
}

// since is the CPU time between then and m; zero when either is unknown.
func (m machineCPU) since(then machineCPU) machineCPU {
	if m.total == 0 || then.total == 0 {
		return machineCPU{}
	}
	return machineCPU{busy: m.busy - then.busy, steal: m.steal - then.steal, total: m.total - then.total}
}

// wakeProbe sleeps 1 ms at a time until stopped, and says how late each
// sleep woke: when this process itself could not run, every latency
// measured in it grows too.
func wakeProbe() (stop func() []time.Duration) {
	done := make(chan struct{})
	out := make(chan []time.Duration)
	go func() {
		var late []time.Duration
		for {
			select {
			case <-done:
				out <- late
				return
			default:
			}
			t := time.Now()
			time.Sleep(time.Millisecond)
			late = append(late, time.Since(t)-time.Millisecond)
		}
	}()
	return func() []time.Duration { close(done); return <-out }
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
