package measure

import "testing"

func TestEntryVersion(t *testing.T) {
	body := `<form action="/g/x/rounds/1/entries/0"><input type="hidden" name="version" value="12"/></form>` +
		`<form action="/g/x/rounds/1/entries/1"><input type="hidden" name="version" value="40"/></form>`
	for _, tc := range []struct {
		action string
		want   int64
		ok     bool
	}{
		{"/g/x/rounds/1/entries/0", 12, true},
		{"/g/x/rounds/1/entries/1", 40, true},
		{"/g/x/rounds/1/entries/2", 0, false},
	} {
		if got, ok := EntryVersion(body, tc.action); got != tc.want || ok != tc.ok {
			t.Errorf("EntryVersion(%s) = %d, %v; want %d, %v", tc.action, got, ok, tc.want, tc.ok)
		}
	}
}
