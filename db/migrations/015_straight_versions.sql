-- A Straight sheet's version counts the changes made to it (a line added,
-- taken back, corrected or removed), no longer its lines: a correction
-- leaves their number as it was, yet a page that showed the line before
-- it must be stale. Sheets kept so far start from their number of lines.
ALTER TABLE games ADD COLUMN straight_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET straight_version = (SELECT count(*) FROM straight_marks m WHERE m.game_id = games.id);
