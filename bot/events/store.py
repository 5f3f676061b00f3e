"""What the event service needs from storage: events, their entrants, tables and audit log,
and each server's event permission (implemented in :mod:`bot.storage.sql.events`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.events.records import AuditLine, Event, EventTable
from bot.shards import Shards


class EventStore(Protocol):
    async def insert_event(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        kind: str,
        format: str,
        rounds: int,
        time_per_move: float,
        seats: int,
        partners: str,
        target: int,
        starts_at: float | None,
        now: float,
    ) -> int: ...

    async def get_event(self, event_id: int) -> Event | None: ...

    async def hold_event(self, event_id: int) -> None: ...

    async def set_message(self, event_id: int, message_id: int) -> None: ...

    async def add_entrant(self, event_id: int, user_id: int) -> bool: ...

    async def drop_entrant(self, event_id: int, user_id: int, position: int) -> None: ...

    async def set_rating(self, event_id: int, user_id: int, rating: int) -> None: ...

    async def remove_entrant(self, event_id: int, user_id: int) -> None: ...

    async def replace_entrant(self, event_id: int, user_id: int, level: str) -> None: ...

    async def start_event(self, event_id: int, seeds: Sequence[int], rounds: int) -> bool: ...

    async def set_round(
        self, event_id: int, number: int, deadline: float | None, previous: int
    ) -> bool: ...

    async def close_event(self, event_id: int, status: str, now: float) -> bool: ...

    async def insert_table(self, event_id: int, table: EventTable) -> None: ...

    async def table_of_game(self, game_id: int) -> tuple[int, EventTable] | None: ...

    async def finish_table(self, game_id: int, places: Sequence[int] | None) -> bool: ...

    async def log(
        self, event_id: int, at: float, user_id: int, action: str, subject: int | None
    ) -> None: ...

    async def audit(self, event_id: int) -> list[AuditLine]: ...

    async def due_events(self, now: float, shards: Shards) -> list[int]: ...

    async def open_events(self, guild_id: int) -> list[int]: ...

    async def latest_events(self, guild_id: int, limit: int) -> list[int]: ...

    async def permission(self, guild_id: int) -> str | None: ...

    async def put_permission(self, guild_id: int, permission: str) -> None: ...
