-- Players who join a night late or leave it early: the first and last
-- round each plays (NULL: to the end), and how a round missed counts.
ALTER TABLE players ADD COLUMN from_round INTEGER NOT NULL DEFAULT 1 CHECK (from_round >= 1);
ALTER TABLE players ADD COLUMN until_round INTEGER CHECK (until_round >= 1);
ALTER TABLE players ADD COLUMN missed TEXT NOT NULL DEFAULT 'highest' CHECK (missed IN ('highest', 'average', 'zero'));

-- A person's points in the rounds they played, beside the night's total,
-- which counts the rounds they missed too. Nights kept before had no
-- missed rounds.
ALTER TABLE person_nights ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
UPDATE person_nights SET points = total;
