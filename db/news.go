package db

import (
	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// publish hands news of a committed write to the store's publisher.
func (s *Store) publish(n app.News) {
	if s.Publish != nil {
		s.Publish(n)
	}
}

// entryNews is the news of an entry of round n changed on sh.
func entryNews(sh app.Sheet, n, seat int) app.News {
	r := sh.Round(n)
	return app.News{Kind: app.NewsEntry, Game: sh.Game.ID, Round: n, Seat: seat, Player: playerID(sh.Game, seat),
		Open:  r != nil && !r.Closed,
		Whole: r != nil && r.Closed && sh.Rules.LossLimit > 0}
}

// tableNews is the news of the action that ends t's log. Setting the
// double down records who did; a last tile fills the entry of the player
// who went out; a take-back can undo either.
func tableNews(t app.Table) app.News {
	news := app.News{Kind: app.NewsTable, Game: t.Game.ID, Round: t.Number, Seat: -1, Player: -1}
	last := t.Log[len(t.Log)-1].Action
	affected := last
	if last.Kind == referee.ActTakeBack && len(t.Log) > 1 {
		affected = t.Log[len(t.Log)-2].Action
	}
	news.Opening = affected.Kind == referee.ActPlay && affected.Move.Start
	// A round opened on a lower double changes the ladder: the whole sheet.
	news.Whole = news.Opening && t.Live.Layout().Double().Hi != t.Round(t.Number).Planned
	if affected.Kind == referee.ActPlay && (t.Live.Over() || last.Kind == referee.ActTakeBack) && affected.Seat >= 0 {
		news.Seat = affected.Seat
		if seated := t.Seated(t.Number); affected.Seat < len(seated) { // the table's seats are those playing the round
			news.Player = playerID(t.Game, seated[affected.Seat])
		}
	}
	return news
}

// playerID is the id of the player at seat, or -1.
func playerID(g app.Game, seat int) int {
	if seat < 0 || seat >= len(g.IDs) {
		return -1
	}
	return g.IDs[seat]
}

// seatsNews is the news of a player joining or leaving sh.
func seatsNews(sh app.Sheet) app.News {
	news := app.News{Kind: app.NewsSeats, Game: sh.Game.ID, Seat: -1, Player: -1}
	if r := sh.Current(); r != nil {
		news.Round = r.Number
	}
	return news
}

// publishNames publishes that the players' names changed on each of
// games.
func (s *Store) publishNames(games []int64) {
	for _, id := range games {
		s.publish(app.News{Kind: app.NewsNames, Game: id, Seat: -1, Player: -1})
	}
}
