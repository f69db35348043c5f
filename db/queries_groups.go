package db

// The writes of importing a night and of keeping a group's records, run
// for every night: prepared once, with the other hot queries.
const (
	qInsertGame = `INSERT INTO games (slug, view_slug, name, played_on, rules, hand_size, created_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	// A player's id is the next the night has not given yet, to a player
	// at the table or one gone.
	qInsertPlayer = `INSERT INTO players (game_id, seat, name, from_round, until_round, missed, player_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6,
		1 + max(coalesce((SELECT max(player_id) FROM players WHERE game_id = ?1), -1),
			coalesce((SELECT max(player_id) FROM players_gone WHERE game_id = ?1), -1)))`
	qInsertRound  = `INSERT INTO rounds (game_id, number, planned_double, opened_double, setter_seat, closed_at, hand_size) VALUES (?, ?, ?, ?, ?, ?, ?)`
	qInsertGroup  = `INSERT INTO groups (slug, name, created_at) VALUES (?, ?, ?)`
	qInsertChange = `INSERT INTO entry_history (round_id, seat, kind, old_value, new_value, old_score, new_score, changed_by, changed_at, undoes)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qInsertEntry = `INSERT INTO entries (round_id, seat, pips, double_blank, went_out, out_on_double, tiles, score, updated_at, version, blank_halves)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qInsertAction   = `INSERT INTO round_actions (round_id, seq, seat, kind, tile, on_tile, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`
	qPutPersonNight = `INSERT INTO person_nights (person_id, game_id, played_on, finished, rounds, total, place, won, outs, zeros, caught, points)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (person_id, game_id) DO UPDATE SET finished = excluded.finished, rounds = excluded.rounds, total = excluded.total,
				place = excluded.place, won = excluded.won, outs = excluded.outs, zeros = excluded.zeros, caught = excluded.caught,
				points = excluded.points`
	qKeepLine = `UPDATE games SET
		line_players = coalesce((SELECT group_concat(name, char(31) ORDER BY seat) FROM players WHERE game_id = ?1), ''),
		line_winners = coalesce((SELECT group_concat(p.name, char(31) ORDER BY p.name) FROM person_nights n JOIN people p ON p.id = n.person_id
			WHERE n.game_id = ?1 AND n.won = 1), ''),
		line_best = coalesce((SELECT min(total) FROM person_nights WHERE game_id = ?1), 0)
		WHERE id = ?1`
	// qKeepLines is qKeepLine for every night of a person (a rename, a merge).
	qKeepLines = `UPDATE games SET
		line_players = coalesce((SELECT group_concat(name, char(31) ORDER BY seat) FROM players WHERE game_id = games.id), ''),
		line_winners = coalesce((SELECT group_concat(p.name, char(31) ORDER BY p.name) FROM person_nights n JOIN people p ON p.id = n.person_id
			WHERE n.game_id = games.id AND n.won = 1), ''),
		line_best = coalesce((SELECT min(total) FROM person_nights WHERE game_id = games.id), 0)
		WHERE id IN (SELECT game_id FROM person_nights WHERE person_id = ?)`
	qAddTotals = `INSERT INTO person_totals (person_id, nights, finished, won, rounds, points, outs, zeros, caught)
			VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
			ON CONFLICT (person_id) DO UPDATE SET nights = nights + ?2, finished = finished + ?3, won = won + ?4, rounds = rounds + ?5,
				points = points + ?6, outs = outs + ?7, zeros = zeros + ?8, caught = caught + ?9`
	qAddPair = `INSERT INTO person_pairs (person_id, other_id, nights, ahead, behind) VALUES (?1, ?2, ?3, ?4, ?5)
				ON CONFLICT (person_id, other_id) DO UPDATE SET nights = nights + ?3, ahead = ahead + ?4, behind = behind + ?5`
	qSeatPeople   = `SELECT coalesce(person_id, 0) FROM players WHERE game_id = ? ORDER BY seat`
	qNightResults = `SELECT person_id, played_on, finished, rounds, total, place, won, outs, zeros, caught, points FROM person_nights WHERE game_id = ?`
	qSetGroup     = `UPDATE games SET group_id = ? WHERE id = ?`
	qPutPerson    = `INSERT INTO people (group_id, name) VALUES (?, ?)
			ON CONFLICT (group_id, name) DO UPDATE SET name = excluded.name RETURNING id`
	qSetPerson        = `UPDATE players SET person_id = ? WHERE game_id = ? AND seat = ?`
	qStartPersonNight = `INSERT INTO person_nights (person_id, game_id, played_on, finished, rounds, total, place, won, outs, zeros, caught)
			VALUES (?, ?, ?, 0, 0, 0, 1, 0, 0, 0, 0)`
)

var groupQueries = []string{qInsertGame, qInsertPlayer, qInsertRound, qInsertGroup, qInsertChange, qInsertEntry, qInsertAction, qPutPersonNight, qKeepLine, qKeepLines, qAddTotals, qAddPair, qSeatPeople, qNightResults, qSetGroup, qPutPerson, qSetPerson, qStartPersonNight}
