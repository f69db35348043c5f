package referee

import "fmt"

// A Code names the rule an action broke. Codes are stable: stored logs,
// the command line and the web app all use them, so they never change
// meaning once published.
type Code string

// Layout codes, checked in this order when a tile is laid.
const (
	// CodeBadTile: the tile is unreadable or not part of the game's set.
	CodeBadTile Code = "bad-tile"
	// CodeWrongStart: the first tile must be the round's starting double,
	// set on its own.
	CodeWrongStart Code = "wrong-start"
	// CodeAlreadyPlayed: the tile is already on the table.
	CodeAlreadyPlayed Code = "already-played"
	// CodeUnknownEnd: the tile it is laid on is not on the table, or no
	// tile was named.
	CodeUnknownEnd Code = "unknown-end"
	// CodeEndClosed: the tile it is laid on has no free place left.
	CodeEndClosed Code = "end-closed"
	// CodeSpinnerFirst: the spinner's arms must all be filled first.
	CodeSpinnerFirst Code = "spinner-first"
	// CodeChickieFirst: the chickie's three toes must be laid first.
	CodeChickieFirst Code = "chickie-first"
	// CodeMismatch: neither half of the tile shows the number at that place.
	CodeMismatch Code = "mismatch"
)

// Turn codes, checked after the layout when a round is played by seats.
const (
	// CodeBadSeat: the seat is not at this table.
	CodeBadSeat Code = "bad-seat"
	// CodeNotYourTurn: another player is to act.
	CodeNotYourTurn Code = "not-your-turn"
	// CodeNotInHand: with known hands, the player does not hold the tile.
	CodeNotInHand Code = "not-in-hand"
	// CodeNotStarted: the starting double has not been set yet.
	CodeNotStarted Code = "not-started"
	// CodeRoundOver: the round has ended; nothing more can be laid.
	CodeRoundOver Code = "round-over"
	// CodeMustDraw: passing is only allowed after the draw the house rule
	// asks for, while the boneyard has tiles.
	CodeMustDraw Code = "must-draw"
	// CodeAlreadyDrew: under a draw-one rule a player draws once a turn.
	CodeAlreadyDrew Code = "already-drew"
	// CodeBoneyardEmpty: there is nothing left to draw.
	CodeBoneyardEmpty Code = "boneyard-empty"
	// CodeCanPlay: with known hands, the player holds a tile that fits, so
	// may not draw or pass.
	CodeCanPlay Code = "can-play"
	// CodeMustPlayDrawn: under the draw-one-must-play rule the tile just
	// drawn fits and has to be laid.
	CodeMustPlayDrawn Code = "must-play-drawn"
	// CodeNoTakeBack: there is no play that may still be taken back, or the
	// house rule forbids take-backs.
	CodeNoTakeBack Code = "no-take-back"
	// CodeNoPenalty: the last-tile penalty does not apply here.
	CodeNoPenalty Code = "no-penalty"
	// CodeNotInBoneyard: with known hands, the tile named as drawn is in a
	// hand.
	CodeNotInBoneyard Code = "not-in-boneyard"
	// CodeMustPass: under the draw-one-and-pass rule the tile just drawn
	// waits for the next turn.
	CodeMustPass Code = "must-pass"
	// CodeDealAgain: under the reshuffle rule nobody draws for an unheld
	// starting double; the tiles are dealt again.
	CodeDealAgain Code = "deal-again"
	// CodeBadAction: the action is not one the referee knows.
	CodeBadAction Code = "bad-action"
)

// Sheet codes: a value, round or player the score sheet can't take, or a
// sheet that moved on since the caller last read it. They are not broken
// rules of play; whoever asked reads them as a bad request.
const (
	// CodeBadValue: a value is out of range or can't be read; Field names
	// it.
	CodeBadValue Code = "bad-value"
	// CodeUnknown: the round, entry or player is not on the sheet.
	CodeUnknown Code = "unknown"
	// CodeRoundClosed: the round is closed, so its entries and its table
	// don't change any more.
	CodeRoundClosed Code = "round-closed"
	// CodeGameOver: the game is over; nobody joins or leaves.
	CodeGameOver Code = "game-over"
	// CodeLeftAlready: the player has already left the table.
	CodeLeftAlready Code = "left-already"
	// CodeStale: the sheet or table changed since the caller last saw it.
	CodeStale Code = "stale"
)

