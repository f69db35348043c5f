-- Entries are found by round and seat, and a round's moves by round and
-- sequence: keep each in its key's own B-tree (WITHOUT ROWID), so a write
-- touches one tree instead of a table and a separate key index.
CREATE TABLE entries_by_key (
    round_id      INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    pips          INTEGER NOT NULL CHECK (pips >= 0),
    double_blank  INTEGER NOT NULL CHECK (double_blank IN (0, 1)),
    went_out      INTEGER NOT NULL CHECK (went_out IN (0, 1)),
    out_on_double INTEGER NOT NULL DEFAULT 0 CHECK (out_on_double IN (0, 1)),
    tiles         TEXT,
    score         INTEGER NOT NULL CHECK (score >= 0),
    updated_at    TEXT    NOT NULL,
    PRIMARY KEY (round_id, seat)
) WITHOUT ROWID;
INSERT INTO entries_by_key (round_id, seat, pips, double_blank, went_out, out_on_double, tiles, score, updated_at)
    SELECT round_id, seat, pips, double_blank, went_out, out_on_double, tiles, score, updated_at FROM entries;
DROP TABLE entries;
ALTER TABLE entries_by_key RENAME TO entries;

CREATE TABLE round_actions_by_key (
    round_id   INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq > 0),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    kind       TEXT    NOT NULL CHECK (kind IN ('play', 'draw', 'pass', 'take-back', 'penalty')),
    tile       TEXT,
    on_tile    TEXT,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (round_id, seq)
) WITHOUT ROWID;
INSERT INTO round_actions_by_key (round_id, seq, seat, kind, tile, on_tile, created_at)
    SELECT round_id, seq, seat, kind, tile, on_tile, created_at FROM round_actions;
DROP TABLE round_actions;
ALTER TABLE round_actions_by_key RENAME TO round_actions;
