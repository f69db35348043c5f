package referee_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"chickenfoot/referee"
)

// spinnerDone is a double-6 round for three players dealt two tiles each,
// hands unknown: Ann sets 6-6, the spinner's four arms go down, and Cy is
// left to play with one tile in hand.
var spinnerDone = []referee.Action{
	playAct(0, "6-6", ""),
	playAct(1, "6-5", "6-6"),
	playAct(2, "6-4", "6-6"),
	{Seat: 0, Kind: referee.ActDraw},
	playAct(0, "6-3", "6-6"),
	{Seat: 1, Kind: referee.ActDraw},
	playAct(1, "6-2", "6-6"),
}

// withAction returns log followed by more actions, in a new slice.
func withAction(log []referee.Action, more ...referee.Action) []referee.Action {
	return append(slices.Clone(log), more...)
}

var noEffect = referee.TableEffect{Setter: -1, WentOut: -1, Reopened: -1}

func TestSheetAct(t *testing.T) {
	t.Parallel()
	d6 := stdOn(6, nil)
	doubleOut := stdOn(6, func(r *referee.Rules) { r.DoubleOut = 50 })
	outDouble, outPlain := playAct(2, "5-5", "6-5"), playAct(2, "5-1", "6-5")
	outOnDouble := withAction(spinnerDone, outDouble)
	takeBack := referee.Action{Seat: 2, Kind: referee.ActTakeBack}
	burn := stdOn(6, func(r *referee.Rules) { r.Unheld = referee.UnheldBurn })
	// Round 1 opened on 4-4 in place of 6-6: round 2, planned on 6-6, may
	// open on 5-5 or lower, but not on 4-4 again.
	lowerReturn := newSheet(t, stdOn(6, func(r *referee.Rules) { r.Unheld = referee.UnheldLowerReturn }), 3).
		played(6, "out", "5", "7").opened(4).playing(6).sheet()
	// round1 is a double-6 sheet for three, its first round being played.
	round1 := func(rules referee.Rules, entries ...string) *referee.Sheet {
		return newSheet(t, rules, 3).playing(6, entries...).sheet()
	}
	tests := []struct {
		name    string
		sheet   *referee.Sheet
		n       int
		log     []referee.Action
		action  referee.Action
		effect  referee.TableEffect
		changes []referee.EntryChange
		err     wantErr
	}{
		{"setting the starting double", round1(d6), 1, nil, playAct(1, "6-6", ""),
			referee.TableEffect{Setter: 1, Double: 6, WentOut: -1, Reopened: -1}, nil, accepted},
		{"setting a burned round's double", newSheet(t, d6, 3).playing(6).opened(5).sheet(), 1, nil, playAct(2, "5-5", ""),
			referee.TableEffect{Setter: 2, Double: 5, WentOut: -1, Reopened: -1}, nil, accepted},
		{"opening on a lower double under burn", round1(burn), 1, nil, playAct(2, "5-5", ""),
			referee.TableEffect{Setter: 2, Double: 5, WentOut: -1, Reopened: -1}, nil, accepted},
		{"opening on a returned double", lowerReturn, 2, nil, playAct(1, "3-3", ""),
			referee.TableEffect{Setter: 1, Double: 3, WentOut: -1, Reopened: -1}, nil, accepted},
		{"refused: a lower double already opened on", lowerReturn, 2, nil, playAct(1, "4-4", ""), noEffect, nil, fails(referee.CodeWrongStart)},
		{"a tile laid", round1(d6), 1, spinnerDone[:1], spinnerDone[1], noEffect, nil, accepted},
		{"a draw", round1(d6), 1, spinnerDone[:3], spinnerDone[3], noEffect, nil, accepted},
		{"going out", round1(d6), 1, spinnerDone, outPlain,
			referee.TableEffect{Setter: -1, WentOut: 2, Reopened: -1},
			[]referee.EntryChange{{Seat: 2, New: &referee.Entry{WentOut: true}, Kind: referee.KindEntry}}, accepted},
		{"going out on a double under double_out 50", round1(doubleOut), 1, spinnerDone, outDouble,
			referee.TableEffect{Setter: -1, WentOut: 2, OutOnDouble: true, Reopened: -1},
			[]referee.EntryChange{{Seat: 2, New: &referee.Entry{WentOut: true, OutOnDouble: true}, Kind: referee.KindEntry}}, accepted},
		{"going out on a double under double_out 0", round1(d6), 1, spinnerDone, outDouble,
			referee.TableEffect{Setter: -1, WentOut: 2, OutOnDouble: true, Reopened: -1},
			[]referee.EntryChange{{Seat: 2, New: &referee.Entry{WentOut: true}, Kind: referee.KindEntry}}, accepted},
		{"going out on a double under double_out 50, not a double", round1(doubleOut), 1, spinnerDone, outPlain,
			referee.TableEffect{Setter: -1, WentOut: 2, Reopened: -1},
			[]referee.EntryChange{{Seat: 2, New: &referee.Entry{WentOut: true}, Kind: referee.KindEntry}}, accepted},
		{"going out with an entry already saved", round1(doubleOut, "-", "-", "out*"), 1, spinnerDone, outDouble,
			referee.TableEffect{Setter: -1, WentOut: 2, OutOnDouble: true, Reopened: -1}, nil, accepted},
		{"taking back the last tile", round1(doubleOut, "-", "-", "out*"), 1, outOnDouble, takeBack,
			referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 2},
			[]referee.EntryChange{{Seat: 2, Old: &referee.Entry{WentOut: true, OutOnDouble: true}, Kind: referee.KindUndo}}, accepted},
		{"taking back the last tile, no entry saved", round1(doubleOut), 1, outOnDouble, takeBack,
			referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 2}, nil, accepted},
		{"taking back the last tile keeps a typed entry", round1(doubleOut, "-", "-", "4"), 1, outOnDouble, takeBack,
			referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 2}, nil, accepted},
		{"taking back a tile that did not end the round", round1(d6), 1, spinnerDone[:2], referee.Action{Seat: 1, Kind: referee.ActTakeBack},
			noEffect, nil, accepted},
		{"a closed round", newSheet(t, d6, 3).played(6, "out", "5", "7").playing(5).sheet(), 1, nil, playAct(0, "6-6", ""),
			noEffect, nil, fails(referee.CodeRoundClosed)},
		{"an unknown round", round1(d6), 2, nil, playAct(0, "5-5", ""), noEffect, nil, fails(referee.CodeUnknown)},
		{"refused: the wrong starting double", round1(d6), 1, nil, playAct(0, "5-5", ""), noEffect, nil, fails(referee.CodeWrongStart)},
		{"refused: the planned double of a burned round", newSheet(t, d6, 3).playing(6).opened(5).sheet(), 1, nil, playAct(0, "6-6", ""),
			noEffect, nil, fails(referee.CodeWrongStart)},
		{"refused: out of turn", round1(d6), 1, spinnerDone[:1], playAct(2, "6-1", "6-6"), noEffect, nil, fails(referee.CodeNotYourTurn)},
		{"refused: the spinner first", round1(d6), 1, spinnerDone[:2], playAct(2, "5-3", "6-5"), noEffect, nil, fails(referee.CodeSpinnerFirst)},
		{"refused: a take-back by another seat", round1(d6), 1, outOnDouble, referee.Action{Seat: 0, Kind: referee.ActTakeBack},
			noEffect, nil, fails(referee.CodeNoTakeBack)},
		{"refused: a log the rules refuse", round1(d6), 1, []referee.Action{playAct(0, "6-6", ""), playAct(0, "6-5", "6-6")},
			playAct(1, "6-4", "6-6"), noEffect, nil, fails(referee.CodeStale).keyed("sheet.log-stale")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			call := fmt.Sprintf("Act(%d, %d actions, %s)", tc.n, len(tc.log), tc.action)
			round, eff, err := tc.sheet.Act(tc.n, tc.log, tc.action)
			checkErr(t, call, err, tc.err)
			if eff != tc.effect {
				t.Errorf("%s effect = %+v, want %+v", call, eff, tc.effect)
			}
			if err != nil {
				if round != nil {
					t.Errorf("%s round = %v, want nil", call, round.Layout())
				}
				return
			}
			if got := round.Log(); len(got) != len(tc.log)+1 || got[len(got)-1] != tc.action {
				t.Errorf("%s log = %v, want the %d actions and the new one", call, got, len(tc.log))
			}
			if got := round.WentOut(); got != tc.effect.WentOut {
				t.Errorf("%s round.WentOut() = %d, want %d", call, got, tc.effect.WentOut)
			}
			if got := tc.sheet.EntryChanges(tc.n, eff); !reflect.DeepEqual(got, tc.changes) {
				t.Errorf("EntryChanges(%d, %+v) = %s, want %s", tc.n, eff, changesText(got), changesText(tc.changes))
			}
		})
	}
}

