-- A counter bumped by every write to a game, so a write can tell whether
-- the state it read before taking the writer's lock is still current.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
