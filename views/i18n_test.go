package views

import (
	"context"
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
