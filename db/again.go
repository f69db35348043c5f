package db

import (
	"chickenfoot/db/app"
	"context"
)

// CreateLikeLast starts a night like the last of the group whose link is
// link: the same players in the same seats (those who left it stay
// home), the same rules and hand size. ng gives the rest: its name, its
// date, the device that starts it and the form's one-time id. A group
// with no night yet is a not-found error. The group and its last night
// are read first, then the night is made in its own transaction, as
// CreateGame makes it: a link renewed in between is refused as unknown.
func (s *Store) CreateLikeLast(ctx context.Context, link string, ng app.NewGame) (app.Game, error) {
	g, err := s.Group(ctx, link, "")
	if err != nil {
		return app.Game{}, err
	}
	last, err := s.LastNight(ctx, g.ID)
	if err != nil {
		return app.Game{}, err
	}
	ng.Rules, ng.HandSize, ng.Players, ng.Group = last.Rules, last.HandSize, last.Staying(), g.Slug
	return s.CreateGame(ctx, ng)
}
