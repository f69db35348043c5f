-- The moves laid on the table in each round, as the referee's action log.
-- Append-only: a take-back is an action too, so a round is rebuilt by
-- replaying its actions in order.
CREATE TABLE round_actions (
    id         INTEGER PRIMARY KEY,
    round_id   INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq > 0),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    kind       TEXT    NOT NULL CHECK (kind IN ('play', 'draw', 'pass', 'take-back', 'penalty')),
    tile       TEXT,
    on_tile    TEXT,
    created_at TEXT    NOT NULL,
    UNIQUE (round_id, seq)
);
