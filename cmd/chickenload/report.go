package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"time"

	"chickenfoot/cmd/chickenload/measure"
)

// loadReport is what a run measured. Times are in milliseconds.
type loadReport struct {
	Nights         int      `json:"nights"`
	Viewers        int      `json:"viewers"`
	TargetWrites   float64  `json:"target_writes_per_s"`
	Seconds        float64  `json:"seconds"`
	WarmupSeconds  float64  `json:"warmup_seconds"`
	GraceSeconds   float64  `json:"grace_seconds"`
	CPUs           int      `json:"cpus"`
	LoadAverage    string   `json:"load_average"`            // /proc/loadavg's first three, as the run started
	ServerCPU      float64  `json:"server_cpu_seconds"`      // the server's process, over the measured run; -1 unknown
	ServerPerWrite float64  `json:"server_cpu_us_per_write"` // that per write answered 2xx, its events to the viewers included; -1 unknown
	ClientCPU      float64  `json:"client_cpu_seconds"`      // the viewers' and writers' process; -1 unknown
	MachineCPUs    float64  `json:"machine_cpus"`            // CPUs busy on the whole machine over the measured run, the run's own included; -1 unknown
	StealCPUs      float64  `json:"steal_cpus"`              // of those, taken by the hypervisor for other machines
	WakeLateP99    float64  `json:"wake_late_p99_ms"`        // how late a 1 ms sleep in this process woke: the machine's own stalls
	WakeLateMax    float64  `json:"wake_late_max_ms"`
	Writes         int      `json:"writes"`       // scheduled in the measured run and sent
	WritesOK       int      `json:"writes_ok"`    // of those, answered 2xx
	HTTPErrors     int      `json:"http_errors"`  // any write answered otherwise or not at all
	NotSent        int      `json:"not_sent"`     // writes dropped: their night was too far behind
	WritesPerSec   float64  `json:"writes_per_s"` // answered 2xx, per second of the measured run
	ResponseP50    float64  `json:"response_p50_ms"`
	ResponseP99    float64  `json:"response_p99_ms"`
	LagP99         float64  `json:"start_lag_p99_ms"` // a write's start after its scheduled time
	LagMax         float64  `json:"start_lag_max_ms"`
	Streams        int      `json:"streams"`
	Refused        int      `json:"streams_refused"`
	Dropped        int      `json:"streams_dropped"`
	EventsPerSec   float64  `json:"events_per_s"` // received, over all viewers
	Refreshes      int      `json:"refreshes"`    // viewers told to fetch everything (they fell behind)
	Deliveries     int      `json:"deliveries"`   // (write, viewer) pairs expected
	Missing        int      `json:"missing"`      // of those, not seen within the grace
	DeliveryP50    float64  `json:"delivery_p50_ms"`
	DeliveryP90    float64  `json:"delivery_p90_ms"`
	DeliveryP99    float64  `json:"delivery_p99_ms"`
	DeliveryMax    float64  `json:"delivery_max_ms"`
	SlowestP50     float64  `json:"per_write_slowest_viewer_p50_ms"`
	SlowestP99     float64  `json:"per_write_slowest_viewer_p99_ms"`
	OK             bool     `json:"ok"`
	Problems       []string `json:"problems,omitempty"`
	FirstHTTPError string   `json:"first_http_error,omitempty"`
}

// loadTimes is the measured run's times, a list for each figure.
type loadTimes struct {
	response, lag, delivery, slowest []time.Duration
	wakes                            []time.Duration // the machine's, not the app's
}

// report is what the run measured, from the writes scheduled in the
// measured run and the counters kept as it went.
func (r *loadRun) report(m loadMachine) *loadReport {
	rep := r.newReport(m)
	times := loadTimes{wakes: m.wakes}
	for _, n := range r.nights {
		n.mu.Lock()
		for _, w := range n.writes {
			if w.measured {
				rep.count(w, r.cfg.grace, &times)
			}
		}
		n.mu.Unlock()
	}
	rep.WritesPerSec = measure.Rate(rep.WritesOK, r.cfg.dur)
	rep.ServerPerWrite = math.Round(measure.PerOp(m.server, rep.WritesOK))
	rep.setTimes(times)
	rep.Problems = r.problems(rep)
	rep.OK = len(rep.Problems) == 0
	return rep
}

