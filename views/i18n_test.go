package views

import (
	"context"
	"testing"
)

// TestCatalog: every language has every message of the English files,
// no others, with the same parameters, so adding a language is adding
// its directory and nothing in it can go missing unnoticed.
func TestCatalog(t *testing.T) {
	t.Parallel()
	for _, d := range words.Differences() {
		t.Error(d)
	}
	for _, tag := range words.Supported() {
		if got := words.Text(tag, "lang.name", nil); got == "" || got[0] == '[' {
			t.Errorf("%s names itself %q", tag, got)
		}
	}
}

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
