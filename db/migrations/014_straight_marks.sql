-- The score sheet of a Straight night kept by hand: each line is points a
-- side made in play, or the end of a hand (who went out, or blocked, and
-- every seat's spots left in hand). A line's seq is the sheet's version
-- once it is written; Undo takes back the last line.
CREATE TABLE straight_marks (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    hand    INTEGER NOT NULL CHECK (hand >= 1),
    kind    TEXT    NOT NULL CHECK (kind IN ('play', 'end')),
    side    INTEGER NOT NULL CHECK (side >= -1),
    points  INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
    pips    TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
