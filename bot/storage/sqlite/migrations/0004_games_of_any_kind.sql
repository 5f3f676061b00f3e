-- Games of any kind with any number of seats. Every challenge and game gets a `kind` (the
-- game's name in bot.games; existing rows are Vidrasso) and its seats move to their own
-- tables, one row per seat, so a game may have two, three or four players and any of them may
-- be a computer. The two-player columns go; the tables are rebuilt (SQLite's documented way).

CREATE TABLE challenges_new (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    target        INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open',   -- open, accepted, declined, cancelled, expired
    game_id       INTEGER REFERENCES games(id),
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    time_per_move REAL                               -- NULL: the server's default
);
INSERT INTO challenges_new (id, kind, guild_id, channel_id, message_id, target, status, game_id,
                            created_at, expires_at, time_per_move)
SELECT id, 'vidrasso', guild_id, channel_id, message_id, target, status, game_id, created_at,
       expires_at, time_per_move
FROM challenges;

-- Seat 0 is the challenger, who accepted by asking; a computer seat needs no answer.
CREATE TABLE challenge_seats (
    challenge_id   INTEGER NOT NULL REFERENCES challenges(id),
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    computer_level TEXT,
    accepted       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (challenge_id, seat)
);
INSERT INTO challenge_seats (challenge_id, seat, user_id, computer_level, accepted)
SELECT id, 0, challenger_id, NULL, 1 FROM challenges;
INSERT INTO challenge_seats (challenge_id, seat, user_id, computer_level, accepted)
SELECT id, 1, opponent_id, NULL, CASE WHEN status = 'accepted' THEN 1 ELSE 0 END FROM challenges;

DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_open ON challenges (status, expires_at);
CREATE INDEX challenges_game ON challenges (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX challenges_place ON challenges (channel_id, status);
CREATE INDEX challenge_seats_user ON challenge_seats (user_id);

CREATE TABLE games_new (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,   -- where the challenge was posted
    thread_id        INTEGER,            -- the game's thread, when the bot could open one
    table_message_id INTEGER,            -- the latest public table message
    table_posted_at  REAL,
    seats            TEXT    NOT NULL,   -- JSON [[user_id, computer_level or null], ...] by seat
    computers        INTEGER NOT NULL DEFAULT 0,   -- how many seats a computer plays
    target           INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'active',   -- active, finished
    result           TEXT,               -- finished, resigned, timeout, abandoned
    winner           INTEGER,            -- the winning team
    version          INTEGER NOT NULL,
    state            TEXT    NOT NULL,   -- the game's own JSON state
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    finished_at      REAL
);
INSERT INTO games_new (id, kind, guild_id, channel_id, thread_id, table_message_id,
                       table_posted_at, seats, computers, target, status, result, winner, version, state,
                       created_at, updated_at, finished_at)
SELECT id, 'vidrasso', guild_id, channel_id, thread_id, table_message_id, table_posted_at,
       json_array(json_array(player0_id, NULL),
                  json_array(player1_id, computer_level)),
       CASE WHEN computer_level IS NULL THEN 0 ELSE 1 END,
       target, status, result, winner_seat, version, state, created_at, updated_at, finished_at
FROM games;

-- One row per seat: who plays where, to find a member's games.
CREATE TABLE game_seats (
    game_id        INTEGER NOT NULL REFERENCES games(id),
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    computer_level TEXT,
    PRIMARY KEY (game_id, seat)
);
INSERT INTO game_seats (game_id, seat, user_id, computer_level)
SELECT id, 0, player0_id, NULL FROM games;
INSERT INTO game_seats (game_id, seat, user_id, computer_level)
SELECT id, 1, player1_id, computer_level FROM games;

DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_active ON games (guild_id, updated_at) WHERE status = 'active';
CREATE INDEX games_active_computer ON games (id) WHERE status = 'active' AND computers > 0;
CREATE INDEX game_seats_user ON game_seats (user_id, game_id);
