package handlers

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"chickenfoot/db/app"
)

// TestStraightCorrections: every line is listed and can be corrected or
// removed on the version the page showed (a stale one is a 409 and saves
// nothing); the totals follow, and when a correction changes who won
// the sheet says so, for htmx and for a plain form alike. The night's
// CSV download has Straight's own columns. The view-only link lists the
// lines without their forms.
func TestStraightCorrections(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight("s_target", "40")
	sh := a.straightSheet(path)
	ann, bob, cy, di := itoa(sh.Game.IDs[0]), itoa(sh.Game.IDs[1]), itoa(sh.Game.IDs[2]), itoa(sh.Game.IDs[3])
	a.postHTMX(path+"/straight/play", form("version", "0", "player", ann, "points", "10"))
	a.postHTMX(path+"/straight/play", form("version", "1", "player", bob, "points", "5"))
	r := a.postHTMX(path+"/straight/end", form("version", "2", "player", bob, "pips-"+ann, "6", "pips-"+cy, "8", "pips-"+di, "3"))
	expect(t, "three lines", r, http.StatusOK, `data-testid="line-1"`, "10 to Ann &amp; Cy", `data-testid="line-3"`, "Bob dominoed: the others held 14")

	r = a.getHTMX(path + "/straight/lines/1")
	expect(t, "line 1's form", r, http.StatusOK, `name="version" value="3"`, `<option value="10" selected>`, `data-testid="fix-save-1"`)
	if strings.Contains(r.body, "<html") {
		t.Fatal("htmx got a whole page for a line's form")
	}
	expect(t, "line 3's page", a.get(path+"/straight/lines/3"), http.StatusOK, "<html", "Correct a line of hand 1", `name="pips-`+cy+`" value="8"`, `value="`+bob+`" checked`)
	expect(t, "no line 4", a.get(path+"/straight/lines/4"), http.StatusNotFound)
	r = a.postHTMX(path+"/straight/lines/1", form("version", "3", "player", ann, "points", "15", "do", "save"))
	expect(t, "line 1 to 15", r, http.StatusOK, "15 to Ann &amp; Cy", "Hand 2: Bob &amp; Di lead by 5")
	r = a.postHTMX(path+"/straight/lines/2", form("version", "3", "player", bob, "points", "10", "do", "save"))
	expect(t, "stale correction", r, http.StatusConflict, "changed meanwhile")
	if got := a.straightSheet(path); got.Version != 4 || got.Marks[1].Points != 5 {
		t.Fatalf("a stale correction saved: version %d, line 2 %+v", got.Version, got.Marks[1])
	}
	r = a.postHTMX(path+"/straight/lines/2", form("version", "4", "do", "remove"))
	expect(t, "remove line 2", r, http.StatusOK, "Hand 2: level at 15")
	if got := a.straightSheet(path); len(got.Marks) != 2 || !got.Marks[1].End {
		t.Fatalf("after the removal: %+v", got.Marks)
	}
	// The end line is now line 2: Ann dominoed, not Bob; Bob and Di held 9 and 12.
	r = a.postHTMX(path+"/straight/lines/2", form("version", "5", "player", ann, "pips-"+bob, "9", "pips-"+cy, "4", "pips-"+di, "12", "do", "save"))
	expect(t, "the end corrected", r, http.StatusOK, "Ann dominoed: the others held 21, 21 → 20 for Ann &amp; Cy", "Hand 2: Ann &amp; Cy lead by 35")
	r = a.postHTMX(path+"/straight/lines/2", form("version", "6", "player", ann, "pips-"+bob, "x", "do", "save"))
	expect(t, "bad spots", r, http.StatusBadRequest, "Bob")
	r = a.postHTMX(path+"/straight/lines/9", form("version", "6", "player", ann, "points", "5", "do", "save"))
	expect(t, "no line 9", r, http.StatusNotFound)

	// Cy's 5 brings Ann & Cy to 40; line 1 back to 10 takes the win back.
	r = a.postHTMX(path+"/straight/play", form("version", "6", "player", cy, "points", "5"))
	expect(t, "the win", r, http.StatusOK, "Ann &amp; Cy win with 40")
	r = a.postHTMX(path+"/straight/lines/1", form("version", "7", "player", ann, "points", "10", "do", "save"))
	expect(t, "the win taken back", r, http.StatusOK, `data-testid="fix-notice"`, "With this correction Ann &amp; Cy have not won after all", `data-testid="keypad"`)
	if got := a.straightSheet(path); got.Winner != -1 || got.Game.Finished() {
		t.Fatalf("after the correction: winner %d, finished %v", got.Winner, got.Game.Finished())
	}
	// A plain form: the page it goes back to says so.
	r = a.post(path+"/straight/lines/1", form("version", "8", "player", ann, "points", "15", "do", "save"))
	expect(t, "plain correction", r, http.StatusSeeOther)
	expect(t, "the page after it", a.get(path), http.StatusOK, "With this correction Ann &amp; Cy reach the target and win", "Ann &amp; Cy win with 40")
	if page := a.get(path); strings.Contains(page.body, `data-testid="fix-notice"`) {
		t.Fatal("the notice shows twice")
	}

	// The night's CSV has Straight's columns, with the corrected line.
	expect(t, "the CSV", a.get(path+"/export.csv"), http.StatusOK, "night,date,hand,line,kind,out,side,points,spots,award,rounded,total,counted,won\n",
		"Hall,2026-11-28,1,1,play,,Ann & Cy,15,,,,15,yes,no", ",3,play,,Ann & Cy,5,,,,40,yes,yes")

	view := "/g/" + a.straightSheet(path).Game.ViewSlug
	page := a.get(view)
	expect(t, "view-only page", page, http.StatusOK, `data-testid="lines"`, `data-testid="line"`, "15 to Ann &amp; Cy")
	if strings.Contains(page.body, "/straight/lines/") {
		t.Fatal("the view-only page offers corrections")
	}
	expect(t, "view-only line form", a.getHTMX(view+"/straight/lines/1"), http.StatusForbidden)
	r = a.postHTMX(view+"/straight/lines/1", form("version", "9", "player", ann, "points", "5", "do", "save"))
	expect(t, "view-only correction", r, http.StatusForbidden)
}

