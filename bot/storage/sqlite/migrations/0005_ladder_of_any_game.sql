-- The ladder of any game: one ladder per server *and* per game kind (existing rows are
-- Vidrasso's). A game's own statistics move out of Vidrasso-only columns (rounds won, round
-- points, best round, first choices) and the ladder_trumps table into one generic table of
-- per-player statistics, keyed as the game's `stat_rules` name them (bot/games/vidrasso.py).
-- History entries get the player's team. Display names stay per server. The tables are
-- rebuilt SQLite's way (create, copy, drop, rename); the data is carried over exactly.

CREATE TABLE ladder_players_new (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,   -- the game (bot.games): each has its own ladder
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      INTEGER NOT NULL,   -- shown rating, round(1500 + scale * (mu - 25))
    games       INTEGER NOT NULL,   -- rated games: wins + losses
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,   -- current run: +3 three wins in a row, -2 two losses
    best_streak INTEGER NOT NULL,   -- longest run of wins
    rounds      INTEGER NOT NULL,   -- completed rounds in rated games
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;
INSERT INTO ladder_players_new (guild_id, kind, user_id, mu, sigma, rating, games, wins, losses,
                                streak, best_streak, rounds, updated_at)
SELECT guild_id, 'vidrasso', user_id, mu, sigma, rating, games, wins, losses, streak,
       best_streak, rounds, updated_at
FROM ladder_players;

-- A player's own statistics in rated games, one row per key (summed or the best kept, as the
-- game's stat_rules say). A key the player never had has no row.
CREATE TABLE ladder_stats (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id, key)
) WITHOUT ROWID;
INSERT INTO ladder_stats (guild_id, kind, user_id, key, value)
SELECT guild_id, 'vidrasso', user_id, 'rounds_won', rounds_won FROM ladder_players
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'round_points', round_points FROM ladder_players
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'best_round', best_round FROM ladder_players
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'first_suit', first_suit FROM ladder_players
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'first_rank', first_rank FROM ladder_players
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'named.' || kind || '.' || value, named
FROM ladder_trumps WHERE named > 0
UNION ALL
SELECT guild_id, 'vidrasso', user_id, 'first.' || kind || '.' || value, first
FROM ladder_trumps WHERE first > 0;

DROP TABLE ladder_players;
DROP TABLE ladder_trumps;
ALTER TABLE ladder_players_new RENAME TO ladder_players;
-- The leaderboard order: rating, then more rated games, then user id (stable).
CREATE INDEX ladder_players_order
    ON ladder_players (guild_id, kind, rating DESC, games DESC, user_id);

-- One row per member per finished game, in finishing order (id): the history, and for rated
-- games the rating after the game (the rating chart). Games with a computer seat have rows for
-- the members only; abandoned games a row for each player with outcome 'none' and rated = 0.
CREATE TABLE ladder_entries_new (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games(id),
    kind            TEXT    NOT NULL,
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    team            INTEGER NOT NULL,
    opponent_id     INTEGER NOT NULL,    -- the first seat of the other teams
    computer_level  TEXT,                -- set when the game had a computer seat
    outcome         TEXT    NOT NULL,    -- win, loss, none
    result          TEXT    NOT NULL,    -- how the game ended: finished, resigned, timeout, abandoned
    rated           INTEGER NOT NULL,    -- 1 when the game moved the ladder
    points          INTEGER NOT NULL,    -- the player's team's final total
    opponent_points INTEGER NOT NULL,    -- the best final total of the other teams
    rounds          INTEGER NOT NULL,    -- completed rounds
    mu              REAL,                -- rating after the game (rated games only)
    sigma           REAL,
    finished_at     REAL    NOT NULL,
    UNIQUE (game_id, user_id)
);
INSERT INTO ladder_entries_new (id, game_id, kind, guild_id, user_id, seat, team, opponent_id,
                                computer_level, outcome, result, rated, points,
                                opponent_points, rounds, mu, sigma, finished_at)
SELECT id, game_id, 'vidrasso', guild_id, user_id, seat, seat, opponent_id, computer_level,
       outcome, result, rated, points, opponent_points, rounds, mu, sigma, finished_at
FROM ladder_entries;
DROP TABLE ladder_entries;
ALTER TABLE ladder_entries_new RENAME TO ladder_entries;
CREATE INDEX ladder_entries_player ON ladder_entries (guild_id, kind, user_id, id);
CREATE INDEX ladder_entries_rated ON ladder_entries (guild_id, kind, user_id, id) WHERE rated = 1;

-- Head to head in rated games, one row per direction, for players on different teams.
CREATE TABLE ladder_pairs_new (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    opponent_id INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id, opponent_id)
) WITHOUT ROWID;
INSERT INTO ladder_pairs_new (guild_id, kind, user_id, opponent_id, wins, losses)
SELECT guild_id, 'vidrasso', user_id, opponent_id, wins, losses FROM ladder_pairs;
DROP TABLE ladder_pairs;
ALTER TABLE ladder_pairs_new RENAME TO ladder_pairs;

-- Games against the computer: never on the ladder, counted here by game and level.
CREATE TABLE computer_records_new (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    level    TEXT    NOT NULL,
    wins     INTEGER NOT NULL,
    losses   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id, level)
) WITHOUT ROWID;
INSERT INTO computer_records_new (guild_id, kind, user_id, level, wins, losses)
SELECT guild_id, 'vidrasso', user_id, level, wins, losses FROM computer_records;
DROP TABLE computer_records;
ALTER TABLE computer_records_new RENAME TO computer_records;
