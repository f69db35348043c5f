package referee_test

import (
	"fmt"
	"testing"

	"chickenfoot/referee"
)

func TestSheetClose(t *testing.T) {
	t.Parallel()
	d6 := stdOn(6, nil)
	fixed2 := stdOn(6, func(r *referee.Rules) { r.Rounds = 2 })
	loss100 := stdOn(6, func(r *referee.Rules) { r.LossLimit = 100 })
	loss100out := stdOn(6, func(r *referee.Rules) { r.LossLimit, r.DoubleOut = 100, 50 })
	tests := []struct {
		name  string
		sheet *referee.Sheet
		n     int
		want  referee.Closing
		err   wantErr
	}{
		{"nobody has an entry", newSheet(t, d6, 3).playing(6).sheet(), 1, referee.Closing{},
			fails(referee.CodeMissingEntries).saying("Enter a score for Ann, Bob and Cy to close the round.")},
		{"two entries missing", newSheet(t, d6, 3).playing(6, "-", "5").sheet(), 1, referee.Closing{},
			fails(referee.CodeMissingEntries).saying("Enter a score for Ann and Cy to close the round.")},
		{"one entry missing", newSheet(t, d6, 4).playing(6, "out", "5", "-", "9").sheet(), 1, referee.Closing{},
			fails(referee.CodeMissingEntries).saying("Enter a score for Cy to close the round.")},
		{"two out", newSheet(t, d6, 3).playing(6, "out", "5", "out").sheet(), 1, referee.Closing{},
			fails(referee.CodeTwoOut).keyed("two-out-close")},
		{"a closed round", newSheet(t, d6, 3).played(6, "out", "5", "7").playing(5).sheet(), 1, referee.Closing{},
			fails(referee.CodeRoundClosed)},
		{"an unknown round", newSheet(t, d6, 3).playing(6, "out", "5", "7").sheet(), 2, referee.Closing{},
			fails(referee.CodeUnknown)},
		{"round 0", newSheet(t, d6, 3).playing(6, "out", "5", "7").sheet(), 0, referee.Closing{},
			fails(referee.CodeUnknown)},
		{"a blocked round closes", newSheet(t, d6, 3).playing(6, "3", "5", "7").sheet(), 1, referee.Closing{Next: 5}, accepted},
		{"the first round", newSheet(t, d6, 3).playing(6, "out", "5", "7").sheet(), 1, referee.Closing{Next: 5}, accepted},
		{"next double down the ladder", newSheet(t, d6, 3).played(6, "out", "5", "7").playing(5, "4", "out", "7").sheet(), 2,
			referee.Closing{Next: 4}, accepted},
		{"the 0-0 round ends a one-per-double game", newSheet(t, d6, 3).ladder(6, 1, "1", "out", "1").playing(0, "1", "out", "1").sheet(), 7,
			referee.Closing{Over: true}, accepted},
		{"fixed rounds: before the count", newSheet(t, fixed2, 3).playing(6, "out", "5", "7").sheet(), 1,
			referee.Closing{Next: 5}, accepted},
		{"fixed rounds: at the count", newSheet(t, fixed2, 3).played(6, "out", "5", "7").playing(5, "4", "out", "7").sheet(), 2,
			referee.Closing{Over: true}, accepted},
		{"loss threshold: one short", newSheet(t, loss100, 3).played(6, "60", "out", "5").playing(5, "39", "out", "5").sheet(), 2,
			referee.Closing{Next: 4}, accepted},
		{"loss threshold: reached by the round being closed", newSheet(t, loss100, 3).played(6, "60", "out", "5").playing(5, "40", "out", "5").sheet(), 2,
			referee.Closing{Over: true}, accepted},
		{"loss threshold: reached by the 0-0 in hand", newSheet(t, loss100, 3).played(6, "60", "out", "5").playing(5, "0+00", "out", "5").sheet(), 2,
			referee.Closing{Over: true}, accepted},
		{"loss threshold: reached by going out on a double", newSheet(t, loss100out, 3).played(6, "60", "out", "5").playing(5, "out*", "9", "5").sheet(), 2,
			referee.Closing{Over: true}, accepted},
		{"loss threshold: reached before this round", newSheet(t, loss100, 3).played(6, "60", "out", "5").played(5, "40", "out", "5").playing(4, "3", "out", "5").sheet(), 3,
			referee.Closing{Over: true}, accepted},
		{"loss threshold: the ladder starts again after 0-0", newSheet(t, loss100, 3).ladder(6, 1, "1", "out", "1").playing(0, "1", "out", "1").sheet(), 7,
			referee.Closing{Next: 6}, accepted},
		{"a burned round: the next is one lower than it opened on", newSheet(t, d6, 3).playing(6, "5", "out", "7").opened(5).sheet(), 1,
			referee.Closing{Next: 4}, accepted},
		{"a burned round makes the game one round shorter",
			newSheet(t, d6, 3).played(5, "5", "out", "7").planned(6).ladder(4, 1, "1", "out", "1").playing(0, "1", "out", "1").sheet(), 6,
			referee.Closing{Over: true}, accepted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			call := fmt.Sprintf("Close(%d)", tc.n)
			got, err := tc.sheet.Close(tc.n)
			checkErr(t, call, err, tc.err)
			if got != tc.want {
				t.Errorf("%s = %+v, want %+v", call, got, tc.want)
			}
			if tc.err.code == referee.CodeMissingEntries || tc.err.code == referee.CodeTwoOut {
				checkErr(t, fmt.Sprintf("CloseProblem(%d)", tc.n), tc.sheet.CloseProblem(tc.n), tc.err)
			}
			if tc.err == accepted {
				checkErr(t, fmt.Sprintf("CloseProblem(%d)", tc.n), tc.sheet.CloseProblem(tc.n), accepted)
			}
		})
	}
}

