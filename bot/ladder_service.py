"""The ladder for the cogs: leaderboard pages, a player's statistics, recent games, names.

Reading only (plus members' display names): results reach the ladder through
:func:`bot.storage.ladder.record_result`, a finish hook of the game service. Each call is one
short read on the shared connection; page numbers are clamped here, not in the cog.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.ladder import INITIAL, Rating
from bot.service import NoSuchGame
from bot.storage import games as game_store
from bot.storage import ladder as store
from bot.storage.database import Database
from bot.storage.games import GameRow
from bot.storage.ladder import ComputerRecord, GameEntry, PairRecord, Standing, TrumpCount

log = logging.getLogger(__name__)

PER_PAGE = 10
"""Players per leaderboard page."""
RECENT_GAMES = 10
"""Games listed by /vidrasso history."""
CHART_GAMES = 200
"""Most recent rated games drawn on the rating chart."""


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a server's ladder, and where the viewer stands."""

    page: int
    """The page shown, 1-based (the one asked for, brought within bounds)."""
    pages: int
    """How many pages there are (at least 1, even for an empty ladder)."""
    players: int
    """Players on the ladder."""
    rows: tuple[Standing, ...]
    viewer: Standing | None
    """The viewer's own standing, on this page or not (None: not on the ladder)."""
    asked: int
    """The page that was asked for."""

    @property
    def viewer_on_page(self) -> bool:
        return self.viewer is not None and any(r.user_id == self.viewer.user_id for r in self.rows)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Everything /vidrasso stats shows about one player in one server."""

    user_id: int
    name: str | None
    standing: Standing | None
    """None when the player has no rated game here."""
    players: int
    """Players on this server's ladder."""
    history: tuple[Rating, ...]
    """Ratings for the chart: ``history[i]`` is the rating after game ``first_game + i``."""
    first_game: int
    trumps: tuple[TrumpCount, ...]
    head_to_head: PairRecord | None
    """Their rated games against the viewer (None: none, or the viewer is the player)."""
    computer: tuple[ComputerRecord, ...]


class LadderService:
    """Read a server's ladder; keep members' last-seen display names."""

    def __init__(self, db: Database, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._written: dict[tuple[int, int], str] = {}
        """Names this process has written, so an unchanged name is not written again."""

    async def leaderboard(self, guild_id: int, page: int, viewer_id: int) -> LeaderboardPage:
        """Page ``page`` (1-based; out-of-range pages give the nearest one)."""
        async with self.db.read() as conn:
            players = await store.count_players(conn, guild_id)
            pages = max(1, math.ceil(players / PER_PAGE))
            shown = min(max(page, 1), pages)
            rows = await store.leaderboard(
                conn, guild_id, offset=(shown - 1) * PER_PAGE, limit=PER_PAGE
            )
            viewer = next((r for r in rows if r.user_id == viewer_id), None)
            if viewer is None:
                viewer = await store.standing(conn, guild_id, viewer_id)
        return LeaderboardPage(shown, pages, players, tuple(rows), viewer, page)

    async def stats(self, guild_id: int, user_id: int, viewer_id: int) -> PlayerStats:
        async with self.db.read() as conn:
            standing = await store.standing(conn, guild_id, user_id)
            players = await store.count_players(conn, guild_id)
            name = (
                standing.name
                if standing is not None
                else await store.name_of(conn, guild_id, user_id)
            )
            history: list[Rating] = []
            first_game = 0
            if standing is not None:
                history = await store.rating_history(conn, guild_id, user_id, CHART_GAMES)
                first_game = standing.totals.games - len(history) + 1
                if first_game == 1:
                    history.insert(0, INITIAL)
                    first_game = 0
            trumps = await store.trumps_of(conn, guild_id, user_id)
            pair = None
            if viewer_id != user_id:
                pair = await store.pair_record(conn, guild_id, user_id, viewer_id)
            computer = await store.computer_records(conn, guild_id, user_id)
        return PlayerStats(
            user_id=user_id,
            name=name,
            standing=standing,
            players=players,
            history=tuple(history),
            first_game=first_game,
            trumps=tuple(trumps),
            head_to_head=pair,
            computer=tuple(computer),
        )

    async def history(self, guild_id: int, user_id: int) -> list[GameEntry]:
        """The player's most recent finished games in this server, newest first."""
        async with self.db.read() as conn:
            return await store.recent_games(conn, guild_id, user_id, RECENT_GAMES)

    async def finished_game(self, guild_id: int, game_id: int) -> GameRow:
        """A finished game of this server (for its record); anything else is refused."""
        async with self.db.read() as conn:
            game = await game_store.get_game(conn, game_id)
        if game is None or game.guild_id != guild_id:
            raise NoSuchGame("That game isn't one of this server's.")
        if game.status != "finished":
            raise NoSuchGame("That game is still being played; its record comes when it ends.")
        return game

    async def name(self, guild_id: int, user_id: int) -> str | None:
        """The display name last seen for a member of this server."""
        async with self.db.read() as conn:
            return await store.name_of(conn, guild_id, user_id)

    async def remember_name(self, guild_id: int, user_id: int, name: str) -> None:
        """Keep the display name a member was just seen with (written only when it changed)."""
        key = (guild_id, user_id)
        if self._written.get(key) == name:
            return
        async with self.db.transaction() as conn:
            await store.remember_name(conn, guild_id, user_id, name, self.clock())
        self._written[key] = name
