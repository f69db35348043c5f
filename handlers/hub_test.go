package handlers

import (
	"slices"
	"testing"
	"time"
)

// TestHubSlowSubscriber: a follower that stops reading never holds up a
// publisher; it is marked to fetch everything again.
func TestHubSlowSubscriber(t *testing.T) {
	t.Parallel()
	h := newHub()
	slow, _ := h.subscribe(1, "")
	done := make(chan struct{})
	go func() {
		for range 10 * subscriberBuffer {
			h.publish(1, "sheet")
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("publish waited for a follower that does not read")
	}
	if !slow.lagged.Load() || len(slow.ch) != subscriberBuffer {
		t.Fatalf("slow follower: lagged %v with %d buffered, want marked with a full buffer", slow.lagged.Load(), len(slow.ch))
	}
}

// TestHubCatchUp: what a follower coming back is sent, by the id it last
// saw.
func TestHubCatchUp(t *testing.T) {
	t.Parallel()
	h := newHub()
	start := h.now()
	h.publish(1, "a", "b")
	mid := h.now()
	h.publish(2, "other game")
	h.publish(1, "a", "c", "a")
	names := func(evs []event) []string {
		var out []string
		for _, ev := range evs {
			out = append(out, ev.name)
		}
		return out
	}
	for _, tc := range []struct {
		last    string
		want    []string
		refresh bool
	}{
		{"", nil, false},
		{start, []string{"b", "c", "a"}, false}, // each name once, at its latest
		{mid, []string{"c", "a"}, false},
		{h.now(), nil, false},
		{"elsewhere-1", nil, true},
		{h.run + "-99", nil, true},
	} {
		_, got := h.subscribe(1, tc.last)
		if !slices.Equal(names(got.missed), tc.want) || got.refresh != tc.refresh {
			t.Errorf("subscribe(1, %q) = %q, refresh %v; want %q, refresh %v", tc.last, names(got.missed), got.refresh, tc.want, tc.refresh)
		}
	}
	for range ringSize {
		h.publish(1, "x")
	}
	if _, got := h.subscribe(1, mid); !got.refresh {
		t.Errorf("subscribe(1, %q) after %d more events: no refresh, want one", mid, ringSize)
	}
}

// TestHubClients: a client's streams are counted until each leaves.
func TestHubClients(t *testing.T) {
	t.Parallel()
	h := newHub()
	for i, want := range []bool{true, true, false} {
		if got := h.admit("a", 2); got != want {
			t.Fatalf("admit(a, 2) #%d = %v, want %v", i+1, got, want)
		}
	}
	if !h.admit("b", 2) {
		t.Fatal("admit(b, 2) = false: b is counted apart from a")
	}
	h.leave("a")
	if !h.admit("a", 2) {
		t.Fatal("admit after leave: refused, want admitted")
	}
}
