package referee_test

import (
	"fmt"
	"reflect"
	"testing"

	"chickenfoot/referee"
)

func TestTypedEntry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		doubleBlank int // the house rule: what the 0-0 scores
		pips        int
		held00      bool
		want        referee.Entry
		err         wantErr
	}{
		{"negative", 50, -1, false, referee.Entry{}, badInput("pips")},
		{"negative with the 0-0", 50, -3, true, referee.Entry{}, badInput("pips")},
		{"one over the most a hand may claim", 50, referee.MaxHandPips + 1, false, referee.Entry{}, badInput("pips").saying("10000")},
		{"the most a hand may claim", 50, referee.MaxHandPips, false, referee.Entry{Pips: referee.MaxHandPips, Score: referee.MaxHandPips}, accepted},
		{"0 without the 0-0 is an empty hand", 50, 0, false, referee.Entry{}, badInput("pips").saying("went out")},
		{"0 with the 0-0", 50, 0, true, referee.Entry{DoubleBlank: true, Score: 50}, accepted},
		{"0-0 under double_blank 0", 0, 12, true, referee.Entry{Pips: 12, DoubleBlank: true, Score: 12}, accepted},
		{"0-0 under double_blank 25", 25, 12, true, referee.Entry{Pips: 12, DoubleBlank: true, Score: 37}, accepted},
		{"0-0 under double_blank 50", 50, 12, true, referee.Entry{Pips: 12, DoubleBlank: true, Score: 62}, accepted},
		{"only the 0-0 under double_blank 0", 0, 0, true, referee.Entry{DoubleBlank: true}, accepted},
		{"pips without the 0-0", 50, 23, false, referee.Entry{Pips: 23, Score: 23}, accepted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules := stdOn(9, func(r *referee.Rules) { r.DoubleBlank = tc.doubleBlank })
			call := fmt.Sprintf("TypedEntry(%d, %t)", tc.pips, tc.held00)
			got, err := rules.TypedEntry(tc.pips, tc.held00, 0)
			checkErr(t, call, err, tc.err)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s = %+v, want %+v", call, got, tc.want)
			}
			if got.Tapped() {
				t.Errorf("%s.Tapped() = true, want false", call)
			}
		})
	}
}

func TestTappedEntry(t *testing.T) {
	t.Parallel()
	d9 := stdOn(9, nil)
	blankHalf := stdOn(9, func(r *referee.Rules) { r.BlankHalf = 25 })
	free00 := stdOn(9, func(r *referee.Rules) { r.DoubleBlank = 0 })
	tests := []struct {
		name  string
		rules referee.Rules
		hand  []referee.Tile
		want  referee.Entry
		err   wantErr
	}{
		{"a tile outside the set", stdOn(6, nil), tileList(t, "3-1 7-0"), referee.Entry{}, badInput("tile").saying("7-0")},
		{"a tile outside double-9", d9, tileList(t, "10-2"), referee.Entry{}, badInput("tile").saying("double-9")},
		{"a tile not in canonical form", d9, []referee.Tile{{Hi: 2, Lo: 5}}, referee.Entry{}, badInput("tile")},
		{"duplicates count once", d9, tileList(t, "6-5 3-1 6-5"),
			referee.Entry{Tiles: tileList(t, "6-5 3-1"), Pips: 15, Score: 15}, accepted},
		{"an empty hand went out", d9, tileList(t, ""),
			referee.Entry{Tiles: []referee.Tile{}, WentOut: true}, accepted},
		{"no tiles at all went out", d9, nil,
			referee.Entry{Tiles: []referee.Tile{}, WentOut: true}, accepted},
		{"the 0-0 found", d9, tileList(t, "4-3 0-0"),
			referee.Entry{Tiles: tileList(t, "4-3 0-0"), Pips: 7, DoubleBlank: true, Score: 57}, accepted},
		{"the 0-0 alone", d9, tileList(t, "0-0"),
			referee.Entry{Tiles: tileList(t, "0-0"), DoubleBlank: true, Score: 50}, accepted},
		{"the 0-0 under double_blank 0", free00, tileList(t, "0-0 2-2"),
			referee.Entry{Tiles: tileList(t, "0-0 2-2"), Pips: 4, DoubleBlank: true, Score: 4}, accepted},
		{"a blank half under blank_half 25", blankHalf, tileList(t, "7-0"),
			referee.Entry{Tiles: tileList(t, "7-0"), Pips: 7, BlankHalves: 1, Score: 32}, accepted},
		{"a blank half under blank_half 0", d9, tileList(t, "7-0"),
			referee.Entry{Tiles: tileList(t, "7-0"), Pips: 7, Score: 7}, accepted},
		{"two blank halves under blank_half 25", blankHalf, tileList(t, "7-0 3-0 5-4"),
			referee.Entry{Tiles: tileList(t, "7-0 3-0 5-4"), Pips: 19, BlankHalves: 2, Score: 69}, accepted},
		{"pips and score", d9, tileList(t, "9-8 4-4 2-1"),
			referee.Entry{Tiles: tileList(t, "9-8 4-4 2-1"), Pips: 28, Score: 28}, accepted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			call := fmt.Sprintf("TappedEntry(%v)", tc.hand)
			got, err := tc.rules.TappedEntry(tc.hand)
			checkErr(t, call, err, tc.err)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s = %+v, want %+v", call, got, tc.want)
			}
			if err == nil && !got.Tapped() {
				t.Errorf("%s.Tapped() = false, want true", call)
			}
		})
	}
}

