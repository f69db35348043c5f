package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"chickenfoot/db/app"
)

// TestImportRefusalWords: each reason an archive is refused is a message
// of the catalog, worded in English by Error and in the reader's language
// by Say, with the night's reason worded inside the file's.
func TestImportRefusalWords(t *testing.T) {
	t.Parallel()
	good := func() app.Night {
		return app.Night{Name: "Friday", PlayedOn: "2026-11-27", CreatedAt: "2026-11-27T20:00:00Z", HandSize: 15,
			Rules: json.RawMessage(`{}`), Players: []string{"Ann", "Bob"},
			Rounds: []app.NightRound{{Number: 1, PlannedDouble: 9}}}
	}
	tiles, minus := "9-9 x", -1
	for _, tt := range []struct {
		name   string
		edit   func(n *app.Night)
		en, da string
	}{
		{"one player", func(n *app.Night) { n.Players = n.Players[:1] },
			"it has 1 player; a night has 2 to 16", "den har 1 spiller; en aften har 2 til 16"},
		{"hand size", func(n *app.Night) { n.HandSize = 0 }, "its hand size is 0", "dens håndstørrelse er 0"},
		{"no rounds", func(n *app.Night) { n.Rounds = nil }, "it has no rounds", "den har ingen runder"},
		{"rules", func(n *app.Night) { n.Rules = json.RawMessage(`[]`) },
			"its rules can't be read: json: cannot unmarshal array into Go value of type referee.Rules",
			"dens regler kan ikke læses: json: cannot unmarshal array into Go value of type referee.Rules"},
		{"a name twice", func(n *app.Night) { n.Players[1] = "Ann" },
			`player 2's name "Ann" is empty or twice`, `spiller 2s navn "Ann" er tomt eller står der to gange`},
		{"a link", func(n *app.Night) { n.Link = "abc" },
			`link "abc" is not one of this app's links: those are 26 characters, lowercase letters a to z and digits 2 to 7`,
			`linket "abc" er ikke et af denne apps links: de har 26 tegn, små bogstaver a til z og cifre 2 til 7`},
		{"a date", func(n *app.Night) { n.PlayedOn = "friday" },
			`its date "friday" is not a date like 2026-11-27`, `dens dato "friday" er ikke en dato som 2026-11-27`},
		{"a time", func(n *app.Night) { n.CreatedAt = "now" },
			`time "now" is not RFC 3339`, `tidspunktet "now" er ikke RFC 3339`},
		{"stays", func(n *app.Night) { n.Stays = []app.NightStay{{From: 1, Missed: "highest"}} },
			"it has stays for 1 player, not 2", "den har ophold for 1 spiller, ikke 2"},
		{"a round numbered", func(n *app.Night) { n.Rounds[0].Number = 4 },
			"round 1: it is numbered 4", "runde 1: den har nummer 4"},
		{"a negative double", func(n *app.Night) { n.Rounds[0].PlannedDouble = -1 },
			"round 1: its double is negative", "runde 1: dens dobbelt er negativ"},
		{"a setter", func(n *app.Night) { n.Rounds[0].Setter = &minus },
			"round 1: its setter -1 is not a seat", "runde 1: dens udlægger -1 er ikke en plads"},
		{"tiles", func(n *app.Night) {
			n.Rounds[0].Entries = []app.NightEntry{{Seat: 0, Tiles: &tiles, UpdatedAt: "2026-11-27T20:00:00Z"}}
		}, `round 1: seat 0's tiles: "x" is not a tile: write it as two numbers joined by a hyphen, like 9-3.`,
			`runde 1: plads 0s brikker: "x" er ikke en brik: skriv to tal med bindestreg imellem, fx 9-3.`},
		{"a move", func(n *app.Night) { n.Rounds[0].Actions = []app.NightAction{{Seq: 2, Kind: "play"}} },
			"round 1: move 1 on the table is out of range", "runde 1: træk 1 på bordet er uden for området"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := good()
			tt.edit(&n)
			err := nightError(2, n.Name, checkNight(n))
			var r *app.Error
			if !errors.As(err, &r) || !errors.Is(err, ErrArchive) {
				t.Fatalf("checkNight = %#v, want an *app.Error of ErrArchive", err)
			}
			if want := `night 3 ("Friday"): ` + tt.en; worded(t, "en", r) != want {
				t.Errorf("in English = %q,\nwant %q", worded(t, "en", r), want)
			}
			if want := `aften 3 ("Friday"): ` + tt.da; worded(t, "da", r) != want {
				t.Errorf("Say(da) = %q,\nwant %q", worded(t, "da", r), want)
			}
		})
	}
}

// TestReadArchiveWords: a file that is no archive of this app's is
// refused in the reader's language.
func TestReadArchiveWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, en, da string }{
		{`{"format": "other", "version": 1, "nights": []}`,
			`the file's format is "other", not "chickenfoot-archive"`, `filens format er "other", ikke "chickenfoot-archive"`},
		{`{"format": "chickenfoot-archive", "version": 99, "nights": []}`,
			"the file is version 99 of the archive; this app reads version 1", "filen er version 99 af arkivet; denne app læser version 1"},
		{`{"format": "chickenfoot-archive", "version": 1, "nights": []} {}`,
			"the file holds more than one archive", "filen indeholder mere end ét arkiv"},
	} {
		_, err := ReadArchive(strings.NewReader(tt.in))
		var r *app.Error
		if !errors.As(err, &r) || !errors.Is(err, ErrArchive) {
			t.Fatalf("ReadArchive(%s) = %v, want an *app.Error of ErrArchive", tt.in, err)
		}
		if worded(t, "en", r) != tt.en || worded(t, "da", r) != tt.da {
			t.Errorf("ReadArchive(%s) = %q / %q,\nwant %q / %q", tt.in, worded(t, "en", r), worded(t, "da", r), tt.en, tt.da)
		}
	}
}

// TestCheckCopyWords: a backup whose schema is not this build's is
// refused in the reader's language.
func TestCheckCopyWords(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "old.db")
	conn, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec("CREATE TABLE games (id INTEGER); PRAGMA user_version = 1"); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	_, err = checkCopy(context.Background(), path)
	var r *app.Error
	if !errors.As(err, &r) {
		t.Fatalf("checkCopy(schema 1) = %v, want an *app.Error", err)
	}
	want := strconv.Itoa(schemaVersion())
	if en, da := worded(t, "en", r), worded(t, "da", r); en != "the copy's schema version is 1, want "+want || da != "kopiens skemaversion er 1, ikke "+want {
		t.Errorf("checkCopy(schema 1) = %q / %q", en, da)
	}
}
