-- A game night has two links: its slug lets a phone keep score, its
-- view_slug only shows the game. Either can be renewed, which stops the
-- old one. Games kept before this get a view link now.
ALTER TABLE games ADD COLUMN view_slug TEXT;
UPDATE games SET view_slug = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_view_slug ON games (view_slug);

-- The game nights each browser has created or opened, by the link it
-- used, so a home page lists only those. seat is who this browser says it
-- is at that game ("I am Ann"), or NULL.
CREATE TABLE device_games (
    device  TEXT    NOT NULL,
    link    TEXT    NOT NULL,
    seat    INTEGER CHECK (seat >= 0),
    seen_at TEXT    NOT NULL,
    PRIMARY KEY (device, link)
) WITHOUT ROWID;
CREATE INDEX device_games_link ON device_games (link);
