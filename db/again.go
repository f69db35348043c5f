package db

import "context"

// A table of friends' page changes its people and starts its nights by
// the group's own link. These services find the group by its link (in
// constant time, as Group does), then make the change as the service
// named makes it, in its own transaction: a handler asks the store once.
// The group is found before the change's transaction begins; a link
// renewed in between is refused inside it as any unknown link is.

// CreateLikeLast starts a night like the last of the group whose link is
// link: the same players in the same seats (those who left it stay
// home), the same rules and hand size. ng gives the rest: its name, its
// date, the device that starts it and the form's one-time id. A group
// with no night yet is a not-found error.
func (s *Store) CreateLikeLast(ctx context.Context, link string, ng NewGame) (Game, error) {
	g, err := s.Group(ctx, link, "")
	if err != nil {
		return Game{}, err
	}
	last, err := s.LastNight(ctx, g.ID)
	if err != nil {
		return Game{}, err
	}
	ng.Rules, ng.HandSize, ng.Players, ng.Group = last.Rules, last.HandSize, last.Staying(), g.Slug
	return s.CreateGame(ctx, ng)
}

// RenamePersonAt is RenamePerson in the group whose link is link.
func (s *Store) RenamePersonAt(ctx context.Context, link string, person int64, name string) error {
	g, err := s.Group(ctx, link, "")
	if err != nil {
		return err
	}
	return s.RenamePerson(ctx, g.ID, person, name)
}

// MergePeopleAt is MergePeople in the group whose link is link.
func (s *Store) MergePeopleAt(ctx context.Context, link string, from, into int64) error {
	g, err := s.Group(ctx, link, "")
	if err != nil {
		return err
	}
	return s.MergePeople(ctx, g.ID, from, into)
}
