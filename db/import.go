package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"chickenfoot/db/app"
	"chickenfoot/referee"
)

// Import adds the archive's nights to the store in one transaction: all
// of them, or, when any is malformed or clashes with a night already kept
// (the same link), none, with an error wrapping ErrArchive that names the
// night and what is wrong. A night without links gets new ones.
func (s *Store) Import(ctx context.Context, a app.Archive) (int, error) {
	seen := map[string]string{}
	groups := map[string]string{} // a table without a link, by name → the new link it gets
	for i := range a.Nights {
		n := &a.Nights[i]
		if n.Group != nil && n.Group.Link == "" && n.Group.Name != "" {
			if groups[n.Group.Name] == "" {
				groups[n.Group.Name] = newSlug()
			}
			n.Group = &app.NightGroup{Link: groups[n.Group.Name], Name: n.Group.Name}
		}
		if err := checkNight(*n); err != nil {
			return 0, nightError(i, n.Name, err)
		}
		if n.Link == "" {
			n.Link = newSlug()
		}
		if n.ViewLink == "" {
			n.ViewLink = newSlug()
		}
		for _, l := range []string{n.Link, n.ViewLink} {
			if other, ok := seen[l]; ok {
				return 0, archiveError("import.same-link", referee.Params{"Name": other, "Other": n.Name})
			}
			seen[l] = n.Name
		}
	}
	err := s.inTx(ctx, func(tx conn) error {
		for i, n := range a.Nights {
			var clash int
			err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE slug IN (?1, ?2) OR view_slug IN (?1, ?2)`, n.Link, n.ViewLink).Scan(&clash)
			if err != nil {
				return err
			}
			if clash > 0 {
				return archiveError("import.already", referee.Params{"Name": n.Name})
			}
			var r *app.Error
			if err := s.insertNight(ctx, tx, n); errors.As(err, &r) {
				return nightError(i, n.Name, r)
			} else if err != nil {
				return fmt.Errorf("adding night %q: %w", n.Name, err)
			}
		}
		return nil
	})
	if err != nil {
		s.forgetGroupGames() // what the rolled-back nights left in the cache
		return 0, err
	}
	return len(a.Nights), nil
}

// nightError refuses the archive for its night i, named name, which the
// store can't take as err says.
func nightError(i int, name string, err error) error {
	return archiveError("import.night", referee.Params{"N": i + 1, "Name": name, "Why": why(err)})
}

// Kinds a stored change or action may be, as the schema allows.
var (
	changeKinds = []string{"entry", "edit", "correction", "undo"}
	actionKinds = []string{"play", "draw", "pass", "take-back", "penalty"}
)

// validLink reports whether s is one of the links this app makes
// (newSlug): exactly linkLen characters of lowercase base32, a–z and 2–7.
// Anything else, shorter and so easier to guess, or with characters an
// address would mangle, is refused.
func validLink(s string) bool {
	if len(s) != linkLen {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '2' || r > '7') {
			return false
		}
	}
	return true
}

// linkLen is the length of every link the app makes: 128 random bits in
// base32.
var linkLen = len(newSlug())

// formatRune reports an invisible formatting character (Unicode's Cf),
// which the app refuses in names: it could turn a line around or make one
// name look like another.
func formatRune(r rune) bool { return unicode.Is(unicode.Cf, r) }

// checkLinks refuses a night's links, or its date, where the store could
// not find or list it by them.
func checkLinks(n app.Night) error {
	for _, l := range []string{n.Link, n.ViewLink} {
		if l != "" && !validLink(l) {
			return refusal("import.link", referee.Params{"Link": l, "Len": linkLen})
		}
	}
	if n.Group != nil && (!validLink(n.Group.Link) || n.Group.Name == "") {
		return refusal("import.group", referee.Params{"Len": linkLen})
	}
	if _, err := time.Parse(time.DateOnly, n.PlayedOn); err != nil {
		return refusal("import.date", referee.Params{"Date": n.PlayedOn})
	}
	return nil
}

// checkNight refuses a night the store could not hold or read back.
func checkNight(n app.Night) error {
	rules := referee.Standard()
	if err := json.Unmarshal(n.Rules, &rules); err != nil {
		return refusal("import.rules", referee.Params{"Err": err.Error()})
	}
	switch {
	case len(n.Players) < 2 || len(n.Players) > 16:
		return refusal("import.players", referee.Params{"N": len(n.Players), "Min": 2, "Max": 16})
	case n.HandSize < 1:
		return refusal("import.hand-size", referee.Params{"N": n.HandSize})
	case len(n.Rounds) == 0:
		return refusal("import.no-rounds", nil)
	}
	for i, p := range n.Players {
		if p == "" || slices.Contains(n.Players[:i], p) {
			return refusal("import.player-name", referee.Params{"N": i + 1, "Name": p})
		}
		if strings.ContainsFunc(p, formatRune) {
			return refusal("import.player-format", referee.Params{"N": i + 1, "Name": p})
		}
	}
	if err := checkLinks(n); err != nil {
		return err
	}
	if err := checkStays(n); err != nil {
		return err
	}
	times := []string{n.CreatedAt}
	if n.FinishedAt != nil {
		times = append(times, *n.FinishedAt)
	}
	for i, r := range n.Rounds {
		if err := checkRound(r, i+1, len(n.Players)); err != nil {
			return refusal("import.round", referee.Params{"N": i + 1, "Why": why(err)})
		}
		if r.ClosedAt != nil {
			times = append(times, *r.ClosedAt)
		}
	}
	for _, t := range times {
		if _, err := time.Parse(time.RFC3339Nano, t); err != nil {
			return refusal("import.time", referee.Params{"Time": t})
		}
	}
	return nil
}

// checkStays refuses stays that don't fit the night: one for each seat,
// each within the rounds, with a rule for what a missed round counts, and
// no entry or starting double from a player who missed that round.
func checkStays(n app.Night) error {
	if n.Stays == nil {
		return nil
	}
	if len(n.Stays) != len(n.Players) {
		return refusal("import.stays", referee.Params{"Stays": len(n.Stays), "N": len(n.Players)})
	}
	sh := referee.Sheet{Players: n.Players}
	for seat, st := range n.Stays {
		if st.From < 1 || st.From > len(n.Rounds)+1 || st.Until != 0 && (st.Until < st.From || st.Until > len(n.Rounds)) {
			return refusal("import.stay-rounds", referee.Params{"N": seat + 1, "From": st.From, "Until": st.Until})
		}
		if _, err := referee.ParseMissed(string(st.Missed)); err != nil || st.Missed == "" {
			return refusal("import.stay-missed", referee.Params{"N": seat + 1, "Missed": string(st.Missed)})
		}
		sh.Seats = append(sh.Seats, referee.Stay(st))
	}
	for _, r := range n.Rounds {
		for _, e := range r.Entries {
			if !sh.Plays(e.Seat, r.Number) {
				return refusal("import.entry-absent", referee.Params{"Round": r.Number, "Seat": e.Seat})
			}
		}
		if r.Setter != nil && !sh.Plays(*r.Setter, r.Number) {
			return refusal("import.setter-absent", referee.Params{"Round": r.Number, "Seat": *r.Setter})
		}
		if len(sh.Seated(r.Number)) < 2 {
			return refusal("import.few-players", referee.Params{"Round": r.Number})
		}
	}
	return nil
}

func checkRound(r app.NightRound, number, players int) error {
	seat := func(s int) bool { return s >= 0 && s < players }
	switch {
	case r.Number != number:
		return refusal("import.round-number", referee.Params{"N": r.Number})
	case r.PlannedDouble < 0 || r.OpenedDouble != nil && *r.OpenedDouble < 0:
		return refusal("import.double", nil)
	case r.Setter != nil && !seat(*r.Setter):
		return refusal("import.setter", referee.Params{"Seat": *r.Setter})
	case r.HandSize < 0:
		return refusal("import.hand-size", referee.Params{"N": r.HandSize})
	}
	entered := map[int]bool{}
	for _, e := range r.Entries {
		if !seat(e.Seat) || entered[e.Seat] || e.Pips < 0 || e.Score < 0 || e.BlankHalves < 0 {
			return refusal("import.entry", referee.Params{"Seat": e.Seat})
		}
		if e.Tiles != nil {
			if _, err := parseTiles(*e.Tiles); err != nil {
				return refusal("import.tiles", referee.Params{"Seat": e.Seat, "Why": why(err)})
			}
		}
		if _, err := time.Parse(time.RFC3339Nano, e.UpdatedAt); err != nil {
			return refusal("import.entry-time", referee.Params{"Seat": e.Seat, "Time": e.UpdatedAt})
		}
		entered[e.Seat] = true
	}
	for i, c := range r.History {
		if !seat(c.Seat) || !slices.Contains(changeKinds, c.Kind) || c.Undoes != nil && (*c.Undoes < 0 || *c.Undoes >= i) {
			return refusal("import.change", referee.Params{"N": i + 1})
		}
		for _, raw := range []json.RawMessage{c.Old, c.New} {
			if _, err := rawToEntry(raw); err != nil {
				return refusal("import.change-entry", referee.Params{"N": i + 1, "Why": why(err)})
			}
		}
		if _, err := time.Parse(time.RFC3339Nano, c.At); err != nil {
			return refusal("import.change-time", referee.Params{"N": i + 1, "Time": c.At})
		}
	}
	for i, a := range r.Actions {
		if a.Seq != i+1 || !seat(a.Seat) || !slices.Contains(actionKinds, a.Kind) {
			return refusal("import.move", referee.Params{"N": i + 1})
		}
	}
	return nil
}

// rawToEntry reads a change's entry: null, or an entry's JSON.
func rawToEntry(raw json.RawMessage) (*referee.Entry, error) {
	s, err := compactJSON(raw)
	if err != nil || s == "null" || s == "" {
		return nil, err
	}
	return decodeEntry(sql.NullString{String: s, Valid: true})
}

// keptEntry is a change's entry as the store keeps it: its JSON as it
// came, without spaces, or NULL.
func keptEntry(raw json.RawMessage) sql.NullString {
	s, err := compactJSON(raw)
	if err != nil || s == "null" || s == "" {
		return sql.NullString{}
	}
	return sql.NullString{String: s, Valid: true}
}

// insertNight writes one checked night; one of a table of friends joins
// that table (made when the database lacks it), with its records.
func (s *Store) insertNight(ctx context.Context, tx conn, n app.Night) error {
	rules, err := compactJSON(n.Rules)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, qInsertGame, n.Link, n.ViewLink, n.Name, n.PlayedOn, rules, n.HandSize, n.CreatedAt, n.FinishedAt)
	if err != nil {
		return err
	}
	gameID, err := res.LastInsertId()
	if err != nil {
		return err
	}
	for seat, name := range n.Players {
		var st referee.Stay
		if n.Stays != nil {
			st = referee.Stay(n.Stays[seat])
		}
		if err := insertPlayer(ctx, tx, gameID, seat, name, st); err != nil {
			return err
		}
	}
	for _, r := range n.Rounds {
		res, err := tx.ExecContext(ctx, qInsertRound,
			gameID, r.Number, r.PlannedDouble, r.OpenedDouble, r.Setter, r.ClosedAt, sql.NullInt64{Int64: int64(r.HandSize), Valid: r.HandSize > 0})
		if err != nil {
			return err
		}
		roundID, err := res.LastInsertId()
		if err != nil {
			return err
		}
		if err := insertRoundContent(ctx, tx, roundID, r); err != nil {
			return fmt.Errorf("round %d: %w", r.Number, err)
		}
	}
	if err := insertMarks(ctx, tx, gameID, n); err != nil {
		return err
	}
	if err := insertMoves(ctx, tx, gameID, n); err != nil {
		return err
	}
	if n.Group == nil {
		return nil
	}
	return s.joinImported(ctx, tx, n)
}

// insertMarks writes a Straight night's sheet, each line checked as a
// phone's would be: a side or seat of the night, fives in play, a spot
// count for every seat at an end, hands in order.
func insertMarks(ctx context.Context, tx conn, game int64, n app.Night) error {
	if len(n.Straight) == 0 {
		return nil
	}
	var rules referee.Rules
	if err := json.Unmarshal(n.Rules, &rules); err != nil || rules.Game != referee.Straight {
		return refusal("import.not-straight", nil)
	}
	sides := len(referee.Sides(len(n.Players), rules.Straight.Partnered(len(n.Players))))
	hand := 1
	for i, m := range n.Straight {
		bad := m.Hand != hand || m.Side < -1 || m.Side >= len(n.Players) || !m.End && m.Side >= sides
		pips := ""
		if m.End {
			bad = bad || len(m.Pips) != len(n.Players) || slices.ContainsFunc(m.Pips, func(p int) bool { return p < 0 || p > maxHandPips })
			b, _ := json.Marshal(m.Pips)
			pips, hand = string(b), hand+1
		} else {
			bad = bad || m.Side < 0 || m.Points < 5 || m.Points > maxPlayPoints || m.Points%5 != 0
		}
		if bad {
			return refusal("import.straight-line", referee.Params{"N": i + 1, "Line": fmt.Sprintf("%+v", m)})
		}
		kind := map[bool]string{false: "play", true: "end"}[m.End]
		if _, err := tx.ExecContext(ctx, `INSERT INTO straight_marks (game_id, seq, hand, kind, side, points, pips) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			game, i+1, m.Hand, kind, m.Side, m.Points, pips); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE games SET straight_version = ? WHERE id = ?`, len(n.Straight), game)
	return err
}

// joinImported makes an imported night one of its table's (made when the
// database lacks it), and keeps its results in the table's records.
func (s *Store) joinImported(ctx context.Context, tx conn, n app.Night) error {
	if _, err := findGroup(ctx, tx, n.Group.Link); app.CodeOf(err) == app.CodeNotFound {
		_, err = tx.ExecContext(ctx, qInsertGroup, n.Group.Link, n.Group.Name, n.CreatedAt)
		if err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	g, err := s.loadGame(ctx, tx, n.Link)
	if err != nil {
		return err
	}
	if _, err := joinGroup(ctx, tx, n.Group.Link, g); err != nil {
		return err
	}
	if g.Rules.Game != referee.Chickenfoot {
		st, err := s.loadStraight(ctx, tx, n.Link)
		if err != nil {
			return err
		}
		return s.finishStraight(ctx, tx, st) // its line in the table's history
	}
	sh, err := s.loadSheet(ctx, tx, n.Link, noHistory)
	if err != nil {
		return err
	}
	return keepResults(ctx, tx, &sh)
}

// insertRoundContent writes a round's history, entries and moves. An
// entry's version is the id its seat's latest change gets.
func insertRoundContent(ctx context.Context, tx conn, roundID int64, r app.NightRound) error {
	ids := make([]int64, len(r.History))
	version := map[int]int64{}
	for i, c := range r.History {
		old, _ := rawToEntry(c.Old) // checked already
		new, _ := rawToEntry(c.New)
		var undoes sql.NullInt64
		if c.Undoes != nil {
			undoes = sql.NullInt64{Int64: ids[*c.Undoes], Valid: true}
		}
		res, err := tx.ExecContext(ctx, qInsertChange, roundID, c.Seat, c.Kind, keptEntry(c.Old), keptEntry(c.New), score(old), score(new), c.By, c.At, undoes)
		if err != nil {
			return err
		}
		if ids[i], err = res.LastInsertId(); err != nil {
			return err
		}
		version[c.Seat] = ids[i]
	}
	for _, e := range r.Entries {
		_, err := tx.ExecContext(ctx, qInsertEntry, roundID, e.Seat, e.Pips, e.DoubleBlank, e.WentOut, e.OutOnDouble, e.Tiles, e.Score, e.UpdatedAt, version[e.Seat], e.BlankHalves)
		if err != nil {
			return err
		}
	}
	for _, a := range r.Actions {
		_, err := tx.ExecContext(ctx, qInsertAction,
			roundID, a.Seq, a.Seat, a.Kind, a.Tile, a.On, a.At)
		if err != nil {
			return err
		}
	}
	return nil
}