func TestOutEntry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		doubleOut int
		onDouble  bool
		want      referee.Entry
	}{
		{"double_out 0, on a double", 0, true, referee.Entry{WentOut: true}},
		{"double_out 0, on another tile", 0, false, referee.Entry{WentOut: true}},
		{"double_out 50, on a double", 50, true, referee.Entry{WentOut: true, OutOnDouble: true}},
		{"double_out 50, on another tile", 50, false, referee.Entry{WentOut: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules := stdOn(9, func(r *referee.Rules) { r.DoubleOut = tc.doubleOut })
			if got := rules.OutEntry(tc.onDouble); !reflect.DeepEqual(got, tc.want) || got.Tapped() {
				t.Errorf("OutEntry(%t) = %+v, want %+v", tc.onDouble, got, tc.want)
			}
		})
	}
}

func TestCheckEntry(t *testing.T) {
	t.Parallel()
	d6, d9 := stdOn(6, nil), stdOn(9, nil)
	// round1 is a double-6 sheet whose first round is being played.
	round1 := func(entries ...string) *referee.Sheet { return newSheet(t, d6, 3).playing(6, entries...).sheet() }
	tests := []struct {
		name    string
		sheet   *referee.Sheet
		n, seat int
		entry   string
		want    wantErr
	}{
		{"a first entry", round1(), 1, 0, "12", accepted},
		{"beside the others", round1("-", "out", "[5-4 3-3]"), 1, 0, "[2-1 0-0]", accepted},
		{"two out", round1("-", "out"), 1, 0, "out", fails(referee.CodeTwoOut).saying("Bob already went out")},
		{"two out, an empty tapped hand", round1("-", "out"), 1, 2, "[]", fails(referee.CodeTwoOut).saying("Bob")},
		{"two 0-0s typed", round1("-", "5+00"), 1, 0, "0+00", fails(referee.CodeTwoDoubleBlanks).saying("Bob")},
		{"two 0-0s tapped", round1("[0-0 3-2]"), 1, 1, "[0-0]", fails(referee.CodeTwoDoubleBlanks).saying("Ann")},
		{"a tile in two hands", round1("[5-4 3-3]"), 1, 2, "[2-1 3-3]", fails(referee.CodeDuplicateTile).saying("3-3 is already in Ann's hand")},
		{"no tile shared", round1("[5-4 3-3]"), 1, 2, "[3-2 2-1]", accepted},
		{"the round's double in a hand", round1(), 1, 0, "[6-6 1-0]", fails(referee.CodeOpenerInHand).saying("6-6")},
		{"a burned round's double in a hand", newSheet(t, d6, 3).playing(6).opened(5).sheet(), 1, 0, "[5-5]",
			fails(referee.CodeOpenerInHand).saying("5-5")},
		{"the planned double of a burned round in a hand", newSheet(t, d6, 3).playing(6).opened(5).sheet(), 1, 0, "[6-6]", accepted},
		{"a typed 0-0 in the 0-0 round", newSheet(t, d6, 3).ladder(6, 1, "1", "out", "1").playing(0).sheet(), 7, 0, "3+00",
			fails(referee.CodeOpenerInHand).saying("0-0")},
		{"a tapped 0-0 in the 0-0 round", newSheet(t, d6, 3).ladder(6, 1, "1", "out", "1").playing(0).sheet(), 7, 1, "[0-0]",
			fails(referee.CodeOpenerInHand)},
		{"a typed 0-0 in another round", round1(), 1, 0, "3+00", accepted},
		{"exactly the pips off the table, double-6", round1("-", "100", "40"), 1, 0, "16", accepted},
		{"one pip over, double-6", round1("-", "100", "40"), 1, 0, "17", fails(referee.CodeTooManyPips).saying("156")},
		{"one pip over alone, double-6", round1(), 1, 0, "157", fails(referee.CodeTooManyPips)},
		{"exactly the pips off the table, double-9", newSheet(t, d9, 3).playing(9, "-", "400").sheet(), 1, 0, "77", accepted},
		{"one pip over, double-9", newSheet(t, d9, 3).playing(9, "-", "400").sheet(), 1, 0, "78", fails(referee.CodeTooManyPips).saying("477")},
		{"the ceiling of a lower round, double-9", newSheet(t, d9, 3).played(9, "out", "1", "1").playing(8, "-", "400").sheet(), 2, 0, "79", accepted},
		{"an edit: the seat's own pips don't count", round1("150", "6"), 1, 0, "150", accepted},
		{"an edit: the seat's own going out doesn't count", round1("out", "6"), 1, 0, "out", accepted},
		{"an edit: the seat's own 0-0 doesn't count", round1("4+00", "6"), 1, 0, "9+00", accepted},
		{"an edit: the seat's own tiles don't count", round1("[3-3]", "6"), 1, 0, "[3-3 2-1]", accepted},
		{"a correction of a closed round", newSheet(t, d6, 3).played(6, "out", "10", "20").playing(5).sheet(), 1, 1, "out",
			fails(referee.CodeTwoOut).saying("Ann")},
		{"an unknown round", round1(), 2, 0, "12", fails(referee.CodeUnknown)},
		{"round 0", round1(), 0, 0, "12", fails(referee.CodeUnknown)},
		{"an unknown seat", round1(), 1, 3, "12", fails(referee.CodeUnknown)},
		{"a negative seat", round1(), 1, -1, "12", fails(referee.CodeUnknown)},
	}
	for _, tc := range tests {
		e := entryOf(t, tc.sheet.Rules, tc.entry)
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.sheet.CheckEntry(tc.n, tc.seat, *e)
			checkErr(t, fmt.Sprintf("CheckEntry(%d, %d, %s)", tc.n, tc.seat, tc.entry), err, tc.want)
		})
	}
}

