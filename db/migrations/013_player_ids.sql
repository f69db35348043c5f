-- Each player of a night has an id that never changes and is never given
-- to another player of that night: pages and forms name players by it, so
-- a page drawn before someone gave up their seat (the seats after it move
-- up one) can't save a score for whoever sits there now. The players at
-- the table before had ids equal to their seats.
ALTER TABLE players ADD COLUMN player_id INTEGER CHECK (player_id >= 0);
UPDATE players SET player_id = seat;
CREATE UNIQUE INDEX players_ids ON players (game_id, player_id);

-- The players who gave up their seat before playing a round, by id, so a
-- form still naming one is refused with who it was, and their id is not
-- given again.
CREATE TABLE players_gone (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;

-- What a one-time form said, as a digest: sent again with the same
-- content it is answered as the first time; with other content (Back,
-- fix, send again) it is a new change that the version check judges.
ALTER TABLE form_ids ADD COLUMN content TEXT NOT NULL DEFAULT '';
