package views

import "chickenfoot/referee"

// RulesPage explains every rule and house-rule variant; with a game, that
// game's choices are marked.
type RulesPage struct {
	Meta
	Back       string
	Game       string     // the game's name, or "" for the general page
	HouseRules []RuleHelp // every house rule, in the referee's order
	PerSet     DealTables // the hand sizes of each set, from one source
	Double9    DealTables // another source's hand sizes for double-9
	Set        int
	Arms       int
}

// RuleHelp is one house rule as the rules page explains it, in the section
// its Topic names.
type RuleHelp struct {
	Field   string // its JSON name
	Title   string
	Meaning string
	Source  string       // which sources agree, in a sentence
	Topic   string       // the section it belongs to
	Options []RuleChoice // a choice rule's values, the game's checked
	Ways    []RuleWay    // an open number's 0 and its other values
	Chosen  string       // an open number's value in the game, in words; "" without a game
}

// RuleChoice is one value of a choice rule and where it comes from.
type RuleChoice struct {
	RuleOption
	Said Said
}

// RuleWay is one reading of an open number, 0 or any other value, and
// where it comes from.
type RuleWay struct {
	Label  string // "0: one per double"
	Said   Said
	Chosen string // the game's value, in words, when it is read this way
}

// DealTables is one source's hand sizes: tiles each by players, per set.
type DealTables struct {
	Said   Said
	Tables []DealTable
}

// DealTable is the hand sizes of one set: Tiles[i] each for Players[i].
type DealTable struct {
	Set     string
	Players []int
	Tiles   []int
}

// The sources of a rule, as the referee names them (see referee.Said).
type (
	Sources   = referee.Sources
	Unsourced = referee.Unsourced
	Said      = referee.Said
)

// The five sources and the reasons a statement has none, for the rules
// page's statements.
const (
	MixedPage  = referee.MixedPage
	Afrikaans  = referee.Afrikaans
	Video      = referee.Video
	Danish     = referee.Danish
	PlayPage   = referee.PlayPage
	AllSources = referee.AllSources
	HouseRule  = referee.Custom
	Follows    = referee.Follows
	LeftOpen   = referee.LeftOpen
)