// changesText writes entry changes with the entries, not their addresses.
func changesText(cs []referee.EntryChange) string {
	out := "["
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("{seat %d %s %+v -> %+v}", c.Seat, c.Kind, c.Old, c.New)
	}
	return out + "]"
}

func TestSheetEntryChanges(t *testing.T) {
	t.Parallel()
	d6 := stdOn(6, nil)
	s := newSheet(t, d6, 3).playing(6, "out", "4").sheet()
	tests := []struct {
		name   string
		n      int
		effect referee.TableEffect
		want   []referee.EntryChange
	}{
		{"nothing changes", 1, noEffect, nil},
		{"a setter writes no entry", 1, referee.TableEffect{Setter: 0, WentOut: -1, Reopened: -1}, nil},
		{"an unknown round", 2, referee.TableEffect{Setter: -1, WentOut: 2, Reopened: -1}, nil},
		{"a seat past the table", 1, referee.TableEffect{Setter: -1, WentOut: 3, Reopened: 3}, nil},
		{"going out while another is entered as out", 1, referee.TableEffect{Setter: -1, WentOut: 2, Reopened: -1}, nil},
		{"a take-back undoes a went-out entry", 1, referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 0},
			[]referee.EntryChange{{Seat: 0, Old: &referee.Entry{WentOut: true}, Kind: referee.KindUndo}}},
		{"a take-back leaves a typed entry", 1, referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 1}, nil},
		{"a take-back of a seat with no entry", 1, referee.TableEffect{Setter: -1, WentOut: -1, Reopened: 2}, nil},
	}
	fresh := newSheet(t, d6, 3).playing(6, "-", "4").sheet()
	want := []referee.EntryChange{{Seat: 2, New: &referee.Entry{WentOut: true}, Kind: referee.KindEntry}}
	if got := fresh.EntryChanges(1, referee.TableEffect{Setter: -1, WentOut: 2, Reopened: -1}); !reflect.DeepEqual(got, want) {
		t.Errorf("EntryChanges(going out with no entry) = %s, want %s", changesText(got), changesText(want))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := s.EntryChanges(tc.n, tc.effect); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("EntryChanges(%d, %+v) = %s, want %s", tc.n, tc.effect, changesText(got), changesText(tc.want))
			}
		})
	}
}

