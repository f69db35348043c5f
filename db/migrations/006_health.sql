-- One row the health check writes on every call, so /healthz proves the
-- file takes a write, not only that it answers.
CREATE TABLE health (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at TEXT NOT NULL
);
