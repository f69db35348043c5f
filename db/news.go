package db

import "chickenfoot/referee"

// A NewsKind says which kind of write a News reports.
type NewsKind int

// The kinds of news, one for each kind of write a live page follows.
const (
	NewsEntry   NewsKind = iota + 1 // an entry saved, corrected or undone
	NewsClosed                      // a round closed, and the next one opened or the game ended
	NewsOpening                     // who set a round's double down, or which double it opened on
	NewsTable                       // an action on a round's live table
	NewsSeats                       // a player joined or left
	NewsGone                        // the game's link changed or the game was deleted
	// NewsStraightTable: a move on a Straight night's live table; Whole
	// says it changed the sheet too (a score, or its take-back).
	NewsStraightTable
	// NewsNames: a player of the game was renamed, or merged into another
	// person of its group, who may have another name.
	NewsNames
)

// News is what a committed write changed on a game, for the pages that
// follow it live. The store hands it to its Publish once the write is on
// the disk; a refused write has none.
type News struct {
	Kind  NewsKind
	Game  int64 // the game's id
	Round int   // the round changed, or 0
	// Seat is the seat whose entry changed (NewsEntry, and NewsTable when
	// a last tile or its take-back changed one), or -1.
	Seat int
	// Player is the id (see Game.IDs) of the player whose entry changed,
	// where Seat names one, or -1: pages name a player's parts by it.
	Player int
	// Open says the round is still being played (NewsEntry).
	Open bool
	// Whole says the game page's own part changed beyond the round: a
	// correction that may end the game, a round opened on another double.
	Whole bool
	// Opening says a table action set the starting double down, or took
	// it back (NewsTable).
	Opening bool
}

// publish hands news of a committed write to the store's publisher.
func (s *Store) publish(n News) {
	if s.Publish != nil {
		s.Publish(n)
	}
}

// entryNews is the news of an entry of round n changed on sh.
func entryNews(sh Sheet, n, seat int) News {
	r := sh.Round(n)
	return News{Kind: NewsEntry, Game: sh.Game.ID, Round: n, Seat: seat, Player: playerID(sh.Game, seat),
		Open:  r != nil && !r.Closed,
		Whole: r != nil && r.Closed && sh.Rules.LossLimit > 0}
}

// tableNews is the news of the action that ends t's log. Setting the
// double down records who did; a last tile fills the entry of the player
// who went out; a take-back can undo either.
func tableNews(t Table) News {
	news := News{Kind: NewsTable, Game: t.Game.ID, Round: t.Number, Seat: -1, Player: -1}
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
func playerID(g Game, seat int) int {
	if seat < 0 || seat >= len(g.IDs) {
		return -1
	}
	return g.IDs[seat]
}

// seatsNews is the news of a player joining or leaving sh.
func seatsNews(sh Sheet) News {
	news := News{Kind: NewsSeats, Game: sh.Game.ID, Seat: -1, Player: -1}
	if r := sh.Current(); r != nil {
		news.Round = r.Number
	}
	return news
}

// publishNames publishes that the players' names changed on each of
// games.
func (s *Store) publishNames(games []int64) {
	for _, id := range games {
		s.publish(News{Kind: NewsNames, Game: id, Seat: -1, Player: -1})
	}
}
