package views

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/referee"
)

// TestRulesEnglish: the rules page's words of the house rules and their
// sources, in English, as the page has always said them.
func TestRulesEnglish(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct{ got, want string }{
		{houseText(ctx, "spinner_arms", "title"), "Starting double"},
		{houseText(ctx, "double_blank", "meaning"), "What the double blank scores when it is left in a hand"},
		{choiceLabel(ctx, "spinner_arms", "6"), "Six arms (double chickenfoot)"},
		{choiceAbout(ctx, "blank_half", "25"), "A 5-0 left in hand scores 30."},
		{choiceAbout(ctx, "set", "9"), "55 tiles"},
		{wayLabel(ctx, "rounds", 0), "0: one per double"},
		{wayLabel(ctx, "rounds", 1), "A count from 1 to N+1 (2N+1 going down to 0-0 and back up)"},
		{wayLabel(ctx, "loss_threshold", 1), "A positive total up to 100000"},
		{wayChosen(ctx, "loss_threshold", 0, "0"), "off"},
		{wayChosen(ctx, "rounds", 1, "5"), "5"},
		{saidWords(ctx, Said{By: AllSources}), "all five sources"},
		{saidWords(ctx, Said{By: AllSources &^ Danish}), "most sources (4 of 5)"},
		{saidWords(ctx, Said{By: Danish}), "one Danish source"},
		{saidWords(ctx, Said{By: Video | PlayPage}), "two English sources (the video, the domino-play page)"},
		{saidWords(ctx, Said{By: Afrikaans | Video}), "one Afrikaans and one English source (the video)"},
		{saidWords(ctx, Said{Not: HouseRule}), "none; a house rule some tables play"},
		{saidWords(ctx, Said{Not: Follows}), "none needed; it follows from the tiles and the rules"},
		{saidWords(ctx, Said{Not: LeftOpen}), "none; they leave this open"},
		{sourceHeading(ctx, Danish), "Danish"},
		{sourceHeading(ctx, Video), "English: the video"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
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
				check(h.JSON+"="+c.Value, choiceAbout(ctx, h.JSON, c.Value), choiceAbout(en, h.JSON, c.Value))
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
