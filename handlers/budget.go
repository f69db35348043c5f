package handlers

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// A budget lets each network (an IPv4 address, or an IPv6 /64: see
// networkOf) do something burst times at once and then rate times a
// second. It is for what costs the server something a script could ask
// for without end: ids remembered for new browsers, live streams opened.
type budget struct {
	rate  rate.Limit
	burst int
	mu    sync.Mutex
	nets  map[string]*rate.Limiter
}

func newBudget(perSecond float64, burst int) *budget {
	return &budget{rate: rate.Limit(perSecond), burst: burst, nets: map[string]*rate.Limiter{}}
}

// budgetNetworks is how many networks a budget tracks before it lets go
// of those whose budget is whole again.
const budgetNetworks = 4096

// allow spends one of network's budget at now, if it has one left.
func (b *budget) allow(network string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	l := b.nets[network]
	if l == nil {
		if len(b.nets) >= budgetNetworks {
			b.sweep(now)
		}
		l = rate.NewLimiter(b.rate, b.burst)
		b.nets[network] = l
	}
	return l.AllowN(now, 1)
}

// sweep forgets the networks whose budget is whole again: forgetting
// them gives them nothing they would not have.
func (b *budget) sweep(now time.Time) {
	for n, l := range b.nets {
		if l.TokensAt(now) >= float64(b.burst) {
			delete(b.nets, n)
		}
	}
}
