package db

import (
	"context"
	"slices"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Join seats a new player at the night: from the round being played if
// nothing is recorded in it yet, else from the next. The rounds they
// missed count as missed says. In a table of friends's night the player
// is the group's person of that name, as at the start. form is the join
// form's one-time id, or "": the same form sent again seats no one more.
func (s *Store) Join(ctx context.Context, slug, name string, missed referee.Missed, form string) (app.Sheet, error) {
	var out app.Sheet
	key := formOf(form, "join "+slug, name, missed)
	err := s.writeSheet(ctx, slug, noHistory, func(tx conn, sh *app.Sheet) error {
		if _, sent, err := sentBefore(ctx, tx, key); err != nil || sent {
			out = *sh
			return err
		}
		hand, err := sh.CheckJoin(name)
		if err != nil {
			return err
		}
		s.speed.forget(sh.Game.ID) // a write after this one in the same transaction reads the players afresh
		seat, st := len(sh.Players), referee.Stay{From: sh.JoinRound(), Missed: missed}
		if err := insertPlayer(ctx, tx, sh.Game.ID, seat, name, st); err != nil {
			return err
		}
		if hand != sh.HandSize {
			if err := s.newHandSize(ctx, tx, sh, st.From, hand); err != nil {
				return err
			}
		}
		var id int
		if err := tx.QueryRowContext(ctx, `SELECT player_id FROM players WHERE game_id = ? AND seat = ?`, sh.Game.ID, seat).Scan(&id); err != nil {
			return err
		}
		sh.Seats = stays(sh.Sheet)
		sh.Players, sh.Seats = append(sh.Players, name), append(sh.Seats, st)
		sh.Game.Players, sh.Game.Seats, sh.Game.IDs = sh.Players, sh.Seats, append(slices.Clone(sh.Game.IDs), id)
		for i := range sh.Rounds {
			sh.Rounds[i].Entries = append(sh.Rounds[i].Entries, nil)
			sh.Versions[i] = append(sh.Versions[i], 0)
		}
		if err := seatPerson(ctx, tx, sh, seat); err != nil {
			return err
		}
		out = *sh
		if err := keepResults(ctx, tx, sh); err != nil {
			return err
		}
		return s.keepForm(ctx, tx, key, name)
	})
	s.playersChanged(out.Game.ID)
	if err == nil {
		s.publish(seatsNews(out))
	}
	return out, err
}

// newHandSize deals hand tiles each from round from on; the rounds before
// keep the size they were dealt.
func (s *Store) newHandSize(ctx context.Context, tx conn, sh *app.Sheet, from, hand int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE rounds SET hand_size = ? WHERE game_id = ? AND number < ? AND hand_size IS NULL`,
		sh.HandSize, sh.Game.ID, from); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET hand_size = ? WHERE id = ?`, hand, sh.Game.ID); err != nil {
		return err
	}
	for i := range sh.Rounds {
		if r := &sh.Rounds[i]; r.Number < from && r.HandSize == 0 {
			r.HandSize = sh.HandSize
		}
	}
	sh.HandSize, sh.Game.HandSize = hand, hand
	return nil
}

