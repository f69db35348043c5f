package db

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// SetOpening records the double round n really opened on and the player
// that set it, once the referee accepts it. seen is the opening the page
// showed: when it has changed
// since, to something else than to, nothing is written. It returns the sheet as written.
func (s *Store) SetOpening(ctx context.Context, slug string, n int, to, seen app.Opening) (app.Sheet, error) {
	sh, _, err := s.SetOpeningFrom(ctx, "", slug, n, to, seen)
	return sh, err
}

// SetOpeningFrom is SetOpening sent by the phone device, with what the
// store knows of that phone at the night (see visiting).
func (s *Store) SetOpeningFrom(ctx context.Context, device, slug string, n int, to, seen app.Opening) (app.Sheet, app.Visit, error) {
	v := app.Visit{Seat: -1}
	var out app.Sheet
	var moved bool // the round opens on another double than it did
	err := s.writeSheet(ctx, slug, noHistory, s.visiting(ctx, device, slug, &v, func(tx conn, sh *app.Sheet) error {
		if now := sh.Opening(n); sh.Round(n) != nil && now != seen && now != to {
			return app.Conflict("opening-changed", nil)
		}
		double, setter := to.Double, -1
		if to.Setter >= 0 {
			seat, err := playerSeat(ctx, tx, sh.Game, to.Setter)
			if err != nil && app.CodeOf(err) != app.CodeNotFound {
				return err
			}
			setter = seat // one never seated is refused by the referee, as any seat out of range
		}
		if r := sh.Round(n); r != nil && r.Tracked() {
			t, err := s.tableOf(ctx, tx, *sh, n)
			if err != nil {
				return err
			}
			r.OnTable = t.Tiles()
		}
		if err := sh.CheckOpening(n, double, setter); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET opened_double = ?, setter_seat = ? WHERE id = ?`,
			double, setter, sh.RoundIDs[n-1]); err != nil {
			return err
		}
		r := sh.Round(n)
		moved = r.Double() != double
		r.Opened, r.Setter = double, setter
		out = *sh
		return nil
	}))
	if err == nil {
		s.publish(app.News{Kind: app.NewsOpening, Game: out.Game.ID, Round: n, Seat: -1, Player: -1, Whole: moved})
	}
	return out, v, err
}

// resettle writes what the referee decides, after a correction, about the
// end of a game played to a losing total.
func (s *Store) resettle(ctx context.Context, tx conn, sh *app.Sheet) error {
	res := sh.Resettle()
	switch {
	case res.Reopen:
		if _, err := tx.ExecContext(ctx, `UPDATE games SET finished_at = NULL WHERE id = ?`, sh.Game.ID); err != nil {
			return err
		}
		return s.addRound(ctx, tx, sh, res.Next)
	case res.End:
		cur := sh.Current()
		if _, err := tx.ExecContext(ctx, `DELETE FROM rounds WHERE id = ?`, sh.RoundIDs[cur.Number-1]); err != nil {
			return err
		}
		sh.Rounds, sh.RoundIDs, sh.Versions = sh.Rounds[:cur.Number-1], sh.RoundIDs[:cur.Number-1], sh.Versions[:cur.Number-1]
		return s.finish(ctx, tx, sh)
	}
	return nil
}

// addRound adds the next round, planned on double, to the game and sheet.
func (s *Store) addRound(ctx context.Context, tx conn, sh *app.Sheet, double int) error {
	n := len(sh.Rounds) + 1
	id, err := insertRound(ctx, tx, sh.Game.ID, n, double)
	if err != nil {
		return err
	}
	sh.Rounds = append(sh.Rounds, referee.SheetRound{Number: n, Planned: double, Opened: -1, Setter: -1,
		Entries: make([]*referee.Entry, len(sh.Players))})
	sh.RoundIDs, sh.Versions = append(sh.RoundIDs, id), append(sh.Versions, make([]int64, len(sh.Players)))
	sh.Finished, sh.Game.FinishedAt = false, time.Time{}
	return nil
}

// finish marks the game over.
func (s *Store) finish(ctx context.Context, tx conn, sh *app.Sheet) error {
	now := s.Now()
	if _, err := tx.ExecContext(ctx, `UPDATE games SET finished_at = ? WHERE id = ?`, stamp(now), sh.Game.ID); err != nil {
		return err
	}
	sh.Finished, sh.Game.FinishedAt = true, now
	return nil
}

// CloseRound closes round n once the referee accepts it, then opens the
// next round or ends the game, as the referee says. It returns the sheet
// as written. basedOn.Version is the round's version the page showed
// (see app.Sheet.RoundVersion): a round whose scores changed
// since is not closed, unless the changes are the page's own entries
// named in basedOn.After. The same form sent again (basedOn.Form) closes
// nothing more and is answered with the sheet as it is.
func (s *Store) CloseRound(ctx context.Context, slug string, n int, basedOn app.Basis) (app.Sheet, error) {
	sh, _, err := s.CloseRoundFrom(ctx, "", slug, n, basedOn)
	return sh, err
}

// CloseRoundFrom is CloseRound sent by the phone device, with what the
// store knows of that phone at the night (see visiting).
func (s *Store) CloseRoundFrom(ctx context.Context, device, slug string, n int, basedOn app.Basis) (app.Sheet, app.Visit, error) {
	v := app.Visit{Seat: -1}
	var out app.Sheet
	var again bool
	key := formOf(basedOn.Form, fmt.Sprintf("close %s %d", slug, n), basedOn.Version, basedOn.After)
	err := s.writeSheet(ctx, slug, noHistory, s.visiting(ctx, device, slug, &v, func(tx conn, sh *app.Sheet) error {
		if _, sent, err := sentBefore(ctx, tx, key); err != nil {
			return err
		} else if sent {
			out, again = *sh, true
			return nil
		}
		next, err := sh.Close(n)
		if err != nil {
			return err
		}
		// A round that could close is refused if the page saw other scores.
		if ok, err := closeBasisHolds(ctx, tx, sh, slug, n, basedOn); err != nil {
			return err
		} else if !ok {
			return app.Conflict("close-changed", nil)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rounds SET closed_at = ?, opened_double = coalesce(opened_double, planned_double) WHERE id = ?`,
			stamp(s.Now()), sh.RoundIDs[n-1]); err != nil {
			return err
		}
		r := sh.Round(n)
		r.Closed, r.Opened = true, r.Double()
		if next.Over {
			err = s.finish(ctx, tx, sh)
		} else {
			err = s.addRound(ctx, tx, sh, next.Next)
		}
		if err == nil {
			err = keepResults(ctx, tx, sh)
		}
		if err == nil {
			err = s.keepForm(ctx, tx, key, "closed")
		}
		out = *sh
		return err
	}))
	if err == nil && !again {
		s.publish(app.News{Kind: app.NewsClosed, Game: out.Game.ID, Round: n, Seat: -1, Player: -1})
	}
	return out, v, err
}

// closeBasisHolds says whether round n's entries are as the page that
// closes it saw them: none changed since basedOn.Version, or changed by
// the page's own entry forms in basedOn.After, each to the version that
// form wrote.
func closeBasisHolds(ctx context.Context, tx conn, sh *app.Sheet, link string, n int, basedOn app.Basis) (bool, error) {
	if sh.RoundVersion(n) == basedOn.Version {
		return true, nil
	}
	if sh.RoundVersion(n) < basedOn.Version {
		return false, nil
	}
	for seat := range sh.Players {
		v := sh.Version(n, seat)
		if v <= basedOn.Version {
			continue
		}
		own := false
		for _, id := range basedOn.After {
			made, err := formResult(ctx, tx, formKey(id, entryTarget(link, n, sh.Game.IDs[seat])))
			if err != nil {
				return false, err
			}
			if made == strconv.FormatInt(v, 10) {
				own = true
				break
			}
		}
		if !own {
			return false, nil
		}
	}
	return true, nil
}