// newReport is a report of the run's settings, of the machine, and of
// the counters kept as the run went.
func (r *loadRun) newReport(m loadMachine) *loadReport {
	cfg := r.cfg
	rep := &loadReport{Nights: cfg.nights, Viewers: cfg.viewers, TargetWrites: cfg.writes, Seconds: cfg.dur.Seconds(),
		WarmupSeconds: cfg.warmup.Seconds(), GraceSeconds: cfg.grace.Seconds(), CPUs: runtime.NumCPU(), LoadAverage: m.loadAvg,
		ServerCPU: cpuSeconds(m.server), ClientCPU: cpuSeconds(m.clients), NotSent: int(r.notSent.Load()), Refused: int(r.refused.Load()),
		Dropped: int(r.dropped.Load()), Refreshes: int(r.refreshes.Load())}
	rep.MachineCPUs, rep.StealCPUs = -1, -1
	if m.machine.total > 0 {
		cpus := float64(runtime.NumCPU()) / float64(m.machine.total)
		rep.MachineCPUs, rep.StealCPUs = math.Round(float64(m.machine.busy)*cpus*100)/100, math.Round(float64(m.machine.steal)*cpus*100)/100
	}
	rep.Streams = cfg.viewers - rep.Refused
	rep.EventsPerSec = float64(r.events.Load()) / cfg.dur.Seconds()
	return rep
}

// cpuSeconds is d in seconds to the hundredth; -1 for unknown.
func cpuSeconds(d time.Duration) float64 {
	if d < 0 {
		return -1
	}
	return math.Round(d.Seconds()*100) / 100
}

// count adds a measured write to rep and its times to ts: a delivery not
// seen within the grace is missing.
func (rep *loadReport) count(w *loadWrite, grace time.Duration, ts *loadTimes) {
	rep.Writes++
	ts.response = append(ts.response, w.response)
	ts.lag = append(ts.lag, w.start.Sub(w.scheduled))
	if w.failed {
		rep.HTTPErrors++
		if rep.FirstHTTPError == "" {
			rep.FirstHTTPError = fmt.Sprintf("POST for %s answered %d", w.event, w.status)
		}
		return
	}
	rep.WritesOK++
	worst := time.Duration(0)
	for _, d := range w.seen {
		rep.Deliveries++
		if d == 0 || d > grace {
			rep.Missing++
			continue
		}
		ts.delivery = append(ts.delivery, d)
		worst = max(worst, d)
	}
	if worst > 0 {
		ts.slowest = append(ts.slowest, worst)
	}
}

// setTimes sets rep's quantiles (nearest-rank) from ts, in milliseconds
// to the microsecond.
func (rep *loadReport) setTimes(ts loadTimes) {
	q := func(ds []time.Duration, p float64) float64 { return measure.Millis(measure.Quantile(ds, p)) }
	for _, s := range [][]time.Duration{ts.response, ts.lag, ts.delivery, ts.slowest, ts.wakes} {
		slices.Sort(s)
	}
	rep.ResponseP50, rep.ResponseP99 = q(ts.response, .50), q(ts.response, .99)
	rep.LagP99, rep.LagMax = q(ts.lag, .99), q(ts.lag, 1)
	rep.DeliveryP50, rep.DeliveryP90, rep.DeliveryP99, rep.DeliveryMax = q(ts.delivery, .50), q(ts.delivery, .90), q(ts.delivery, .99), q(ts.delivery, 1)
	rep.SlowestP50, rep.SlowestP99 = q(ts.slowest, .50), q(ts.slowest, .99)
	rep.WakeLateP99, rep.WakeLateMax = q(ts.wakes, .99), q(ts.wakes, 1)
}

