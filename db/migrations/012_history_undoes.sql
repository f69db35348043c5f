-- Which change an undo took back, looked up by the change: finding the
-- change a round's Undo would take back (qUndoable) asks, for the latest
-- change, whether an undo names it. Without this index that question read
-- the round's whole history, on every score entry.
CREATE INDEX entry_history_undoes ON entry_history (round_id, undoes) WHERE undoes IS NOT NULL;