func TestSheetResettle(t *testing.T) {
	t.Parallel()
	d6 := stdOn(6, nil)
	fixed2 := stdOn(6, func(r *referee.Rules) { r.Rounds = 2 })
	loss100 := stdOn(6, func(r *referee.Rules) { r.LossLimit = 100 })
	// over is a running loss-threshold game whose totals reach 100 (Ann
	// has 100) after a correction, with its third round being played.
	over := func() *sheetBuilder {
		return newSheet(t, loss100, 3).played(6, "60", "out", "5").played(5, "40", "out", "5")
	}
	tests := []struct {
		name  string
		sheet *referee.Sheet
		want  referee.Resettling
	}{
		{"one per double: a correction changes nothing",
			newSheet(t, d6, 3).ladder(6, 0, "200", "out", "5").finished().sheet(), referee.Resettling{}},
		{"fixed rounds: a correction changes nothing",
			newSheet(t, fixed2, 3).played(6, "60", "out", "5").played(5, "40", "out", "5").finished().sheet(), referee.Resettling{}},
		{"finished and still over", over().finished().sheet(), referee.Resettling{}},
		{"finished, corrected below the threshold",
			newSheet(t, loss100, 3).played(6, "60", "out", "5").played(5, "39", "out", "5").finished().sheet(),
			referee.Resettling{Reopen: true, Next: 4}},
		{"finished after a burned round, corrected below",
			newSheet(t, loss100, 3).played(6, "60", "out", "5").played(3, "39", "out", "5").planned(5).finished().sheet(),
			referee.Resettling{Reopen: true, Next: 2}},
		{"finished on the 0-0 round, corrected below",
			newSheet(t, loss100, 3).ladder(6, 0, "10", "out", "1").finished().sheet(),
			referee.Resettling{Reopen: true, Next: 6}},
		{"running, now over, current round untouched", over().playing(4).sheet(),
			referee.Resettling{End: true}},
		{"running, now over, an entry in the current round", over().playing(4, "-", "3").sheet(), referee.Resettling{}},
		{"running, now over, the current round's double set", over().playing(4).setBy(1).sheet(), referee.Resettling{}},
		{"running, now over, tiles on the current table", over().playing(4).tracked().sheet(), referee.Resettling{}},
		{"running and still under the threshold",
			newSheet(t, loss100, 3).played(6, "60", "out", "5").played(5, "39", "out", "5").playing(4).sheet(), referee.Resettling{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.sheet.Resettle(); got != tc.want {
				t.Errorf("Resettle() = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// A game that went over the threshold while its current round was already
// under way does not end at once, but when that round closes.
func TestSheetResettleTouchedThenClose(t *testing.T) {
	t.Parallel()
	loss100 := stdOn(6, func(r *referee.Rules) { r.LossLimit = 100 })
	s := newSheet(t, loss100, 3).played(6, "60", "out", "5").played(5, "40", "out", "5").playing(4, "-", "3").sheet()
	if got := s.Resettle(); got.End || got.Reopen {
		t.Fatalf("Resettle() = %+v, want nothing to do now", got)
	}
	s.Rounds[2].Entries[0] = entryOf(t, loss100, "out")
	s.Rounds[2].Entries[2] = entryOf(t, loss100, "12")
	if got, err := s.Close(3); err != nil || !got.Over {
		t.Fatalf("Close(3) = %+v, %v, want the game over", got, err)
	}
}

func TestSheetCheckOpening(t *testing.T) {
	t.Parallel()
	draw := stdOn(6, nil)
	burn := stdOn(6, func(r *referee.Rules) { r.Unheld = referee.UnheldBurn })
	reshuffle := stdOn(6, func(r *referee.Rules) { r.Unheld = referee.UnheldReshuffle })
	first := func(rules referee.Rules) *sheetBuilder { return newSheet(t, rules, 3).playing(6) }
	second := func(rules referee.Rules) *sheetBuilder {
		return newSheet(t, rules, 3).played(6, "out", "5", "7").playing(5)
	}
	tests := []struct {
		name              string
		sheet             *sheetBuilder
		n, double, setter int
		want              wantErr
	}{
		{"the planned double", first(draw), 1, 6, 0, accepted},
		{"the planned double, by the last seat", first(draw), 1, 6, 2, accepted},
		{"the planned double of a later round", second(draw), 2, 5, 1, accepted},
		{"a lower double under burn", first(burn), 1, 5, 1, accepted},
		{"a lower double of a later round under burn", second(burn), 2, 3, 0, accepted},
		{"a lower double under draw", first(draw), 1, 5, 1, fails(referee.CodeNoSkip).keyed("no-skip").saying("6-6")},
		{"a lower double under reshuffle", first(reshuffle), 1, 5, 1, fails(referee.CodeNoSkip).keyed("no-skip")},
		{"another double in 0-0's round under burn", newSheet(t, burn, 3).ladder(6, 1, "1", "out", "1").playing(0), 7, 1, 0,
			fails(referee.CodeNoSkip).keyed("no-skip-blank")},
		{"0-0 in 0-0's round under burn", newSheet(t, burn, 3).ladder(6, 1, "1", "out", "1").playing(0), 7, 0, 0, accepted},
		{"a higher double under burn", second(burn), 2, 6, 0, fails(referee.CodeNoSkip).keyed("no-skip-higher").saying("5-5")},
		{"a different double once tiles are down", first(burn).tracked(), 1, 5, 0, fails(referee.CodeTableStarted)},
		{"a different double once tiles are down, under draw", first(draw).tracked(), 1, 5, 0, fails(referee.CodeTableStarted)},
		{"the same double once tiles are down", first(burn).tracked(), 1, 6, 1, accepted},
		{"the same burned double once tiles are down", first(burn).opened(5).tracked(), 1, 5, 2, accepted},
		{"back to the planned double once tiles are down", first(burn).opened(5).tracked(), 1, 6, 0, fails(referee.CodeTableStarted)},
		{"back to the planned double before tiles are down", first(burn).opened(5), 1, 6, 0, accepted},
		{"a closed round", second(draw), 1, 6, 0, fails(referee.CodeRoundClosed)},
		{"an unknown round", first(draw), 2, 5, 0, fails(referee.CodeUnknown)},
		{"a setter past the last seat", first(draw), 1, 6, 3, badInput("setter")},
		{"a negative setter", first(draw), 1, 6, -1, badInput("setter")},
		{"a double past the set", first(burn), 1, 7, 0, badInput("double")},
		{"a negative double", first(burn), 1, -1, 0, badInput("double")},
	}
	for _, tc := range tests {
		s := tc.sheet.sheet()
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := s.CheckOpening(tc.n, tc.double, tc.setter)
			checkErr(t, fmt.Sprintf("CheckOpening(%d, %d, %d)", tc.n, tc.double, tc.setter), err, tc.want)
		})
	}
}
