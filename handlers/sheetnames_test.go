package handlers

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestShortNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		names, want string
	}{
		{"Ann Bartholomew Cy", "Ann Bartholomew Cy"}, // a small table shows whole names
		{"Ann Bartholomew Cy Deirdre Ed Francesca Gus Hal", "Ann Bar Cy Dei Ed Fra Gus Hal"},
		{"Mark Maria Marianne Mo Ed", "Mark Maria Ma3 Mo Ed"},
		{"Player1 Player2 Player3 Player4 Player5", "Pl1 Pl2 Pl3 Pl4 Pl5"},
		{"Ann Anna Bo Cy Dee", "Ann Anna Bo Cy Dee"},
	}
	for _, tt := range tests {
		names := strings.Fields(tt.names)
		if got := strings.Join(shortNames(names), " "); got != tt.want {
			t.Errorf("shortNames(%q) = %q, want %q", tt.names, got, tt.want)
		}
	}
}

// TestSheetOfEight: with 8 players the sheet's header shows short names,
// each with the whole name as its title and accessible name, and a legend
// gives the shortened ones in full.
func TestSheetOfEight(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.createGame("12", "Ann", "Bartholomew", "Cy", "Deirdre", "Ed", "Francesca", "Gus", "Hal")
	page := a.get(g)
	expect(t, "game page", page, http.StatusOK)
	head := page.testid("sheet").tag("th")
	if got := head.texts(); !slices.Equal(got[1:9], strings.Fields("Ann Bar Cy Dei Ed Fra Gus Hal")) {
		t.Fatalf("sheet header = %q, want short names", got)
	}
	if got := page.testid("sheet").find(attrIs("aria-label", "Bartholomew")); len(got) != 1 || got.attr("title") != "Bartholomew" {
		t.Fatal("the header's Bar lacks the whole name in its title and aria-label")
	}
	expectSays(t, "legend", page.testid("legend"), "Bar Bartholomew · Dei Deirdre · Fra Francesca")
}
