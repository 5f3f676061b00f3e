-- The games in progress, in order: what the scheduler's search for games without a clock and
-- the start-up check of every table walk, without scanning every finished game.
CREATE INDEX games_in_progress ON games (id) WHERE status = 'active';
