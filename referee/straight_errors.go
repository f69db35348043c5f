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
