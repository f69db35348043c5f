package main

import (
	"fmt"
	"net"
	"net/http"
	"time"
)

// clientIP is the n-th client address of a kind (1 viewers, 2 writers):
// 127.kind.x.y, y from 1 to loadPerOctet.
func clientIP(kind, n int) net.IP {
	return net.IPv4(127, byte(kind), byte(n/loadPerOctet), byte(n%loadPerOctet+1))
}

// checkSources dials the server once from every client address, so a
// machine that cannot use them is told before anything is measured.
func (r *loadRun) checkSources(server string) error {
	for i := range r.cfg.viewers {
		if err := dialFrom(clientIP(1, i), server); err != nil {
			return err
		}
	}
	for i := range r.cfg.nights * writersPerNight(r.cfg) {
		if err := dialFrom(clientIP(2, i), server); err != nil {
			return err
		}
	}
	return nil
}

// dialFrom dials server from the address ip and hangs up.
func dialFrom(ip net.IP, server string) error {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", server)
	if err != nil {
		return errSetup{fmt.Errorf("cannot dial from loopback address %s: %v\n"+
			"Each viewer and writer dials from its own 127.x.x.x address so that the server's limits per address stay on; "+
			"this needs all of 127.0.0.0/8 routed to the loopback device, as Linux does", ip, err)}
	}
	return c.Close()
}

// loadTransport is one client's connections, all dialled from ip.
func loadTransport(ip net.IP) *http.Transport {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	return &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 1, IdleConnTimeout: time.Minute,
		ResponseHeaderTimeout: 30 * time.Second}
}
