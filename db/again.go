package db

import (
	"context"

	"chickenfoot/db/app"
)

// CreateLikeLast starts a night like the last of the group whose link is
// link: the same players in the same seats (those who left it stay
// home), the same rules and hand size. ng gives the rest: its name, its
// date, the device that starts it and the form's one-time id. A group
// with no night yet is a not-found error. The group, its last night and
// the new night are read and made in one transaction.
func (s *Store) CreateLikeLast(ctx context.Context, link string, ng app.NewGame) (made app.Game, err error) {
	err = s.inTx(ctx, func(tx conn) error {
		g, err := findGroup(ctx, tx, link)
		if err != nil {
			return err
		}
		last, err := s.lastNight(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		ng.Rules, ng.HandSize, ng.Players, ng.Group = last.Rules, last.HandSize, last.Staying(), g.Slug
		made, err = s.createGame(ctx, tx, ng)
		return err
	})
	return made, err
}
