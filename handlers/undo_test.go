package handlers

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync/atomic"
	"testing"

	"chickenfoot/db"
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// TestUndoSaysWhatItUndoes: the button names the round's latest change;
// pressed after another phone made a newer one, it undoes nothing and the
// round's card says why, with and without JavaScript.
func TestUndoSaysWhatItUndoes(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob", "Cy")
	r1 := g + "/rounds/1"
	a.postHTMX(r1+"/entries/0", form("pips", "12", "open", "1"))
	r := a.postHTMX(r1+"/entries/2", form("went_out", "1", "open", "1"))
	expectSays(t, "the saved entry's undo", r.testid("undo"), say("undo", referee.Params{"What": "Cy going out"}))
	a.postHTMX(r1+"/undo", form())
	page := a.get(g)
	expectSays(t, "the game page's undo", page.testid("undo"), "Undo Ann's 12")
	stale := page.testid("undo").up("form")
	sent := form("version", stale.named("version").attr("value"), "change", stale.named("change").attr("value"), "form", stale.named("form").attr("value"))

	a.postHTMX(r1+"/entries/1", form("pips", "7", "open", "1")) // another phone
	for _, htmx := range []bool{true, false} {
		r := a.postWith(r1+"/undo", sent, htmx)
		card := expectTestID(t, "undo a change no longer the latest", r, http.StatusConflict, "round", "")
		expectSays(t, "undo a change no longer the latest", card.testid("problem"),
			say("undo-stale", referee.Params{"What": "Ann's 12"}))
		expectSays(t, "the undo offered now", card.testid("undo"), "Undo Bob's 7")
	}
	if e := a.sheet(g).Rounds[0].Entries; e[0] == nil || e[1] == nil {
		t.Fatal("a refused undo took an entry back")
	}
}

// historyCounter is the store, counting the reads of a round's whole
// history and of the one change Undo takes back: the two ways a page the
// handlers draw can read a round's changes. (A game's whole history is
// no service of Store, so no handler can read it.)
type historyCounter struct {
	*db.Store
	whole, undoable atomic.Int32
}

func (s *historyCounter) SheetWithRoundHistory(ctx context.Context, slug string, n int) (app.Sheet, error) {
	s.whole.Add(1)
	return s.Store.SheetWithRoundHistory(ctx, slug, n)
}

func (s *historyCounter) SheetWithUndoable(ctx context.Context, slug string, n int) (app.Sheet, error) {
	s.undoable.Add(1)
	return s.Store.SheetWithUndoable(ctx, slug, n)
}

// TestGamePageReadsOneChange: the game page reads only the change its
// Undo would take back, never the round's whole history, and still names
// the right one.
func TestGamePageReadsOneChange(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")
	r1 := g + "/rounds/1/entries/"
	for _, f := range []url.Values{form("pips", "12", "open", "1"), form("pips", "13", "open", "1")} {
		expect(t, "Ann's score", a.postHTMX(r1+"0", f), http.StatusOK)
	}
	expect(t, "Bob's score", a.postHTMX(r1+"1", form("pips", "7", "open", "1")), http.StatusOK)
	expect(t, "undo Bob's", a.postHTMX(g+"/rounds/1/undo", form()), http.StatusOK)
	store := &historyCounter{Store: a.store}
	cfg := Config{Hub: NewHub()}
	srv := httptest.NewServer(New(store, cfg))
	t.Cleanup(srv.Close)
	resp, err := http.Get(srv.URL + g)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := response{code: resp.StatusCode, header: resp.Header, body: string(body)}
	undo := expectTestID(t, "game page", page, http.StatusOK, "undo", "")
	want := a.sheet(g).History[1] // Ann's 13: Bob's 7 was undone
	if got := undo.up("form").named("change").attr("value"); got != strconv.FormatInt(want.ID, 10) || undo.text() == say("undo-last", nil) {
		t.Errorf("the game page's Undo is %q, of change %s, want Ann's 13, change %d", undo.text(), got, want.ID)
	}
	if n := store.undoable.Load(); n != 1 {
		t.Errorf("the game page read the change Undo takes back %d times, want once", n)
	}
	if n := store.whole.Load(); n != 0 {
		t.Fatalf("the game page read a round's whole history %d times, want never", n)
	}
}
