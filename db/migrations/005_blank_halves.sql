-- A typed score can say how many blank halves the hand holds, for the
-- house rule that charges for each one.
ALTER TABLE entries ADD COLUMN blank_halves INTEGER NOT NULL DEFAULT 0 CHECK (blank_halves >= 0);
