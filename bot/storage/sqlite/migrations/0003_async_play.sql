-- Asynchronous play: a clock per game, per-server settings, notification preferences, and an
-- audit of games ended by the clock or by a manager (see docs/decisions.md, "Asynchronous play").
-- Every time is a Unix timestamp in seconds (REAL), every duration a number of seconds.

-- The time per move a challenge offers. NULL: the server's default when it is accepted.
ALTER TABLE challenges ADD COLUMN time_per_move REAL;
-- A game's clock looks up the challenge it came from once, when the game starts.
CREATE INDEX challenges_game ON challenges (game_id) WHERE game_id IS NOT NULL;

-- One clock per game, written in the transaction of the game's start and of every accepted
-- move (bot.storage.schedule.keep_clock, a game-service move hook), so a deadline never
-- disagrees with the state it belongs to, and it survives restarts.
CREATE TABLE game_clocks (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    time_per_move   REAL    NOT NULL,
    turn_started_at REAL    NOT NULL,             -- when the current wait began
    deadline_at     REAL,                         -- turn_started_at + time_per_move, NULL when over
    reminders_0     INTEGER NOT NULL DEFAULT 0,   -- reminders sent to seat 0 during this wait
    reminders_1     INTEGER NOT NULL DEFAULT 0,   -- (0, 1 or 2, reset when the clock restarts)
    next_check_at   REAL                          -- when the scheduler next looks, NULL when over
);
-- The scheduler's one query: clocks of active games whose next check is due. The next check
-- is never later than the deadline, so this index finds every deadline that has passed too.
CREATE INDEX game_clocks_due ON game_clocks (next_check_at) WHERE deadline_at IS NOT NULL;

-- Games already running when this migration runs had no deadline: they get a fresh 24 hours
-- from now, rather than losing on time for idling while no clock existed.
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, next_check_at)
SELECT id, 86400.0, (julianday('now') - 2440587.5) * 86400.0,
       (julianday('now') - 2440587.5) * 86400.0 + 86400.0,
       (julianday('now') - 2440587.5) * 86400.0 + 43200.0
FROM games WHERE status = 'active';

-- A server's settings, changed by its managers with /vidrasso settings. No row: the defaults.
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    time_per_move REAL,                          -- default for new challenges, NULL: 24 hours
    open_threads  INTEGER NOT NULL DEFAULT 1,    -- 1: each game gets its own thread if possible
    updated_by    INTEGER,
    updated_at    REAL    NOT NULL
);

-- The channels of a server where games may be started. None listed: any channel.
CREATE TABLE game_channels (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;

-- How a person wants to be reminded (the same in every server). No row: channel mentions,
-- no quiet hours. Quiet hours are whole local hours, [start, end), with the person's offset
-- from UTC in minutes (a fixed offset: daylight saving time is theirs to adjust).
CREATE TABLE notify_prefs (
    user_id     INTEGER PRIMARY KEY,
    mode        TEXT    NOT NULL DEFAULT 'channel',   -- channel, dm, off
    quiet_start INTEGER,                              -- 0-23, NULL: no quiet hours
    quiet_end   INTEGER,                              -- 0-23
    utc_offset  INTEGER NOT NULL DEFAULT 0,
    updated_at  REAL    NOT NULL
);

-- Games ended by something other than a player's own move: the clock or a manager.
CREATE TABLE game_events (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind    TEXT    NOT NULL,   -- timeout, timeout_both (abandoned), aborted
    user_id INTEGER,            -- timeout: who ran out of time, aborted: the manager
    at      REAL    NOT NULL,
    detail  TEXT
);
CREATE INDEX game_events_game ON game_events (game_id, id);
