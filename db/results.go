package db

import (
	"context"
	"database/sql"
	"slices"

	"chickenfoot/db/app"
)

// A night's result for one person, as person_nights keeps it.
type nightResult struct {
	person                              int64
	finished, rounds, total, place, won int
	points                              int // in the rounds played; total counts those missed too
	outs, zeros, caught                 int
	playedOn                            string
}

// keepResults brings the group's records up to date with a night whose
// closed rounds or end just changed: each person's row for the night, and
// by the difference from the old rows, their running sums and head to
// head. A night outside a group keeps nothing.
func keepResults(ctx context.Context, tx conn, sh *app.Sheet) error {
	if sh.Game.GroupID == 0 {
		return nil
	}
	people, err := seatPeople(ctx, tx, sh.Game.ID)
	if err != nil {
		return err
	}
	old, err := nightResults(ctx, tx, sh.Game.ID)
	if err != nil {
		return err
	}
	fresh := resultsOf(sh, people)
	for _, r := range fresh {
		if _, err := tx.ExecContext(ctx, qPutPersonNight,
			r.person, sh.Game.ID, r.playedOn, r.finished, r.rounds, r.total, r.place, r.won, r.outs, r.zeros, r.caught, r.points); err != nil {
			return err
		}
	}
	if err := keepLine(ctx, tx, sh.Game.ID); err != nil {
		return err
	}
	return applyResults(ctx, tx, old, fresh)
}

// keepLine writes how the group's history lists a night, from its
// players and kept results.
func keepLine(ctx context.Context, tx conn, game int64) error {
	_, err := tx.ExecContext(ctx, qKeepLine, game)
	return err
}

// applyResults moves the running sums and head to head from the old rows
// of a night to the new.
func applyResults(ctx context.Context, tx conn, old, fresh []nightResult) error {
	if err := addTotals(ctx, tx, old, -1); err != nil {
		return err
	}
	if err := addTotals(ctx, tx, fresh, 1); err != nil {
		return err
	}
	if err := addPairs(ctx, tx, old, -1); err != nil {
		return err
	}
	return addPairs(ctx, tx, fresh, 1)
}

// addTotals adds (sign 1) or takes away (-1) rows from the running sums.
func addTotals(ctx context.Context, tx conn, rows []nightResult, sign int) error {
	for _, r := range rows {
		_, err := tx.ExecContext(ctx, qAddTotals,
			r.person, sign, sign*r.finished, sign*r.won, sign*r.rounds, sign*r.points, sign*r.outs, sign*r.zeros, sign*r.caught)
		if err != nil {
			return err
		}
	}
	return nil
}

// addPairs adds or takes away a finished night from the head to head of
// every two people in it.
func addPairs(ctx context.Context, tx conn, rows []nightResult, sign int) error {
	for _, a := range rows {
		if a.finished == 0 {
			continue
		}
		for _, b := range rows {
			if a.person == b.person {
				continue
			}
			ahead, behind := 0, 0
			switch {
			case a.place < b.place:
				ahead = sign
			case a.place > b.place:
				behind = sign
			}
			_, err := tx.ExecContext(ctx, qAddPair,
				a.person, b.person, sign, ahead, behind)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// seatPeople is the person at each seat of a night.
func seatPeople(ctx context.Context, tx conn, game int64) ([]int64, error) {
	var out []int64
	err := eachRow(ctx, tx, qSeatPeople, []any{game}, func(r *sql.Rows) error {
		var id int64
		err := r.Scan(&id)
		out = append(out, id)
		return err
	})
	return out, err
}

// nightResults are the rows kept for a night.
func nightResults(ctx context.Context, tx conn, game int64) ([]nightResult, error) {
	var out []nightResult
	err := eachRow(ctx, tx, qNightResults,
		[]any{game}, func(r *sql.Rows) error {
			var n nightResult
			err := r.Scan(&n.person, &n.playedOn, &n.finished, &n.rounds, &n.total, &n.place, &n.won, &n.outs, &n.zeros, &n.caught, &n.points)
			out = append(out, n)
			return err
		})
	return out, err
}

// resultsOf is each seated person's result in the night as it stands.
func resultsOf(sh *app.Sheet, people []int64) []nightResult {
	outcome := sh.Standings()
	finished := 0
	if sh.Game.Finished() {
		finished = 1
	}
	var out []nightResult
	for _, st := range outcome.Standings {
		if st.Seat >= len(people) || people[st.Seat] == 0 {
			continue
		}
		n := nightResult{person: people[st.Seat], playedOn: sh.Game.PlayedOn, finished: finished, rounds: st.Played, total: st.Total,
			points: st.Points, place: st.Place, outs: st.WentOut, zeros: st.ZeroRounds}
		if finished == 1 && slices.Contains(outcome.Winners, st.Seat) {
			n.won = 1
		}
		for _, r := range sh.Rounds {
			if e := r.Entries[st.Seat]; r.Closed && e != nil && e.DoubleBlank {
				n.caught++
			}
		}
		out = append(out, n)
	}
	return out
}
