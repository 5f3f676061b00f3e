-- Clocks for games with any number of seats. The two reminder columns (reminders_0,
-- reminders_1) become one JSON list with a count per seat, and a clock now remembers which
-- seats its wait is for (`waiting`, the game's to_act when the clock was last written): a move
-- restarts the clock unless the game then waits for some, not all, of those seats (the first of
-- two simultaneous gifts; see bot.clocks.policy.restarts_clock). Both lists are JSON arrays of
-- integers, written compactly ([0,1]), as json_array writes them. The table is rebuilt
-- (SQLite's documented way); every clock is carried over with its times and counts unchanged.

CREATE TABLE game_clocks_new (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    time_per_move   REAL    NOT NULL,
    turn_started_at REAL    NOT NULL,              -- when the current wait began
    deadline_at     REAL,                          -- turn_started_at + time_per_move, NULL: over
    waiting         TEXT    NOT NULL DEFAULT '[]', -- JSON [seat, ...]: whom this wait is for
    reminders       TEXT    NOT NULL DEFAULT '[]', -- JSON [count, ...] by seat: reminder points
                                                   -- dealt with during this wait (reset on restart)
    next_check_at   REAL                           -- when the scheduler next looks, NULL: over
);

-- Until now every game was Vidrasso ('vidrasso-state/1'), so the seats each running clock waits
-- for are that state's to_act, read from the current round: the trump chooser while fewer than
-- two trumps are named, then whoever still owes a gift, then whoever the trick waits for.
INSERT INTO game_clocks_new (game_id, time_per_move, turn_started_at, deadline_at, waiting,
                             reminders, next_check_at)
SELECT c.game_id, c.time_per_move, c.turn_started_at, c.deadline_at,
       CASE
           WHEN g.status IS NOT 'active' OR g.kind IS NOT 'vidrasso' OR r.round IS NULL
               THEN '[]'
           WHEN json_array_length(r.round, '$.bids') = 0
               THEN json_array(json_extract(r.round, '$.first_chooser'))
           WHEN json_array_length(r.round, '$.bids') = 1
               THEN json_array(1 - json_extract(r.round, '$.first_chooser'))
           WHEN json_type(r.round, '$.gifts[0]') = 'null'
                AND json_type(r.round, '$.gifts[1]') = 'null' THEN '[0,1]'
           WHEN json_type(r.round, '$.gifts[0]') = 'null' THEN '[0]'
           WHEN json_type(r.round, '$.gifts[1]') = 'null' THEN '[1]'
           WHEN json_type(r.round, '$.scores') IS NOT 'null' THEN '[]'
           WHEN json_array_length(r.round, '$.trick') = 0
               THEN json_array(json_extract(r.round, '$.leader'))
           ELSE json_array(1 - json_extract(r.round, '$.leader'))
       END,
       json_array(c.reminders_0, c.reminders_1), c.next_check_at
FROM game_clocks AS c
LEFT JOIN games AS g ON g.id = c.game_id
LEFT JOIN (SELECT id, json_extract(state, '$.rounds[#-1]') AS round FROM games) AS r
       ON r.id = c.game_id;

DROP TABLE game_clocks;
ALTER TABLE game_clocks_new RENAME TO game_clocks;
-- The scheduler's one query: clocks of active games whose next check is due. The next check
-- is never later than the deadline, so this index finds every deadline that has passed too.
CREATE INDEX game_clocks_due ON game_clocks (next_check_at) WHERE deadline_at IS NOT NULL;
