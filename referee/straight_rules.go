package referee

// Game names the game a night is played at. The zero value is
// Chickenfoot, so every night stored before Straight existed still reads
// as Chickenfoot.
type Game string

// The games the referee knows.
const (
	Chickenfoot Game = ""         // stored as an absent or empty "game"
	Straight    Game = "straight" // Straight dominoes, scored the All-Fives way
)

// Games lists the games, Chickenfoot first.
var Games = []Game{Chickenfoot, Straight}

// Name is the game's name as forms and the referee command write it:
// "chickenfoot" or "straight".
func (g Game) Name() string {
	if g == Chickenfoot {
		return "chickenfoot"
	}
	return string(g)
}

// ParseGame reads a game's name as Name gives it; "" is Chickenfoot.
func ParseGame(s string) (Game, bool) {
	switch s {
	case "", "chickenfoot":
		return Chickenfoot, true
	case string(Straight):
		return Straight, true
	}
	return "", false
}

// StraightRules are the house rules of a Straight night: the points the
// rule text leaves open, one row each in the house-rules table.
type StraightRules struct {
	Draw     StraightDrawRule `json:"draw"`
	Spinner  SpinnerEndsRule  `json:"spinner_ends"`
	Lead     YesNo            `json:"lead_scores"`
	Rounding RoundingRule     `json:"rounding"`
	Tie      BlockedTieRule   `json:"blocked_tie"`
	Reached  ReachedRule      `json:"target_reached"`
	Count    CountRule        `json:"count"`
	Muggins  OnOff            `json:"muggins"`
	Target   int              `json:"target"` // 0: the usual, 250 points or 61 counting one per five
	Partners YesNo            `json:"partners"`
}

// StraightDrawRule is what a player with no tile to lay does.
type StraightDrawRule string

// How many to draw.
const (
	StraightDrawUntil StraightDrawRule = "until-playable" // draw until a tile fits or the boneyard is empty
	StraightDrawOne   StraightDrawRule = "one"            // draw one, lay it if it fits, else pass
)

// SpinnerEndsRule is when the spinner's two ends (across the line) open.
type SpinnerEndsRule string

// When the spinner's ends open.
const (
	SpinnerAfterSides SpinnerEndsRule = "after-sides" // once both sides are covered
	SpinnerAnyTime    SpinnerEndsRule = "any-time"    // as soon as the spinner is down
)

// YesNo is a house rule that is on or off, worded yes or no.
type YesNo string

// The two values of a YesNo.
const (
	Yes YesNo = "yes"
	No  YesNo = "no"
)

// OnOff is a house rule that is on or off, worded on or off.
type OnOff string

// The two values of an OnOff.
const (
	On  OnOff = "on"
	Off OnOff = "off"
)

// RoundingRule is how a hand's award is brought to a multiple of five.
type RoundingRule string

// The roundings, by the last digit of the count: nearest takes 1 and 2
// down and 3 and 4 up (13 → 15, 12 → 10); a count is whole spots, so no
// count is ever half way.
const (
	RoundNearest RoundingRule = "nearest"
	RoundUp      RoundingRule = "up"
	RoundDown    RoundingRule = "down"
)

// BlockedTieRule is who scores when a blocked hand has a tie for fewest
// spots.
type BlockedTieRule string

// Ties in a blocked hand.
const (
	TieNobody BlockedTieRule = "nobody" // nobody scores the hand
	TieEach   BlockedTieRule = "each"   // each tied player or side scores everyone else's spots
)

// ReachedRule is when the game ends once a total reaches the target.
type ReachedRule string

// When reaching the target ends the game.
const (
	ReachedAtOnce  ReachedRule = "at-once"  // the first to reach it wins, even in the middle of a hand
	ReachedHandEnd ReachedRule = "hand-end" // the hand is played out; the highest total at or over it wins
)

// CountRule is how points are kept.
type CountRule string

// The counts.
const (
	CountPoints CountRule = "points" // points as counted: 15 is 15
	CountFives  CountRule = "fives"  // one point per five, as on a cribbage board: 15 is 3
)

// The usual targets.
const (
	UsualTarget      = 250 // counting points
	UsualFivesTarget = 61  // counting one point per five
	maxTarget        = 10000
)

// StandardStraight returns the rules of a Straight night where the text
// is silent, as most published rules play it: draw until a tile fits,
// the spinner's ends open once both its sides are covered, the lead
// scores, awards rounded to the nearest five, nobody scores a blocked
// tie, the first to reach 250 wins at once, points as counted, no
// muggins, no partners. The set is double-6.
func StandardStraight() Rules {
	return Rules{Game: Straight, Set: 6, Straight: StraightRules{
		Draw:     StraightDrawUntil,
		Spinner:  SpinnerAfterSides,
		Lead:     Yes,
		Rounding: RoundNearest,
		Tie:      TieNobody,
		Reached:  ReachedAtOnce,
		Count:    CountPoints,
		Muggins:  Off,
		Partners: No,
	}}
}

// StandardFor returns the default rules of the game.
func StandardFor(g Game) Rules {
	if g == Straight {
		return StandardStraight()
	}
	return Standard()
}

// Goal is the total that wins, in the rules' count: the target, or when
// it is 0 the usual one (250 points, or 61 counting one per five).
func (s StraightRules) Goal() int {
	switch {
	case s.Target > 0:
		return s.Target
	case s.Count == CountFives:
		return UsualFivesTarget
	}
	return UsualTarget
}
