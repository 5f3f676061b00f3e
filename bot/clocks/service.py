"""Move clocks without Discord: the inbox, reminder preferences, the audit, what the scheduler
must do now, and the move hook that keeps every game's clock. The policy lives in
:mod:`bot.clocks.policy`; this joins it to storage.

The time is always the game service's clock (``games.clock``), so a test that replaces that one
clock moves deadlines, reminders and challenge expiry together. Ending a game on time or by a
manager goes through the game service (``time_out``, ``abort``), inside the game's lock and one
transaction, like any move.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from bot.clocks.model import Due, GameEvent, InboxGame, MoveClock, NotifyPrefs
from bot.clocks.policy import after_move, decision_time, plan, start_clock, urgency
from bot.play.model import Game
from bot.settings.service import SettingsService
from bot.shards import EVERY, Shards
from bot.storage import Storage, Transaction

log = logging.getLogger(__name__)

BATCH = 50
"""Games looked at per scheduler run; the rest are due again on the next run."""


class Games(Protocol):
    """What the clocks need of the game service: its clock (tests replace it)."""

    clock: Callable[[], float]


async def keep_clock(tx: Transaction, game: Game) -> None:
    """Start, restart or stop a game's clock after a write of its state (a game-service move
    hook, run in the transaction that starts the game or applies the move), so a deadline
    always belongs to the state stored with it.

    A new game's time per move is its challenge's, else its server's default. The move's time
    is the game's ``updated_at``: the game service's clock at the move.
    """
    clocks = tx.clocks
    if not game.is_active:
        await clocks.stop_clock(game.id)
        return
    clock = await clocks.get_clock(game.id)
    seats = len(game.seats)
    if clock is None:
        seconds = await clocks.challenge_time(game.id)
        if seconds is None:
            seconds = (await tx.settings.guild_settings(game.guild_id)).default_time
        clock = start_clock(
            seconds, game.updated_at, game.to_act, seats, decision_time(game, seconds)
        )
    else:
        wait = decision_time(game, clock.time_per_move)
        clock = after_move(clock, game.to_act, game.updated_at, seats, wait)
    await clocks.put_clock(game.id, clock)


class ClockService:
    """Deadlines, reminders, preferences and the inbox, on top of the storage."""

    def __init__(
        self,
        storage: Storage,
        games: Games,
        settings: SettingsService,
        shards: Shards = EVERY,
    ) -> None:
        self.storage = storage
        self.games = games
        self.shards = shards
        """The servers whose deadlines and reminders are this process's (:mod:`bot.shards`)."""
        self.settings = settings
        """The settings service, as the composition root wires it. The clocks read a server's
        default time through ``tx.settings`` instead, inside the transaction that needs it (a
        second transaction opened from there would wait on the first)."""

    def now(self) -> float:
        return self.games.clock()

    # --- reminder preferences -------------------------------------------------------------

    async def prefs(self, user_id: int) -> NotifyPrefs:
        async with self.storage.read() as tx:
            return await tx.clocks.notify_prefs(user_id)

    async def set_prefs(self, user_id: int, prefs: NotifyPrefs) -> NotifyPrefs:
        """Store a person's preferences; their waiting games are looked at again on the next
        scheduler run (a reminder held back by quiet hours they just ended goes out)."""
        now = self.now()
        async with self.storage.transaction() as tx:
            await tx.clocks.put_notify_prefs(user_id, prefs, now)
            await tx.clocks.check_games_of(user_id, now)
        return prefs

    # --- games ----------------------------------------------------------------------------

    async def inbox(self, guild_id: int, user_id: int) -> list[InboxGame]:
        """The member's games in progress in this server, of every kind, most urgent first."""
        async with self.storage.read() as tx:
            rows = await tx.clocks.inbox(guild_id, user_id)
        games = []
        for game, clock in rows:
            deadline = None if clock is None else clock.deadline_at
            games.append(InboxGame(game, game.seat_of(user_id) in game.to_act, deadline))
        return sorted(games, key=lambda g: (*urgency(g.your_turn, g.deadline_at), g.game.id))

    async def clock_of(self, game_id: int) -> MoveClock | None:
        async with self.storage.read() as tx:
            return await tx.clocks.get_clock(game_id)

    async def events(self, game_id: int) -> list[GameEvent]:
        """What ended the game other than its players' moves (time-outs, a manager's abort)."""
        async with self.storage.read() as tx:
            return await tx.clocks.events_of(game_id)

    # --- the scheduler --------------------------------------------------------------------

    async def due(self, now: float, limit: int = BATCH) -> list[Due]:
        """Games of this process's servers whose deadline passed or whose reminders may be
        due, with the plan for each.

        Active games that have no clock (none should) get one first, so none can get stuck.
        """
        async with self.storage.transaction() as tx:
            adopted = await self._adopt_unclocked(tx, now)
            if adopted:
                log.warning("gave %d game(s) without a clock a fresh one", adopted)
            found = []
            for game, clock in await tx.clocks.due_clocks(now, limit, self.shards):
                waiting = game.people_to_act
                wanted = await tx.clocks.prefs_of(game.player_ids[s] for s in waiting)
                prefs = {s: wanted[game.player_ids[s]] for s in waiting}
                found.append(Due(game, clock, plan(clock, waiting, prefs, now), prefs))
        return found

    async def _adopt_unclocked(self, tx: Transaction, now: float) -> int:
        """Give every active game without a clock (from a path that ran no move hooks) a fresh
        one from ``now``, with its server's default time; how many got one."""
        adopted = 0
        for game in await tx.clocks.unclocked_games(self.shards):
            seconds = (await tx.settings.guild_settings(game.guild_id)).default_time
            clock = start_clock(seconds, now, game.to_act, len(game.seats))
            adopted += await tx.clocks.adopt_clock(game.id, clock)
        return adopted

    async def settle(self, due: Due) -> bool:
        """Record a plan's reminders and next check before they are sent (so a reminder goes
        out at most once). False when the game moved meanwhile, or another process recorded
        them first or is recording them now: then nothing is sent."""
        if due.plan.expire or due.plan.next_check_at is None:
            return False
        async with self.storage.transaction() as tx:
            if not await tx.claim(f"deadline:{due.game.id}:{due.game.version}"):
                return False
            return await tx.clocks.save_checks(
                due.game.id, due.game.version, due.clock, due.plan.reminders, due.plan.next_check_at
            )