// Leave takes the player whose id is player (see app.Game.IDs) from the table
// after the round being played, or before it if nothing is recorded in it
// yet; the rounds after count as missed says. A player who has played no
// round yet gives up the seat, and the seats after it move up one. form
// is the leave form's one-time id, or "": the same form sent again (two
// taps) takes no one else. It answers the name of who left.
func (s *Store) Leave(ctx context.Context, slug string, player int, missed referee.Missed, form string) (string, app.Sheet, error) {
	var out app.Sheet
	var name string
	key := formOf(form, "leave "+slug, player, missed)
	err := s.writeSheet(ctx, slug, noHistory, func(tx conn, sh *app.Sheet) error {
		made, sent, err := sentBefore(ctx, tx, key)
		if err != nil || sent {
			name, out = made, *sh
			return err
		}
		seat, err := playerSeat(ctx, tx, sh.Game, player)
		if err != nil {
			return err
		}
		name = sh.Players[seat]
		l, err := sh.CheckLeave(seat)
		if err != nil {
			return err
		}
		s.speed.forget(sh.Game.ID) // as in Join
		if l.Remove {
			err = s.unseat(ctx, tx, sh, seat)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE players SET until_round = ?, missed = ? WHERE game_id = ? AND seat = ?`,
				l.Last, string(missed), sh.Game.ID, seat)
			sh.Seats = stays(sh.Sheet)
			sh.Seats[seat].Until, sh.Seats[seat].Missed = l.Last, missed
			sh.Game.Seats = sh.Seats
		}
		if err != nil {
			return err
		}
		out = *sh
		if err := keepResults(ctx, tx, sh); err != nil {
			return err
		}
		return s.keepForm(ctx, tx, key, name)
	})
	s.playersChanged(out.Game.ID)
	if err == nil {
		s.publish(seatsNews(out))
	}
	return name, out, err
}

// playersChanged drops a game whose players changed from the cache of
// games' settings (see frozenGame), once the change is committed, or
// undone. A write later in the same transaction reads the game afresh:
// what is read inside one is never cached.
func (s *Store) playersChanged(id int64) {
	if id != 0 {
		s.speed.forget(id)
	}
}

// unseat removes seat's player, who has played no round, and moves the
// seats after it up one: none of them has played yet either (see
// referee.Leaving), so no entry or table action names them.
func (s *Store) unseat(ctx context.Context, tx conn, sh *app.Sheet, seat int) error {
	if err := s.forgetPerson(ctx, tx, sh, seat); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO players_gone (game_id, player_id, name) VALUES (?, ?, ?)`,
		sh.Game.ID, sh.Game.IDs[seat], sh.Players[seat]); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM players WHERE game_id = ? AND seat = ?`, sh.Game.ID, seat); err != nil {
		return err
	}
	for after := seat + 1; after < len(sh.Players); after++ {
		if _, err := tx.ExecContext(ctx, `UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?`, after-1, sh.Game.ID, after); err != nil {
			return err
		}
	}
	// A phone that was the player's is nobody's now; one of a seat after
	// it follows its player up.
	if _, err := tx.ExecContext(ctx, `UPDATE device_games SET seat = CASE WHEN seat = ?1 THEN NULL ELSE seat - 1 END
		WHERE link IN (?2, ?3) AND seat >= ?1`, seat, sh.Game.Slug, sh.Game.ViewSlug); err != nil {
		return err
	}
	sh.Seats = stays(sh.Sheet)
	sh.Players, sh.Seats = slices.Delete(slices.Clone(sh.Players), seat, seat+1), slices.Delete(sh.Seats, seat, seat+1)
	sh.Game.Players, sh.Game.Seats = sh.Players, sh.Seats
	sh.Game.IDs = slices.Delete(slices.Clone(sh.Game.IDs), seat, seat+1)
	for i := range sh.Rounds {
		sh.Rounds[i].Entries = slices.Delete(sh.Rounds[i].Entries, seat, seat+1)
		sh.Versions[i] = slices.Delete(sh.Versions[i], seat, seat+1)
	}
	return nil
}

// forgetPerson takes a group night's seat out of the group's records, and
// the person too when this night was all they had: someone added by
// mistake leaves no one behind.
func (s *Store) forgetPerson(ctx context.Context, tx conn, sh *app.Sheet, seat int) error {
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
	person := people[seat]
	if i := slices.IndexFunc(old, func(r nightResult) bool { return r.person == person }); i >= 0 {
		if err := addTotals(ctx, tx, old[i:i+1], -1); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM person_nights WHERE person_id = ? AND game_id = ?`, person, sh.Game.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE players SET person_id = NULL WHERE game_id = ? AND seat = ?`, sh.Game.ID, seat); err != nil {
		return err
	}
	// Every night a person sits at keeps a row for them from its start.
	_, err = tx.ExecContext(ctx, `DELETE FROM people WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM person_nights WHERE person_id = ?1)`, person)
	return err
}

// stays is each seat's stay, written out (a sheet where everyone plays
// every round names none).
func stays(sh referee.Sheet) []referee.Stay {
	if sh.Seats != nil {
		return slices.Clone(sh.Seats)
	}
	out := make([]referee.Stay, len(sh.Players))
	for i := range out {
		out[i] = referee.Stay{From: 1, Missed: referee.MissedHighest}
	}
	return out
}

// seatPerson makes a player seated after the start the group's person of
// that name, with a row in the group's records, as joinGroup does for
// those seated at the start.
func seatPerson(ctx context.Context, tx conn, sh *app.Sheet, seat int) error {
	if sh.Game.GroupID == 0 {
		return nil
	}
	var person int64
	if err := tx.QueryRowContext(ctx, qPutPerson, sh.Game.GroupID, sh.Players[seat]).Scan(&person); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qSetPerson, person, sh.Game.ID, seat); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qStartPersonNight, person, sh.Game.ID, sh.Game.PlayedOn); err != nil {
		return err
	}
	return addTotals(ctx, tx, []nightResult{{person: person}}, 1)
}
