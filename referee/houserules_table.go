package referee

import "strconv"

// houseRules is the table behind HouseRules, Validate, Value and SetValue.
// A row's words (its title, meaning, source line and each value's label)
// are in the catalog under its JSON name (see HouseRule.Say).
var houseRules = append([]HouseRule{
	{Field: "Set", JSON: "set", Topic: "equipment",
		Choices: setChoices(),
		access:  setAccess()},
	{Field: "Rounds", JSON: "rounds", Topic: "rounds", More: true,
		// One round per double of the ladder at most: N+1, or 2N+1 going
		// down to 0-0 and back up.
		Span: &Span{Max: func(r Rules) int { return len(r.Doubles()) }, MaxName: Phrase{Key: "house.rounds.max"},
			ZeroSaid: by(AllSources), RestSaid: by(Danish)},
		access: number(func(r *Rules) *int { return &r.Rounds })},
	{Field: "LossLimit", JSON: "loss_threshold", Topic: "rounds", More: true,
		Span: &Span{Max: func(Rules) int { return maxLossLimit }, MaxName: strconv.Itoa(maxLossLimit),
			ZeroSaid: by(AllSources), RestSaid: custom},
		access: number(func(r *Rules) *int { return &r.LossLimit })},
	{Field: "SpinnerArms", JSON: "spinner_arms", Topic: "spinner",
		Choices: []Choice{
			{"4", by(AllSources)},
			{"6", by(PlayPage)},
		},
		access: number(func(r *Rules) *int { return &r.SpinnerArms })},
	{Field: "DoubleBlank", JSON: "double_blank", Topic: "scoring",
		Choices: []Choice{
			{"50", by(fourSources)},
			{"100", custom},
			{"25", custom},
			{"0", by(Video)},
		},
		access: number(func(r *Rules) *int { return &r.DoubleBlank })},
	{Field: "Draw", JSON: "draw", Topic: "drawing",
		Choices: []Choice{
			{string(DrawOneMayPlay), by(Afrikaans | PlayPage)},
			{string(DrawOneMustPlay), by(MixedPage | Video)},
			{string(DrawUntilPlayable), by(Danish)},
			{string(DrawOneThenPass), custom},
		},
		access: text(func(r *Rules) *DrawRule { return &r.Draw })},
	{Field: "Unheld", JSON: "unheld_double", Topic: "starting-double",
		Choices: []Choice{
			{string(UnheldDraw), by(MixedPage | Afrikaans)},
			{string(UnheldDrawAll), by(Video)},
			{string(UnheldBurn), by(Danish | PlayPage)},
			{string(UnheldReshuffle), by(PlayPage)},
			{string(UnheldLowerReturn), custom},
		},
		access: text(func(r *Rules) *UnheldRule { return &r.Unheld })},
	{Field: "Blocked", JSON: "blocked_round", Topic: "end", More: true,
		Choices: []Choice{
			{string(BlockedAllScore), by(fourSources)},
			{string(BlockedLowestZero), custom},
		},
		access: text(func(r *Rules) *BlockedRule { return &r.Blocked })},
	{Field: "TieBreak", JSON: "tie_break", Topic: "ties", More: true,
		Choices: []Choice{
			{string(TieZeroRounds), by(Afrikaans)},
			{string(TieMostOut), custom},
			{string(TieShared), custom},
		},
		access: text(func(r *Rules) *TieBreak { return &r.TieBreak })},
	{Field: "Impossible", JSON: "impossible_chickie", Topic: "chickies", More: true,
		Choices: []Choice{
			{string(ImpossibleStaysOwed), leftOpen},
			{string(ImpossibleReleased), leftOpen},
		},
		access: text(func(r *Rules) *ImpossibleRule { return &r.Impossible })},
	{Field: "TakeBack", JSON: "take_back", Topic: "take-back", More: true,
		Choices: []Choice{
			{string(TakeBackUntilNext), custom},
			{string(TakeBackNever), custom},
		},
		access: text(func(r *Rules) *TakeBackRule { return &r.TakeBack })},
	{Field: "LastTile", JSON: "last_tile", Topic: "last-tile", More: true,
		Choices: []Choice{
			{string(LastTileCourtesy), by(PlayPage)},
			{string(LastTilePenalty), custom},
			{string(LastTileSkip), custom},
		},
		access: text(func(r *Rules) *LastTileRule { return &r.LastTile })},
	{Field: "BlankHalf", JSON: "blank_half", Topic: "scoring", More: true,
		Choices: []Choice{
			{"0", by(fourSources)},
			{"25", custom},
		},
		access: number(func(r *Rules) *int { return &r.BlankHalf })},
	{Field: "DoubleOut", JSON: "double_out", Topic: "end", More: true,
		Choices: []Choice{
			{"0", by(fourSources)},
			{"50", custom},
		},
		access: number(func(r *Rules) *int { return &r.DoubleOut })},
}, houseRulesOfPlay...)

