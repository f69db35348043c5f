-- Each form a page renders carries a one-time id. The write a form makes
-- keeps its id here, in the same transaction, with what it produced (a
-- game's slug, a change's id), so the same form sent again (a double tap,
-- Back and send again) makes nothing new and is answered as the first
-- was. An id is kept a day: far longer than a page stays open at a table.
CREATE TABLE form_ids (
    id         TEXT NOT NULL PRIMARY KEY,
    result     TEXT NOT NULL,
    created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX form_ids_created ON form_ids (created_at);
