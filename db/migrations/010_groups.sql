-- A table of friends: a group with its own unguessable link, whose people
-- are the same person in every night of the group.
CREATE TABLE groups (
    id         INTEGER PRIMARY KEY,
    slug       TEXT    NOT NULL UNIQUE,
    name       TEXT    NOT NULL,
    created_at TEXT    NOT NULL
);
CREATE TABLE people (
    id       INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    name     TEXT    NOT NULL,
    UNIQUE (group_id, name)
);
ALTER TABLE games ADD COLUMN group_id INTEGER REFERENCES groups (id);
CREATE INDEX games_group ON games (group_id, played_on DESC, id DESC) WHERE group_id IS NOT NULL;
ALTER TABLE players ADD COLUMN person_id INTEGER REFERENCES people (id);
-- A night of a group as its history lists it, kept with its results:
-- its players and winners (names joined by char 31) and the best total.
ALTER TABLE games ADD COLUMN line_players TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN line_winners TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN line_best INTEGER NOT NULL DEFAULT 0;

-- Each person's result in each night of the group, kept up to date as
-- rounds close and corrections land; with the running sums below, a
-- player's record is read from a few rows, never from every entry.
CREATE TABLE person_nights (
    person_id INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    played_on TEXT    NOT NULL,
    finished  INTEGER NOT NULL,
    rounds    INTEGER NOT NULL, -- closed rounds played
    total     INTEGER NOT NULL,
    place     INTEGER NOT NULL,
    won       INTEGER NOT NULL, -- a finished night, placed first
    outs      INTEGER NOT NULL, -- rounds gone out
    zeros     INTEGER NOT NULL, -- rounds scored at 0
    caught    INTEGER NOT NULL, -- rounds caught holding the 0-0
    PRIMARY KEY (person_id, game_id)
) WITHOUT ROWID;
CREATE INDEX person_nights_game ON person_nights (game_id);
CREATE INDEX person_nights_date ON person_nights (person_id, played_on DESC, game_id DESC);
CREATE INDEX person_nights_total ON person_nights (person_id, finished, total, played_on);

CREATE TABLE person_totals (
    person_id INTEGER PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
    nights    INTEGER NOT NULL DEFAULT 0,
    finished  INTEGER NOT NULL DEFAULT 0,
    won       INTEGER NOT NULL DEFAULT 0,
    rounds    INTEGER NOT NULL DEFAULT 0,
    points    INTEGER NOT NULL DEFAULT 0,
    outs      INTEGER NOT NULL DEFAULT 0,
    zeros     INTEGER NOT NULL DEFAULT 0,
    caught    INTEGER NOT NULL DEFAULT 0
);

-- Head to head over finished nights: how often person_id placed ahead of
-- other_id, and behind.
CREATE TABLE person_pairs (
    person_id INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    other_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    nights    INTEGER NOT NULL DEFAULT 0,
    ahead     INTEGER NOT NULL DEFAULT 0,
    behind    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (person_id, other_id)
) WITHOUT ROWID;

-- The groups each browser has created or opened.
CREATE TABLE device_groups (
    device  TEXT NOT NULL,
    link    TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (device, link)
) WITHOUT ROWID;
