package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// loadViewer is one phone following a night.
type loadViewer struct {
	night *loadNight
	index int // among its night's viewers
	next  int // its night's first write it has not yet seen
}

// loadViewers is every viewer's stream, each on its own connections.
type loadViewers struct {
	wg         sync.WaitGroup
	transports []*http.Transport
}

// openStreams opens the viewers' streams, spread evenly over the nights,
// and returns once each follows its night or was refused.
func (r *loadRun) openStreams(ctx context.Context) *loadViewers {
	vs := &loadViewers{}
	ready := make(chan struct{}, r.cfg.viewers)
	for i := range r.cfg.viewers {
		v := &loadViewer{night: r.nights[i%r.cfg.nights], index: i / r.cfg.nights}
		tr := loadTransport(clientIP(1, i))
		vs.transports = append(vs.transports, tr)
		vs.wg.Go(func() { r.follow(ctx, v, tr, ready) })
	}
	for range r.cfg.viewers {
		<-ready
	}
	return vs
}

// wait waits for the streams to end, as the server's shutdown ends them;
// any still open after 5 s is hung up with cancel.
func (vs *loadViewers) wait(cancel context.CancelFunc) {
	waited := make(chan struct{})
	go func() { vs.wg.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		cancel()
		<-waited
	}
	for _, tr := range vs.transports {
		tr.CloseIdleConnections()
	}
}

// follow opens v's stream and reads it until the end, matching each event
// to its night's writes.
func (r *loadRun) follow(ctx context.Context, v *loadViewer, tr *http.Transport, ready chan<- struct{}) {
	signal := sync.OnceFunc(func() { ready <- struct{}{} })
	defer signal()
	resp, err := r.subscribe(ctx, v, tr)
	if err != nil {
		r.fail(&r.refused, err.Error())
		return
	}
	defer resp.Body.Close()
	signal() // subscribed: the server answers only once it follows the night
	err = r.readEvents(v, resp.Body)
	if !r.closing.Load() && ctx.Err() == nil {
		msg := "stream ended"
		if err != nil {
			msg = err.Error()
		}
		r.fail(&r.dropped, msg)
	}
}

// subscribe asks for v's stream; a refusal is an error with the server's
// status and reason.
func (r *loadRun) subscribe(ctx context.Context, v *loadViewer, tr *http.Transport) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, r.base+"/g/"+v.night.slug+"/events", nil)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		resp.Body.Close()
		return nil, fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(b)))
	}
	return resp, nil
}

// fail counts a stream refused or dropped, keeping the run's first
// reason.
func (r *loadRun) fail(counter *atomic.Int64, msg string) {
	counter.Add(1)
	r.streamErr.CompareAndSwap(nil, msg)
}

// readEvents reads v's stream until it ends: an event is seen when the
// blank line closing it arrives.
func (r *loadRun) readEvents(v *loadViewer, body io.Reader) error {
	sc := bufio.NewScanner(body)
	name := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if name != "" {
				r.saw(v, name, time.Now())
			}
			name = ""
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
		}
	}
	return sc.Err()
}

// saw is event name arriving at v at t. Per night the writes are
// sequential, so the first event of a write's own kind (its entry's, or
// the table's) that v receives after the write started is that write's:
// it is the first event the write publishes. A refresh (v fell behind)
// stands for every write started before it.
func (r *loadRun) saw(v *loadViewer, name string, t time.Time) {
	r.count(name, t)
	n := v.night
	n.mu.Lock()
	defer n.mu.Unlock()
	for v.next < len(n.writes) {
		w := n.writes[v.next]
		switch {
		case w.failed:
			v.next++
			continue
		case t.Before(w.start):
			return
		case name == "refresh":
			w.seen[v.index] = max(t.Sub(w.start), 1)
			v.next++
			continue
		case name == w.event:
			w.seen[v.index] = max(t.Sub(w.start), 1)
			v.next++
		}
		return
	}
}

// count counts event name, received at t, when it came in the measured
// run.
func (r *loadRun) count(name string, t time.Time) {
	if !t.Before(r.windowStart) && t.Before(r.end) {
		r.events.Add(1)
		if name == "refresh" {
			r.refreshes.Add(1)
		}
	}
}
