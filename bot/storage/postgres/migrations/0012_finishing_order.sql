-- Games of any number of players, ended by a finishing order (issue 23): each history entry
-- keeps its player's place (1 the best; tied teams share a place), and head to head counts
-- draws, two players whose teams shared a place. Nothing stored changes meaning: until now a
-- rated or computer game had a winner and every other team tied second (docs/decisions.md,
-- "Ladder"), so a win was first place and a loss second; an abandoned game has no place.
-- Every record had no draws. Ratings, totals and records are carried over as they are.
ALTER TABLE ladder_entries ADD COLUMN place INTEGER;
UPDATE ladder_entries SET place = CASE outcome WHEN 'win' THEN 1 WHEN 'loss' THEN 2 END;

ALTER TABLE ladder_pairs ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
