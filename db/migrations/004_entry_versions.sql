-- Each entry carries its version: the id of the history change that wrote
-- it. A change made on a page that showed another version is stale, and
-- is refused instead of silently overwriting what another phone saved.
ALTER TABLE entries ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE entries SET version = coalesce(
    (SELECT max(h.id) FROM entry_history h WHERE h.round_id = entries.round_id AND h.seat = entries.seat), 0);
