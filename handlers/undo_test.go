package handlers

import (
	"net/http"
	"testing"

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
