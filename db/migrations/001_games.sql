-- Game nights, their players in seat order, rounds and each player's entry.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    slug        TEXT    NOT NULL UNIQUE,
    name        TEXT    NOT NULL,
    played_on   TEXT    NOT NULL,
    rules       TEXT    NOT NULL,
    hand_size   INTEGER NOT NULL CHECK (hand_size > 0),
    created_at  TEXT    NOT NULL,
    finished_at TEXT
);
CREATE INDEX games_created ON games (created_at DESC, id DESC);

CREATE TABLE players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    name    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, name)
);

CREATE TABLE rounds (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number         INTEGER NOT NULL CHECK (number > 0),
    planned_double INTEGER NOT NULL CHECK (planned_double >= 0),
    opened_double  INTEGER CHECK (opened_double >= 0),
    setter_seat    INTEGER,
    closed_at      TEXT,
    UNIQUE (game_id, number)
);

CREATE TABLE entries (
    round_id     INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    pips         INTEGER NOT NULL CHECK (pips >= 0),
    double_blank INTEGER NOT NULL CHECK (double_blank IN (0, 1)),
    went_out     INTEGER NOT NULL CHECK (went_out IN (0, 1)),
    out_on_double INTEGER NOT NULL DEFAULT 0 CHECK (out_on_double IN (0, 1)),
    tiles        TEXT,
    score        INTEGER NOT NULL CHECK (score >= 0),
    updated_at   TEXT    NOT NULL,
    PRIMARY KEY (round_id, seat)
);

-- Every change to an entry, oldest first; nothing here is ever updated.
CREATE TABLE entry_history (
    id         INTEGER PRIMARY KEY,
    round_id   INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('entry', 'edit', 'correction', 'undo')),
    old_value  TEXT,
    new_value  TEXT,
    old_score  INTEGER,
    new_score  INTEGER,
    changed_by TEXT    NOT NULL,
    changed_at TEXT    NOT NULL,
    undoes     INTEGER REFERENCES entry_history (id)
);
CREATE INDEX entry_history_round ON entry_history (round_id, id);
