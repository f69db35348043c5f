package app

// An Opening is who set a round's double down and which double it was, as
// a page names them: Setter is the player's id (see Game.IDs), or -1 for
// nobody yet.
type Opening struct {
	Double, Setter int
}

// Opening is round n's opening as a page shows it.
func (sh Sheet) Opening(n int) Opening {
	r := sh.Round(n)
	if r == nil {
		return Opening{Double: -1, Setter: -1}
	}
	o := Opening{Double: r.Double(), Setter: -1}
	if r.Setter >= 0 && r.Setter < len(sh.Game.IDs) {
		o.Setter = sh.Game.IDs[r.Setter]
	}
	return o
}
