package referee

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"
)

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

// Rules holds every house-rule switch a game is played under. A game
// freezes its Rules when it is created, so an old game is judged and
// scored the way it was played. The zero value is not valid; start from
// Standard() or a preset.
type Rules struct {
	Set         Set `json:"set"`          // which domino set: 6, 9, 12, 15 or 18
	SpinnerArms int `json:"spinner_arms"` // 4, or 6 for "double chickenfoot"
	DoubleBlank int `json:"double_blank"` // what 0-0 left in hand scores: 0, 25, 50 or 100
	BlankHalf   int `json:"blank_half"`   // extra points per blank half on other tiles left in hand: 0 or 25
	DoubleOut   int `json:"double_out"`   // points added to a player who goes out on a double: 0 or 50

	Draw       DrawRule       `json:"draw"`
	Unheld     UnheldRule     `json:"unheld_double"`
	Blocked    BlockedRule    `json:"blocked_round"`
	LastTile   LastTileRule   `json:"last_tile"`
	TakeBack   TakeBackRule   `json:"take_back"`
	TieBreak   TieBreak       `json:"tie_break"`
	Impossible ImpossibleRule `json:"impossible_chickie"`
	Rounds     int            `json:"rounds"`         // 0: one per double of the ladder; else a fixed count
	LossLimit  int            `json:"loss_threshold"` // 0: off; else the game ends when a total reaches it

	Ladder        LadderRule        `json:"ladder"`
	AfterStart    AfterStartRule    `json:"after_start"`
	FirstPlayer   FirstPlayerRule   `json:"first_player"`
	AbleToPlay    AbleRule          `json:"able_to_play"`
	EmptyBoneyard EmptyBoneyardRule `json:"empty_boneyard"`
	CoverDouble   CoverRule         `json:"cover_double"`
}

// Standard returns the defaults this app takes where the sources differ:
// double-9, 4 spinner arms, 0-0 scores 50, draw one and lay it if you like,
// draw until the round's double turns up, one round per double, everyone
// scores in a blocked round, most zero rounds breaks a tie, a chickie that
// can't be finished stays owed, take-back allowed until the next player
// acts, the next player plays after the starting double and after a new
// double, the holder of the round's double starts it, a player who can
// play must, and play goes on once the boneyard is empty.
func Standard() Rules {
	return Rules{
		Set:         9,
		SpinnerArms: 4,
		DoubleBlank: 50,
		Draw:        DrawOneMayPlay,
		Unheld:      UnheldDraw,
		Blocked:     BlockedAllScore,
		LastTile:    LastTileCourtesy,
		TakeBack:    TakeBackUntilNext,
		TieBreak:    TieZeroRounds,
		Impossible:  ImpossibleStaysOwed,

		Ladder:        LadderDown,
		AfterStart:    AfterStartNext,
		FirstPlayer:   FirstHolder,
		AbleToPlay:    AbleMustPlay,
		EmptyBoneyard: EmptyPlayOn,
		CoverDouble:   CoverNext,
	}
}

// A Preset is a named set of house rules offered when a game is created.
type Preset struct {
	Name  string
	About string
	Rules Rules
}

// Presets lists the named rule sets, Standard first.
func Presets() []Preset {
	double := Standard()
	double.Set, double.SpinnerArms = 12, 6
	danish := Standard()
	danish.Draw, danish.Unheld = DrawUntilPlayable, UnheldBurn
	strict := Standard()
	strict.Draw, strict.LastTile, strict.TakeBack, strict.DoubleOut = DrawOneMustPlay, LastTilePenalty, TakeBackNever, 50
	family := Standard()
	family.DoubleBlank, family.Impossible, family.TieBreak = 0, ImpossibleReleased, TieShared
	return []Preset{
		{"standard", "The common rules: double-9, a four-armed spinner, 0-0 scores 50.", Standard()},
		{"double-chickenfoot", "Double-12 with a six-armed spinner, three arms on each long side.", double},
		{"keep-drawing", "Draw until a tile fits; an unheld double is skipped for the next one down.", danish},
		{"strict", "Must lay a drawn tile that fits, no take-backs, a silent last tile costs a draw, going out on a double costs 50.", strict},
		{"family", "0-0 scores nothing, a stuck chickie is let go, and ties share the win.", family},
	}
}

// PresetRules returns the rules of the named preset.
func PresetRules(name string) (Rules, bool) {
	for _, p := range Presets() {
		if p.Name == name {
			return p.Rules, true
		}
	}
	return Rules{}, false
}

// ErrRules is the category of every error Validate returns.
var ErrRules = errors.New("invalid rules")

// A RulesError names the house-rule field with a bad value, by its JSON
// name, and what it accepts.
type RulesError struct {
	Field string
	Value any
	Want  string
}

func (e *RulesError) Error() string {
	return fmt.Sprintf("rules: %s is %v, but it must be %s", e.Field, e.Value, e.Want)
}

// Unwrap returns ErrRules.
func (e *RulesError) Unwrap() error { return ErrRules }

// Validate checks every house rule against its row of HouseRules and
// returns a *RulesError for the first bad one, in the order Rules declares
// its fields. A fixed number of rounds and a losing total exclude each
// other.
func (r Rules) Validate() error {
	for _, h := range checkOrder {
		if err := h.refuse(r, h.get(r)); err != nil {
			return err
		}
	}
	if r.Rounds != 0 && r.LossLimit != 0 {
		return &RulesError{Field: "loss_threshold", Value: r.LossLimit, Want: "0 when a fixed number of rounds is set"}
	}
	return nil
}

// checkOrder is houseRules in the order Rules declares its fields, so that
// input with several bad fields is still told about the same one first.
var checkOrder = func() []HouseRule {
	t := reflect.TypeFor[Rules]()
	index := func(h HouseRule) int {
		f, _ := t.FieldByName(h.Field)
		return f.Index[0]
	}
	out := slices.Clone(houseRules)
	slices.SortStableFunc(out, func(a, b HouseRule) int { return cmp.Compare(index(a), index(b)) })
	return out
}()
