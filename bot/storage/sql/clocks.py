"""Clocks, reminder preferences and game events in SQL (tables ``game_clocks``,
``notify_prefs``, ``game_events``; migrations 0003 and 0006). Every query is a module constant;
rows become :mod:`bot.clocks.model` values here and go no further.

A clock's ``waiting`` seats and per-seat ``reminders`` are JSON lists of integers, written
compactly (``[0,1]``) as SQLite's ``json_array`` writes them, so equal lists are equal texts.
The store decides nothing: when a clock restarts and what is due are the clock service's
(:mod:`bot.clocks.policy`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from bot.clocks.model import (
    GameEvent,
    MoveClock,
    NotifyMode,
    NotifyPrefs,
    QuietHours,
    is_time_zone,
)
from bot.play.model import Game
from bot.shards import Shards
from bot.storage.sql.games import GAME_COLUMNS, GameRows
from bot.storage.sql.shards import owned, shard_args, sharded
from bot.storage.sql.statements import Row, Statements

CLOCK_COLUMNS = """
c.time_per_move, c.turn_started_at, c.deadline_at, c.waiting, c.reminders, c.next_check_at
"""
"""What :func:`clock_from_row` reads: select these from ``game_clocks AS c``."""

# --- clocks -------------------------------------------------------------------------------

SELECT_CLOCK = f"SELECT {CLOCK_COLUMNS} FROM game_clocks AS c WHERE c.game_id = ?"
PUT_CLOCK = """
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, waiting,
                         reminders, next_check_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    time_per_move = excluded.time_per_move, turn_started_at = excluded.turn_started_at,
    deadline_at = excluded.deadline_at, waiting = excluded.waiting,
    reminders = excluded.reminders, next_check_at = excluded.next_check_at
"""
ADOPT_CLOCK = """
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, waiting,
                         reminders, next_check_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO NOTHING
"""
STOP_CLOCK = "UPDATE game_clocks SET deadline_at = NULL, next_check_at = NULL WHERE game_id = ?"
# Written only if neither the game nor its clock changed since the scheduler read them: a move
# that arrives meanwhile wins, and nobody is reminded of a move already made.
SAVE_CHECKS = """
UPDATE game_clocks SET reminders = ?, next_check_at = ?
WHERE game_id = ? AND turn_started_at = ? AND reminders = ?
  AND deadline_at IS NOT NULL
  AND (SELECT version FROM games WHERE id = game_clocks.game_id) = ?
"""
# The challenge a game came from (the play feature's table; index challenges_game).
CHALLENGE_TIME = "SELECT time_per_move FROM challenges WHERE game_id = ? LIMIT 1"
DUE_CLOCKS = f"""
SELECT {GAME_COLUMNS}, {CLOCK_COLUMNS}
FROM game_clocks AS c JOIN games AS g ON g.id = c.game_id
WHERE c.deadline_at IS NOT NULL AND c.next_check_at <= ? AND g.status = 'active'
  AND {owned("g.guild_id")}
ORDER BY c.next_check_at
LIMIT ?
"""
UNCLOCKED_GAMES = f"""
SELECT {GAME_COLUMNS} FROM games AS g
WHERE g.status = 'active' AND NOT EXISTS (SELECT 1 FROM game_clocks AS c WHERE c.game_id = g.id)
  AND {owned("g.guild_id")}
ORDER BY g.id
"""
# A member's games: the seats they play themselves (a computer seat on the bot's account is not
# the bot's game), each game once even if they held two seats.
GAMES_OF = """
SELECT s.game_id FROM game_seats AS s WHERE s.user_id = ? AND s.computer_level IS NULL
"""
INBOX = f"""
SELECT {GAME_COLUMNS}, {CLOCK_COLUMNS}
FROM games AS g LEFT JOIN game_clocks AS c ON c.game_id = g.id
WHERE g.status = 'active' AND g.guild_id = ? AND g.id IN ({GAMES_OF})
"""
# A player changed how they want reminders: look at their waiting games again soon.
CHECK_GAMES_OF = f"""
UPDATE game_clocks
SET next_check_at = CASE WHEN next_check_at <= ? THEN next_check_at ELSE ? END
WHERE deadline_at IS NOT NULL
  AND game_id IN (SELECT id FROM games WHERE status = 'active' AND id IN ({GAMES_OF}))
