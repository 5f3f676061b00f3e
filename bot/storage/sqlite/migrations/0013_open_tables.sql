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
    channel_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    members      TEXT    NOT NULL,
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    expires_at   REAL    NOT NULL,
    PRIMARY KEY (channel_id, kind, members)
);
CREATE INDEX challenge_tables_challenge ON challenge_tables (challenge_id);

CREATE TABLE game_tables (
    channel_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    members    TEXT    NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    PRIMARY KEY (channel_id, kind, members)
);
CREATE INDEX game_tables_game ON game_tables (game_id);

-- Rows for what is open now. The old rule was stricter (no two of them shared a pair of
-- members, whatever the game), so none collide; should one, the newest keeps it. The ids are
-- joined in ascending order by a window, whose order group_concat follows.
INSERT INTO challenge_tables (channel_id, kind, members, challenge_id, expires_at)
SELECT channel_id, kind, members, id, expires_at FROM (
    SELECT DISTINCT c.id, c.channel_id, c.kind, c.expires_at,
           group_concat(s.user_id, ',') OVER (
               PARTITION BY c.id ORDER BY s.user_id
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING
           ) AS members
    FROM challenges AS c JOIN challenge_seats AS s ON s.challenge_id = c.id
    WHERE c.status = 'open' AND s.computer_level IS NULL
)
ORDER BY id DESC
ON CONFLICT DO NOTHING;

INSERT INTO game_tables (channel_id, kind, members, game_id)
SELECT channel_id, kind, members, id FROM (
    SELECT DISTINCT g.id, g.channel_id, g.kind,
           group_concat(s.user_id, ',') OVER (
               PARTITION BY g.id ORDER BY s.user_id
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING
           ) AS members
    FROM games AS g JOIN game_seats AS s ON s.game_id = g.id
    WHERE g.status = 'active' AND s.computer_level IS NULL
)
ORDER BY id DESC
ON CONFLICT DO NOTHING;

DROP TABLE challenge_pairs;
DROP TABLE game_pairs;
