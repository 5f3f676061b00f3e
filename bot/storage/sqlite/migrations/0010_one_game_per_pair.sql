-- The play service's invariants, held by the database as well, so that two processes (or two
-- clicks) can never both pass its checks: in a channel, at most one open challenge and at most
-- one game in progress per pair of players. A pair is written (lower id, higher id). Challenges
-- pair their members; games pair their members, or a member alone with the computer's account
-- (one game against the computer per member and channel). An expired challenge not yet swept
-- gives its pairs up to a new one (`expires_at`). Rows go when the challenge closes or the game
-- ends (bot/storage/sql/play.py).
CREATE TABLE challenge_pairs (
    channel_id   INTEGER NOT NULL,
    user_low     INTEGER NOT NULL,
    user_high    INTEGER NOT NULL,
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    expires_at   REAL    NOT NULL,
    PRIMARY KEY (channel_id, user_low, user_high)
);
CREATE INDEX challenge_pairs_challenge ON challenge_pairs (challenge_id);

CREATE TABLE game_pairs (
    channel_id INTEGER NOT NULL,
    user_low   INTEGER NOT NULL,
    user_high  INTEGER NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    PRIMARY KEY (channel_id, user_low, user_high)
);
CREATE INDEX game_pairs_game ON game_pairs (game_id);

-- Rows for what is open now. Should old data already break an invariant, the newest keeps it.
INSERT INTO challenge_pairs (channel_id, user_low, user_high, challenge_id, expires_at)
SELECT c.channel_id, a.user_id, b.user_id, c.id, c.expires_at
FROM challenges AS c
JOIN challenge_seats AS a ON a.challenge_id = c.id
JOIN challenge_seats AS b ON b.challenge_id = c.id AND a.user_id < b.user_id
WHERE c.status = 'open' AND a.computer_level IS NULL AND b.computer_level IS NULL
ORDER BY c.id DESC
ON CONFLICT DO NOTHING;

INSERT INTO game_pairs (channel_id, user_low, user_high, game_id)
SELECT g.channel_id, a.user_id, b.user_id, g.id
FROM games AS g
JOIN game_seats AS a ON a.game_id = g.id
JOIN game_seats AS b ON b.game_id = g.id AND a.user_id < b.user_id
WHERE g.status = 'active'
  AND ((a.computer_level IS NULL AND b.computer_level IS NULL)
       OR (SELECT COUNT(DISTINCT m.user_id) FROM game_seats AS m
           WHERE m.game_id = g.id AND m.computer_level IS NULL) < 2)
ORDER BY g.id DESC
ON CONFLICT DO NOTHING;
