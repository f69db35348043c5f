package handlers

import (
	"context"
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"

	"chickenfoot/referee"
	"chickenfoot/views"
)

// TestSentencesInTheRequestsLanguage: the handlers word their own
// sentences and the referee's refusals in the language of the request
// they answer, and English when it asks for none.
func TestSentencesInTheRequestsLanguage(t *testing.T) {
	t.Parallel()
	da := views.WithLang(context.Background(), "da", "/")
	af := views.WithLang(context.Background(), "af", "/")
	a := newTestApp(t)
	g := a.createGame("6", "Ann", "Bob")

	// A round that can't close yet says why, on its card and as a problem.
	sh := a.sheet(g)
	early := refusalOf(t, sh.CloseProblem(1), referee.CodeMissingEntries)
	for _, tt := range []struct {
		ctx  context.Context
		want string
	}{
		{english, worded(early)},
		{da, "Skriv point for Ann og Bob for at lukke runden."},
		{af, "Vul 'n telling in vir Ann en Bob om die rondte af te sluit."},
	} {
		if got := roundPanel(tt.ctx, sh, sh.Round(1)).CloseWhy; got != tt.want {
			t.Errorf("%s: why the round can't close is %q, want %q", views.Lang(tt.ctx), got, tt.want)
		}
		if got := problemOf(tt.ctx, early).msg; got != tt.want {
			t.Errorf("%s: the refusal says %q, want %q", views.Lang(tt.ctx), got, tt.want)
		}
	}

	// The flash of a closed round.
	a.postHTMX(g+"/rounds/1/entries/0", form("pips", "10"))
	a.postHTMX(g+"/rounds/1/entries/1", form("pips", "20"))
	expect(t, "close", a.postHTMX(g+"/rounds/1/close", form()), http.StatusOK)
	sh = a.sheet(g)
	for _, tt := range []struct {
		ctx  context.Context
		want string
	}{
		{english, "Round 1 is in: Ann won it."},
		{da, "Runde 1 er færdig: Ann vandt den."},
		{af, "Rondte 1 is klaar: Ann het dit gewen."},
	} {
		if got := closedFlash(tt.ctx, sh, 1); got != tt.want {
			t.Errorf("%s: the flash is %q, want %q", views.Lang(tt.ctx), got, tt.want)
		}
	}
	if got, want := gamePage(da, sh).Flash, ""; got != want {
		t.Errorf("da: a game page with no round just closed flashes %q", got)
	}

	// The handlers' own refusals, the error pages' titles, and a tile that
	// does not fit on the table.
	if got, want := problemOf(da, invalid("player", "act-player", nil)).msg, "Vælg, hvilken spiller der er i gang."; got != want {
		t.Errorf("da: a form's refusal says %q, want %q", got, want)
	}
	if got, want := problemOf(da, echo.ErrNotFound).msg, "Her er intet. Tjek linket, eller begynd fra forsiden."; got != want {
		t.Errorf("da: no such page says %q, want %q", got, want)
	}
	if got, want := statusTitle(da, http.StatusNotFound), "Ikke fundet"; got != want {
		t.Errorf("da: the not-found page is titled %q, want %q", got, want)
	}
	if got, want := statusTitle(english, http.StatusNotFound), http.StatusText(http.StatusNotFound); got != want {
		t.Errorf("en: the not-found page is titled %q, want %q", got, want)
	}
	rules := referee.Standard()
	moves, err := referee.ParseMoves("9-9")
	if err != nil {
		t.Fatal(err)
	}
	v, err := verdict(da, rules, 9, moves, "5-4", "9-9", "/rules")
	if err != nil {
		t.Fatal(err)
	}
	if want := "5-4 har ingen 9, så den kan ikke lægges på 9-9, hvor det åbne tal er 9."; v.Reason != want {
		t.Errorf("da: the verdict says %q, want %q", v.Reason, want)
	}
	if want := "Kan 5-4 lægges på 9-9?"; v.Question != want {
		t.Errorf("da: the verdict asks %q, want %q", v.Question, want)
	}
	act := referee.Action{Kind: referee.ActDraw, Seat: 1}
	if got, want := describe(da, act, []string{"Ann", "Bob"}), "Bob trak"; got != want {
		t.Errorf("da: the table's log says %q, want %q", got, want)
	}
}
