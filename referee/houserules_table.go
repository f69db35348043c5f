package referee

import (
	"fmt"
	"strconv"
	"strings"
)

// houseRules is the table behind HouseRules, Validate, Value and SetValue.
var houseRules = append([]HouseRule{
	{Field: "Set", JSON: "set", Title: "Set", Topic: "equipment",
		Meaning: "The domino set, double-N: every pair of numbers from 0 to N once",
		Source:  "Every source plays with a double-N set, and most take a bigger one for a bigger table.",
		Choices: setChoices(),
		access:  setAccess()},
	{Field: "Rounds", JSON: "rounds", Title: "Rounds", Topic: "rounds", More: true,
		Meaning: "How many rounds: one per double from the highest down to 0-0, or a fixed number agreed before play, still one double lower each round",
		Source:  "One round per double in all five sources; one Danish source lets a table agree on fewer.",
		Span: &Span{Zero: "one per double", Rest: "a count from 1 to %v", Max: func(s Set) int { return int(s) + 1 }, MaxName: "N+1",
			ZeroSaid: by(AllSources), RestSaid: by(Danish)},
		access: number(func(r *Rules) *int { return &r.Rounds })},
	{Field: "LossLimit", JSON: "loss_threshold", Title: "Losing total", Topic: "rounds", More: true,
		Meaning: "Play on until someone's total reaches it, starting again from the top double after 0-0; rounds must then be 0",
		Source:  "A house rule some tables play; the sources play a set number of rounds.",
		Span: &Span{Zero: "off", Rest: "a positive total up to %v", Max: func(Set) int { return maxLossLimit }, MaxName: strconv.Itoa(maxLossLimit),
			ZeroSaid: by(AllSources), RestSaid: custom},
		access: number(func(r *Rules) *int { return &r.LossLimit })},
	{Field: "SpinnerArms", JSON: "spinner_arms", Title: "Starting double", Topic: "spinner",
		Meaning: `How many arms the starting double takes before play goes elsewhere (6: "double chickenfoot")`,
		Source:  "Four arms in all five sources; one English source gives six, the double chickenfoot, as a variation.",
		Choices: []Choice{
			{"4", "Four arms", "It takes a tile on each end and each side before play goes anywhere else.", by(AllSources)},
			{"6", "Six arms (double chickenfoot)", "Three tiles on each long side before play goes anywhere else.", by(PlayPage)},
		},
		access: number(func(r *Rules) *int { return &r.SpinnerArms })},
	{Field: "DoubleBlank", JSON: "double_blank", Title: "0-0 left in hand", Topic: "scoring",
		Meaning: "What the double blank scores when it is left in a hand",
		Source:  "50 in most sources, though one English source makes it optional and otherwise counts the 0-0 as nothing; 25 or 100 is a house rule some tables play.",
		Choices: []Choice{
			{"50", "Scores 50", "The usual penalty for getting caught with the double blank.", by(fourSources)},
			{"100", "Scores 100", "A harsher penalty some tables agree on.", custom},
			{"25", "Scores 25", "A milder penalty.", custom},
			{"0", "Scores 0", "It counts the zero pips it shows.", by(Video)},
		},
		access: number(func(r *Rules) *int { return &r.DoubleBlank })},
	{Field: "Draw", JSON: "draw", Title: "No tile to play", Topic: "drawing",
		Meaning: "What a player with no tile to lay does: draw one (and may or must lay it if it fits), or keep drawing until one fits",
		Source:  "The sources differ: two let the drawn tile be laid, two say to lay it if it fits, and one Danish source draws on until a tile fits; drawing and passing is a house rule some tables play.",
		Choices: []Choice{
			{string(DrawOneMayPlay), "Draw one, may lay it", "If the drawn tile fits you may lay it; otherwise pass.", by(Afrikaans | PlayPage)},
			{string(DrawOneMustPlay), "Draw one, must lay it", "If the drawn tile fits it has to be laid.", by(MixedPage | Video)},
			{string(DrawUntilPlayable), "Draw until one fits", "Keep drawing until a tile fits or the boneyard is empty.", by(Danish)},
			{string(DrawOneThenPass), "Draw one and pass", "The drawn tile waits for your next turn, even if it fits.", custom},
		},
		access: text(func(r *Rules) *DrawRule { return &r.Draw })},
	{Field: "Unheld", JSON: "unheld_double", Title: "Nobody holds the round's double", Topic: "starting-double",
		Meaning: "How a round opens when its double is in nobody's hand: draw for it in turn or all at once, open on the next lower double someone holds (0-0's round is never skipped), or deal again",
		Source:  "The sources differ: draw for it in turn (two sources), all at once (one), open on the next lower double (two) or deal again (one); playing the skipped double later is what an existing scorekeeping app does.",
		Choices: []Choice{
			{string(UnheldDraw), "Draw for it in turn", "Players take turns drawing until someone finds it and sets it down.", by(MixedPage | Afrikaans)},
			{string(UnheldDrawAll), "Everyone draws at once", "All players draw together until it turns up.", by(Video)},
			{string(UnheldBurn), "Open on the next lower double", "That double's round is skipped, so the game has one round fewer. 0-0 is never skipped.", by(Danish | PlayPage)},
			{string(UnheldReshuffle), "Shuffle and deal again", "Gather every tile, shuffle, and deal new hands. Nothing is drawn for it.", by(PlayPage)},
			{string(UnheldLowerReturn), "Next lower double, the skipped one later", "Open on the next lower double someone holds; the skipped double is played in a later round, so no round is lost.", custom},
		},
		access: text(func(r *Rules) *UnheldRule { return &r.Unheld })},
	{Field: "Blocked", JSON: "blocked_round", Title: "Blocked round", Topic: "end", More: true,
		Meaning: "How a round nobody went out of is scored: every hand counts, or the lowest hand scores 0",
		Source:  "Every hand counts in most sources; a free round for the lowest hand is a house rule some tables play.",
		Choices: []Choice{
			{string(BlockedAllScore), "Everyone scores their hand", "Nobody went out, so every hand counts.", by(fourSources)},
			{string(BlockedLowestZero), "Lowest hand scores 0", "The player (or players) with the fewest pips score nothing.", custom},
		},
		access: text(func(r *Rules) *BlockedRule { return &r.Blocked })},
	{Field: "TieBreak", JSON: "tie_break", Title: "Tied at the end", Topic: "ties", More: true,
		Meaning: "Who wins when the lowest totals are equal: most rounds at zero, then the lowest non-zero round; most rounds gone out; or a shared win",
		Source:  "Most rounds at zero first is one Afrikaans source's way; the others are house rules some tables play.",
		Choices: []Choice{
			{string(TieZeroRounds), "Most zero rounds", "Then the lowest non-zero round wins.", by(Afrikaans)},
			{string(TieMostOut), "Most rounds gone out", "Whoever went out most often wins.", custom},
			{string(TieShared), "Share the win", "Tied players finish first together.", custom},
		},
		access: text(func(r *Rules) *TieBreak { return &r.TieBreak })},
	{Field: "Impossible", JSON: "impossible_chickie", Title: "A chickie that can't be finished", Topic: "chickies", More: true,
		Meaning: "What a spinner or chickie that can no longer get all its tiles does: it stays owed (only its number may be played; the others draw and pass), or it is let go",
		Source:  "The sources leave this open; either answer is a house rule some tables play.",
		Choices: []Choice{
			{string(ImpossibleStaysOwed), "Stays owed", "Only tiles with its number may be played, on it; everyone else draws or passes until the round ends as usual.", leftOpen},
			{string(ImpossibleReleased), "Is let go", "Play opens up again everywhere.", leftOpen},
		},
		access: text(func(r *Rules) *ImpossibleRule { return &r.Impossible })},
	{Field: "TakeBack", JSON: "take_back", Title: "Taking a tile back", Topic: "take-back", More: true,
		Meaning: "Whether the last tile laid may be lifted again before the next player acts",
		Source:  "A house rule some tables play; the sources never mention taking a tile back.",
		Choices: []Choice{
			{string(TakeBackUntilNext), "Until the next player plays", "A tile laid by mistake can be lifted until the next player acts.", custom},
			{string(TakeBackNever), "Never", "A tile laid stays laid.", custom},
		},
		access: text(func(r *Rules) *TakeBackRule { return &r.TakeBack })},
	{Field: "LastTile", JSON: "last_tile", Title: "Last tile in hand", Topic: "last-tile", More: true,
		Meaning: "What follows when a player down to one tile keeps quiet about it: nothing, a tile drawn, or a missed turn",
		Source:  "Saying it is a courtesy in one English source; drawing a tile, or missing a turn, for keeping quiet is a house rule some tables play.",
		Choices: []Choice{
			{string(LastTileCourtesy), "Say it as a courtesy", "Announcing your last tile is good manners, nothing more.", by(PlayPage)},
			{string(LastTilePenalty), "Caught silent: draw one", "A player caught not announcing it draws a tile.", custom},
			{string(LastTileSkip), "Caught silent: miss a turn", "A player caught not announcing it misses their next turn.", custom},
		},
		access: text(func(r *Rules) *LastTileRule { return &r.LastTile })},
	{Field: "BlankHalf", JSON: "blank_half", Title: "Blank halves left in hand", Topic: "scoring", More: true,
		Meaning: "Extra points for each blank half of the other tiles left in a hand",
		Source:  "A blank half counts nothing in most sources, which score the pips left in hand; charging 25 for it is a house rule some tables play.",
		Choices: []Choice{
			{"0", "Count as zero", "A 5-0 left in hand scores 5.", by(fourSources)},
			{"25", "Add 25 each", "A 5-0 left in hand scores 30.", custom},
		},
		access: number(func(r *Rules) *int { return &r.BlankHalf })},
	{Field: "DoubleOut", JSON: "double_out", Title: "Going out on a double", Topic: "end", More: true,
		Meaning: "Points charged to a player whose last tile is a double",
		Source:  "Going out scores nothing in most sources, whatever the last tile; the 50 is a house rule some tables play.",
		Choices: []Choice{
			{"0", "No penalty", "Going out is going out.", by(fourSources)},
			{"50", "Costs 50", "The player who goes out by laying a double scores 50.", custom},
		},
		access: number(func(r *Rules) *int { return &r.DoubleOut })},
}, houseRulesOfPlay...)

