-- Random keys the server makes once and keeps with its data, by name:
-- the key that signs an unlocked browser's cookie must outlive a restart,
-- or every phone would have to type the passphrase again.
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      BLOB NOT NULL,
    created_at TEXT NOT NULL
);
