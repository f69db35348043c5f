package handlers

import (
	"net/http"
	"strconv"
	"testing"
	"time"
)

// TestPassphraseTriesPerNetwork: wrong passphrases are counted per
// network: an IPv4 address, or an IPv6 /64, which one home or phone gets
// whole, so a guesser can't take a fresh address of it for each try.
func TestPassphraseTriesPerNetwork(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase, BehindProxy: true})
	for i := 1; i <= 5; i++ {
		expect(t, "wrong try "+itoa(i), a.tryPassphrase("wrong", "/", "2001:db8:1:2::"+strconv.Itoa(i)), http.StatusForbidden)
	}
	for _, addr := range []string{"2001:db8:1:2::99", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::1"} {
		expectProblem(t, "the same /64 from "+addr, a.tryPassphrase("wrong", "/", addr), http.StatusTooManyRequests,
			say("unlock.wait", map[string]any{"N": 60}))
	}
	expect(t, "the next /64", a.tryPassphrase("wrong", "/", "2001:db8:1:3::1"), http.StatusForbidden)
	for i := 1; i <= 5; i++ {
		expect(t, "IPv4 wrong try "+itoa(i), a.tryPassphrase("wrong", "/", "203.0.113.5"), http.StatusForbidden)
	}
	expect(t, "the same IPv4 address", a.tryPassphrase("wrong", "/", "203.0.113.5"), http.StatusTooManyRequests)
	expect(t, "the same IPv4 address as IPv6", a.tryPassphrase("wrong", "/", "::ffff:203.0.113.5"), http.StatusTooManyRequests)
	expect(t, "the next IPv4 address", a.tryPassphrase("wrong", "/", "203.0.113.6"), http.StatusForbidden)
}

// TestPassphraseOverallBudget: past the overall budget of wrong tries,
// a try from a network the app does not know is refused unchecked, right
// or wrong, so many addresses guess no faster than a few. The table is
// not locked out of its own app: a try is still checked from the local
// network, from a network where the passphrase was typed right before,
// and from one an unlocked browser is using.
func TestPassphraseOverallBudget(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, nil, Config{Passphrase: passphrase, BehindProxy: true})
	expect(t, "the host unlocks from home", a.tryPassphrase(passphrase, "/", "198.51.100.7"), http.StatusSeeOther)
	for n := 0; n < overallTries; n++ {
		addr := "2001:db8:" + strconv.Itoa(n/triesPerNetwork+10) + "::1"
		expect(t, "wrong try "+itoa(n+1)+" from "+addr, a.tryPassphrase("wrong", "/", addr), http.StatusForbidden)
	}
	for _, typed := range []string{"wrong", passphrase} {
		r := a.anotherBrowser().tryPassphrase(typed, "/", "192.0.2.50")
		expectProblem(t, "a fresh network past the overall budget", r, http.StatusTooManyRequests,
			say("unlock.busy", map[string]any{"N": int(overallEvery / time.Second)}))
		if cookieSet(r) != nil {
			t.Fatal("a try refused unchecked set the unlock cookie")
		}
	}
	for _, addr := range []string{"192.168.1.23", "fd00::23", "127.0.0.1", "198.51.100.7"} {
		if r := a.anotherBrowser().tryPassphrase(passphrase, "/", addr); r.code != http.StatusSeeOther || cookieSet(r) == nil {
			t.Errorf("the right passphrase from %s past the overall budget = %d, want 303 and unlocked", addr, r.code)
		}
	}
	expect(t, "a wrong one from the host's network is checked", a.tryPassphrase("wrong", "/", "198.51.100.7"), http.StatusForbidden)

	// The host's unlocked phone on another network vouches for it.
	host := a.anotherBrowser()
	expect(t, "the host unlocks on the LAN", host.tryPassphrase(passphrase, "/", "192.168.1.9"), http.StatusSeeOther)
	expect(t, "a guest's phone on the café's network", a.anotherBrowser().tryPassphrase(passphrase, "/", "192.0.2.77"), http.StatusTooManyRequests)
	req, _ := http.NewRequest(http.MethodGet, a.server.URL+"/", nil)
	req.Header.Set("X-Forwarded-For", "192.0.2.77")
	expect(t, "the host's phone opens home from the café", host.do(req), http.StatusOK)
	expect(t, "then the guest's phone on the café's network", a.anotherBrowser().tryPassphrase(passphrase, "/", "192.0.2.77"), http.StatusSeeOther)
}

func TestNetworkOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr, network string
		local         bool
	}{
		{"203.0.113.5", "203.0.113.5", false},
		{"::ffff:203.0.113.5", "203.0.113.5", false},
		{"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64", false},
		{"192.168.1.20", "192.168.1.20", true},
		{"10.0.0.2", "10.0.0.2", true},
		{"127.0.0.1", "127.0.0.1", true},
		{"::1", "::/64", true},
		{"fd12:3456::9", "fd12:3456::/64", true},
		{"fe80::1", "fe80::/64", true},
		{"100.64.0.1", "100.64.0.1", false}, // a carrier's shared addresses are not the table's
		{"not an address", "not an address", false},
	} {
		if network, local := networkOf(c.addr); network != c.network || local != c.local {
			t.Errorf("networkOf(%q) = %q, %v, want %q, %v", c.addr, network, local, c.network, c.local)
		}
	}
}

// TestTriesPastTheBudgetLeaveNothing: once the overall budget is spent,
// tries from fresh networks are refused without being kept, so many
// addresses can't grow the counts without bound.
func TestTriesPastTheBudgetLeaveNothing(t *testing.T) {
	t.Parallel()
	tr := newTries()
	now := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	for n := 0; n < overallTries; n++ {
		if _, wait, _ := tr.take("2001:db8:"+strconv.Itoa(n/triesPerNetwork+10)+"::1", now); wait > 0 {
			t.Fatalf("try %d refused within the overall budget", n+1)
		}
	}
	kept := len(tr.by)
	for n := range 1000 {
		if _, wait, overall := tr.take("2001:db8:ffff:"+strconv.FormatInt(int64(n), 16)+"::1", now); wait <= 0 || !overall {
			t.Fatalf("a fresh network past the overall budget: wait %v, overall %v, want refused by the overall budget", wait, overall)
		}
	}
	if len(tr.by) != kept {
		t.Fatalf("%d networks counted after 1000 refused tries, want still %d", len(tr.by), kept)
	}
	if _, wait, _ := tr.take("2001:db8:ffff:1::1", now.Add(overallEvery)); wait > 0 {
		t.Fatalf("a try once the overall budget refilled was refused for %v", wait)
	}
}
