-- Players who join a night late or leave it early: the first and last
-- round each plays (NULL: to the end), and how a round missed counts.
ALTER TABLE players ADD COLUMN from_round INTEGER NOT NULL DEFAULT 1 CHECK (from_round >= 1);
ALTER TABLE players ADD COLUMN until_round INTEGER CHECK (until_round >= 1);
ALTER TABLE players ADD COLUMN missed TEXT NOT NULL DEFAULT 'highest' CHECK (missed IN ('highest', 'average', 'zero'));

-- Each round's hand size where it differs from the game's now: a player
-- joining may leave too few tiles for the hands dealt so far, and the
-- rounds before keep theirs.
ALTER TABLE rounds ADD COLUMN hand_size INTEGER CHECK (hand_size >= 1);

-- A person's points in the rounds they played, beside the night's total,
-- which counts the rounds they missed too. Nights kept before had no
-- missed rounds.
ALTER TABLE person_nights ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
UPDATE person_nights SET points = total;
