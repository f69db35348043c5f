package referee

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
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

	// Game is the game the night is played at; absent, it is Chickenfoot
	// and the fields above are its house rules. A Straight night keeps
	// its own house rules in Straight and plays with the double-6 set.
	Game     Game          `json:"game,omitempty"`
	Straight StraightRules `json:"straight,omitzero"`
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
// Its one-line description is in the catalog under its name (see Say).
type Preset struct {
	Name  string
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
		{"standard", Standard()},
		{"double-chickenfoot", double},
		{"keep-drawing", danish},
		{"strict", strict},
		{"family", family},
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

// ErrRules is the category of every error Validate returns, and of a
// deal or a table the rules can't play.
var ErrRules error = &category{key: "error.rules"}

// A RulesError refuses house rules, or a deal or table they can't play.
// For a house rule's bad value, Field names the rule by its JSON name,
// Value is the value and Want says in English what it accepts (WantIn in
// any language). Key and Params are the sentence that says why, as a
// message of the catalog and its typed parameters, so any language can
// word it (see Say). Its category is ErrRules, or one within it
// (ErrTooManyPlayers).
type RulesError struct {
	Field  string
	Value  any
	Want   string
	Key    string // the message's key; "" words Field, Value and Want as rules.bad-value
	Params Params // the values the message is filled in with
	of     error  // the category, when narrower than ErrRules
}

// Unwrap returns the error's category: ErrRules, or one within it.
func (e *RulesError) Unwrap() error {
	if e.of != nil {
		return e.of
	}
	return ErrRules
}

// badDeal refuses a deal or table the rules can't play, saying why with
// the message key and p.
func badDeal(key string, p Params) *RulesError { return &RulesError{Key: key, Params: p} }

// Validate checks every house rule against its row of HouseRules and
// returns a *RulesError for the first bad one, in the order Rules declares
// its fields. A fixed number of rounds and a losing total exclude each
// other.
//
// A Straight night is checked against Straight's rows instead, in their
// order, and must use the double-6 set.
func (r Rules) Validate() error {
	switch r.Game {
	case Chickenfoot:
	case Straight:
		if r.Set != 6 {
			return badRule("set", int(r.Set), literally("6"))
		}
		for _, h := range straightRules {
			if err := h.refuse(r, h.get(r)); err != nil {
				return err
			}
		}
		return nil
	default:
		return badRule("game", strconv.Quote(string(r.Game)), gameWant)
	}
	for _, h := range checkOrder {
		if err := h.refuse(r, h.get(r)); err != nil {
			return err
		}
	}
	if r.Rounds != 0 && r.LossLimit != 0 {
		return badRule("loss_threshold", r.LossLimit, noRounds)
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