// problems is what failed in the run rep measured; none for a clean run.
func (r *loadRun) problems(rep *loadReport) []string {
	var p []string
	if rep.HTTPErrors > 0 {
		p = append(p, fmt.Sprintf("%d writes failed (first: %s)", rep.HTTPErrors, rep.FirstHTTPError))
	}
	if rep.NotSent > 0 {
		p = append(p, fmt.Sprintf("%d writes not sent: their night was too far behind", rep.NotSent))
	}
	if rep.Refused+rep.Dropped > 0 {
		p = append(p, fmt.Sprintf("%d streams refused and %d dropped (first: %v)", rep.Refused, rep.Dropped, r.streamErr.Load()))
	}
	if rep.Missing > 0 {
		p = append(p, fmt.Sprintf("%d of %d deliveries missing: not seen within %v", rep.Missing, rep.Deliveries, r.cfg.grace))
	}
	if rep.Writes == 0 {
		p = append(p, "no write measured")
	}
	return p
}

// write writes rep as text: the run, the machine, the figures, and
// whether it passed.
func (rep *loadReport) write(w io.Writer) {
	fmt.Fprintf(w, "chickenload: %d nights, %d viewers, %.0f writes/s for %gs (after %gs warm-up)\n",
		rep.Nights, rep.Viewers, rep.TargetWrites, rep.Seconds, rep.WarmupSeconds)
	rep.writeMachine(w)
	rep.writeFigures(w)
	if rep.OK {
		fmt.Fprintln(w, "OK: every write answered and seen by every viewer of its night.")
		return
	}
	for _, p := range rep.Problems {
		fmt.Fprintf(w, "FAILED: %s\n", p)
	}
}

// writeMachine writes what the machine did during the run, which every
// other figure depends on.
func (rep *loadReport) writeMachine(w io.Writer) {
	cpus := func(s float64) string {
		if s < 0 {
			return "unknown"
		}
		return fmt.Sprintf("%.2f CPUs", s/rep.Seconds)
	}
	machine := "unknown"
	if rep.MachineCPUs >= 0 {
		machine = fmt.Sprintf("%.2f (%.2f stolen by the hypervisor)", rep.MachineCPUs, rep.StealCPUs)
	}
	fmt.Fprintf(w, "machine: %d CPUs, load average %s at the start; CPUs busy during the run: %s;\n", rep.CPUs, rep.LoadAverage, machine)
	fmt.Fprintf(w, "         the server process %s (%.0f µs per write), the clients' process %s;\n",
		cpus(rep.ServerCPU), rep.ServerPerWrite, cpus(rep.ClientCPU))
	fmt.Fprintf(w, "         a 1 ms sleep here woke late by p99 %.1f ms, max %.1f ms\n\n", rep.WakeLateP99, rep.WakeLateMax)
}

// writeFigures writes the writes', the streams' and the deliveries'
// figures.
func (rep *loadReport) writeFigures(w io.Writer) {
	fmt.Fprintf(w, "writes      %d sent, %d answered 2xx, %d HTTP errors, %d not sent: %.1f writes/s\n",
		rep.Writes, rep.WritesOK, rep.HTTPErrors, rep.NotSent, rep.WritesPerSec)
	fmt.Fprintf(w, "  response  p50 %.1f ms   p99 %.1f ms\n", rep.ResponseP50, rep.ResponseP99)
	fmt.Fprintf(w, "  start lag p99 %.1f ms   max %.1f ms   (sent after its time: the night's previous write still going, or the client late)\n", rep.LagP99, rep.LagMax)
	fmt.Fprintf(w, "streams     %d open, %d refused, %d dropped: %.0f events/s received, %d refreshes\n",
		rep.Streams, rep.Refused, rep.Dropped, rep.EventsPerSec, rep.Refreshes)
	fmt.Fprintf(w, "delivery    %d (write, viewer) pairs, %d missing (not seen within %gs)\n", rep.Deliveries, rep.Missing, rep.GraceSeconds)
	fmt.Fprintf(w, "  each      p50 %.1f ms   p90 %.1f ms   p99 %.1f ms   max %.1f ms\n", rep.DeliveryP50, rep.DeliveryP90, rep.DeliveryP99, rep.DeliveryMax)
	fmt.Fprintf(w, "  slowest viewer of each write: p50 %.1f ms   p99 %.1f ms\n\n", rep.SlowestP50, rep.SlowestP99)
}