func TestSheetDealAndReplay(t *testing.T) {
	t.Parallel()
	s := newSheet(t, stdOn(6, nil), 3).playing(6).opened(4).setBy(1).sheet()
	deal := s.Deal(1)
	if deal.Players != 3 || deal.HandSize != 2 || deal.Hands != nil || !slices.Equal(deal.Names, s.Players) {
		t.Errorf("Deal() = %+v, want 3 players of 2 unknown tiles, named", deal)
	}
	r, err := s.Replay(1, []referee.Action{playAct(1, "4-4", ""), playAct(2, "4-1", "4-4")})
	if err != nil || r.Layout().String() != "4-4 4-1@4-4" || r.Turn() != 0 || r.Setter() != 1 {
		t.Errorf("Replay(1, 4-4 4-1@4-4) = %v turn %d setter %d, %v; want that layout, seat 0 to play, set by seat 1", r.Layout(), r.Turn(), r.Setter(), err)
	}
	_, err = s.Replay(2, nil)
	checkErr(t, "Replay(2, nil)", err, fails(referee.CodeUnknown))
	// The sheet's record of who set the double wins over the log's: Cy set
	// it, so Ann, the next seat, plays next.
	s.Rounds[0].Setter = 2
	r, err = s.Replay(1, []referee.Action{playAct(1, "4-4", "")})
	if err != nil || r.Setter() != 2 || r.Turn() != 0 {
		t.Errorf("Replay with the sheet saying Cy set 4-4 = setter %d, turn %d, %v; want Cy, then Ann", r.Setter(), r.Turn(), err)
	}
}

// TestTakeBackAtTheCap: a round's log full at MaxActions takes no new
// action, but the take-back of the play that filled it is always allowed.
func TestTakeBackAtTheCap(t *testing.T) {
	t.Parallel()
	s := newSheet(t, stdOn(6, nil), 3).playing(6).sheet()
	log := []referee.Action{playAct(0, "6-6", "")}
	for len(log) < referee.MaxActions-1 {
		log = append(log, playAct(1, "6-5", "6-6"), referee.Action{Seat: 1, Kind: referee.ActTakeBack})
	}
	log = append(log, playAct(1, "6-5", "6-6"))
	if len(log) != referee.MaxActions {
		t.Fatalf("the log holds %d actions, want %d", len(log), referee.MaxActions)
	}
	_, _, err := s.Act(1, log, playAct(2, "6-4", "6-6"))
	if re, ok := errors.AsType[*referee.RuleError](err); !ok || re.Key != "too-many-actions" {
		t.Fatalf("Act(a full log, a play) = %v, want too-many-actions", err)
	}
	round, _, err := s.Act(1, log, referee.Action{Seat: 1, Kind: referee.ActTakeBack})
	checkErr(t, "Act(a full log, the take-back)", err, accepted)
	if err == nil && round.Layout().Len() != 1 {
		t.Fatalf("after the take-back: %d tiles on the table, want 6-6 alone", round.Layout().Len())
	}
}

// TestRecordedStart: the start the score sheet records is taken before
// the table's first action, which then follows it; a start laid on the
// table itself replaces it.
func TestRecordedStart(t *testing.T) {
	t.Parallel()
	s := newSheet(t, stdOn(6, nil), 3).playing(6).setBy(1).sheet()
	round, eff, err := s.Act(1, nil, playAct(2, "6-5", "6-6"))
	if err != nil {
		t.Fatalf("Act(Cy's 6-5 after Bob's recorded 6-6) = %v, want accepted", err)
	}
	if got := round.Log(); len(got) != 2 || got[0] != playAct(1, "6-6", "") || eff != noEffect {
		t.Fatalf("log %v, effect %+v; want Bob's recorded 6-6 then Cy's 6-5, nothing else changed", got, eff)
	}
	round, eff, err = s.Act(1, nil, playAct(0, "6-6", ""))
	if err != nil || len(round.Log()) != 1 || eff.Setter != 0 {
		t.Fatalf("Act(Ann sets 6-6 on the table) = %v, log %v, effect %+v; want Ann as the setter", err, round.Log(), eff)
	}
}
