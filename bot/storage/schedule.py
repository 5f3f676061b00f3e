"""Clocks, server settings, reminder preferences and game events in SQLite. Every query is a
module constant; rows come back as dataclasses.

:func:`keep_clock` is a game-service move hook: it runs inside the transaction that starts a game
or applies a move, so a game's deadline always belongs to the state stored with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import aiosqlite

from bot.deadlines import (
    DEFAULT_TIME_PER_MOVE,
    MoveClock,
    NotifyMode,
    NotifyPrefs,
    QuietHours,
    restarts_clock,
)
from bot.storage.database import fetch_all, fetch_one
from bot.storage.games import GameRow, game_from_row


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's Vidrasso settings (the defaults when its managers changed nothing)."""

    guild_id: int
    time_per_move: float | None = None
    """The default time per move of new challenges; None: :data:`DEFAULT_TIME_PER_MOVE`."""
    open_threads: bool = True
    """Whether each game gets its own thread (when the bot may open one)."""
    channel_ids: frozenset[int] = frozenset()
    """Where games may be started; empty: any channel."""

    @property
    def default_time(self) -> float:
        return self.time_per_move or DEFAULT_TIME_PER_MOVE

    def allows(self, channel_id: int) -> bool:
        return not self.channel_ids or channel_id in self.channel_ids


@dataclass(frozen=True, slots=True)
class GameEvent:
    """Something that ended a game other than its players' moves."""

    id: int
    game_id: int
    kind: str
    """``timeout``, ``timeout_both`` (abandoned: both ran out of time) or ``aborted``."""
    user_id: int | None
    """For a time-out, who ran out of time; for an abort, the manager who did it."""
    at: float
    detail: str | None


# --- clocks -------------------------------------------------------------------------------

SELECT_CLOCK = "SELECT * FROM game_clocks WHERE game_id = ?"
PUT_CLOCK = """
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, reminders_0,
                         reminders_1, next_check_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    time_per_move = excluded.time_per_move, turn_started_at = excluded.turn_started_at,
    deadline_at = excluded.deadline_at, reminders_0 = excluded.reminders_0,
    reminders_1 = excluded.reminders_1, next_check_at = excluded.next_check_at
"""
STOP_CLOCK = "UPDATE game_clocks SET deadline_at = NULL, next_check_at = NULL WHERE game_id = ?"
# Written only if neither the game nor its clock changed since the scheduler read them: a move
# that arrives meanwhile wins, and nobody is reminded of a move already made.
SAVE_CHECKS = """
UPDATE game_clocks SET reminders_0 = ?, reminders_1 = ?, next_check_at = ?
WHERE game_id = ? AND turn_started_at = ? AND reminders_0 = ? AND reminders_1 = ?
  AND deadline_at IS NOT NULL
  AND (SELECT version FROM games WHERE id = game_clocks.game_id) = ?
"""
DUE_CLOCKS = """
SELECT g.*, c.time_per_move, c.turn_started_at, c.deadline_at, c.reminders_0, c.reminders_1,
       c.next_check_at
FROM game_clocks AS c JOIN games AS g ON g.id = c.game_id
WHERE c.deadline_at IS NOT NULL AND c.next_check_at <= ? AND g.status = 'active'
ORDER BY c.next_check_at
LIMIT ?
"""
CHALLENGE_TIME = "SELECT time_per_move FROM challenges WHERE game_id = ? LIMIT 1"
# Active games the clock never saw (from before a restart into this version, or written by a
# path that ran no move hooks) get a fresh clock with their server's default time.
ADOPT_UNCLOCKED = """
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, next_check_at)
SELECT g.id, COALESCE(s.time_per_move, ?), ?, ? + COALESCE(s.time_per_move, ?),
       ? + ? * COALESCE(s.time_per_move, ?)
FROM games AS g LEFT JOIN guild_settings AS s ON s.guild_id = g.guild_id
WHERE g.status = 'active' AND NOT EXISTS (SELECT 1 FROM game_clocks AS c WHERE c.game_id = g.id)
"""
INBOX = """
SELECT g.*, c.time_per_move, c.turn_started_at, c.deadline_at, c.reminders_0, c.reminders_1,
       c.next_check_at
FROM games AS g LEFT JOIN game_clocks AS c ON c.game_id = g.id
WHERE g.status = 'active' AND g.guild_id = ? AND (g.player0_id = ? OR g.player1_id = ?)
"""
# A player changed how they want reminders: look at their waiting games again soon.
CHECK_GAMES_OF = """
UPDATE game_clocks SET next_check_at = MIN(next_check_at, ?)
WHERE deadline_at IS NOT NULL AND game_id IN (
    SELECT id FROM games WHERE status = 'active' AND (player0_id = ? OR player1_id = ?)
)
"""