func TestSheetKind(t *testing.T) {
	t.Parallel()
	s := newSheet(t, stdOn(6, nil), 3).played(6, "out", "10", "20").playing(5, "4").sheet()
	tests := []struct {
		name    string
		n, seat int
		want    referee.EntryKind
	}{
		{"a closed round's entry", 1, 0, referee.KindCorrection},
		{"another closed round's entry", 1, 2, referee.KindCorrection},
		{"an open round's saved entry", 2, 0, referee.KindEdit},
		{"an open round's missing entry", 2, 1, referee.KindEntry},
		{"the last seat, missing", 2, 2, referee.KindEntry},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := s.Kind(tc.n, tc.seat); got != tc.want {
				t.Errorf("Kind(%d, %d) = %q, want %q", tc.n, tc.seat, got, tc.want)
			}
		})
	}
}

// TestTypedBlankHalves: under the 25-per-blank-half house rule a typed
// score says how many blank halves the hand holds, and scores the same as
// the same hand tapped tile by tile; without the rule they count nothing.
func TestTypedBlankHalves(t *testing.T) {
	t.Parallel()
	charged := referee.Standard()
	charged.BlankHalf = 25
	hand := tileList(t, "7-0 3-0 5-4")
	tapped, err := charged.TappedEntry(hand)
	if err != nil {
		t.Fatal(err)
	}
	typed, err := charged.TypedEntry(19, false, 2)
	if err != nil || typed.Score != tapped.Score || typed.Score != 69 {
		t.Fatalf("TypedEntry(19, no 0-0, 2 blank halves) = %+v, %v; want the tapped hand's 69", typed, err)
	}
	if e, _ := referee.Standard().TypedEntry(19, false, 2); e.Score != 19 || e.BlankHalves != 0 {
		t.Fatalf("TypedEntry(19, no 0-0, 2) without the rule = %+v, want 19 and no blank halves", e)
	}
	_, err = charged.TypedEntry(19, false, 10)
	checkErr(t, "TypedEntry(19, no 0-0, 10 on double-9)", err, badInput("blank_halves"))
}
