package db

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Enter reads a score entry sent by a phone under the game's rules, writes
// it as the player's entry for round n, and records the change in the
// history: an entry, an edit while the round is open, or a correction of
// a closed round, which names who makes it. It is one transaction: the
// game is read once, the referee checks the entry against the round as
// stored, and a form read through a view-only link writes nothing
// whatever it says. An entry the same as the one stored, or a form sent
// before, writes nothing. A form that can't be read is an invalid error
// naming its field, whose Key is a sentence the caller words. It returns
// the sheet as written with the history its answer shows: for an open
// round, the change its Undo would take back; for a correction, the
// round's whole history.
func (s *Store) Enter(ctx context.Context, link string, n int, f app.ScoreForm) (app.Sheet, error) {
	var out app.Sheet
	seat := -1
	err := s.speed.writeKeeping(ctx, func(tx conn) error { // an entry changes no game's settings or players
		sh, kept, err := s.sheetToWrite(ctx, tx, link)
		if err != nil {
			return err
		}
		if kept != nil {
			sh = cloneSheet(sh) // the kept sheet is shared with answers given
		}
		if seat, err = playerSeat(ctx, tx, sh.Game, f.Player); err != nil {
			return err
		}
		e, err := scoreEntry(f, sh.Rules, sh.Players[seat])
		if err != nil {
			return err
		}
		key := entryForm(f.Basis, link, n, f.Player, e, f.By)
		by := f.By
		if by == "" && f.Basis.Open && f.Device != "" {
			if seat, err := s.deviceSeat(ctx, tx, f.Device, link); err != nil {
				return err
			} else if seat >= 0 && seat < len(sh.Players) {
				by = sh.Players[seat]
			}
		}
		if out, err = s.saveEntryIn(ctx, tx, &sh, key, n, seat, e, by, f.Basis); err != nil {
			return err
		}
		if r := out.Round(n); r != nil && !r.Closed { // an entry in an open round changes nothing else
			kept := out
			kept.History = nil
			s.speed.keepSheet(link, kept)
		}
		return nil
	})
	if err == nil {
		s.publish(entryNews(out, n, seat))
	}
	return out, err
}

// deviceSeat is the seat device says it is at the game opened by link, or
// -1; it notes the visit when it is new or stale, as Visit does.
func (s *Store) deviceSeat(ctx context.Context, tx conn, device, link string) (int, error) {
	var seat sql.NullInt64
	var seen string
	err := tx.QueryRowContext(ctx, `SELECT seat, seen_at FROM device_games WHERE device = ? AND link = ?`, device, link).Scan(&seat, &seen)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return -1, err
	default:
		if s.notedLately(seen) {
			return seatOf(seat), nil
		}
	}
	return seatOf(seat), remember(ctx, tx, device, link, s.Now())
}

func seatOf(seat sql.NullInt64) int {
	if !seat.Valid {
		return -1
	}
	return int(seat.Int64)
}

// scoreEntry reads the form into an entry scored under rules; name is the
// player's, for the sentences.
func scoreEntry(f app.ScoreForm, rules referee.Rules, name string) (referee.Entry, error) {
	switch {
	case f.Tapped && len(f.Tiles) == 0 && !f.WentOut:
		// An empty grid is as likely a slip as a player who went out: it
		// says so only when asked.
		return referee.Entry{}, unreadable("tile", "tiles-none", referee.Params{"Name": name})
	case f.Tapped && len(f.Tiles) > 0 && f.WentOut:
		return referee.Entry{}, unreadable("tile", "tiles-and-out", referee.Params{"Name": name})
	case f.Tapped:
		tiles := make([]referee.Tile, 0, len(f.Tiles))
		for _, text := range f.Tiles {
			t, err := rules.Set.Parse(text)
			if err != nil {
				return referee.Entry{}, unreadable("tile", "tile-unreadable", referee.Params{"Text": text, "Set": rules.Set})
			}
			tiles = append(tiles, t)
		}
		return rules.TappedEntry(tiles)
	case f.WentOut:
		return rules.OutEntry(f.OutOnDouble), nil
	}
	text := strings.TrimSpace(f.Pips)
	n, err := strconv.Atoi(text)
	switch {
	case text == "":
		return referee.Entry{}, unreadable("pips", "pips-blank", referee.Params{"Name": name})
	case err != nil:
		return referee.Entry{}, unreadable("pips", "pips-not-number", referee.Params{"Text": text, "Name": name})
	}
	halves := strings.TrimSpace(f.BlankHalves)
	blanks, err := strconv.Atoi(cmp.Or(halves, "0"))
	if err != nil {
		return referee.Entry{}, unreadable("blank_halves", "blank-halves-not-number", referee.Params{"Text": halves})
	}
	return rules.TypedEntry(n, f.DoubleBlank, blanks)
}

// unreadable is an input that can't be read: its sentence, by key, is
// worded by whoever shows it.
func unreadable(field, key string, p referee.Params) error {
	return app.Invalid(field, key, p)
}