// Score-sheet codes: what an entry may be, and when a round may close or
// open on another double.
const (
	// CodeTwoOut: only one player goes out in a round.
	CodeTwoOut Code = "two-out"
	// CodeTwoDoubleBlanks: the 0-0 is in one hand at most.
	CodeTwoDoubleBlanks Code = "two-double-blanks"
	// CodeDuplicateTile: a tile is in one hand at most, once.
	CodeDuplicateTile Code = "duplicate-tile"
	// CodeOpenerInHand: the round's starting double is on the table, so no
	// hand holds it.
	CodeOpenerInHand Code = "opener-in-hand"
	// CodeTooManyPips: the hands hold more pips than the tiles off the
	// table carry.
	CodeTooManyPips Code = "too-many-pips"
	// CodeMissingEntries: a round closes once every player has an entry.
	CodeMissingEntries Code = "missing-entries"
	// CodeNoSkip: the round opens on a double the house rule does not
	// allow.
	CodeNoSkip Code = "no-skip"
	// CodeTableStarted: tiles are on the table, so the double the round
	// opened on can't change.
	CodeTableStarted Code = "table-started"
	// CodeNotPlaying: the player joined after the round or left before
	// it; a missed round counts by the house rule, not by an entry.
	CodeNotPlaying Code = "not-playing"
	// CodeTableFull: one more player can't be dealt a hand from the set.
	CodeTableFull Code = "table-full"
	// CodeTooFewLeft: two players at least stay at the table.
	CodeTooFewLeft Code = "too-few-players"
)

// Sentinel errors for the categories of rule errors, for errors.Is.
var (
	// ErrInvalid: a value is out of range or can't be read.
	ErrInvalid error = &category{key: "error.invalid"}
	// ErrUnknown: the round, entry or player is not on the sheet.
	ErrUnknown error = &category{key: "error.unknown"}
	// ErrStale: the sheet moved on: the round closed, the game ended, the
	// player left, or the table changed since the caller saw it.
	ErrStale error = &category{key: "error.stale"}
	// ErrScore: a score entry or a round's close breaks the score sheet's
	// rules.
	ErrScore error = &category{key: "error.score"}
	// ErrNotation: a tile or layout could not be read.
	ErrNotation error = &category{key: "error.notation"}
	// ErrPlacement: a tile may not be laid where it was put.
	ErrPlacement error = &category{key: "error.placement"}
	// ErrTurn: the action breaks the order of play.
	ErrTurn error = &category{key: "error.turn"}
)

// A category is a kind of error, for errors.Is: its name is the message
// key, and of is the wider category it is one of, if any.
type category struct {
	key string
	of  error
}

// Unwrap returns the wider category.
func (c *category) Unwrap() error { return c.of }

// A RuleError is the referee's one error type: a refused action or
// entry, which rule it broke (Code), the tile and the place involved, and the sentence that says why as a message key of the
// catalog and its typed parameters, so any language can word it (see
// Reason and Say).
type RuleError struct {
	Code   Code
	Tile   string // the tile as entered, or canonical when known
	On     string // the place it was laid on, if any
	Field  string // for CodeBadValue: the value to fix
	Key    string // the message's key in the catalog
	Params Params // the values the message is filled in with
}

// Params are the named values a message is filled in with: Name, Tile, N.
type Params map[string]any

// refusal is the RuleError of code worded by the message key with p. The
// tile and place, when p has them, are copied into the error's Tile and On.
func refusal(code Code, key string, p Params) *RuleError {
	e := &RuleError{Code: code, Key: key, Params: p}
	if t, ok := p["Tile"]; ok {
		e.Tile = fmt.Sprint(t)
	}
	if on, ok := p["On"]; ok {
		e.On = fmt.Sprint(on)
	}
	return e
}

