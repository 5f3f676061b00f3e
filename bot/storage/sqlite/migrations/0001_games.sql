-- Challenges and games. A game's full state is one JSON document (vidrasso-state/1);
-- `version` is the state's move count, checked inside every write transaction so a stale or
-- doubled click can never apply twice.
CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    target        INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open',   -- open, accepted, declined, cancelled, expired
    game_id       INTEGER REFERENCES games(id),
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);
CREATE INDEX challenges_pair ON challenges (channel_id, challenger_id, opponent_id, status);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,   -- where the challenge was posted
    thread_id        INTEGER,            -- the game's thread, when the bot could open one
    table_message_id INTEGER,            -- the latest public table message
    table_posted_at  REAL,
    player0_id       INTEGER NOT NULL,   -- seat 0: the challenger
    player1_id       INTEGER NOT NULL,   -- seat 1
    computer_level   TEXT,               -- set when seat 1 is the bot itself
    target           INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'active',   -- active, finished
    result           TEXT,               -- finished, resigned, timeout, abandoned
    winner_seat      INTEGER,
    version          INTEGER NOT NULL,
    state            TEXT    NOT NULL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    finished_at      REAL
);
CREATE INDEX games_active_p0 ON games (player0_id, guild_id) WHERE status = 'active';
CREATE INDEX games_active_p1 ON games (player1_id, guild_id) WHERE status = 'active';
CREATE INDEX games_place ON games (thread_id, channel_id) WHERE status = 'active';
