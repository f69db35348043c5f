package referee

// Straight codes: the rules of a Straight hand that Chickenfoot lacks.
// Straight's other refusals use the codes of Chickenfoot that mean the
// same.
const (
	// CodeLeadFirst: a hand's first tile is laid on its own, by the
	// leader, before anything else; later tiles are laid on a tile.
	CodeLeadFirst Code = "lead-first"
	// CodeSpinnerSides: the spinner's ends open once a tile lies on each
	// of its sides.
	CodeSpinnerSides Code = "spinner-sides"
	// CodeNoClaim: there is no score left uncalled for this player to
	// claim, or the house plays without muggins.
	CodeNoClaim Code = "no-claim"
	// CodeWrongCount: the score called is not what the ends count.
	CodeWrongCount Code = "wrong-count"
)

// StraightSections are the sections of Straight's rules, in the order a
// rules page tells them: every house rule's Topic and every refusal's
// Code.SectionIn(Straight) is one of them.
var StraightSections = []string{
	"straight-players",   // who plays, partners, the set
	"straight-lead",      // who leads, the lead
	"straight-matching",  // laying tiles end to end
	"straight-spinner",   // the spinner's sides and ends, crosswise doubles
	"straight-scoring",   // the count of the ends and what it scores, muggins
	"straight-drawing",   // no tile to play
	"straight-turns",     // the order of play
	"straight-take-back", // lifting the last tile laid
	"straight-end",       // dominoed and blocked hands, the award, the target
}
