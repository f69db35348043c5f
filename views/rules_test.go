package views

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// TestRulesEnglish: the rules page's catalog words every house rule, and
// every source line, in English exactly as the referee's table does, so
// the English page reads as it did before it had a catalog.
func TestRulesEnglish(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, h := range referee.HouseRules() {
		for part, want := range map[string]string{"title": h.Title, "meaning": h.Meaning, "source": h.Source} {
			if got := houseText(ctx, h.JSON, part); got != want {
				t.Errorf("houseText(%s, %s) = %q, want %q", h.JSON, part, got, want)
			}
		}
		for _, c := range h.Choices {
			if got := choiceLabel(ctx, h.JSON, c.Value); got != c.Label {
				t.Errorf("choiceLabel(%s, %s) = %q, want %q", h.JSON, c.Value, got, c.Label)
			}
			if got := choiceAbout(ctx, h.JSON, c.Value); got != c.About {
				t.Errorf("choiceAbout(%s, %s) = %q, want %q", h.JSON, c.Value, got, c.About)
			}
		}
		if h.Span == nil {
			continue
		}
		rest := fmt.Sprintf(h.Span.Rest, h.Span.MaxName)
		for i, want := range []string{"0: " + h.Span.Zero, strings.ToUpper(rest[:1]) + rest[1:]} {
			if got := wayLabel(ctx, h.JSON, i); got != want {
				t.Errorf("wayLabel(%s, %d) = %q, want %q", h.JSON, i, got, want)
			}
		}
		if got := wayChosen(ctx, h.JSON, 0, h.Span.Zero); got != h.Span.Zero {
			t.Errorf("wayChosen(%s, 0) = %q, want %q", h.JSON, got, h.Span.Zero)
		}
	}
	for by := range AllSources + 1 {
		s := Said{By: by}
		if got := saidWords(ctx, s); got != s.Words() {
			t.Errorf("saidWords(%+v) = %q, want %q", s, got, s.Words())
		}
		if by != 0 && by&(by-1) == 0 {
			if got := sourceHeading(ctx, by); got != by.Heading() {
				t.Errorf("sourceHeading(%v) = %q, want %q", by, got, by.Heading())
			}
		}
	}
	for _, not := range []referee.Unsourced{HouseRule, Follows, LeftOpen} {
		if s := (Said{Not: not}); saidWords(ctx, s) != s.Words() {
			t.Errorf("saidWords(%+v) = %q, want %q", s, saidWords(ctx, s), s.Words())
		}
	}
	for _, set := range referee.Sets {
		if got := setName(ctx, set.String()); got != set.String() {
			t.Errorf("setName(%s) = %q", set, got)
		}
		if got := choiceLabel(ctx, "set", strconv.Itoa(int(set))); got != set.String() {
			t.Errorf("choiceLabel(set, %d) = %q", set, got)
		}
	}
}

// TestRulesTranslated: every word of the rules page in Afrikaans and
// Danish comes from their own catalogs, none missing or left in English.
func TestRulesTranslated(t *testing.T) {
	t.Parallel()
	en := context.Background()
	for _, tag := range []string{"af", "da"} {
		ctx := WithLang(en, tag, "/rules")
		check := func(what, got, english string) {
			t.Helper()
			if got == "" || strings.Contains(got, "[") || got == english && len(english) > 12 {
				t.Errorf("%s: %s = %q", tag, what, got)
			}
		}
		for _, h := range referee.HouseRules() {
			for _, part := range []string{"title", "meaning", "source"} {
				check(h.JSON+"."+part, houseText(ctx, h.JSON, part), houseText(en, h.JSON, part))
			}
			for _, c := range h.Choices {
				check(h.JSON+"="+c.Value, choiceAbout(ctx, h.JSON, c.Value), c.About)
			}
		}
		for by := range AllSources + 1 {
			if by != 0 {
				check(fmt.Sprint("said ", by), saidWords(ctx, Said{By: by}), saidWords(en, Said{By: by}))
			}
		}
	}
	da := WithLang(en, "da", "/rules")
	for _, tc := range []struct{ got, want string }{
		{saidWords(da, Said{By: Video | PlayPage}), "to engelske kilder (videoen, domino-play-siden)"},
		{saidWords(da, Said{By: Afrikaans | MixedPage}), "én afrikaansk og én engelsk kilde (den blandede side)"},
		{choiceAbout(da, "set", "9"), "55 brikker"},
		{setName(WithLang(en, "af", "/"), "double-12"), "dubbel-12"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
