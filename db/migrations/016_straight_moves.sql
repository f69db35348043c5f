-- The moves made on a Straight night's live table, hand by hand, as the
-- referee's action log of that hand: append-only, a take-back being a
-- move too, so a hand is rebuilt by replaying its moves in order. A
-- 'leader' row, before the lead, says who the table picked to lead.
-- mark is the score sheet's line a scoring lay wrote (straight_marks.seq),
-- 0 for none: a take-back of that lay takes the line back with it.
CREATE TABLE straight_moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand       INTEGER NOT NULL CHECK (hand >= 1),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    kind       TEXT    NOT NULL CHECK (kind IN ('leader', 'play', 'draw', 'pass', 'take-back')),
    tile       TEXT    NOT NULL DEFAULT '',
    on_tile    TEXT    NOT NULL DEFAULT '',
    at_end     INTEGER NOT NULL DEFAULT 0 CHECK (at_end >= 0),
    mark       INTEGER NOT NULL DEFAULT 0 CHECK (mark >= 0),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, hand, seq)
) WITHOUT ROWID;