// TestStraightTappedSpots: a hand's spots may be tapped tile by tile
// instead of typed: the tiles' pips are its spots; a tile tapped in two
// hands, one not of a double-6 set, or tiles that disagree with the
// total typed beside them are refused with a sentence, and nothing is
// saved.
func TestStraightTappedSpots(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight()
	sh := a.straightSheet(path)
	ann, bob, cy, di := itoa(sh.Game.IDs[0]), itoa(sh.Game.IDs[1]), itoa(sh.Game.IDs[2]), itoa(sh.Game.IDs[3])
	page := a.get(path)
	expect(t, "the picker", page, http.StatusOK, `data-testid="spot-tiles-`+ann+`"`, `name="tiles-`+ann+`" value="6-6"`, `name="tiles-`+di+`" value="0-0"`, "Tap Ann&#39;s tiles")

	end := func(fields ...string) response {
		f := form("version", "0", "player", bob)
		for i := 0; i+1 < len(fields); i += 2 {
			f.Add(fields[i], fields[i+1])
		}
		return a.postHTMX(path+"/straight/end", f)
	}
	for _, c := range []struct {
		name   string
		fields []string
		says   string
	}{
		{"twice", []string{"tiles-" + ann, "6-6", "tiles-" + cy, "6-6", "pips-" + di, "0"}, "6-6 is tapped in two hands"},
		{"not double-6", []string{"tiles-" + ann, "9-1", "pips-" + cy, "0", "pips-" + di, "0"}, "9-1 is not a tile of a double-6 set"},
		{"disagree", []string{"tiles-" + ann, "6-5", "pips-" + ann, "10", "pips-" + cy, "0", "pips-" + di, "0"}, "hold 11 spots, but 10 is typed"},
	} {
		expect(t, c.name, end(c.fields...), http.StatusBadRequest, c.says)
	}
	if got := a.straightSheet(path); got.Version != 0 {
		t.Fatalf("a refused end saved: version %d", got.Version)
	}
	// Ann holds 6-5 and 1-0 (tapped: 12), Cy 3 typed, Di 2-2 tapped and
	// also typed as 4; Bob went out, so the tiles sent for him count for
	// nothing. Ann & Cy's 15 → 15 for Bob & Di.
	r := end("tiles-"+ann, "6-5", "tiles-"+ann, "1-0", "pips-"+cy, "3", "tiles-"+di, "2-2", "pips-"+di, "4", "tiles-"+bob, "6-6")
	expect(t, "tapped spots", r, http.StatusOK, "Bob dominoed: the others held 15, 15 → 15 for Bob &amp; Di")
	if got := a.straightSheet(path); got.Hands[0].Pips[0] != 12 || got.Hands[0].Pips[3] != 4 || got.Hands[0].Pips[1] != 0 {
		t.Fatalf("spots kept: %v, want [12 0 3 4]", got.Hands[0].Pips)
	}
}

// TestStraightSheetWeight: the sheet is sent again after every tap, so a
// long night's stays light: the lines link to their correction forms
// instead of carrying one each. A night of ten hands of eight plays (90
// lines) answers a tap with under 80 KB (62 KB when written; 170 KB with
// a form per line) and a form for each keypad, the undo and the hand's
// end only.
func TestStraightSheetWeight(t *testing.T) {
	a := newTestApp(t)
	path := a.createStraight("s_target", "10000")
	ids := a.straightSheet(path).Game.IDs
	slug := strings.TrimPrefix(path, "/g/")
	ctx := context.Background()
	v := 0
	for range 10 {
		for i := range 8 {
			if _, err := a.store.StraightScore(ctx, slug, app.StraightPlay{Seen: v, Player: ids[i%4], Points: 10}); err != nil {
				t.Fatal(err)
			}
			v++
		}
		if _, err := a.store.StraightScore(ctx, slug, app.StraightPlay{Seen: v, Player: -1, End: true,
			Pips: map[int]int{ids[0]: 3, ids[1]: 4, ids[2]: 5, ids[3]: 6}}); err != nil {
			t.Fatal(err)
		}
		v++
	}
	r := a.postHTMX(path+"/straight/play", form("version", itoa(v), "player", itoa(ids[0]), "points", "5"))
	expect(t, "a tap on a long night", r, http.StatusOK, `data-testid="line-91"`)
	if n := len(r.body); n > 80_000 {
		t.Errorf("a tap's answer on a 91-line night is %d bytes, want under 80000", n)
	}
	if n := strings.Count(r.body, "<form"); n != 4 {
		t.Errorf("the sheet holds %d forms, want 4: two keypads, the undo and the hand's end", n)
	}
}
