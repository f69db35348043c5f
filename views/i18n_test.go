package views

import (
	"context"
	"slices"
	"testing"
)

func TestLangFromContext(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if Lang(ctx) != "en" || T(ctx, "ui.page.back") != "Go back" {
		t.Errorf("a page with no language set: %s, %q", Lang(ctx), T(ctx, "ui.page.back"))
	}
	da := WithLang(ctx, "da", "/g/x")
	if Lang(da) != "da" || T(da, "ui.page.back") != "Gå tilbage" || pathOf(da) != "/g/x" {
		t.Errorf("a Danish page: %s, %q, %s", Lang(da), T(da, "ui.page.back"), pathOf(da))
	}
}

func TestDatesAndNumbers(t *testing.T) {
	t.Parallel()
	for tag, want := range map[string][2]string{
		"en": {"28 Nov 2026", "1,234"},
		"af": {"28 Nov. 2026", "1\u00a0234"}, // a space that never breaks the number
		"da": {"28. nov. 2026", "1.234"},
	} {
		ctx := WithLang(context.Background(), tag, "/")
		if got := Date(ctx, "2026-11-28"); got != want[0] {
			t.Errorf("%s: Date = %q, want %q", tag, got, want[0])
		}
		if got := Num(ctx, 1234); got != want[1] {
			t.Errorf("%s: Num(1234) = %q, want %q", tag, got, want[1])
		}
	}
	if got := Date(context.Background(), "someday"); got != "someday" {
		t.Errorf("a date that can't be read: %q", got)
	}
}

// TestCatalog: the app's catalog speaks English, Afrikaans and Danish,
// each with every key of English and the same parameters in each message,
// so adding a language is adding its files to both trees, and nothing in
// one can go missing unnoticed. Each names itself for the language switch.
func TestCatalog(t *testing.T) {
	t.Parallel()
	if got, want := Words().Supported(), []string{"en", "af", "da"}; !slices.Equal(got, want) {
		t.Errorf("Supported() = %v, want %v", got, want)
	}
	if got, want := Offered(), Words().Supported(); !slices.Equal(got, want) {
		t.Errorf("Offered() = %v, want %v: a language lacks messages", got, want)
	}
	for _, d := range Words().Differences() {
		t.Error(d)
	}
	for _, tag := range Words().Supported() {
		if got := Text(tag, "lang.name", nil); got == "" || got[0] == '[' {
			t.Errorf("%s names itself %q", tag, got)
		}
	}
}
