-- The ladder: one per server. Everything here is written by `bot.storage.ladder.record_result`
-- inside the transaction that finishes the game, so a result never exists without its rating
-- and aggregates, nor the other way round. Aggregates are kept up to date at that moment, so
-- /vidrasso leaderboard and /vidrasso stats are index lookups, never scans of past games.

-- A player's standing in one server: the model's rating (mu, sigma), the rating as shown
-- (rounded, on the 1500 scale, kept for ordering and ties) and running totals of rated games.
CREATE TABLE ladder_players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    rating       INTEGER NOT NULL,   -- shown rating, round(1500 + scale * (mu - 25))
    games        INTEGER NOT NULL,   -- rated games: wins + losses
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    streak       INTEGER NOT NULL,   -- current run: +3 three wins in a row, -2 two losses
    best_streak  INTEGER NOT NULL,   -- longest run of wins
    rounds       INTEGER NOT NULL,   -- completed rounds in rated games
    rounds_won   INTEGER NOT NULL,   -- rounds scored above 90 (of 180)
    round_points INTEGER NOT NULL,   -- sum of round scores
    best_round   INTEGER NOT NULL,   -- best round score (0 before any round)
    first_suit   INTEGER NOT NULL,   -- rounds where they chose first and named the suit
    first_rank   INTEGER NOT NULL,   -- rounds where they chose first and named the rank
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
-- The leaderboard order: rating, then more rated games, then user id (stable).
CREATE INDEX ladder_players_order ON ladder_players (guild_id, rating DESC, games DESC, user_id);

-- One row per player per finished game, in finishing order (id): the history, and for rated
-- games the rating after the game (the rating chart). Computer games have a row for the human
-- seat only; abandoned games a row for each player with outcome 'none' and rated = 0.
CREATE TABLE ladder_entries (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games(id),
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    opponent_id     INTEGER NOT NULL,
    computer_level  TEXT,                -- set when the opponent was the computer
    outcome         TEXT    NOT NULL,    -- win, loss, none
    result          TEXT    NOT NULL,    -- how the game ended: finished, resigned, timeout, abandoned
    rated           INTEGER NOT NULL,    -- 1 when the game moved the ladder
    points          INTEGER NOT NULL,    -- the player's final total
    opponent_points INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,    -- completed rounds
    mu              REAL,                -- rating after the game (rated games only)
    sigma           REAL,
    finished_at     REAL    NOT NULL,
    UNIQUE (game_id, user_id)
);
CREATE INDEX ladder_entries_player ON ladder_entries (guild_id, user_id, id);
CREATE INDEX ladder_entries_rated ON ladder_entries (guild_id, user_id, id) WHERE rated = 1;

-- Trumps a player named in rated games: how often each suit or rank, and how often as the
-- player who chose first (and so chose between suit and rank).
CREATE TABLE ladder_trumps (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,   -- suit, rank
    value    TEXT    NOT NULL,   -- S H D C, or A 2 ... 9
    named    INTEGER NOT NULL,
    first    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, kind, value)
) WITHOUT ROWID;

-- Head to head in rated games, one row per direction.
CREATE TABLE ladder_pairs (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    opponent_id INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, opponent_id)
) WITHOUT ROWID;

-- Games against the computer: never on the ladder, counted here by level.
CREATE TABLE computer_records (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    level    TEXT    NOT NULL,
    wins     INTEGER NOT NULL,
    losses   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, level)
) WITHOUT ROWID;

-- The last display name seen for a member of a server (from their interactions with the bot).
-- The bot has no member list, and a member who left keeps the name they were last seen with.
CREATE TABLE display_names (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    seen_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