// badValue reports a value that can't be read or is out of range: field
// names it, and the message key with p says how.
func badValue(field, key string, p Params) *RuleError {
	return &RuleError{Code: CodeBadValue, Field: field, Key: key, Params: p}
}

// unknown reports that the round, entry or player is not on the sheet.
func unknown(what string) *RuleError {
	return refusal(CodeUnknown, "sheet.unknown", Params{"What": what})
}

// roundClosed refuses a change to round n, which is closed.
func roundClosed(n int) *RuleError {
	return refusal(CodeRoundClosed, "sheet.round-closed", Params{"N": n})
}

// UnknownSeat refuses an action by a seat named name, which is not one of
// the table's seats, names.
func UnknownSeat(name string, names []string) *RuleError {
	return refusal(CodeBadSeat, "bad-seat.name", Params{"Seat": name, "Names": names})
}

// Unwrap returns the category sentinel of the error's code.
func (e *RuleError) Unwrap() error {
	switch e.Code {
	case CodeBadValue:
		return ErrInvalid
	case CodeUnknown:
		return ErrUnknown
	case CodeRoundClosed, CodeGameOver, CodeLeftAlready, CodeStale:
		return ErrStale
	case CodeTwoOut, CodeTwoDoubleBlanks, CodeDuplicateTile, CodeOpenerInHand, CodeTooManyPips, CodeMissingEntries,
		CodeNoSkip, CodeTableStarted, CodeNotPlaying, CodeTableFull, CodeTooFewLeft:
		return ErrScore
	case CodeBadTile:
		return ErrNotation
	case CodeWrongStart, CodeAlreadyPlayed, CodeUnknownEnd, CodeEndClosed,
		CodeSpinnerFirst, CodeChickieFirst, CodeMismatch, CodeLeadFirst, CodeSpinnerSides:
		return ErrPlacement
	}
	return ErrTurn
}

// Section names the part of the rules a code enforces, so a user interface
// can link a refusal to its explanation.
func (c Code) Section() string {
	switch c {
	case CodeBadTile, CodeAlreadyPlayed:
		return "equipment"
	case CodeWrongStart:
		return "starting-double"
	case CodeSpinnerFirst:
		return "spinner"
	case CodeChickieFirst:
		return "chickies"
	case CodeUnknownEnd, CodeEndClosed, CodeMismatch:
		return "matching"
	case CodeMustDraw, CodeAlreadyDrew, CodeBoneyardEmpty, CodeCanPlay, CodeMustPlayDrawn, CodeMustPass:
		return "drawing"
	case CodeDealAgain:
		return "starting-double"
	case CodeNoTakeBack:
		return "take-back"
	case CodeNoPenalty:
		return "last-tile"
	case CodeRoundOver:
		return "end"
	case CodeTwoOut, CodeTwoDoubleBlanks, CodeDuplicateTile, CodeOpenerInHand, CodeTooManyPips, CodeMissingEntries:
		return "scoring"
	case CodeNotPlaying, CodeTableFull, CodeTooFewLeft:
		return "joining"
	case CodeNoSkip, CodeTableStarted:
		return "starting-double"
	case CodeLeadFirst:
		return "straight-lead"
	case CodeSpinnerSides:
		return "straight-spinner"
	case CodeNoClaim, CodeWrongCount:
		return "straight-scoring"
	}
	return "turns"
}

// SectionIn names the part of the game's rules a code enforces: Section
// for Chickenfoot; for Straight, the section of its own rules that
// explains it ("straight-matching", "straight-drawing", ...).
func (c Code) SectionIn(g Game) string {
	if g != Straight {
		return c.Section()
	}
	switch s := c.Section(); s {
	case "straight-lead", "straight-spinner", "straight-scoring":
		return s
	case "equipment", "matching":
		return "straight-matching"
	case "drawing":
		return "straight-drawing"
	case "end":
		return "straight-end"
	case "take-back":
		return "straight-take-back"
	}
	return "straight-turns"
}
