package referee

import (
	"errors"
	"slices"
)

// A TableEffect is what an action accepted on a round's live table changes
// on the score sheet besides the table itself.
type TableEffect struct {
	Setter      int  // the seat that set the starting double, or -1
	Unset       bool // a take-back lifted the starting double: nobody has set it
	WentOut     int  // the seat that laid its last tile, or -1
	OutOnDouble bool // that last tile was a double
	Reopened    int  // a take-back undid the going out of this seat, or -1
}

// An EntryChange is one entry a table action writes: Old is replaced by
// New (nil removes it).
type EntryChange struct {
	Seat     int
	Old, New *Entry
	Kind     EntryKind
}

// Deal is the deal of round n: the table knows the seats, the hand size
// and who plays first where the first player moves on each round, not the
// hands.
// The table seats only those who play round n (see Seated): its seats
// are numbered from 0 among them.
func (s Sheet) Deal(n int) Deal {
	seated := s.Seated(n)
	names := make([]string, len(seated))
	for i, seat := range seated {
		names[i] = s.Players[seat]
	}
	hand := s.HandSize
	if r := s.Round(n); r != nil && r.HandSize > 0 {
		hand = r.HandSize
	}
	return Deal{Players: len(seated), HandSize: hand, Names: names, First: s.FirstPlayer(n)}
}

// FirstPlayer is the table seat that plays first in round n under
// FirstRotates: one seat further round each round. Under the other rules
// it is 0: the holder of the double starts.
func (s Sheet) FirstPlayer(n int) int {
	players := len(s.Seated(n))
	if s.Rules.FirstPlayer != FirstRotates || players == 0 || n < 1 {
		return 0
	}
	return (n - 1) % players
}

// TableSeat is seat's seat at round n's live table, or -1 when that player
// misses the round.
func (s Sheet) TableSeat(n, seat int) int {
	return slices.Index(s.Seated(n), seat)
}

// SheetSeat is the score sheet's seat of round n's table seat, or -1.
func (s Sheet) SheetSeat(n, tableSeat int) int {
	seated := s.Seated(n)
	if tableSeat < 0 || tableSeat >= len(seated) {
		return -1
	}
	return seated[tableSeat]
}

// Replay rebuilds round n's table from its action log. The sheet's record
// of who set the starting double is the one record of it: the log's start
// is replayed as set by that player, so the turn follows the record.
func (s Sheet) Replay(n int, log []Action) (*Round, error) {
	r := s.Round(n)
	if r == nil {
		return nil, unknown("round")
	}
	if i, setter := standingStart(log), s.TableSeat(n, r.Setter); i >= 0 && setter >= 0 && log[i].Seat != setter {
		log = slices.Clone(log)
		log[i].Seat = setter
	}
	return Replay(s.Rules, r.Double(), s.Deal(n), log)
}

// standingStart is the index of the log's play that set the starting
// double and still stands (it was not taken back), or -1.
func standingStart(log []Action) int {
	for i := len(log) - 1; i >= 0; i-- {
		if a := log[i]; a.Kind == ActPlay && a.Move.Start {
			if i+1 < len(log) && log[i+1].Kind == ActTakeBack {
				return -1
			}
			return i
		}
	}
	return -1
}

// CheckSeen judges an action made on a page that showed seen actions of a
// round's log of actions: another player acted since (a conflict: the
// player should look again), or the page names more actions than there
// are (input that can't be right).
func CheckSeen(actions, seen int) error {
	switch {
	case seen == actions:
		return nil
	case seen < 0 || seen > actions:
		p := Params{"N": seen}
		return badValue("seq", "seq", p)
	}
	return refusal(CodeStale, "sheet.table-changed", Params{"N": actions - seen})
}

// MaxActions caps a round's action log: far beyond any real round (a
// double-18 round of 16 players takes a few hundred), so no request's cost
// grows without bound.
const MaxActions = 2000

// Act judges action on round n's table after log, and says what it
// changes on the score sheet: who set the double, who went out, whose
// going out a take-back undid. The log and the action name table seats;
// the effect names the sheet's. It returns the table after the action.
func (s Sheet) Act(n int, log []Action, action Action) (*Round, TableEffect, error) {
	if err := s.mayAct(n, len(log)); err != nil {
		return nil, TableEffect{Setter: -1, WentOut: -1, Reopened: -1}, err
	}
	rr, err := s.Replay(n, log)
	var re *RuleError
	if errors.As(err, &re) && re.Code != CodeUnknown {
		// The log holds an action the rules refuse now: it was kept before
		// a rule changed, and nothing can be added after it.
		return nil, TableEffect{Setter: -1, WentOut: -1, Reopened: -1}, refusal(CodeStale, "sheet.log-stale", Params{"Reason": re})
	}
	if err != nil {
		return nil, TableEffect{Setter: -1, WentOut: -1, Reopened: -1}, err
	}
	eff, err := s.ActOn(n, rr, action)
	if err != nil {
		return nil, eff, err
	}
	return rr, eff, nil
}

// ActOn is Act on rr, round n's table as Replay (or an earlier Act) left
// it under this sheet, or a Clone of it: rr takes the action, or is left
// as it was when the action is refused. A caller that keeps the table
// from move to move judges each move without replaying the round.
func (s Sheet) ActOn(n int, rr *Round, action Action) (TableEffect, error) {
	eff := TableEffect{Setter: -1, WentOut: -1, Reopened: -1}
	if err := s.mayAct(n, len(rr.log)); err != nil {
		return eff, err
	}
	wasOut := rr.WentOut()
	if err := rr.Act(action); err != nil {
		return eff, err
	}
	if action.Kind == ActPlay && action.Move.Start {
		eff.Setter = s.SheetSeat(n, action.Seat)
	}
	eff.Unset = action.Kind == ActTakeBack && rr.Layout().Len() == 0
	if rr.Ending() == Domino {
		moves := rr.Layout().Moves()
		eff.WentOut = s.SheetSeat(n, rr.WentOut())
		eff.OutOnDouble = moves[len(moves)-1].Tile.Double()
	}
	if wasOut >= 0 && rr.WentOut() < 0 {
		eff.Reopened = s.SheetSeat(n, wasOut)
	}
	return eff, nil
}

// mayAct refuses any action on round n once it is closed or its log,
// of actions long, is full.
func (s Sheet) mayAct(n, actions int) error {
	if r := s.Round(n); r != nil && r.Closed {
		return roundClosed(n)
	}
	if actions >= MaxActions {
		return refusal(CodeBadAction, "too-many-actions", Params{"N": MaxActions})
	}
	return nil
}

// EntryChanges lists the entries of round n that eff writes: the player
// who went out gets a went-out entry unless they already have one, and a
// take-back removes the went-out entry it made.
func (s Sheet) EntryChanges(n int, eff TableEffect) []EntryChange {
	r := s.Round(n)
	if r == nil {
		return nil
	}
	var out []EntryChange
	if seat := eff.Reopened; seat >= 0 && seat < len(r.Entries) && r.Entries[seat] != nil && r.Entries[seat].WentOut {
		out = append(out, EntryChange{Seat: seat, Old: r.Entries[seat], Kind: KindUndo})
	}
	if seat := eff.WentOut; seat >= 0 && seat < len(r.Entries) && r.Entries[seat] == nil {
		// The table fills in the entry only where the sheet allows it: a
		// player already entered as out elsewhere is for the table to fix.
		if e := s.Rules.OutEntry(eff.OutOnDouble); s.CheckEntry(n, seat, e) == nil {
			out = append(out, EntryChange{Seat: seat, New: &e, Kind: KindEntry})
		}
	}
	return out
}
