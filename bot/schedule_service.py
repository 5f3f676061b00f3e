"""Asynchronous play without Discord: server settings, reminder preferences, the inbox, and what
the scheduler must do now. The policy lives in :mod:`bot.deadlines`; this joins it to storage.

The time is always the game service's clock (``games.clock``), so a test that replaces that one
clock moves deadlines, reminders and challenge expiry together. Ending a game on time or by a
manager goes through :class:`~bot.service.GameService` (``time_out``, ``abort``), inside the
game's lock and one transaction, like any move.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from bot.deadlines import (
    REMINDER_POINTS,
    MoveClock,
    NotifyPrefs,
    Plan,
    plan,
    urgency,
)
from bot.service import GameService, ServiceError
from bot.storage import schedule as store
from bot.storage.database import Database
from bot.storage.games import GameRow
from bot.storage.schedule import GameEvent, GuildSettings

log = logging.getLogger(__name__)

COMPUTER_SEAT = 1
"""In a game against the computer, the bot's seat: never reminded."""
BATCH = 50
"""Games looked at per scheduler run; the rest are due again on the next run."""


class ChannelNotAllowed(ServiceError):
    """Games may not be started in this channel (the server chose others)."""


class BadSetting(ServiceError):
    """A setting or preference that cannot be stored as given."""


@dataclass(frozen=True, slots=True)
class Due:
    """A game the scheduler must act on now, and what to do."""

    game: GameRow
    clock: MoveClock
    plan: Plan
    prefs: dict[int, NotifyPrefs]
    """The reminder preferences of the seats to remind, by seat."""


@dataclass(frozen=True, slots=True)
class InboxGame:
    """One of a player's games in progress."""

    game: GameRow
    your_turn: bool
    deadline_at: float | None


def people_waiting(game: GameRow) -> tuple[int, ...]:
    """The seats the game waits for that a person plays (the computer is never reminded)."""
    return tuple(
        s for s in game.state.to_act if not (game.computer_level is not None and s == COMPUTER_SEAT)
    )


class ScheduleService:
    """Deadlines, reminders, settings and preferences, on top of the database."""

    def __init__(self, db: Database, games: GameService) -> None:
        self.db = db
        self.games = games

    def now(self) -> float:
        return self.games.clock()

    # --- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.read() as conn:
            return await store.guild_settings(conn, guild_id)

    async def check_channel(self, guild_id: int, channel_id: int) -> GuildSettings:
        """The server's settings, if games may be started in this channel (for a thread: its
        parent channel); otherwise :class:`ChannelNotAllowed` saying where they may."""
        settings = await self.guild_settings(guild_id)
        if not settings.allows(channel_id):
            where = ", ".join(f"<#{c}>" for c in sorted(settings.channel_ids))
            raise ChannelNotAllowed(f"On this server, Vidrasso games are started in {where}.")
        return settings

    async def change_settings(
        self,
        guild_id: int,
        by_user_id: int,
        *,
        time_per_move: float | None = None,
        open_threads: bool | None = None,
        allow_channel: int | None = None,
        remove_channel: int | None = None,
        any_channel: bool = False,
    ) -> GuildSettings:
        """Change what is given, keep the rest; return the settings as stored."""
        if time_per_move is not None and time_per_move <= 0:
            raise BadSetting("The time per move must be more than nothing.")
        async with self.db.transaction() as conn:
            settings = await store.guild_settings(conn, guild_id)
            channels = set() if any_channel else set(settings.channel_ids)
            if allow_channel is not None:
                channels.add(allow_channel)
            if remove_channel is not None:
                channels.discard(remove_channel)
            settings = replace(
                settings,
                time_per_move=settings.time_per_move if time_per_move is None else time_per_move,
                open_threads=settings.open_threads if open_threads is None else open_threads,
                channel_ids=frozenset(channels),
            )
            await store.put_guild_settings(conn, settings, by_user_id, self.now())
        log.info("settings of server %s changed by %s: %s", guild_id, by_user_id, settings)
        return settings

    # --- reminder preferences -------------------------------------------------------------

    async def prefs(self, user_id: int) -> NotifyPrefs:
        async with self.db.read() as conn:
            return await store.notify_prefs(conn, user_id)

    async def set_prefs(self, user_id: int, prefs: NotifyPrefs) -> NotifyPrefs:
        """Store a player's preferences; their waiting games are looked at again on the next
        scheduler run (a reminder held back by quiet hours they just ended goes out)."""
        now = self.now()
        async with self.db.transaction() as conn:
            await store.put_notify_prefs(conn, user_id, prefs, now)
            await store.check_games_of(conn, user_id, now)
        return prefs

    # --- games ----------------------------------------------------------------------------

    async def inbox(self, guild_id: int, user_id: int) -> list[InboxGame]:
        """The player's games in progress in this server, most urgent first."""
        async with self.db.read() as conn:
            rows = await store.inbox(conn, guild_id, user_id)
        games = []
        for game, clock in rows:
            seat = game.seat_of(user_id)
            deadline = None if clock is None else clock.deadline_at
            games.append(InboxGame(game, seat in game.state.to_act, deadline))
        return sorted(games, key=lambda g: (*urgency(g.your_turn, g.deadline_at), g.game.id))

    async def clock_of(self, game_id: int) -> MoveClock | None:
        async with self.db.read() as conn:
            return await store.get_clock(conn, game_id)

    async def events(self, game_id: int) -> list[GameEvent]:
        async with self.db.read() as conn:
            return await store.events_of(conn, game_id)

    # --- the scheduler --------------------------------------------------------------------

    async def due(self, now: float, limit: int = BATCH) -> list[Due]:
        """Games whose deadline passed or whose reminders may be due, with the plan for each.

        Active games that have no clock (none should) get one first, so none can get stuck.
        """
        async with self.db.transaction() as conn:
            adopted = await store.adopt_unclocked(conn, now, REMINDER_POINTS[0])
            if adopted:
                log.warning("gave %d game(s) without a clock a fresh one", adopted)
            rows = await store.due_clocks(conn, now, limit)
            found = []
            for game, clock in rows:
                waiting = people_waiting(game)
                wanted = await store.prefs_of(conn, (game.player_ids[s] for s in waiting))
                prefs = {s: wanted[game.player_ids[s]] for s in waiting}
                found.append(Due(game, clock, plan(clock, waiting, prefs, now), prefs))
        return found

    async def settle(self, due: Due) -> bool:
        """Record a plan's reminders and next check before they are sent (so a reminder goes
        out at most once). False when the game moved meanwhile: then nothing is sent."""
        if due.plan.expire or due.plan.next_check_at is None:
            return False
        async with self.db.transaction() as conn:
            return await store.save_checks(
                conn, due.game, due.clock, due.plan.reminders, due.plan.next_check_at
            )
