package app

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
// follow it live. The store hands it to its Publish hook once the write is on
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
