package referee

import (
	"errors"
	"slices"
)

// A TableEffect is what an action accepted on a round's live table changes
// on the score sheet besides the table itself.
type TableEffect struct {
	Setter      int  // the seat that set the starting double, or -1
	Double      int  // the double it set, which the round opened on (with Setter)
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
	// Where nobody holds the round's double, the table may open on those
	// the ladder allows instead (none: an empty list, not any lower one).
	lower := append([]int{}, s.LowerDoubles(n)...)
	return Deal{Players: len(seated), HandSize: hand, Names: names, First: s.FirstPlayer(n), Lower: lower}
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

// CheckSeen judges an action based on a state of the round that had seen
// actions of its log: another player acted since (a conflict: the player
// should look again), or the state counts more actions than there are
// (input that can't be right).
func CheckSeen(actions, seen int) error {
	switch {
	case seen == actions:
		return nil
	case seen < 0 || seen > actions:
		p := Params{"N": seen}
		return badValue("seq", "sheet.seen-ahead", p)
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
	if err := s.mayAct(n, len(log), action); err != nil {
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
// from move to move judges each move without replaying the round. Where
// the sheet records who set the double and rr has no start yet (see
// RecordedStart), that start is taken first: rr's log gains both, and
// the caller stores both.
func (s Sheet) ActOn(n int, rr *Round, action Action) (TableEffect, error) {
	eff := TableEffect{Setter: -1, WentOut: -1, Reopened: -1}
	if err := s.mayAct(n, len(rr.log), action); err != nil {
		return eff, err
	}
	target := rr
	if rec, ok := s.RecordedStart(n, rr); ok && !(action.Kind == ActPlay && action.Move.Start) {
		// The start the score sheet records goes into the log first.
		if target = rr.Clone(); target.Act(rec) != nil {
			target = rr
		}
	}
	wasOut := target.WentOut()
	if err := target.Act(action); err != nil {
		return eff, err
	}
	if target != rr {
		*rr = *target
	}
	if action.Kind == ActPlay && action.Move.Start {
		eff.Setter, eff.Double = s.SheetSeat(n, action.Seat), rr.Layout().Double().Hi
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

// RecordedStart is the start of round n that the score sheet records
// (who set its double) while its table, rr, has none yet: the live table
// shows it, and the next action stores it before itself. It reports false
// when nothing is recorded, the setter misses the round or the double is
// on the table.
func (s Sheet) RecordedStart(n int, rr *Round) (Action, bool) {
	r := s.Round(n)
	if r == nil || r.Setter < 0 || rr.Layout().Len() > 0 || rr.Over() {
		return Action{}, false
	}
	seat := s.TableSeat(n, r.Setter)
	if seat < 0 {
		return Action{}, false
	}
	return Action{Seat: seat, Kind: ActPlay, Move: Move{Tile: rr.Layout().Double(), Start: true}}, true
}

// mayAct refuses any action on round n once it is closed, and any but a
// take-back once its log, of actions long, is full: the play that filled
// it may always be taken back. A take-back is never taken back itself, so
// a full log grows by one at most.
func (s Sheet) mayAct(n, actions int, a Action) error {
	if r := s.Round(n); r != nil && r.Closed {
		return roundClosed(n)
	}
	if actions >= MaxActions && a.Kind != ActTakeBack {
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
