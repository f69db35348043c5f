package handlers

import (
	"crypto/rand"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The hub passes what changed in a game night to every phone following it.
// An event names a part of the game ("sheet", "round-2-entry-1"); it
// carries no HTML, so each phone fetches the part again as its own link
// shows it. Events are numbered by one counter for the whole server, so
// each game's ids only grow; an id also carries the server's run, so a
// phone that comes back after a restart is told to fetch everything again.

// ringSize is how many of its latest events each game keeps for phones
// that come back from a short drop-out.
const ringSize = 64

// A game's feed with nobody following it is put away once it has been
// quiet for feedIdle: only the id of its latest event is kept, so a server
// that runs for months holds a number per game, not a ring of events. A
// phone that comes back to a game put away, with an id older than that
// event, fetches everything again. The hub looks for quiet feeds at most
// once per sweepEvery.
const (
	feedIdle   = 10 * time.Minute
	sweepEvery = time.Minute
)

// subscriberBuffer is how many events wait for a slow phone before it is
// told to fetch everything again instead.
const subscriberBuffer = 16

// event is one change, numbered.
type event struct {
	seq  uint64
	name string
}

// hub keeps each game's latest events and who follows each game, and
// counts each client's streams.
type hub struct {
	run string // this server run, in every id

	mu      sync.Mutex
	seq     uint64
	games   map[int64]*feed
	clients map[string]int // open streams by network
	// following counts the open streams by game, streams all of them.
	following map[int64]int
	streams   int
	latest    map[int64]uint64 // each put-away game's latest event (see feedIdle)
	clock     func() time.Time
	swept     time.Time
}

// feed is one game's latest events and followers.
type feed struct {
	ring    []event // oldest first, at most ringSize
	evicted uint64  // the newest seq dropped from the ring
	subs    map[*subscriber]struct{}
	used    time.Time // its latest event, or when its last follower left
}

// subscriber is one open stream.
type subscriber struct {
	ch     chan event
	lagged atomic.Bool   // an event did not fit: fetch everything again
	gone   chan struct{} // closed when the game's links change or it is deleted
}

func newHub() *hub {
	return &hub{run: strings.ToLower(rand.Text()[:6]), games: map[int64]*feed{}, clients: map[string]int{}, following: map[int64]int{},
		latest: map[int64]uint64{}, clock: time.Now}
}

// id is the text of an event id: the run and the sequence number.
func (h *hub) id(seq uint64) string { return h.run + "-" + strconv.FormatUint(seq, 10) }

// now is the id of the latest event of any game: a page read after it
// has seen every change up to it.
func (h *hub) now() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.id(h.seq)
}

// publish numbers the events of game and hands them to its followers. It
// never waits: a follower whose buffer is full is marked to fetch
// everything again.
func (h *hub) publish(game int64, names ...string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.feed(game)
	f.used = h.clock()
	for _, name := range names {
		h.seq++
		ev := event{seq: h.seq, name: name}
		if len(f.ring) == ringSize {
			f.evicted = f.ring[0].seq
			f.ring = append(f.ring[:0], f.ring[1:]...)
		}
		f.ring = append(f.ring, ev)
		for s := range f.subs {
			select {
			case s.ch <- ev:
			default:
				s.lagged.Store(true)
			}
		}
	}
}

// feed is game's feed, taken out again if it was put away, or new.
func (h *hub) feed(game int64) *feed {
	h.sweep()
	f := h.games[game]
	if f == nil {
		f = &feed{subs: map[*subscriber]struct{}{}, evicted: h.latest[game], used: h.clock()}
		delete(h.latest, game)
		h.games[game] = f
	}
	return f
}

// sweep puts away the feeds nobody has followed or changed for feedIdle.
func (h *hub) sweep() {
	now := h.clock()
	if now.Sub(h.swept) < sweepEvery {
		return
	}
	h.swept = now
	for game, f := range h.games {
		if len(f.subs) == 0 && now.Sub(f.used) >= feedIdle {
			h.putAway(game, f)
		}
	}
}

// putAway forgets f's events but the id of its latest.
func (h *hub) putAway(game int64, f *feed) {
	last := f.evicted
	if len(f.ring) > 0 {
		last = f.ring[len(f.ring)-1].seq
	}
	if last > 0 {
		h.latest[game] = last
	}
	delete(h.games, game)
}

// catchUp is what a stream sends first: the events missed since the id
// it came back with, or, when those are gone, one refresh.
type catchUp struct {
	missed  []event
	refresh bool
	at      string // the id of the refresh
}

// subscribe follows game from the id last (empty for a new page that
// read no id), and says what was missed; nothing can be published
// between the two.
func (h *hub) subscribe(game int64, last string) (*subscriber, catchUp) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.feed(game)
	s := &subscriber{ch: make(chan event, subscriberBuffer), gone: make(chan struct{})}
	f.subs[s] = struct{}{}
	if last == "" {
		return s, catchUp{}
	}
	seq, ok := h.parse(last)
	if !ok || seq < f.evicted {
		return s, catchUp{refresh: true, at: h.id(h.seq)}
	}
	return s, catchUp{missed: coalesce(f.ring, seq)}
}

// parse reads an id of this run no later than the latest.
func (h *hub) parse(id string) (uint64, bool) {
	run, n, ok := strings.Cut(id, "-")
	seq, err := strconv.ParseUint(n, 10, 64)
	if !ok || run != h.run || err != nil || seq > h.seq {
		return 0, false
	}
	return seq, true
}

// coalesce lists the events of ring after seq, each name once at its
// latest: fetching a part once brings it up to date.
func coalesce(ring []event, seq uint64) []event {
	latest := map[string]uint64{}
	for _, ev := range ring {
		if ev.seq > seq {
			latest[ev.name] = ev.seq
		}
	}
	var out []event
	for _, ev := range ring {
		if ev.seq > seq && latest[ev.name] == ev.seq {
			out = append(out, ev)
		}
	}
	return out
}

// drop ends every stream of game and puts its events away: a link of it
// was renewed, or it was deleted, so each phone must ask again by its own
// link (an old one is refused), and one that comes back with an id from
// before fetches everything again.
func (h *hub) drop(game int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.games[game]; f != nil {
		for s := range f.subs {
			close(s.gone)
		}
		h.putAway(game, f)
	}
}

// unsubscribe stops following.
func (h *hub) unsubscribe(game int64, s *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.games[game]; f != nil {
		delete(f.subs, s)
		if len(f.subs) == 0 {
			f.used = h.clock()
		}
	}
}

// streamLimits caps the live streams open at once: from one network,
// to one game night, and in all.
type streamLimits struct{ network, game, all int }

// A refusal of a stream: by whom it is capped.
type streamCap int

const (
	streamAdmitted streamCap = iota
	networkFull              // the network has its most
	serverFull               // the game night, or the server, has its most
)

// admit counts one more stream from network to game, unless a limit is
// reached.
func (h *hub) admit(network string, game int64, lim streamLimits) streamCap {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.clients[network] >= lim.network:
		return networkFull
	case h.following[game] >= lim.game || h.streams >= lim.all:
		return serverFull
	}
	h.clients[network]++
	h.following[game]++
	h.streams++
	return streamAdmitted
}

// leave counts one stream from network to game less.
func (h *hub) leave(network string, game int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.clients[network]--; h.clients[network] <= 0 {
		delete(h.clients, network)
	}
	if h.following[game]--; h.following[game] <= 0 {
		delete(h.following, game)
	}
	h.streams--
}