// houseRulesOfPlay are the rules of play some tables change, after those
// above in the setup form's "more house rules".
var houseRulesOfPlay = []HouseRule{
	{Field: "Ladder", JSON: "ladder", Topic: "rounds", More: true,
		Choices: []Choice{
			{string(LadderDown), by(AllSources)},
			{string(LadderDownUp), custom},
		},
		access: text(func(r *Rules) *LadderRule { return &r.Ladder })},
	{Field: "FirstPlayer", JSON: "first_player", Topic: "starting-double", More: true,
		Choices: []Choice{
			{string(FirstHolder), by(Afrikaans | Video)},
			{string(FirstRotates), custom},
		},
		access: text(func(r *Rules) *FirstPlayerRule { return &r.FirstPlayer })},
	{Field: "AfterStart", JSON: "after_start", Topic: "starting-double", More: true,
		Choices: []Choice{
			{string(AfterStartNext), by(Afrikaans | Video)},
			{string(AfterStartSetter), custom},
		},
		access: text(func(r *Rules) *AfterStartRule { return &r.AfterStart })},
	{Field: "CoverDouble", JSON: "cover_double", Topic: "chickies", More: true,
		Choices: []Choice{
			{string(CoverNext), by(AllSources)},
			{string(CoverLayer), custom},
		},
		access: text(func(r *Rules) *CoverRule { return &r.CoverDouble })},
	{Field: "AbleToPlay", JSON: "able_to_play", Topic: "drawing", More: true,
		Choices: []Choice{
			{string(AbleMustPlay), by(fourSources)},
			{string(AbleMayDraw), custom},
		},
		access: text(func(r *Rules) *AbleRule { return &r.AbleToPlay })},
	{Field: "EmptyBoneyard", JSON: "empty_boneyard", Topic: "end", More: true,
		Choices: []Choice{
			{string(EmptyPlayOn), by(Video | Danish)},
			{string(EmptyEnds), custom},
		},
		access: text(func(r *Rules) *EmptyBoneyardRule { return &r.EmptyBoneyard })},
}

// Short names for where choices come from, in the table above.
var (
	fourSources = Afrikaans | Video | Danish | PlayPage
	bigSets     = Afrikaans | Danish | PlayPage
	custom      = Said{Not: Custom}
	leftOpen    = Said{Not: LeftOpen}
	setSaid     = map[Set]Said{6: by(MixedPage | Danish | PlayPage), 9: by(fourSources), 12: by(bigSets), 15: by(bigSets), 18: by(bigSets)}
)

func by(s Sources) Said { return Said{By: s} }

// maxLossLimit is the largest losing total a game may be played to.
const maxLossLimit = 100000

func setChoices() []Choice {
	out := make([]Choice, len(Sets))
	for i, s := range Sets {
		out[i] = Choice{strconv.Itoa(int(s)), setSaid[s]}
	}
	return out
}

// setAccess lists the set's allowed values plainly, as Validate always has.
func setAccess() access {
	a := number(func(r *Rules) *Set { return &r.Set })
	a.plain = true
	return a
}

// straightRules are the house rules of a Straight night, the points its
// rule text leaves open, in the order its setup form shows them. Seed
// statements are by(MixedPage): the English page that mixes Straight
// into Chickenfoot is the one source that gives this game.
var straightRules = []HouseRule{
	{Game: Straight, Field: "Target", JSON: "target", Topic: "straight-end",
		Span: &Span{Max: func(Rules) int { return maxTarget }, MaxName: strconv.Itoa(maxTarget),
			ZeroSaid: by(MixedPage), RestSaid: custom},
		access: number(func(r *Rules) *int { return &r.Straight.Target })},
	{Game: Straight, Field: "Partners", JSON: "partners", Topic: "straight-players",
		Choices: []Choice{
			{string(No), by(MixedPage)},
			{string(Yes), by(MixedPage)},
		},
		access: text(func(r *Rules) *YesNo { return &r.Straight.Partners })},
	{Game: Straight, Field: "Count", JSON: "count", Topic: "straight-scoring",
		Choices: []Choice{
			{string(CountPoints), by(MixedPage)},
			{string(CountFives), custom},
		},
		access: text(func(r *Rules) *CountRule { return &r.Straight.Count })},
	{Game: Straight, Field: "Draw", JSON: "draw", Topic: "straight-drawing",
		Choices: []Choice{
			{string(StraightDrawUntil), leftOpen},
			{string(StraightDrawOne), custom},
		},
		access: text(func(r *Rules) *StraightDrawRule { return &r.Straight.Draw })},
	{Game: Straight, Field: "Spinner", JSON: "spinner_ends", Topic: "straight-spinner", More: true,
		Choices: []Choice{
			{string(SpinnerAfterSides), by(MixedPage)},
			{string(SpinnerAnyTime), custom},
		},
		access: text(func(r *Rules) *SpinnerEndsRule { return &r.Straight.Spinner })},
	{Game: Straight, Field: "Lead", JSON: "lead_scores", Topic: "straight-scoring", More: true,
		Choices: []Choice{
			{string(Yes), leftOpen},
			{string(No), custom},
		},
		access: text(func(r *Rules) *YesNo { return &r.Straight.Lead })},
	{Game: Straight, Field: "Rounding", JSON: "rounding", Topic: "straight-end", More: true,
		Choices: []Choice{
			{string(RoundNearest), by(MixedPage)},
			{string(RoundUp), custom},
			{string(RoundDown), custom},
		},
		access: text(func(r *Rules) *RoundingRule { return &r.Straight.Rounding })},
	{Game: Straight, Field: "Tie", JSON: "blocked_tie", Topic: "straight-end", More: true,
		Choices: []Choice{
			{string(TieNobody), leftOpen},
			{string(TieEach), custom},
		},
		access: text(func(r *Rules) *BlockedTieRule { return &r.Straight.Tie })},
	{Game: Straight, Field: "Reached", JSON: "target_reached", Topic: "straight-end", More: true,
		Choices: []Choice{
			{string(ReachedAtOnce), by(MixedPage)},
			{string(ReachedHandEnd), custom},
		},
		access: text(func(r *Rules) *ReachedRule { return &r.Straight.Reached })},
	{Game: Straight, Field: "Muggins", JSON: "muggins", Topic: "straight-scoring", More: true,
		Choices: []Choice{
			{string(Off), leftOpen},
			{string(On), custom},
		},
		access: text(func(r *Rules) *OnOff { return &r.Straight.Muggins })},
}
