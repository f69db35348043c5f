package db

import (
	"context"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// The store's own tests write and read through these, besides the
// services.

// saveEntry is Enter for an entry already read, by seat.
func (s *Store) saveEntry(ctx context.Context, slug string, n, seat int, e referee.Entry, by string, basedOn app.Basis) (app.Sheet, error) {
	var out app.Sheet
	err := s.writeSheetKeeping(ctx, slug, func(tx conn, sh *app.Sheet) (err error) {
		player := seat // a seat out of range is refused as not found
		if seat >= 0 && seat < len(sh.Game.IDs) {
			player = sh.Game.IDs[seat]
		}
		key := entryForm(basedOn, slug, n, player, e, by)
		out, err = s.saveEntryIn(ctx, tx, sh, key, n, seat, e, by, basedOn)
		return err
	})
	if err == nil {
		s.publish(entryNews(out, n, seat))
	}
	return out, err
}

// allGames lists every game night kept, newest first, at most limit of
// them, by their edit links.
func (s *Store) allGames(ctx context.Context, limit int) ([]app.Summary, error) {
	return s.summaries(ctx, `
		SELECT g.slug, 0, g.id, g.name, g.played_on, g.finished_at IS NOT NULL, g.created_at
		FROM games g ORDER BY g.created_at DESC, g.id DESC LIMIT ?`, limit)
}

// sheetWithHistory is Sheet with every change to the entries.
func (s *Store) sheetWithHistory(ctx context.Context, slug string) (app.Sheet, error) {
	return s.readSheet(ctx, slug, allHistory)
}
