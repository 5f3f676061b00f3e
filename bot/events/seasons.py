"""Seasons and the ladder of a period: a manager starts and ends a named season; the ladder
can be read for this month or for the season (the one under way, else the last one)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.errors import BadRequest, ServiceError
from bot.events.records import Season
from bot.ladder.period import PeriodLine, period_board
from bot.storage import Storage

log = logging.getLogger(__name__)

MONTH = "month"
SEASON = "season"
PERIODS = (MONTH, SEASON)


class SeasonRefused(ServiceError):
    """A season that cannot be started or ended now."""


@dataclass(frozen=True, slots=True)
class PeriodBoard:
    """A game's ladder for a period."""

    kind: str
    period: str
    start: float
    end: float
    season: Season | None
    lines: list[PeriodLine]


def month_start(now: float) -> float:
    """The start of ``now``'s calendar month, in UTC."""
    at = datetime.fromtimestamp(now, UTC)
    return datetime(at.year, at.month, 1, tzinfo=UTC).timestamp()


class SeasonService:
    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock

    async def start(self, guild_id: int, name: str, by_user_id: int) -> Season:
        name = name.strip()
        if not name:
            raise BadRequest("A season needs a name.")
        async with self.storage.transaction() as tx:
            await tx.events.hold_event(-guild_id)  # one start at a time per server
            current = await tx.events.open_season(guild_id)
            if current is not None:
                raise SeasonRefused(
                    "The season {name} is under way: end it first.", name=current.name
                )
            await tx.events.start_season(guild_id, name, self.clock(), by_user_id)
            season = await tx.events.open_season(guild_id)
        assert season is not None
        log.info("season %s of %s started by %s", season.id, guild_id, by_user_id)
        return season

    async def end(self, guild_id: int, by_user_id: int) -> tuple[Season, list[PeriodBoard]]:
        """End the season under way; its final ladder of every game played in it."""
        now = self.clock()
        async with self.storage.transaction() as tx:
            await tx.events.hold_event(-guild_id)
            current = await tx.events.open_season(guild_id)
            if current is None:
                raise SeasonRefused("No season is under way: start one first.")
            await tx.events.end_season(current.id, now, by_user_id)
            ended = await tx.events.last_season(guild_id)
        assert ended is not None
        log.info("season %s of %s ended by %s", ended.id, guild_id, by_user_id)
        async with self.storage.read() as tx:
            kinds = await tx.events.period_kinds(guild_id, ended.started_at, now)
        boards = [await self.board(guild_id, kind, SEASON) for kind in kinds]
        return ended, boards

    async def board(self, guild_id: int, kind: str, period: str) -> PeriodBoard:
        """``kind``'s ladder for this month, or for the season (under way, else the last)."""
        now = self.clock()
        season = None
        if period == MONTH:
            start, end = month_start(now), now + 1
        elif period == SEASON:
            async with self.storage.read() as tx:
                season = await tx.events.last_season(guild_id)
            if season is None:
                raise SeasonRefused("This server has had no season yet.")
            start = season.started_at
            end = season.ended_at if season.ended_at is not None else now + 1
        else:
            raise BadRequest("The periods are {periods}.", periods=", ".join(PERIODS))
        async with self.storage.read() as tx:
            entries, before = await tx.events.period_entries(guild_id, kind, start, end)
        return PeriodBoard(kind, period, start, end, season, period_board(entries, before))