# --- server settings ----------------------------------------------------------------------

SELECT_SETTINGS = "SELECT * FROM guild_settings WHERE guild_id = ?"
SELECT_CHANNELS = "SELECT channel_id FROM game_channels WHERE guild_id = ? ORDER BY channel_id"
PUT_SETTINGS = """
INSERT INTO guild_settings (guild_id, time_per_move, open_threads, updated_by, updated_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id) DO UPDATE SET
    time_per_move = excluded.time_per_move, open_threads = excluded.open_threads,
    updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
ADD_CHANNEL = "INSERT OR IGNORE INTO game_channels (guild_id, channel_id) VALUES (?, ?)"
REMOVE_CHANNEL = "DELETE FROM game_channels WHERE guild_id = ? AND channel_id = ?"
CLEAR_CHANNELS = "DELETE FROM game_channels WHERE guild_id = ?"

# --- reminder preferences -----------------------------------------------------------------

SELECT_PREFS = "SELECT * FROM notify_prefs WHERE user_id = ?"
PUT_PREFS = """
INSERT INTO notify_prefs (user_id, mode, quiet_start, quiet_end, utc_offset, updated_at)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    mode = excluded.mode, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
    utc_offset = excluded.utc_offset, updated_at = excluded.updated_at
"""

# --- events -------------------------------------------------------------------------------

INSERT_EVENT = "INSERT INTO game_events (game_id, kind, user_id, at, detail) VALUES (?, ?, ?, ?, ?)"
EVENTS_OF = "SELECT * FROM game_events WHERE game_id = ? ORDER BY id"


def clock_from_row(row: aiosqlite.Row) -> MoveClock:
    return MoveClock(
        time_per_move=row["time_per_move"],
        turn_started_at=row["turn_started_at"],
        deadline_at=row["deadline_at"],
        reminders=(row["reminders_0"], row["reminders_1"]),
        next_check_at=row["next_check_at"],
    )


def prefs_from_row(row: aiosqlite.Row) -> NotifyPrefs:
    quiet = None
    if row["quiet_start"] is not None and row["quiet_end"] is not None:
        quiet = QuietHours(row["quiet_start"], row["quiet_end"], row["utc_offset"])
    return NotifyPrefs(NotifyMode(row["mode"]), quiet)


def event_from_row(row: aiosqlite.Row) -> GameEvent:
    return GameEvent(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        user_id=row["user_id"],
        at=row["at"],
        detail=row["detail"],
    )


# --- clocks -------------------------------------------------------------------------------


async def get_clock(conn: aiosqlite.Connection, game_id: int) -> MoveClock | None:
    row = await fetch_one(conn, SELECT_CLOCK, (game_id,))
    return None if row is None else clock_from_row(row)


async def put_clock(conn: aiosqlite.Connection, game_id: int, clock: MoveClock) -> None:
    await conn.execute(
        PUT_CLOCK,
        (
            game_id,
            clock.time_per_move,
            clock.turn_started_at,
            clock.deadline_at,
            clock.reminders[0],
            clock.reminders[1],
            clock.next_check_at,
        ),
    )


async def stop_clock(conn: aiosqlite.Connection, game_id: int) -> None:
    await conn.execute(STOP_CLOCK, (game_id,))


async def keep_clock(conn: aiosqlite.Connection, game: GameRow) -> None:
    """Start, restart or stop a game's clock after a write of its state (a move hook).

    A new game's time per move is its challenge's, else its server's default. The move's time
    is the game's ``updated_at``: the service's clock at the move.
    """
    if game.status != "active":
        await stop_clock(conn, game.id)
        return
    clock = await get_clock(conn, game.id)
    if clock is None:
        seconds = await challenge_time(conn, game.id)
        if seconds is None:
            seconds = (await guild_settings(conn, game.guild_id)).default_time
        await put_clock(conn, game.id, MoveClock.started(seconds, game.updated_at))
    elif clock.deadline_at is None or restarts_clock(game.state):
        await put_clock(conn, game.id, MoveClock.started(clock.time_per_move, game.updated_at))


async def challenge_time(conn: aiosqlite.Connection, game_id: int) -> float | None:
    """The time per move the game's challenge offered, if it came from one that chose."""
    row = await fetch_one(conn, CHALLENGE_TIME, (game_id,))
    return None if row is None else row["time_per_move"]


