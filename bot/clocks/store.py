"""What the clocks need from storage: each game's clock, people's reminder preferences and the
audit of games ended by the clock or a manager. Storage reads and writes rows; every decision
(when a clock restarts, what is due) is :mod:`bot.clocks.policy`'s, made by the service.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.clocks.model import GameEvent, MoveClock, NotifyPrefs
from bot.play.model import Game
from bot.shards import Shards


class ClockStore(Protocol):
    # --- clocks ---------------------------------------------------------------------------

    async def get_clock(self, game_id: int) -> MoveClock | None:
        """The game's clock; None for a game that never had one."""
        ...

    async def put_clock(self, game_id: int, clock: MoveClock) -> None:
        """Write the game's clock, replacing any."""
        ...

    async def adopt_clock(self, game_id: int, clock: MoveClock) -> bool:
        """Give a game its first clock; False (and nothing written) when it has one already."""
        ...

    async def stop_clock(self, game_id: int) -> None:
        """The game is over: no deadline, nothing to check."""
        ...

    async def save_checks(
        self,
        game_id: int,
        version: int,
        clock: MoveClock,
        reminders: tuple[int, ...],
        next_check_at: float,
    ) -> bool:
        """Record reminders dealt with and the next check, if neither the game (still at
        ``version``) nor its clock (still ``clock``) changed since they were read; False when
        something moved meanwhile, and then nothing is written."""
        ...

    async def challenge_time(self, game_id: int) -> float | None:
        """The time per move the game's challenge offered, if it came from one that chose."""
        ...

    async def due_clocks(
        self, now: float, limit: int, shards: Shards
    ) -> list[tuple[Game, MoveClock]]:
        """Active games in the servers of these shards whose next check is due at ``now``, the
        earliest first (the shards filter before the ``limit``)."""
        ...

    async def unclocked_games(self, shards: Shards) -> list[Game]:
        """Active games in the servers of these shards without a clock (none should have one
        missing)."""
        ...

    async def inbox(self, guild_id: int, user_id: int) -> list[tuple[Game, MoveClock | None]]:
        """A member's active games of every kind in a server, with their clocks."""
        ...

    async def check_games_of(self, user_id: int, now: float) -> None:
        """Have the scheduler look again, by ``now``, at every running game the member plays."""
        ...

    # --- reminder preferences -------------------------------------------------------------

    async def notify_prefs(self, user_id: int) -> NotifyPrefs:
        """A person's preferences; the defaults when none were stored."""
        ...

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, NotifyPrefs]:
        """The preferences of each of these people."""
        ...

    async def put_notify_prefs(self, user_id: int, prefs: NotifyPrefs, now: float) -> None: ...

    # --- the audit ------------------------------------------------------------------------

    async def record_event(
        self,
        game_id: int,
        kind: str,
        user_id: int | None,
        at: float,
        detail: str | None = None,
    ) -> None:
        """Note that the clock or a manager ended a game (kinds in :mod:`bot.clocks.model`)."""
        ...

    async def events_of(self, game_id: int) -> list[GameEvent]:
        """What ended a game other than its players' moves, oldest first."""
        ...
