package db

import (
	"context"

	"chickenfoot/db/app"
)

// RenewGroupLink gives the table of friends whose link is link a new
// one. The old link stops at once and leaves the home page of every
// browser that had it; device, the browser asking, keeps the table under
// the new one.
func (s *Store) RenewGroupLink(ctx context.Context, link, device string) (app.Group, error) {
	var g app.Group
	err := s.inTx(ctx, func(tx conn) error {
		var err error
		if g, err = findGroup(ctx, tx, link); err != nil {
			return err
		}
		old := g.Slug
		g.Slug = newSlug()
		if _, err := tx.ExecContext(ctx, `UPDATE groups SET slug = ? WHERE id = ?`, g.Slug, g.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM device_groups WHERE link = ?`, old); err != nil {
			return err
		}
		return rememberGroup(ctx, tx, device, g.Slug, s.Now())
	})
	return g, err
}

// RenewLink gives the game night opened by its edit link slug a new edit
// link (view false) or view-only link (view true). The old link stops at
// once, on every phone, and leaves the home page of every browser that
// had it; device, the browser asking, keeps the night under the new one.
// It answers the game as its new edit link opens it.
func (s *Store) RenewLink(ctx context.Context, slug, device string, view bool) (app.Game, error) {
	var g app.Game
	err := s.inTx(ctx, func(tx conn) error {
		var err error
		if g, err = s.loadGame(ctx, tx, slug); err != nil {
			return err
		}
		if g.ViewOnly {
			return app.ViewOnly()
		}
		old, fresh, column := g.Slug, newSlug(), "slug"
		if view {
			old, column = g.ViewSlug, "view_slug"
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET `+column+` = ? WHERE id = ?`, fresh, g.ID); err != nil {
			return err
		}
		// The browser asking keeps the night, and who it said it was.
		if !view && device != "" {
			if _, err := tx.ExecContext(ctx, `UPDATE device_games SET link = ? WHERE device = ? AND link = ?`, fresh, device, old); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM device_games WHERE link = ?`, old); err != nil {
			return err
		}
		if view {
			g.ViewSlug = fresh
			return nil
		}
		g.Slug = fresh
		return remember(ctx, tx, device, fresh, s.Now())
	})
	if err == nil {
		s.publish(app.News{Kind: app.NewsGone, Game: g.ID, Seat: -1, Player: -1})
	}
	return g, err
}