"""

# --- reminder preferences -----------------------------------------------------------------

SELECT_PREFS = "SELECT * FROM notify_prefs WHERE user_id = ?"
PUT_PREFS = """
INSERT INTO notify_prefs (user_id, mode, quiet_start, quiet_end, utc_offset, time_zone, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    mode = excluded.mode, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
    utc_offset = excluded.utc_offset, time_zone = excluded.time_zone,
    updated_at = excluded.updated_at
"""

# --- events -------------------------------------------------------------------------------

INSERT_EVENT = "INSERT INTO game_events (game_id, kind, user_id, at, detail) VALUES (?, ?, ?, ?, ?)"
EVENTS_OF = "SELECT * FROM game_events WHERE game_id = ? ORDER BY id"


def _ints(values: Sequence[int]) -> str:
    return json.dumps([int(v) for v in values], separators=(",", ":"))


def clock_from_row(row: Row) -> MoveClock:
    """A clock from a row that has :data:`CLOCK_COLUMNS`."""
    return MoveClock(
        time_per_move=row["time_per_move"],
        turn_started_at=row["turn_started_at"],
        deadline_at=row["deadline_at"],
        waiting=tuple(json.loads(row["waiting"])),
        reminders=tuple(json.loads(row["reminders"])),
        next_check_at=row["next_check_at"],
    )


def _clock_args(game_id: int, clock: MoveClock) -> tuple[object, ...]:
    return (
        game_id,
        clock.time_per_move,
        clock.turn_started_at,
        clock.deadline_at,
        _ints(clock.waiting),
        _ints(clock.reminders),
        clock.next_check_at,
    )


def prefs_from_row(row: Row) -> NotifyPrefs:
    zone = row["time_zone"]
    if zone is not None and not is_time_zone(zone):
        zone = None  # a zone this system no longer knows: read as the fixed offset
    quiet = None
    if row["quiet_start"] is not None and row["quiet_end"] is not None:
        quiet = QuietHours(row["quiet_start"], row["quiet_end"], row["utc_offset"], zone)
    return NotifyPrefs(NotifyMode(row["mode"]), quiet, zone)


def event_from_row(row: Row) -> GameEvent:
    return GameEvent(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        user_id=row["user_id"],
        at=row["at"],
        detail=row["detail"],
    )


class SqlClockStore:
    """:class:`bot.clocks.store.ClockStore` over SQL statements."""

    def __init__(self, db: Statements, games: GameRows) -> None:
        self.db = db
        self.games = games

    def _game_and_clock(self, row: Row) -> tuple[Game, MoveClock | None]:
        clock = None if row["time_per_move"] is None else clock_from_row(row)
        return self.games.game(row), clock

    # --- clocks ---------------------------------------------------------------------------

    async def get_clock(self, game_id: int) -> MoveClock | None:
        row = await self.db.fetch_one(SELECT_CLOCK, (game_id,))
        return None if row is None else clock_from_row(row)

    async def put_clock(self, game_id: int, clock: MoveClock) -> None:
        await self.db.execute(PUT_CLOCK, _clock_args(game_id, clock))

    async def adopt_clock(self, game_id: int, clock: MoveClock) -> bool:
        return await self.db.execute(ADOPT_CLOCK, _clock_args(game_id, clock)) == 1

    async def stop_clock(self, game_id: int) -> None:
        await self.db.execute(STOP_CLOCK, (game_id,))

    async def save_checks(
        self,
        game_id: int,
        version: int,
        clock: MoveClock,
        reminders: tuple[int, ...],
        next_check_at: float,
    ) -> bool:
        changed = await self.db.execute(
            SAVE_CHECKS,
            (
                _ints(reminders),
                next_check_at,
                game_id,
                clock.turn_started_at,
                _ints(clock.reminders),
                version,
            ),
        )
        return changed == 1

    async def challenge_time(self, game_id: int) -> float | None:
        row = await self.db.fetch_one(CHALLENGE_TIME, (game_id,))
        return None if row is None else row["time_per_move"]

    async def due_clocks(
        self, now: float, limit: int, shards: Shards
    ) -> list[tuple[Game, MoveClock]]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(DUE_CLOCKS, d), (now, *shard_args(shards, d), limit))
        return [(self.games.game(r), clock_from_row(r)) for r in rows]

    async def unclocked_games(self, shards: Shards) -> list[Game]:
        d = self.db.dialect
        rows = await self.db.fetch_all(sharded(UNCLOCKED_GAMES, d), shard_args(shards, d))
        return [self.games.game(r) for r in rows]

    async def inbox(self, guild_id: int, user_id: int) -> list[tuple[Game, MoveClock | None]]:
        rows = await self.db.fetch_all(INBOX, (guild_id, user_id))
        return [self._game_and_clock(r) for r in rows]

    async def check_games_of(self, user_id: int, now: float) -> None:
        await self.db.execute(CHECK_GAMES_OF, (now, now, user_id))

    # --- reminder preferences -------------------------------------------------------------

    async def notify_prefs(self, user_id: int) -> NotifyPrefs:
        row = await self.db.fetch_one(SELECT_PREFS, (user_id,))
        return NotifyPrefs() if row is None else prefs_from_row(row)

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, NotifyPrefs]:
        return {user_id: await self.notify_prefs(user_id) for user_id in set(user_ids)}

    async def put_notify_prefs(self, user_id: int, prefs: NotifyPrefs, now: float) -> None:
        quiet = prefs.quiet
        await self.db.execute(
            PUT_PREFS,
            (
                user_id,
                prefs.mode.value,
                None if quiet is None else quiet.start,
                None if quiet is None else quiet.end,
                0 if quiet is None else quiet.utc_offset,
                prefs.time_zone,
                now,
            ),
        )

    # --- the audit ------------------------------------------------------------------------

    async def record_event(
        self,
        game_id: int,
        kind: str,
        user_id: int | None,
        at: float,
        detail: str | None = None,
    ) -> None:
        await self.db.execute(INSERT_EVENT, (game_id, kind, user_id, at, detail))

    async def events_of(self, game_id: int) -> list[GameEvent]:
        rows = await self.db.fetch_all(EVENTS_OF, (game_id,))
        return [event_from_row(r) for r in rows]
