package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// newGroupNight starts a table of friends and a night of it, and returns
// the table's path and the night's.
func (a *testApp) newGroupNight() (group, night string) {
	a.t.Helper()
	r := a.post("/groups", form("name", "Friday club"))
	expect(a.t, "new table", r, http.StatusSeeOther)
	group = r.header.Get("Location")
	r = a.post("/games", form("name", "First", "date", "2026-11-20", "players", "Ann\nBob", "set", "6", "group", strings.TrimPrefix(group, "/t/")))
	expect(a.t, "the table's first night", r, http.StatusSeeOther)
	return group, r.header.Get("Location")
}

// TestWebExportsHoldNoGroupLink: the game page never shows the table of
// friends' link, so no archive a page offers holds it: not a night's
// through its edit link, nor the table's own. The table's name stays, so
// an import puts the nights in a table of that name, with a link of its
// own.
func TestWebExportsHoldNoGroupLink(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	group, night := a.newGroupNight()
	slug := strings.TrimPrefix(group, "/t/")
	if strings.Contains(a.get(night).body, slug) {
		t.Fatal("the game page shows the table's link")
	}
	for _, path := range []string{night + "/export.json", night + "/export.csv", group + "/export.json", group + "/export.csv"} {
		r := a.get(path)
		if r.code != http.StatusOK || strings.Contains(r.body, slug) {
			t.Errorf("GET %s = %d, holds the table's link: %v", path, r.code, strings.Contains(r.body, slug))
		}
		if strings.HasSuffix(path, ".json") && !strings.Contains(r.body, `"name": "Friday club"`) {
			t.Errorf("GET %s: the table's name is gone:\n%s", path, r.body)
		}
	}
}

// TestRenewingTheGroupLink: the table's page makes a new link for it; the
// old one stops at once and leaves the home page of every browser that
// had it, while the browser that renewed it keeps the table.
func TestRenewingTheGroupLink(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	group, night := a.newGroupNight()
	friend := a.stranger()
	expect(t, "a friend opens the table", friend.get(group), http.StatusOK)
	expectTestID(t, "the friend's home", friend.get("/"), http.StatusOK, "group-link", "")

	renew := expectTestID(t, "the table's page", a.get(group), http.StatusOK, "renew-group-link", "")
	if got := renew.up("form").attr("action"); got != group+"/link" {
		t.Fatalf("the renew button posts to %q, want %q", got, group+"/link")
	}
	r := a.post(group+"/link", nil)
	expect(t, "renew the table's link", r, http.StatusSeeOther)
	back := strings.Split(r.header.Get("Location"), "#")[0]
	fresh := strings.Split(back, "?")[0]
	if fresh == group || !strings.HasPrefix(fresh, "/t/") {
		t.Fatalf("renewing sent the host to %q", fresh)
	}
	expectTestID(t, "the new link", a.get(back), http.StatusOK, "flash", say("renewed.group", nil))
	for _, path := range []string{group, group + "/export.json"} {
		expectProblem(t, "the old link: GET "+path, friend.get(path), http.StatusNotFound, say("not-found", nil))
	}
	expect(t, "the old link can't start a night", friend.post(group+"/again", form("form", "again-old")), http.StatusNotFound)
	expectNoTestID(t, "the friend's home after the renewal", friend.get("/"), "group-link")
	if got := expectTestID(t, "the host's home", a.get("/"), http.StatusOK, "group-link", "").attr("href"); got != fresh {
		t.Fatalf("the host's home links the table at %q, want %q", got, fresh)
	}
	if got := a.sheet(night).Game.GroupID; got == 0 {
		t.Fatal("the night left its table when the link was renewed")
	}
	expectTestID(t, "the table under its new link", a.get(fresh), http.StatusOK, "group-name", "Friday club")
}

// TestGroupActionsRespectThePassphrase: with a passphrase, a table's link
// still shows its page, but starting a night, renaming or merging its
// players and renewing its link are for unlocked browsers only.
func TestGroupActionsRespectThePassphrase(t *testing.T) {
	t.Parallel()
	host := newAppWith(t, nil, Config{Passphrase: passphrase})
	expect(t, "the host unlocks", host.tryPassphrase(passphrase, "/", ""), http.StatusSeeOther)
	group, night := host.newGroupNight()
	expect(t, "a score", host.post(night+"/rounds/1/entries/0", form("pips", "5")), http.StatusSeeOther)
	guest := host.anotherBrowser()
	expect(t, "a guest opens the table's link", guest.get(group), http.StatusOK)
	ann := attrOf(guest.get(group).testid("player-link")[0], "href")
	bob := attrOf(guest.get(group).testid("player-link")[1], "href")
	for path, f := range map[string]map[string][]string{
		group + "/again": form("form", "again-guest"),
		group + "/link":  nil,
		ann + "/rename":  form("name", "Mallory"),
		ann + "/merge":   form("into", bob[strings.LastIndex(bob, "/")+1:]),
	} {
		r := guest.post(path, f)
		if r.code != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/unlock?next=") {
			t.Errorf("a locked POST %s = %d to %q, want 303 to the unlock page", path, r.code, r.header.Get("Location"))
		}
		if want := "/unlock?next=" + strings.ReplaceAll(group, "/", "%2F"); r.header.Get("Location") != want && path == group+"/again" {
			t.Errorf("a locked POST %s comes back to %q, want %q", path, r.header.Get("Location"), want)
		}
	}
	expect(t, "the table's link still works", guest.get(group), http.StatusOK)
	if sh := host.sheet(night); sh.Players[0] != "Ann" {
		t.Fatalf("a locked browser renamed Ann to %q", sh.Players[0])
	}
	if n := len(host.gameSlugs()); n != 1 {
		t.Fatalf("a locked browser started a night: %d nights", n)
	}
	expect(t, "an unlocked browser renames", host.post(ann+"/rename", form("name", "Annie")), http.StatusSeeOther)
	expect(t, "an unlocked browser starts a night", host.post(group+"/again", form("form", "again-host")), http.StatusSeeOther)
}
