package handlers

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"chickenfoot/db/app"
)

// TestCrossOriginOnEveryRoute walks every route that changes state and
// proves a request another site sent (by Sec-Fetch-Site, or with no such
// header by a foreign Origin) is refused and writes nothing, while the
// app's own pages and scripts that send neither header get through.
func TestCrossOriginOnEveryRoute(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	slug := strings.TrimPrefix(g, "/g/")
	params := strings.NewReplacer(":slug", slug, ":n", "1", ":player", "0")
	good := form("pips", "5", "setter", "0", "double", "6", "players", "Ann\nBob", "set", "6", "date", "2026-11-28")
	foreign := []struct {
		name   string
		header map[string]string
	}{
		{"another site", map[string]string{"Sec-Fetch-Site": "cross-site"}},
		{"a sibling site", map[string]string{"Sec-Fetch-Site": "same-site"}},
		{"a foreign Origin alone", map[string]string{"Origin": "https://evil.example"}},
		{"a foreign Origin with a same-origin claim missing", map[string]string{"Origin": "http://evil.example:8080", "Referer": a.server.URL + "/"}},
	}
	checked := 0
	for _, route := range a.echo.Routes() {
		if route.Method == http.MethodGet || route.Method == http.MethodHead || strings.HasPrefix(route.Path, "/static") {
			continue
		}
		checked++
		for _, c := range foreign {
			req, _ := http.NewRequest(route.Method, a.server.URL+params.Replace(route.Path), strings.NewReader(good.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			if r := a.do(req); r.code != http.StatusForbidden {
				t.Errorf("%s %s from %s: status %d, want 403", route.Method, route.Path, c.name, r.code)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d state-changing routes found", checked)
	}
	sh := a.sheet(g)
	if len(sh.History) != 0 || sh.Rounds[0].Setter != -1 || len(a.gameSlugs()) != 1 {
		t.Fatal("a cross-origin request wrote to the database")
	}
	expect(t, "from the page", a.post(g+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	expect(t, "same-origin fetch", a.postHTMX(g+"/rounds/1/entries/1", form("pips", "5")), http.StatusOK)
	undo := form("version", strconv.FormatInt(a.sheet(g).RoundVersion(1), 10)).Encode()
	req, _ := http.NewRequest(http.MethodPost, a.server.URL+g+"/rounds/1/undo", strings.NewReader(undo))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", a.server.URL)
	expect(t, "same Origin", a.do(req), http.StatusSeeOther)
}

// gameSlugs lists the edit links of the games kept, oldest first.
func (a *testApp) gameSlugs() []string {
	a.t.Helper()
	all, err := a.store.ExportAll(context.Background())
	if err != nil {
		a.t.Fatal(err)
	}
	var out []string
	for _, n := range all.Nights {
		out = append(out, n.Link)
	}
	return out
}

// inline finds what a Content-Security-Policy without 'unsafe-inline'
// blocks: scripts without a src, style elements and attributes, and event
// handler attributes.
func inline(r response) []string {
	var out []string
	for _, e := range r.doc().find(func(*html.Node) bool { return true }) {
		if _, src := attr(e, "src"); e.Data == "script" && !src || e.Data == "style" {
			out = append(out, "<"+e.Data+">")
		}
		for _, a := range e.Attr {
			if a.Key == "style" || strings.HasPrefix(a.Key, "on") {
				out = append(out, e.Data+" "+a.Key+"="+a.Val)
			}
		}
	}
	return out
}

func TestPagesAndHeaders(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	pages := []string{"/", "/new", g, g + "/rounds/1", g + "/rounds/1/entries/0/tiles", "/nope", g + "/rounds/9"}
	for _, p := range pages {
		r := a.get(p)
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s: Content-Security-Policy %q", p, csp)
		}
		if r.header.Get("X-Frame-Options") != "DENY" || r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: missing frame or sniffing headers: %v", p, r.header)
		}
		if scripts := r.doc().tag("script"); len(scripts) == 0 {
			t.Errorf("GET %s: no scripts found; is it a page?", p)
		}
		if found := inline(r); len(found) > 0 {
			t.Errorf("GET %s: inline script, style or handler: %q", p, found)
		}
	}
	expectProblem(t, "unknown game", a.get("/g/nope"), http.StatusNotFound, worded(app.NotFound("game")))
	expect(t, "unknown round", a.get(g+"/rounds/9"), http.StatusNotFound)
	expect(t, "round zero", a.get(g+"/rounds/0"), http.StatusNotFound)
	expect(t, "unknown seat", a.post(g+"/rounds/1/entries/5", form("pips", "3")), http.StatusNotFound)
	expect(t, "healthz", a.get("/healthz"), http.StatusOK, "ok")
	big := form("pips", strings.Repeat("9", 100_000))
	expect(t, "body limit", a.post(g+"/rounds/1/entries/0", big), http.StatusRequestEntityTooLarge)
	expect(t, "static", a.get("/static/app.css"), http.StatusOK, "--felt")
	expect(t, "manifest", a.get("/manifest/en"), http.StatusOK, `"display": "standalone"`, "icon-512.")
}

// TestFirstLoadWeight checks that the first visit transfers under 44 KB
// with gzip: the page and everything it loads, the script that keeps
// changes made offline included.
func TestFirstLoadWeight(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	total := 0
	for _, p := range []string{"/", "/static/app.css", "/static/app.js", "/static/htmx-2.0.11.min.js", "/static/icon.svg", "/manifest/en"} {
		req, _ := http.NewRequest(http.MethodGet, a.server.URL+p, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if len(b) > 4096 && resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: %d bytes sent without gzip", p, len(b))
		}
		total += len(b)
	}
	if total >= 44*1024 {
		t.Fatalf("first load transfers %d bytes, want under 44 KB", total)
	}
	t.Logf("first load: %d bytes gzip", total)
}

// TestCutShortBody: a post whose body ends before its Content-Length
// says is refused with 400 and writes nothing.
func TestCutShortBody(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	addr := strings.TrimPrefix(a.server.URL, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := "pips=12"
	fmt.Fprintf(conn, "POST %s/rounds/1/entries/0 HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
		"Content-Length: %d\r\n\r\n%s", g, addr, len(body)+20, body)
	conn.(*net.TCPConn).CloseWrite()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a cut-short body: status %d, want 400: %.300s", resp.StatusCode, b)
	}
	if sh := a.sheet(g); sh.Rounds[0].Entries[0] != nil || len(sh.History) != 0 {
		t.Fatal("a cut-short body wrote an entry")
	}
}
