package handlers

import (
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Wrong passphrases are budgeted twice (docs/DEPLOY.md explains why):
//
//   - per network, an IPv4 address or an IPv6 /64 (what one home or phone
//     gets whole): triesPerNetwork at once, then one each networkEvery;
//   - overall, every network's wrong tries together: overallTries at
//     once, then one each overallEvery, so that a guesser with many
//     addresses guesses no faster than a few.
//
// Once the overall budget is spent, a try is checked only from a network
// the table is known to use, still within that network's own budget: the
// local network (the host's Wi-Fi), a network where the passphrase was
// typed right, or one where an unlocked browser is. Any other try is
// refused unchecked, right or wrong, until the budget refills. So an
// attacker can slow strangers' first unlock, but never lock the table
// out, and brute force stays at about one guess a minute.
const (
	triesPerNetwork = 5
	networkEvery    = time.Minute
	overallTries    = 60
	overallEvery    = time.Minute
	// knownFor is how long a network the table used stays known, and
	// knownMost how many are kept (the oldest go first).
	knownFor  = 30 * 24 * time.Hour
	knownMost = 4096
)

// tries counts wrong passphrases per network and overall, and knows the
// networks the table uses.
type tries struct {
	mu      sync.Mutex
	by      map[string]*rate.Limiter // per network
	overall *rate.Limiter
	known   map[string]time.Time // network → when last seen using the app unlocked
	swept   time.Time
}

func newTries() *tries {
	return &tries{by: map[string]*rate.Limiter{}, known: map[string]time.Time{},
		overall: rate.NewLimiter(rate.Every(overallEvery), overallTries)}
}

// A try is one passphrase being checked. It costs one of its network's
// tries and, while there are any, one of the overall ones, unless given
// back.
type try struct {
	t       *tries
	network string
	r, all  *rate.Reservation // all is nil when the overall budget was spent
	now     time.Time
}

// give hands the try back, the passphrase being right, and remembers the
// network as the table's.
func (y try) give() {
	y.r.CancelAt(y.now)
	if y.all != nil {
		y.all.CancelAt(y.now)
	}
	y.t.know(y.network, y.now)
}

// take takes one try for addr at now, or says how long to wait for the
// next and whether the overall budget is what is spent (and takes
// nothing).
func (t *tries) take(addr string, now time.Time) (y try, wait time.Duration, overall bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sweep(now)
	network, local := networkOf(addr)
	lim := t.by[network]
	if lim != nil && lim.TokensAt(now) < 1 {
		r := lim.ReserveN(now, 1)
		defer r.CancelAt(now)
		return try{}, r.DelayFrom(now), false
	}
	all := t.overall.ReserveN(now, 1)
	if wait := all.DelayFrom(now); wait > 0 {
		all.CancelAt(now)
		if _, known := t.known[network]; !local && !known {
			return try{}, wait, true
		}
		all = nil
	}
	// Only now is a network counted: past the overall budget, a stranger's
	// tries leave nothing behind, however many addresses they come from.
	if lim == nil {
		lim = rate.NewLimiter(rate.Every(networkEvery), triesPerNetwork)
		t.by[network] = lim
	}
	return try{t: t, network: network, r: lim.ReserveN(now, 1), all: all, now: now}, 0, false
}

// know remembers that the table uses addr's network at now.
func (t *tries) know(addr string, now time.Time) {
	network, local := networkOf(addr)
	if local {
		return // always known
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.known[network]; !ok && len(t.known) >= knownMost {
		oldest, at := "", now
		for n, seen := range t.known {
			if seen.Before(at) {
				oldest, at = n, seen
			}
		}
		delete(t.known, oldest)
	}
	t.known[network] = now
}

// sweep forgets, now and then, the networks whose tries have all come
// back, and those the table has not used for long.
func (t *tries) sweep(now time.Time) {
	if now.Sub(t.swept) < 10*time.Minute {
		return
	}
	for network, lim := range t.by {
		if lim.TokensAt(now) >= triesPerNetwork {
			delete(t.by, network)
		}
	}
	for network, seen := range t.known {
		if now.Sub(seen) > knownFor {
			delete(t.known, network)
		}
	}
	t.swept = now
}

// networkOf is the network addr is counted in: an IPv4 address, or the
// /64 of an IPv6 one; local says it is this machine's or the local
// network's (loopback, private or link-local).
func networkOf(addr string) (network string, local bool) {
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr, false
	}
	local = ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast()
	if v4 := ip.To4(); v4 != nil {
		return v4.String(), local
	}
	return (&net.IPNet{IP: ip.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String(), local
}
