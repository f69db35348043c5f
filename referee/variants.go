package referee

// The values each house rule can take, one type per rule; Rules holds
// one of each.

// DrawRule says what a player with no legal play does.
type DrawRule string

// The drawing variants.
const (
	// DrawOneMayPlay: draw one tile; lay it if it fits and you wish, else
	// pass. The most common rule.
	DrawOneMayPlay DrawRule = "one-may-play"
	// DrawOneMustPlay: draw one tile; if it fits it has to be laid.
	DrawOneMustPlay DrawRule = "one-must-play"
	// DrawUntilPlayable: keep drawing until a tile fits or the boneyard is
	// empty.
	DrawUntilPlayable DrawRule = "until-playable"
	// DrawOneThenPass: draw one tile and pass; it waits for the next turn.
	DrawOneThenPass DrawRule = "one-then-pass"
)

// UnheldRule says how a round opens when nobody holds its double.
type UnheldRule string

// The variants for an unheld starting double.
const (
	// UnheldDraw: players draw in turn until someone finds it.
	UnheldDraw UnheldRule = "draw"
	// UnheldDrawAll: every player draws at once until it turns up.
	UnheldDrawAll UnheldRule = "draw-all"
	// UnheldBurn: open on the next lower double someone holds; the skipped
	// round is lost. The double blank is never burned.
	UnheldBurn UnheldRule = "burn"
	// UnheldReshuffle: gather all tiles, shuffle and deal again; nothing is
	// drawn for it.
	UnheldReshuffle UnheldRule = "reshuffle"
	// UnheldLowerReturn: open on the next lower double someone holds, and
	// put the skipped double back among those still to be played, so the
	// game keeps one round per double and doubles may come out of order.
	UnheldLowerReturn UnheldRule = "lower-return"
)

// BlockedRule says how a blocked round is scored.
type BlockedRule string

// The variants for scoring a blocked round.
const (
	// BlockedAllScore: everyone scores the pips left in hand.
	BlockedAllScore BlockedRule = "all-score"
	// BlockedLowestZero: as BlockedAllScore, but the lowest hand (all of
	// them, if tied) scores 0.
	BlockedLowestZero BlockedRule = "lowest-zero"
)

// LastTileRule says what happens when a player with one tile left does not
// announce it.
type LastTileRule string

// The variants for the last-tile call.
const (
	// LastTileCourtesy: announcing it is good manners, nothing more.
	LastTileCourtesy LastTileRule = "courtesy"
	// LastTilePenalty: a player caught not announcing it draws one tile.
	LastTilePenalty LastTileRule = "draw-penalty"
	// LastTileSkip: a player caught not announcing it misses their next
	// turn.
	LastTileSkip LastTileRule = "skip-turn"
)

// TakeBackRule says whether a tile laid by mistake may be taken back.
type TakeBackRule string

// The take-back variants.
const (
	// TakeBackUntilNext: the last tile laid may be taken back until the next
	// player acts.
	TakeBackUntilNext TakeBackRule = "until-next-play"
	// TakeBackNever: a tile laid stays laid.
	TakeBackNever TakeBackRule = "never"
)

// TieBreak says who wins when the lowest totals are equal.
type TieBreak string

// The tie-break variants.
const (
	// TieZeroRounds: most rounds scored at zero wins; still tied, the
	// lowest non-zero round score wins.
	TieZeroRounds TieBreak = "zero-rounds"
	// TieMostOut: most rounds gone out wins.
	TieMostOut TieBreak = "most-out"
	// TieShared: tied players share the win.
	TieShared TieBreak = "shared"
)

// ImpossibleRule says what happens when a chickie (or the spinner) can no
// longer be finished because too few unplayed tiles carry its number.
type ImpossibleRule string

// The variants for an obligation that can no longer be met.
const (
	// ImpossibleStaysOwed: the obligation stands. The tiles still out that
	// carry its number may go on it; everyone else draws and passes, and
	// the round ends only as every round does.
	ImpossibleStaysOwed ImpossibleRule = "stays-owed"
	// ImpossibleReleased: the obligation is let go at once and play opens
	// again on every end.
	ImpossibleReleased ImpossibleRule = "released"
)

// UnmarshalText reads the rule, and the names it had before (when an
// unfinishable obligation ended the round at once): "blocked" now stays
// owed, "release" is released.
func (r *ImpossibleRule) UnmarshalText(b []byte) error {
	switch v := ImpossibleRule(b); v {
	case "blocked":
		*r = ImpossibleStaysOwed
	case "release":
		*r = ImpossibleReleased
	default:
		*r = v
	}
	return nil
}

// LadderRule says which doubles the rounds open on, in order.
type LadderRule string

// The round ladders.
const (
	// LadderDown: the highest double first, one lower each round, to 0-0.
	LadderDown LadderRule = "down"
	// LadderDownUp: down to 0-0 and back up to the highest: 2N+1 rounds.
	LadderDownUp LadderRule = "down-up"
)

// AfterStartRule says who plays after the starting double is set.
type AfterStartRule string

// Who plays after the starting double.
const (
	AfterStartNext   AfterStartRule = "next"   // the next player clockwise
	AfterStartSetter AfterStartRule = "setter" // the player who set it plays again
)

// FirstPlayerRule says who starts a round.
type FirstPlayerRule string

// Who starts a round.
const (
	// FirstHolder: whoever holds the round's double sets it.
	FirstHolder FirstPlayerRule = "holder"
	// FirstRotates: the round's double is set in the middle before the
	// deal, and the first player moves one seat clockwise each round.
	FirstRotates FirstPlayerRule = "rotate"
)

// AbleRule says whether a player who can lay a tile must.
type AbleRule string

// Whether a player able to play must.
const (
	AbleMustPlay AbleRule = "must-play" // a player with a tile that fits lays one
	AbleMayDraw  AbleRule = "may-draw"  // may draw (and pass) anyway
)

// EmptyBoneyardRule says what happens once the boneyard is empty.
type EmptyBoneyardRule string

// What an empty boneyard does.
const (
	// EmptyPlayOn: play goes on until someone goes out or nobody can play.
	EmptyPlayOn EmptyBoneyardRule = "play-on"
	// EmptyEnds: the round ends when a player has nothing to lay and
	// nothing left to draw.
	EmptyEnds EmptyBoneyardRule = "round-ends"
)

// CoverRule says who plays the first toe of a new chickie.
type CoverRule string

// Who covers a new double.
const (
	CoverNext  CoverRule = "next"  // the next player, as after any tile
	CoverLayer CoverRule = "layer" // the player who laid it plays again
)
