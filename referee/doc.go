// Package referee knows the rules of Chickenfoot dominoes and the house
// rules tables play it under, and Straight dominoes scored by All Fives.
// It is a pure library: no I/O, no clock, no randomness of its own. Its
// rules depend on the standard library only; its wording layer (words.go,
// houserules_words.go, locales.go) words its refusals in English, Afrikaans
// or Danish through package lang, with golang.org/x/text for plural forms.
//
// # Tiles and sets
//
// A Tile is one domino in canonical form, higher half first ("9-3"), read
// with ParseTile or Set.Parse. A Set is a double-N set (6, 9, 12, 15 or 18)
// and lists its tiles.
//
// # House rules
//
// Rules holds every switch on which rule sources disagree: spinner arms,
// the double blank's score, the draw rule, what to do when nobody holds
// the round's double, the number of rounds or a loss threshold, scoring a
// blocked round, the last-tile call, take-backs, the tie-break and what an
// impossible chickie does. Start from Standard or one of Presets; Validate
// names the field of any bad value. A game freezes its Rules so it is
// always judged the way it was played.
//
// The ladder methods (NextDouble, Opening, GameOver) say which double each
// round opens on, and SuggestHand how many tiles to deal.
//
// # The layout
//
// A Layout is the table of one round. The starting double is the spinner
// and takes tiles on all its arms (4, or 6) before anything else; every
// later double is a chickie that takes three toes before play goes on
// anywhere else; any other tile offers one open end. Layout.Play checks a
// Move and lays it, or returns a *RuleError whose Code names the broken
// rule (bad-tile, wrong-start, already-played, unknown-end, end-closed,
// spinner-first, chickie-first, mismatch, checked in that order) and whose
// Reason says why in a sentence a player can read. Layout.Pending tells
// what the table owes and whether it can still be paid; OpenEnds tells
// where a tile may go now.
//
// A layout is written in a one-line notation, the moves in the order they
// were laid: "9-9 9-3@9-9 9-5@9-9". ParseMoves and FormatMoves read and
// write it.
//
// # Rounds
//
// A Round adds seats to a layout: turn order from the player who set the
// starting double, drawing and passing under the draw rule, the boneyard
// count, take-backs, and the end of the round when a hand is empty or the
// table is blocked. Hands may be entered (Deal.Hands) or left unknown, as
// they are for real tiles on a real table; then only what can be checked
// is checked. Every accepted Action is logged, and Replay rebuilds the
// round from the log, so a store keeps actions, not boards.
//
// # Scoring
//
// Rules.HandScore scores the tiles left in a hand (the double blank per
// the house rule), RoundScores a whole round, and Standings the game so
// far: places, winners under the tie-break, and a sentence saying why.
//
// # Straight
//
// The package also knows Straight dominoes, scored the All-Fives way: a
// night's Rules.Game says which game it is (the zero value is
// Chickenfoot), and a Straight night keeps its own house rules in
// Rules.Straight, rows of the same house-rules table (HouseRulesFor). A
// StraightLine is the table of one hand: the first double laid is the
// spinner, taking a tile on each side and then on each end; later doubles
// lie crosswise; Ends is the count of the exposed ends after every play,
// and a multiple of five scores. A StraightHand adds seats, the lead,
// drawing and passing, take-back, muggins, the end of the hand (dominoed
// or blocked), its Award, partnerships and the target; ReplayStraight
// rebuilds one from its log. The scoring functions (RoundToFive,
// StraightRules.WentOut, StraightRules.Blocked, StraightRules.Winner)
// serve a score sheet kept by hand as well.
package referee
