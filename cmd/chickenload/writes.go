package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// loadWrite is one write and when each viewer of its night saw it.
type loadWrite struct {
	scheduled, start time.Time
	response         time.Duration
	event            string // the event it publishes first
	status           int
	failed           bool            // no 2xx answer: nothing is waited for
	measured         bool            // scheduled within the measured run
	seen             []time.Duration // per viewer of the night; 0 while unseen
}

// runWrites writes to every night through the warm-up and the measured
// run, lets the last writes reach their viewers, and returns what the
// machine did meanwhile.
func (r *loadRun) runWrites(ctx context.Context, progress io.Writer) loadMachine {
	fmt.Fprintf(progress, "Writing %.0f a second: %v warm-up, then %v measured…\n", r.cfg.writes, r.cfg.warmup, r.cfg.dur)
	var writers sync.WaitGroup
	writeCtx, stopWrites := context.WithCancel(ctx)
	defer stopWrites()
	for _, n := range r.nights {
		writers.Go(func() { r.write(writeCtx, n) })
	}
	m := r.measure()
	r.drain(&writers, stopWrites)
	return m
}

// drain lets the writes still queued be sent, the last one no later than
// the grace after the run; then every viewer has the grace to see it.
func (r *loadRun) drain(writers *sync.WaitGroup, stopWrites context.CancelFunc) {
	drained := make(chan struct{})
	go func() { writers.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(r.cfg.grace):
		stopWrites()
		<-drained
	}
	lastStart := r.lastStart()
	for !r.allSeen() && time.Since(lastStart) < r.cfg.grace {
		time.Sleep(10 * time.Millisecond)
	}
}

// pace hands out the writes, open-loop: at each tick of a fine ticker,
// every write due by then goes to its night (round-robin) whatever the
// earlier writes are doing. measuring is called as the measured run
// starts.
func (r *loadRun) pace(start time.Time, measuring func()) {
	tick := time.NewTicker(time.Millisecond) // a write is sent at most 1 ms late
	defer tick.Stop()
	defer func() {
		for _, n := range r.nights {
			close(n.queue)
		}
	}()
	issued, measured := 0, false
	for now := range tick.C {
		if !measured && !now.Before(r.windowStart) {
			measured = true
			measuring()
		}
		for ; r.due(start, issued).Before(r.end) && !r.due(start, issued).After(now); issued++ {
			select {
			case r.nights[issued%len(r.nights)].queue <- r.due(start, issued):
			default:
				r.notSent.Add(1)
			}
		}
		if !now.Before(r.end) {
			return
		}
	}
}

// due is when write i is due: i/writes seconds from the start. The run's
// last is the last due before its end, even when a tick comes late.
func (r *loadRun) due(start time.Time, i int) time.Time {
	return start.Add(time.Duration(float64(i) / r.cfg.writes * float64(time.Second)))
}

// write sends n's writes in turn: a score entry with new pips, then a
// move on the live table (a tile laid on the starting double, or taken
// back), and so on.
func (r *loadRun) write(ctx context.Context, n *loadNight) {
	for at := range n.queue {
		if ctx.Err() != nil {
			r.notSent.Add(1)
			continue
		}
		k := n.n
		n.n++
		path, form, event := n.next(k)
		w := &loadWrite{scheduled: at, event: event, measured: !at.Before(r.windowStart), seen: make([]time.Duration, n.viewers)}
		n.send(n.clients[k%len(n.clients)], r.post(ctx, path, form), w, k%2 == 1, entrySeat(k, n.players))
	}
}

// next is n's k-th write: where it posts, what, and the event it
// publishes first.
func (n *loadNight) next(k int) (path string, form url.Values, event string) {
	if seat := entrySeat(k, n.players); seat >= 0 {
		// Players are named by id, each the seat they had at the start.
		return fmt.Sprintf("/g/%s/rounds/1/entries/%d", n.slug, seat),
			url.Values{"pips": {strconv.Itoa(1 + k/2%37)}, "open": {"1"}, "version": {cmp.Or(n.versions[seat], "0")}},
			fmt.Sprintf("round-1-entry-%d", seat)
	}
	path, event = fmt.Sprintf("/g/%s/rounds/1/table", n.slug), "round-1-table"
	seq := strconv.Itoa(n.actions)
	form = url.Values{"kind": {"take-back"}, "player": {"1"}, "seq": {seq}}
	if !n.laid {
		d := strconv.Itoa(n.double)
		form = url.Values{"kind": {"play"}, "player": {"1"}, "tile": {d + "-3"}, "on": {d + "-" + d}, "seq": {seq}}
	}
	return path, form, event
}

// entrySeat is the seat the k-th write enters a score for, or -1 for a
// move. Entries go to every seat but 1, whose tile the moves lay and
// take back (a take-back also names seat 1's entry).
func entrySeat(k, players int) int {
	if k%2 == 1 {
		return -1
	}
	seat := k / 2 % (players - 1)
	if seat >= 1 {
		seat++
	}
	return seat
}

// savedVersion is the version an entry's answer shows, sent back with
// the next save of that entry.
var savedVersion = regexp.MustCompile(`name="version" value="(\d+)"`)

// post is form posted to path as htmx posts it from the app's own pages.
func (r *loadRun) post(ctx context.Context, path string, form url.Values) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, r.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

// send sends w's request from client and records when it started and how
// it was answered. A move answered 2xx turns the table: the next move
// takes back the tile it laid, or lays it again. An entry's answer gives
// the version its next save is based on.
func (n *loadNight) send(client *http.Client, req *http.Request, w *loadWrite, move bool, seat int) {
	n.mu.Lock()
	w.start = time.Now()
	n.writes = append(n.writes, w)
	n.mu.Unlock()
	status, body, err := answer(client, req)
	n.mu.Lock()
	defer n.mu.Unlock()
	w.response = time.Since(w.start)
	w.status = status
	w.failed = err != nil || status < 200 || status > 299
	switch {
	case w.failed:
	case move:
		n.laid = !n.laid
		n.actions++
	case seat >= 0:
		if m := savedVersion.FindSubmatch(body); m != nil {
			n.versions[seat] = string(m[1])
		}
	}
}

// answer sends req from client and reads the answer to its end; the
// status is 0 when none came.
func answer(client *http.Client, req *http.Request) (status int, body []byte, err error) {
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	body, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, body, err
}

// lastStart is when the last write started.
func (r *loadRun) lastStart() time.Time {
	var last time.Time
	for _, n := range r.nights {
		n.mu.Lock()
		if len(n.writes) > 0 {
			if t := n.writes[len(n.writes)-1].start; t.After(last) {
				last = t
			}
		}
		n.mu.Unlock()
	}
	return last
}

// allSeen reports whether every viewer has seen every write answered.
func (r *loadRun) allSeen() bool {
	for _, n := range r.nights {
		n.mu.Lock()
		for _, w := range n.writes {
			if !w.failed && slices.Contains(w.seen, 0) {
				n.mu.Unlock()
				return false
			}
		}
		n.mu.Unlock()
	}
	return true
}