async def save_checks(
    conn: aiosqlite.Connection,
    game: GameRow,
    clock: MoveClock,
    reminders: tuple[int, int],
    next_check_at: float,
) -> bool:
    """Record reminders sent and the next check, if neither the game (``game.version``) nor its
    clock changed since they were read. False when something moved meanwhile."""
    cursor = await conn.execute(
        SAVE_CHECKS,
        (
            reminders[0],
            reminders[1],
            next_check_at,
            game.id,
            clock.turn_started_at,
            clock.reminders[0],
            clock.reminders[1],
            game.version,
        ),
    )
    return cursor.rowcount == 1


async def due_clocks(
    conn: aiosqlite.Connection, now: float, limit: int
) -> list[tuple[GameRow, MoveClock]]:
    """Active games whose next check is due, the earliest first."""
    rows = await fetch_all(conn, DUE_CLOCKS, (now, limit))
    return [(game_from_row(r), clock_from_row(r)) for r in rows]


async def adopt_unclocked(
    conn: aiosqlite.Connection,
    now: float,
    first_check: float,
    default: float = DEFAULT_TIME_PER_MOVE,
) -> int:
    """Give every active game without a clock a fresh one from ``now``; return how many.
    ``first_check`` is the fraction of the time at which the first reminder falls."""
    cursor = await conn.execute(
        ADOPT_UNCLOCKED, (default, now, now, default, now, first_check, default)
    )
    return max(cursor.rowcount, 0)


async def inbox(
    conn: aiosqlite.Connection, guild_id: int, user_id: int
) -> list[tuple[GameRow, MoveClock | None]]:
    """A player's active games in a server with their clocks (None for a game without one)."""
    rows = await fetch_all(conn, INBOX, (guild_id, user_id, user_id))
    return [
        (game_from_row(r), None if r["time_per_move"] is None else clock_from_row(r)) for r in rows
    ]


async def check_games_of(conn: aiosqlite.Connection, user_id: int, now: float) -> None:
    await conn.execute(CHECK_GAMES_OF, (now, user_id, user_id))


# --- server settings ----------------------------------------------------------------------


async def guild_settings(conn: aiosqlite.Connection, guild_id: int) -> GuildSettings:
    row = await fetch_one(conn, SELECT_SETTINGS, (guild_id,))
    channels = frozenset(
        r["channel_id"] for r in await fetch_all(conn, SELECT_CHANNELS, (guild_id,))
    )
    if row is None:
        return GuildSettings(guild_id, channel_ids=channels)
    return GuildSettings(
        guild_id=guild_id,
        time_per_move=row["time_per_move"],
        open_threads=bool(row["open_threads"]),
        channel_ids=channels,
    )


async def put_guild_settings(
    conn: aiosqlite.Connection, settings: GuildSettings, by: int, now: float
) -> None:
    """Store a server's settings, its channel list included."""
    await conn.execute(
        PUT_SETTINGS,
        (settings.guild_id, settings.time_per_move, int(settings.open_threads), by, now),
    )
    stored = (await guild_settings(conn, settings.guild_id)).channel_ids
    for channel_id in stored - settings.channel_ids:
        await conn.execute(REMOVE_CHANNEL, (settings.guild_id, channel_id))
    for channel_id in settings.channel_ids - stored:
        await conn.execute(ADD_CHANNEL, (settings.guild_id, channel_id))


# --- reminder preferences -----------------------------------------------------------------


async def notify_prefs(conn: aiosqlite.Connection, user_id: int) -> NotifyPrefs:
    row = await fetch_one(conn, SELECT_PREFS, (user_id,))
    return NotifyPrefs() if row is None else prefs_from_row(row)


async def prefs_of(conn: aiosqlite.Connection, user_ids: Iterable[int]) -> dict[int, NotifyPrefs]:
    return {user_id: await notify_prefs(conn, user_id) for user_id in set(user_ids)}


async def put_notify_prefs(
    conn: aiosqlite.Connection, user_id: int, prefs: NotifyPrefs, now: float
) -> None:
    quiet = prefs.quiet
    await conn.execute(
        PUT_PREFS,
        (
            user_id,
            prefs.mode.value,
            None if quiet is None else quiet.start,
            None if quiet is None else quiet.end,
            0 if quiet is None else quiet.utc_offset,
            now,
        ),
    )


# --- events -------------------------------------------------------------------------------


async def record_event(
    conn: aiosqlite.Connection,
    game_id: int,
    kind: str,
    user_id: int | None,
    at: float,
    detail: str | None = None,
) -> None:
    await conn.execute(INSERT_EVENT, (game_id, kind, user_id, at, detail))


async def events_of(conn: aiosqlite.Connection, game_id: int) -> list[GameEvent]:
    return [event_from_row(r) for r in await fetch_all(conn, EVENTS_OF, (game_id,))]
