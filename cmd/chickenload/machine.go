package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"chickenfoot/cmd/chickenload/measure"
)

// loadMachine is what the machine did while a run was measured: a busy or
// stalling machine slows every figure of the run.
type loadMachine struct {
	loadAvg string          // as the writes started
	server  time.Duration   // the server process's CPU time; -1 unknown
	clients time.Duration   // this process's: the viewers and writers; -1 unknown
	machine machineCPU      // the whole machine's
	wakes   []time.Duration // how late each 1 ms sleep woke
}

// cpuTimes is the server's and this process's CPU time so far; -1 where
// unknown.
func (r *loadRun) cpuTimes() (server, clients time.Duration) {
	server, err := r.server.CPU()
	if err != nil {
		server = -1
	}
	clients, err = measure.ProcessCPU(0)
	if err != nil {
		clients = -1
	}
	return server, clients
}

// measure paces the writes through the warm-up and the measured run,
// watching the machine over the measured run.
func (r *loadRun) measure() loadMachine {
	load0 := loadAverage()
	start := time.Now()
	r.windowStart = start.Add(r.cfg.warmup)
	r.end = r.windowStart.Add(r.cfg.dur)
	server0, clients0, machine0 := time.Duration(-1), time.Duration(-1), machineCPU{}
	stopProbe := func() []time.Duration { return nil }
	r.pace(start, func() { // as the measured run starts
		server0, clients0 = r.cpuTimes()
		machine0 = readMachineCPU()
		stopProbe = wakeProbe()
	})
	m := loadMachine{loadAvg: load0, server: -1, clients: -1, wakes: stopProbe()}
	server, clients := r.cpuTimes()
	if server0 >= 0 && server >= 0 {
		m.server = server - server0
	}
	if clients0 >= 0 && clients >= 0 {
		m.clients = clients - clients0
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
		fmt.Fprintf(progress, "chickenload server: no CPU profile: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(progress, "chickenload server: CPU profile: %v\n", err)
		}
	}
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
