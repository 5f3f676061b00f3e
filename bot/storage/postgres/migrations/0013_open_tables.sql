-- Open tables and one game at a time per game kind and set of members (issue 23).
--
-- A challenge has a number of seats, some of which may be open (no challenge_seats row) for
-- any member to join, and may fill the seats still open at the start with the computer at a
-- level. Challenges written before have every seat taken: their count is their seats.
ALTER TABLE challenges ADD COLUMN seat_count INTEGER;
ALTER TABLE challenges ADD COLUMN fill_level TEXT;
UPDATE challenges
SET seat_count = (SELECT COUNT(*) FROM challenge_seats AS s WHERE s.challenge_id = challenges.id);
ALTER TABLE challenge_seats ADD COLUMN joined INTEGER NOT NULL DEFAULT 0;

-- The play service's invariants, held by the database (0010 held them per pair of members and
-- any game): in a channel, at most one open challenge and one game in progress per game kind
-- and set of members. A set is its members' ids, ascending, comma-separated ("11,22"); a
-- game's members leave its computer seats out (a member alone: a game against the computer);
-- a challenge's are its challenger and the members it named. An expired challenge not yet
-- swept gives its set up to a new one (`expires_at`). Rows go when the challenge closes or the
-- game ends (bot/storage/sql/play.py).
CREATE TABLE challenge_tables (
    channel_id   BIGINT           NOT NULL,
    kind         TEXT             NOT NULL,
    members      TEXT             NOT NULL,
    challenge_id BIGINT           NOT NULL REFERENCES challenges(id),
    expires_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (channel_id, kind, members)
);
CREATE INDEX challenge_tables_challenge ON challenge_tables (challenge_id);

CREATE TABLE game_tables (
    channel_id BIGINT NOT NULL,
    kind       TEXT   NOT NULL,
    members    TEXT   NOT NULL,
    game_id    BIGINT NOT NULL REFERENCES games(id),
    PRIMARY KEY (channel_id, kind, members)
);
CREATE INDEX game_tables_game ON game_tables (game_id);

-- Rows for what is open now. The old rule was stricter (no two of them shared a pair of
-- members, whatever the game), so none collide; should one, the newest keeps it.
INSERT INTO challenge_tables (channel_id, kind, members, challenge_id, expires_at)
SELECT c.channel_id, c.kind,
       (SELECT string_agg(m.user_id::text, ',' ORDER BY m.user_id)
        FROM (SELECT DISTINCT s.user_id FROM challenge_seats AS s
              WHERE s.challenge_id = c.id AND s.computer_level IS NULL) AS m),
       c.id, c.expires_at
FROM challenges AS c
WHERE c.status = 'open'
  AND EXISTS (SELECT 1 FROM challenge_seats AS s
              WHERE s.challenge_id = c.id AND s.computer_level IS NULL)
ORDER BY c.id DESC
ON CONFLICT DO NOTHING;

INSERT INTO game_tables (channel_id, kind, members, game_id)
SELECT g.channel_id, g.kind,
       (SELECT string_agg(m.user_id::text, ',' ORDER BY m.user_id)
        FROM (SELECT DISTINCT s.user_id FROM game_seats AS s
              WHERE s.game_id = g.id AND s.computer_level IS NULL) AS m),
       g.id
FROM games AS g
WHERE g.status = 'active'
  AND EXISTS (SELECT 1 FROM game_seats AS s
              WHERE s.game_id = g.id AND s.computer_level IS NULL)
ORDER BY g.id DESC
ON CONFLICT DO NOTHING;

DROP TABLE challenge_pairs;
DROP TABLE game_pairs;
