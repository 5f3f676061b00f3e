"""What the ladder needs from storage: results, ratings, aggregates and display names.

Ratings, totals, history, head-to-head and computer records are kept per server *and* per game
kind (each game has its own ladder); display names are per server. Every aggregate is written
when a game finishes (by :func:`bot.ladder.service.record_result`, inside the transaction that
finishes it), so each read is a handful of index lookups.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.ladder.model import (
    ComputerRecord,
    GameEntry,
    PairRecord,
    PartnerRecord,
    Standing,
    Totals,
)
from bot.ladder.rating import Rating


class LadderStore(Protocol):
    # --- writing (the finish hook) ---------------------------------------------------------

    async def is_recorded(self, game_id: int) -> bool:
        """Whether a game already has its history entries (recording is once per game)."""
        ...

    async def hold_players(self, guild_id: int, kind: str, user_ids: Iterable[int]) -> None:
        """Keep other transactions from writing these players' totals until this one ends
        (read, rated and written again, a rating must not lose another finish's update)."""
        ...

    async def totals(self, guild_id: int, kind: str, user_id: int) -> Totals | None:
        """A player's totals on a ladder; None before their first rated game there."""
        ...

    async def save_totals(
        self, guild_id: int, kind: str, user_id: int, totals: Totals, now: float
    ) -> None:
        """Write a player's new totals (rating, counts and every statistic)."""
        ...

    async def add_entry(self, entry: GameEntry) -> None:
        """One player's history entry for a finished game (``opponent_name`` is not stored)."""
        ...

    async def add_pair_result(
        self, guild_id: int, kind: str, user_id: int, opponent_id: int, won: bool | None
    ) -> None:
        """One more rated win or loss of ``user_id`` against ``opponent_id`` (None: a draw,
        their teams sharing a place)."""
        ...

    async def add_computer_result(
        self, guild_id: int, kind: str, user_id: int, level: str, won: bool
    ) -> None:
        """One more win or loss against the computer at ``level``."""
        ...

    # --- reading -----------------------------------------------------------------------------

    async def count_players(self, guild_id: int, kind: str) -> int: ...

    async def leaderboard(
        self, guild_id: int, kind: str, *, offset: int, limit: int
    ) -> list[Standing]:
        """Players in ladder order from ``offset``: by shown rating, then more rated games, then
        the lower user id; equal shown ratings share a rank."""
        ...

    async def standing(self, guild_id: int, kind: str, user_id: int) -> Standing | None: ...

    async def rating_history(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[tuple[Rating, float]]:
        """The ratings after the player's last ``limit`` rated games, with when each game
        finished, oldest first."""
        ...

    async def rating_changes(self, game_id: int) -> dict[int, tuple[Rating | None, Rating]]:
        """For each player a rated game moved: the rating before it (None: their first rated
        game) and after it."""
        ...

    async def pair_record(
        self, guild_id: int, kind: str, user_id: int, opponent_id: int
    ) -> PairRecord | None: ...

    async def computer_records(
        self, guild_id: int, kind: str, user_id: int
    ) -> list[ComputerRecord]:
        """The player's records against each computer level, by level."""
        ...

    async def recent_games(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[GameEntry]:
        """The player's last ``limit`` finished games, newest first."""
        ...

    async def partner_records(
        self, guild_id: int, kind: str, user_id: int, limit: int
    ) -> list[PartnerRecord]:
        """The player's won and lost games beside each member who was on their team (computer
        partners aside), most games together first, at most ``limit``."""
        ...

    # --- names (per server, whatever the game) ---------------------------------------------

    async def remember_name(self, guild_id: int, user_id: int, name: str, now: float) -> None:
        """Keep the display name a member was last seen with in a server."""
        ...

    async def name_of(self, guild_id: int, user_id: int) -> str | None: ...