// houseRulesOfPlay are the rules of play some tables change, after those
// above in the setup form's "more house rules".
var houseRulesOfPlay = []HouseRule{
	{Field: "Ladder", JSON: "ladder", Title: "Order of the doubles", Topic: "rounds", More: true,
		Meaning: "Which double each round opens on: from the highest down to 0-0, or down to 0-0 and back up again",
		Source:  "Down to 0-0 in all five sources; back up again is a house rule some tables play, from an old rules page.",
		Choices: []Choice{
			{string(LadderDown), "Down to 0-0", "One round per double, the highest first: 10 rounds on double-9.", by(AllSources)},
			{string(LadderDownUp), "Down and back up", "Down to 0-0, then up again to the highest: 19 rounds on double-9.", custom},
		},
		access: text(func(r *Rules) *LadderRule { return &r.Ladder })},
	{Field: "FirstPlayer", JSON: "first_player", Title: "Who starts a round", Topic: "starting-double", More: true,
		Meaning: "Who starts each round: whoever holds its double sets it, or the double is set before the deal and the first player moves one seat on each round",
		Source:  "The holder of the double starts in one Afrikaans and one English source; a first player moving round the table is a house rule of several family rule sets.",
		Choices: []Choice{
			{string(FirstHolder), "Whoever holds the double", "The player holding the round's double sets it down.", by(Afrikaans | Video)},
			{string(FirstRotates), "Set aside, first player moves on", "The round's double is put in the middle before the deal; the first player is one seat further round each round.", custom},
		},
		access: text(func(r *Rules) *FirstPlayerRule { return &r.FirstPlayer })},
	{Field: "AfterStart", JSON: "after_start", Title: "After the starting double", Topic: "starting-double", More: true,
		Meaning: "Who plays once the starting double is set: the next player, or the one who set it",
		Source:  "The next player in one Afrikaans and one English source; the setter playing again is a house rule from a boxed edition's rules.",
		Choices: []Choice{
			{string(AfterStartNext), "The next player", "Play goes on clockwise from the player who set it.", by(Afrikaans | Video)},
			{string(AfterStartSetter), "The setter plays again", "The player who set the double also plays the first arm.", custom},
		},
		access: text(func(r *Rules) *AfterStartRule { return &r.AfterStart })},
	{Field: "CoverDouble", JSON: "cover_double", Title: "Who covers a new double", Topic: "chickies", More: true,
		Meaning: "Who plays the first toe of a chickie: the next player, or the player who laid it",
		Source:  "The next player in all five sources; the layer covering it is a house rule some tables bring from Mexican Train.",
		Choices: []Choice{
			{string(CoverNext), "The next player", "Play goes on to the next player, who must lay a toe or draw.", by(AllSources)},
			{string(CoverLayer), "The player who laid it", "The player who laid the double plays again, on its toes.", custom},
		},
		access: text(func(r *Rules) *CoverRule { return &r.CoverDouble })},
	{Field: "AbleToPlay", JSON: "able_to_play", Title: "Able to play", Topic: "drawing", More: true,
		Meaning: "Whether a player who holds a tile that fits must lay it, or may draw and pass instead",
		Source:  "Must play in most sources; drawing instead is a house rule of one family rule set.",
		Choices: []Choice{
			{string(AbleMustPlay), "Must play", "A player with a tile that fits lays one.", by(fourSources)},
			{string(AbleMayDraw), "May draw instead", "A player may draw, and pass, even with a tile that fits.", custom},
		},
		access: text(func(r *Rules) *AbleRule { return &r.AbleToPlay })},
	{Field: "EmptyBoneyard", JSON: "empty_boneyard", Title: "Empty boneyard", Topic: "end", More: true,
		Meaning: "What happens once the boneyard is empty: play goes on until nobody can play, or the round ends when someone has nothing to lay or draw",
		Source:  "Play goes on in one English and one Danish source; ending the round is a house rule of one published rule set.",
		Choices: []Choice{
			{string(EmptyPlayOn), "Play goes on", "Players pass until someone goes out or nobody can play.", by(Video | Danish)},
			{string(EmptyEnds), "The round ends", "The first player with nothing to lay and nothing to draw ends the round; everyone scores their hand.", custom},
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
		out[i] = Choice{strconv.Itoa(int(s)), s.String(), fmt.Sprintf("%d tiles", s.Size()), setSaid[s]}
	}
	return out
}

// setAccess words the set's allowed values as Validate always has.
func setAccess() access {
	a := number(func(r *Rules) *Set { return &r.Set })
	a.want = func(Rules) string {
		names := make([]string, len(Sets))
		for i, s := range Sets {
			names[i] = strconv.Itoa(int(s))
		}
		return "one of " + strings.Join(names, ", ")
	}
	return a
}
