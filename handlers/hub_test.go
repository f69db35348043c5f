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

// TestHubClients: a network's streams are counted until each leaves.
func TestHubClients(t *testing.T) {
	t.Parallel()
	h := newHub()
	lim := streamLimits{network: 2, game: 100, all: 100}
	for i, want := range []streamCap{streamAdmitted, streamAdmitted, networkFull} {
		if got := h.admit("a", 1, lim); got != want {
			t.Fatalf("admit(a) #%d = %v, want %v", i+1, got, want)
		}
	}
	if h.admit("b", 1, lim) != streamAdmitted {
		t.Fatal("admit(b) refused: b is counted apart from a")
	}
	h.leave("a", 1)
	if h.admit("a", 1, lim) != streamAdmitted {
		t.Fatal("admit after leave: refused, want admitted")
	}
}

// TestHubPutsAwayQuietFeeds: a game nobody follows is reduced to the id of
// its latest event once quiet; a phone coming back to it with an older id
// fetches everything, one up to date fetches nothing, and a followed game
// is never put away.
func TestHubPutsAwayQuietFeeds(t *testing.T) {
	t.Parallel()
	h := newHub()
	now := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	h.clock = func() time.Time { return now }
	seen := h.now()
	h.publish(1, "sheet", "round-1")
	upToDate := h.now()
	watcher, _ := h.subscribe(2, "")
	h.publish(2, "sheet")
	now = now.Add(feedIdle + sweepEvery)
	h.publish(3, "sheet") // any use of the hub looks for quiet feeds
	h.mu.Lock()
	_, kept1 := h.games[1]
	_, kept2 := h.games[2]
	latest := h.latest[1]
	h.mu.Unlock()
	if kept1 || !kept2 {
		t.Fatalf("after %v quiet: game 1 kept %v (nobody follows it), game 2 kept %v (followed); want false, true", feedIdle, kept1, kept2)
	}
	if want, _ := h.parse(upToDate); latest != want {
		t.Fatalf("game 1 put away with latest event %d, want %d", latest, want)
	}
	if _, got := h.subscribe(1, seen); !got.refresh {
		t.Errorf("coming back to a put-away game from before its latest event: %+v, want a refresh", got)
	}
	if _, got := h.subscribe(1, upToDate); got.refresh || len(got.missed) != 0 {
		t.Errorf("coming back up to date: %+v, want nothing to fetch", got)
	}

	h.unsubscribe(2, watcher)
	now = now.Add(feedIdle + sweepEvery)
	h.publish(3, "sheet")
	h.mu.Lock()
	_, kept2 = h.games[2]
	h.mu.Unlock()
	if kept2 {
		t.Error("game 2 kept after its last follower left and it was quiet, want put away")
	}
}

// TestHubDropThenComeBack: after a game's streams are ended (a link
// renewed), a phone with an id from before is told to fetch everything.
func TestHubDropThenComeBack(t *testing.T) {
	t.Parallel()
	h := newHub()
	before := h.now()
	h.publish(1, "sheet")
	h.drop(1)
	if _, got := h.subscribe(1, before); !got.refresh {
		t.Errorf("subscribe after drop with an older id: %+v, want a refresh", got)
	}
}
