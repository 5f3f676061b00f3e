"""The ladder for the Discord glue: leaderboard pages, a player's statistics, recent games and
members' last-seen display names, for any game kind.

Reading only (plus names): results reach the ladder through :func:`record_result`, a finish
hook of the game service (see :mod:`bot.ladder.results`). Each call is one short read; page
numbers are clamped here, not in the cog.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.games import DEFAULT_KIND
from bot.ladder.model import GameEntry, LeaderboardPage, PlayerStats
from bot.ladder.rating import INITIAL, Rating
from bot.ladder.results import record_result

if TYPE_CHECKING:
    from bot.storage import Storage

__all__ = ["CHART_GAMES", "PER_PAGE", "RECENT_GAMES", "LadderService", "record_result"]

PER_PAGE = 10
"""Players per leaderboard page."""
RECENT_GAMES = 10
"""Games listed by /history."""
CHART_GAMES = 200
"""Most recent rated games drawn on the rating chart."""
PARTNERS_SHOWN = 5
"""Partnerships listed by /stats in a game with partners."""
NAMES_KEPT = 50_000
"""Members' display names kept in memory (each some 100 bytes), the least recently used going
first; a name not kept is read from the store."""


class LadderService:
    """Read a server's ladders; keep members' last-seen display names."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._names: OrderedDict[tuple[int, int], str] = OrderedDict()
        """Names this process last wrote or read, the most recently used last (at most
        :data:`NAMES_KEPT`): an unchanged name is not written again, and a table's seats are
        named without a read (docs/decisions.md, "Speed under load")."""

    async def leaderboard(
        self, guild_id: int, page: int, viewer_id: int, kind: str = DEFAULT_KIND
    ) -> LeaderboardPage:
        """Page ``page`` (1-based; out-of-range pages give the nearest one)."""
        async with self.storage.read() as tx:
            store = tx.ladder
            players = await store.count_players(guild_id, kind)
            pages = max(1, math.ceil(players / PER_PAGE))
            shown = min(max(page, 1), pages)
            rows = await store.leaderboard(
                guild_id, kind, offset=(shown - 1) * PER_PAGE, limit=PER_PAGE
            )
            viewer = next((r for r in rows if r.user_id == viewer_id), None)
            if viewer is None:
                viewer = await store.standing(guild_id, kind, viewer_id)
        return LeaderboardPage(kind, shown, pages, players, tuple(rows), viewer, page)

    async def stats(
        self, guild_id: int, user_id: int, viewer_id: int, kind: str = DEFAULT_KIND
    ) -> PlayerStats:
        """A player's standing, rating chart, head to head with the viewer and computer record."""
        async with self.storage.read() as tx:
            store = tx.ladder
            standing = await store.standing(guild_id, kind, user_id)
            players = await store.count_players(guild_id, kind)
            name = standing.name if standing is not None else await store.name_of(guild_id, user_id)
            history: list[Rating] = []
            finished: list[float | None] = []
            first_game = 0
            if standing is not None:
                points = await store.rating_history(guild_id, kind, user_id, CHART_GAMES)
                history = [rating for rating, _ in points]
                finished = [at for _, at in points]
                first_game = standing.totals.games - len(history) + 1
                if first_game == 1:
                    history.insert(0, INITIAL)
                    finished.insert(0, None)
                    first_game = 0
            pair = None
            if viewer_id != user_id:
                pair = await store.pair_record(guild_id, kind, user_id, viewer_id)
            computer = await store.computer_records(guild_id, kind, user_id)
            partners = await store.partner_records(guild_id, kind, user_id, PARTNERS_SHOWN)
        return PlayerStats(
            kind=kind,
            user_id=user_id,
            name=name,
            standing=standing,
            players=players,
            history=tuple(history),
            first_game=first_game,
            finished=tuple(finished),
            head_to_head=pair,
            computer=tuple(computer),
            partners=tuple(partners),
        )

    async def rating_changes(self, game_id: int) -> dict[int, tuple[Rating, Rating]]:
        """What a finished rated game did to each player's rating: (before, after)."""
        async with self.storage.read() as tx:
            changes = await tx.ladder.rating_changes(game_id)
        return {user: (before or INITIAL, after) for user, (before, after) in changes.items()}

    async def history(
        self, guild_id: int, user_id: int, kind: str = DEFAULT_KIND
    ) -> list[GameEntry]:
        """The player's most recent finished games in this server, newest first."""
        async with self.storage.read() as tx:
            return await tx.ladder.recent_games(guild_id, kind, user_id, RECENT_GAMES)

    async def name(self, guild_id: int, user_id: int) -> str | None:
        """The display name last seen for a member of this server."""
        key = (guild_id, user_id)
        known = self._names.get(key)
        if known is not None:
            self._names.move_to_end(key)
            return known
        async with self.storage.read() as tx:
            stored = await tx.ladder.name_of(guild_id, user_id)
        if stored is not None:
            self._keep_name(key, stored)
        return stored

    async def remember_name(self, guild_id: int, user_id: int, name: str) -> None:
        """Keep the display name a member was just seen with (written only when it changed)."""
        key = (guild_id, user_id)
        if self._names.get(key) == name:
            self._names.move_to_end(key)
            return
        async with self.storage.transaction() as tx:
            await tx.ladder.remember_name(guild_id, user_id, name, self.clock())
        self._keep_name(key, name)

    def _keep_name(self, key: tuple[int, int], name: str) -> None:
        self._names[key] = name
        self._names.move_to_end(key)
        while len(self._names) > NAMES_KEPT:
            self._names.popitem(last=False)
